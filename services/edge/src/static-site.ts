import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import { errorEnvelope } from '@marketplace/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { compressedPage } from './compression';
import { registerSearchEngines, type SearchEnginesOptions } from './search-engines';
import { shellIndexReader } from './shell-index';

export const REMOTE_NAMES = ['catalogue', 'jobs', 'chat', 'admin'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

export interface StaticSiteOptions {
  webRoot: string;
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
 * For a page address that is not valid percent-encoding (`/category/%ff`, a mangled shared link): the web
 * app with a 400 status, so a person sees the site and its page for that address rather than an API error.
 * False for anything else (it gets the JSON error) or when the shell is not built.
 */
export function badPageAddressAnswer(webRoot: string) {
  const shellIndex = shellIndexReader(join(resolve(webRoot), 'shell', 'dist', 'index.html'));
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

  const searchEngines = registerSearchEngines(app, join(shellDist, 'index.html'), {
    ...options.searchEngines,
    // Served from here (not moved elsewhere by the remote manifest): its pages name its files in the HTML.
    ...(options.remoteUrls?.catalogue
      ? {}
      : {
          catalogueRemote: {
            distDir: join(webRoot, 'mfe-catalogue', 'dist'),
            base: '/remotes/catalogue/',
            expose: './routes',
          },
        }),
  });

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

  const hasShell = existsSync(join(shellDist, 'index.html'));
  // Client-side routes (/login, /category/Craftsman, ...) get the shell's index.html; unknown API,
  // remote and asset paths get a real 404.
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const wantsPage = isPageRequest(request);
    if (wantsPage && hasShell) {
      reply.header('cache-control', 'no-cache');
      const page = await searchEngines.page(request);
      if (page) {
        reply.status(page.status).type('text/html; charset=utf-8');
        return reply.send(compressedPage(request, reply, page.html));
      }
      return reply.sendFile('index.html', shellDist);
    }
    if (wantsPage) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The web app is not built yet. Run `npm run build:web` (npm start does this for you).');
    }
    return reply.status(404).send(errorEnvelope(404, 'NOT_FOUND', `No route for ${request.method} ${path}`));
  });
}
