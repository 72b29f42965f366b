import { join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import { errorEnvelope, isPagePath } from '@marketplace/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { compressedPage } from './compression';
import { registerSearchEngines, type PageAnswer, type SearchEnginesOptions } from './search-engines';
import { CHUNK_FILES_NAME, pageHintsReader, type PageHints, type PageHintSources } from './page-hints';
import { fileText, httpText, type HttpText, type TextSource } from './shell-index';

export const REMOTE_NAMES = ['catalogue', 'jobs', 'chat', 'admin'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

export interface StaticSiteOptions {
  webRoot: string;
  /** Where the shell's page and the catalogue's manifest are read from (default: the builds in webRoot). */
  sources?: WebSources;
  /** Overrides of where a remote's manifest lives; default `/remotes/<name>/mf-manifest.json`. */
  remoteUrls?: Partial<Record<RemoteName, string>>;
  /** The catalogue pages' head and summary for crawlers, robots.txt and the sitemap (search-engines/). */
  searchEngines?: SearchEnginesOptions;
}

// Entry files must be re-checked on every load so a redeployed remote is picked up at once;
// everything with a content hash in its name can be cached forever.
const NO_CACHE_FILES = /(^|\/)(index\.html|mf-manifest\.json|mf-stats\.json|remoteEntry\.js)$/;
const HASHED_ASSET = /\.[0-9a-f]{8,}\.(js|css|woff2?|png|jpe?g|svg|webp)$/;

function setCacheHeaders(reply: FastifyReply, servedPath: string) {
  // A precompressed copy (app.js.br) is cached as the file it stands for.
  const path = servedPath.replace(/\.(br|gz)$/, '');
  if (NO_CACHE_FILES.test(path)) reply.header('cache-control', 'no-cache');
  else if (HASHED_ASSET.test(path)) reply.header('cache-control', 'public, max-age=31536000, immutable');
  else reply.header('cache-control', 'public, max-age=300');
}

/** A page a person opens (GET of a path that is not an API, remote, socket or file path). */
function isPageRequest(request: FastifyRequest): boolean {
  const path = request.url.split('?')[0] ?? '/';
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    !/^\/(api|remotes|ws)(\/|$)/.test(path) &&
    !/\.[a-z0-9]+$/i.test(path)
  );
}

/**
 * The files of the web builds the edge reads itself: the shell's page, and for each page's preload hints
 * (page-hints.ts) the shell's chunk-files.json and the remotes' manifests.
 */
export interface WebSources {
  shellIndex: TextSource;
  /** Where each page's files are named from; a remote served from another host is left out. */
  hints: PageHintSources;
  /** True when the web apps are served by their own web servers (WEB_ORIGIN): the edge serves no files. */
  remote: boolean;
  ready: Promise<void>;
  stop(): void;
}

/**
 * Local runs read the builds from WEB_ROOT (shell/dist, mfe-NAME/dist). In production each web app has
 * its own image and web server and the edge reads from `webOrigin` (the ingress, which routes
 * `/static/` to the shell's image and `/remotes/<name>/` to the remotes'), so a web app's team deploys
 * without the edge: its new page is read within seconds.
 */
export function webSourcesOf(options: {
  webRoot: string;
  webOrigin?: string | undefined;
  remoteUrls?: Partial<Record<RemoteName, string>>;
  onError?: (err: unknown) => void;
}): WebSources {
  const webRoot = resolve(options.webRoot);
  if (!options.webOrigin) {
    const remotes: PageHintSources['remotes'] = {};
    // Only a remote served from here (not moved elsewhere by the remote manifest) is named in the HTML.
    for (const name of REMOTE_NAMES) {
      if (options.remoteUrls?.[name]) continue;
      remotes[name] = {
        manifest: fileText(join(webRoot, `mfe-${name}`, 'dist', 'mf-manifest.json')),
        base: `/remotes/${name}/`,
      };
    }
    return {
      shellIndex: fileText(join(webRoot, 'shell', 'dist', 'index.html')),
      hints: { shellChunks: fileText(join(webRoot, 'shell', 'dist', CHUNK_FILES_NAME)), remotes },
      remote: false,
      ready: Promise.resolve(),
      stop: () => undefined,
    };
  }
  const origin = options.webOrigin.replace(/\/+$/, '');
  const onError = options.onError ? { onError: options.onError } : {};
  const shell = httpText(`${origin}/static/index.html`, onError);
  const chunkFiles = httpText(`${origin}/static/${CHUNK_FILES_NAME}`, onError);
  const texts: HttpText[] = [shell, chunkFiles];
  const remotes: PageHintSources['remotes'] = {};
  for (const name of REMOTE_NAMES) {
    const manifestPath = options.remoteUrls?.[name] ?? `/remotes/${name}/mf-manifest.json`;
    // Only a manifest on this site can be named in its pages (the content security policy allows no other).
    if (!manifestPath.startsWith('/')) continue;
    const manifest = httpText(`${origin}${manifestPath}`, onError);
    texts.push(manifest);
    remotes[name] = { manifest: manifest.read, base: manifestPath.replace(/[^/]*$/, '') };
  }
  return {
    shellIndex: shell.read,
    hints: { shellChunks: chunkFiles.read, remotes },
    remote: true,
    ready: Promise.all(texts.map((text) => text.ready)).then(() => undefined),
    stop() {
      for (const text of texts) text.stop();
    },
  };
}

/**
 * A page the search engines' part does not draw: the shell's page with the hints for its files, or as it
 * is with a 404 for an address the shell has no page for (the shell shows its Page Not Found screen).
 */
function shellPage(shell: string, path: string, hints: PageHints): PageAnswer {
  if (!isPagePath(path)) return { status: 404, html: shell };
  const tags = hints(path);
  const end = shell.search(/<\/head>/i);
  return { status: 200, html: end < 0 || !tags ? shell : `${shell.slice(0, end)}${tags}${shell.slice(end)}` };
}

/**
 * For a page address that is not valid percent-encoding (`/category/%ff`, a mangled shared link): the web
 * app with a 400 status, so a person sees the site and its page for that address rather than an API error.
 * False for anything else (it gets the JSON error) or when the shell is not built.
 */
export function badPageAddressAnswer(shellIndex: TextSource) {
  return (request: FastifyRequest, reply: FastifyReply): boolean => {
    if (!isPageRequest(request)) return false;
    const html = shellIndex();
    if (html === undefined) return false;
    reply.status(400).header('cache-control', 'no-cache').type('text/html; charset=utf-8');
    void reply.send(compressedPage(request, reply, html));
    return true;
  };
}

/**
 * The web side of the one origin (files are sent as the build's brotli or gzip copies when the browser
 * accepts them, with `Vary: Accept-Encoding`): the shell at `/`, each remote's build under `/remotes/<name>/`,
 * the runtime manifest the shell reads to find remotes, and the SPA fallback for client routes. The
 * catalogue's pages (`/`, categories, companies, static pages) get the shell with their own head and a
 * plain-HTML summary for crawlers; robots.txt and the sitemap are served here too.
 */
export async function registerStaticSite(app: FastifyInstance, options: StaticSiteOptions): Promise<void> {
  const webRoot = resolve(options.webRoot);
  const shellDist = join(webRoot, 'shell', 'dist');

  app.get('/remotes/manifest.json', async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return {
      remotes: REMOTE_NAMES.map((name) => ({
        name,
        entry: options.remoteUrls?.[name] ?? `/remotes/${name}/mf-manifest.json`,
      })),
    };
  });

  const sources = options.sources ?? webSourcesOf({ webRoot, remoteUrls: options.remoteUrls ?? {} });
  // In production the ingress sends the web apps' files to their own servers.
  if (!sources.remote) {
    for (const name of REMOTE_NAMES) {
      await app.register(fastifyStatic, {
        root: join(webRoot, `mfe-${name}`, 'dist'),
        prefix: `/remotes/${name}/`,
        decorateReply: false,
        cacheControl: false,
        preCompressed: true,
        setHeaders: setCacheHeaders,
      });
    }
  }

  const pageHints = pageHintsReader(sources.hints);
  const searchEngines = registerSearchEngines(app, sources.shellIndex, {
    ...options.searchEngines,
    pageHints,
  });

  if (!sources.remote) {
    await app.register(fastifyStatic, {
      root: shellDist,
      prefix: '/',
      wildcard: false,
      // `/` is a page like the others (the SPA fallback below), so it can carry the home page's head.
      index: false,
      cacheControl: false,
      preCompressed: true,
      setHeaders: setCacheHeaders,
    });
  }

  // Client-side routes (/login, /category/Craftsman, ...) get the shell's index.html; an unknown page
  // address gets it too, with a 404; unknown API, remote and asset paths get the API's 404.
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const wantsPage = isPageRequest(request);
    const shell = wantsPage ? sources.shellIndex() : undefined;
    if (shell !== undefined) {
      const page: PageAnswer = (await searchEngines.page(request)) ?? shellPage(shell, path, pageHints);
      // A page drawn for the session stays in the reader's own browser; any other can be revalidated.
      if (page.private) reply.header('cache-control', 'private, no-cache').header('vary', 'Cookie');
      else reply.header('cache-control', 'no-cache');
      reply.status(page.status).type('text/html; charset=utf-8');
      return reply.send(compressedPage(request, reply, page.html));
    }
    if (wantsPage) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send(
          sources.remote
            ? 'The web app is not available yet. Please try again in a moment.'
            : 'The web app is not built yet. Run `npm run build:web` (npm start does this for you).',
        );
    }
    return reply.status(404).send(errorEnvelope(404, 'NOT_FOUND', `No route for ${request.method} ${path}`));
  });
}
