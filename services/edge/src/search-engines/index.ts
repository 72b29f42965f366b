// What the edge does for search engines and link previews: the catalogue's pages carry their own head and
// a plain-HTML summary (page-html.ts), /robots.txt, /sitemap.xml (sitemap.ts) and the picture shared
// links show.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { resolveLanding, SESSION_COOKIES, SITE } from '@marketplace/contracts';
import {
  appCataloguePage,
  appPageCopyAt,
  CHAT_PAGE_COPY,
  chatCataloguePage,
  chatOpenedBy,
  AUTH_PAGES,
  authCataloguePage,
  JOB_SEARCH_COPY,
  companyCataloguePage,
  jobApplyCataloguePage,
  jobPostCataloguePage,
  JOB_POST_PATH,
  jobSearchCataloguePage,
  landingCataloguePage,
  resolveJobApplyType,
  STATIC_PAGES,
  staticCataloguePage,
  type AuthPageKey,
  type CataloguePage,
  type StaticPageKey,
} from '@marketplace/page-head';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { accountsGet, Directory, type DirectoryOptions } from './directory';
import { JobListing, type JobListingOptions } from './job-listing';
import { canCarryPages, pageHtml } from './page-html';
import { robotsTxt, Sitemap, sitemapFileOf, type SitemapFile } from './sitemap';
import { pageViewer } from './viewer';
import type { PageHints } from '../page-hints';
import type { TextSource } from '../shell-index';

export { escapeHtml } from './page-html';
export { SITEMAP_URL_LIMIT } from './sitemap';

export interface SearchEnginesOptions {
  /** The site's public origin (PUBLIC_URL); unset, the request's own (local runs). */
  publicOrigin?: string;
  /** Distributed topology: where the accounts service is; unset, this server's own accounts routes. */
  accountsUrl?: string;
  /** Distributed topology: where the jobs service is (the /jobs page's first cards); unset, this server's. */
  jobsUrl?: string;
  jobListing?: JobListingOptions;
  /** Addresses per sitemap file (default and most: 50,000); above, /sitemap.xml is an index. */
  sitemapUrlLimit?: number;
  /** How long a built sitemap is kept (default 5 minutes). */
  sitemapTtlMs?: number;
  directory?: DirectoryOptions;
  /** The preload hints of a page's files (page-hints.ts): each page asks for them from the HTML. */
  pageHints?: PageHints;
}

/** A catalogue page as the edge sends it: the status and the shell's HTML carrying the page. */
export interface PageAnswer {
  status: 200 | 404;
  html: string;
  /**
   * The HTML depends on the session cookie (a signed-in page's frame, the job cards' button): no shared
   * cache may keep it for someone else.
   */
  private?: true;
}

export interface SearchEngines {
  /** The page for a request the SPA fallback answers, or undefined to send the shell as it is. */
  page(request: FastifyRequest): Promise<PageAnswer | undefined>;
}

const OG_IMAGE_FILE = fileURLToPath(new URL('../../assets/og-image.png', import.meta.url));

const STATIC_BY_PATH = new Map(
  (Object.keys(STATIC_PAGES) as StaticPageKey[]).map((key) => [STATIC_PAGES[key].path, key]),
);

const AUTH_BY_PATH = new Map(
  (Object.keys(AUTH_PAGES) as AuthPageKey[]).map((key) => [AUTH_PAGES[key].path, key]),
);

const JOB_SEARCH_PATH = JOB_SEARCH_COPY.path;

/** No session cookie came with the request: the job cards' button is a visitor's ('Login to Apply'). */
function isVisitor(request: FastifyRequest): boolean {
  const cookie = request.headers.cookie ?? '';
  return ![SESSION_COOKIES.access, SESSION_COOKIES.csrf].some((name) =>
    new RegExp(`(?:^|;\\s*)${name}=`).test(cookie),
  );
}

/** Only a plain host[:port] is believed from the Host header; anything else is this machine. */
const PLAIN_HOST = /^([a-z0-9-]+(\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(:\d{1,5})?$/i;

export function siteOrigin(request: FastifyRequest, publicOrigin?: string): string {
  if (publicOrigin) return publicOrigin.replace(/\/+$/, '');
  const host = PLAIN_HOST.test(request.host) ? request.host : 'localhost';
  return `${request.protocol}://${host}`;
}

function decodeSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/** A small cache of built sitemap files per origin and name, with one build at a time per file. */
class SitemapCache {
  private readonly entries = new Map<string, { xml: Promise<string | undefined>; expires: number }>();
  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 8,
  ) {}

  get(key: string, build: () => Promise<string | undefined>): Promise<string | undefined> {
    const hit = this.entries.get(key);
    if (hit && hit.expires > Date.now()) return hit.xml;
    const xml = build();
    this.entries.delete(key);
    this.entries.set(key, { xml, expires: Date.now() + this.ttlMs });
    // A failed build is not kept.
    xml.catch(() => this.entries.delete(key));
    while (this.entries.size > this.maxEntries)
      this.entries.delete(this.entries.keys().next().value as string);
    return xml;
  }
}

export function registerSearchEngines(
  app: FastifyInstance,
  shellIndex: TextSource,
  options: SearchEnginesOptions = {},
): SearchEngines {
  const directory = new Directory(accountsGet(app, options.accountsUrl), options.directory);
  const jobListing = new JobListing(accountsGet(app, options.jobsUrl), options.jobListing);
  const sitemap = new Sitemap(directory, { urlLimit: options.sitemapUrlLimit });
  const sitemaps = new SitemapCache(options.sitemapTtlMs ?? 5 * 60_000);
  const ogImage = readFileSync(OG_IMAGE_FILE);

  app.get('/robots.txt', async (request, reply) => {
    reply.header('cache-control', 'public, max-age=3600').type('text/plain; charset=utf-8');
    return robotsTxt(siteOrigin(request, options.publicOrigin));
  });

  const sendSitemap = async (file: SitemapFile, request: FastifyRequest) => {
    const origin = siteOrigin(request, options.publicOrigin);
    const name = file.kind === 'root' ? 'sitemap.xml' : file.kind === 'pages' ? 'pages' : `c${file.part}`;
    return sitemaps.get(`${origin} ${name}`, () => sitemap.xml(file, origin));
  };

  app.get('/sitemap.xml', async (request, reply) => {
    const xml = await sendSitemap({ kind: 'root' }, request);
    return reply
      .header('cache-control', 'public, max-age=300')
      .type('application/xml; charset=utf-8')
      .send(xml);
  });

  app.get<{ Params: { file: string } }>('/sitemaps/:file', async (request, reply) => {
    const file = sitemapFileOf(request.params.file);
    const xml = file ? await sendSitemap(file, request) : undefined;
    if (xml === undefined) {
      return reply.status(404).type('text/plain; charset=utf-8').send('No such sitemap file.');
    }
    return reply
      .header('cache-control', 'public, max-age=300')
      .type('application/xml; charset=utf-8')
      .send(xml);
  });

  app.get(SITE.image.path, async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=86400').type(SITE.image.type).send(ogImage),
  );

  /** The page for a path (null: no such company); `private` when it was drawn for the session. */
  const cataloguePage = async (
    path: string,
    search: string,
    request: FastifyRequest,
  ): Promise<{ page: CataloguePage | null; private?: true } | undefined> => {
    const requestId = request.id;
    const key = STATIC_BY_PATH.get(path);
    if (key) return { page: staticCataloguePage(key) };
    const auth = AUTH_BY_PATH.get(path);
    if (auth) return { page: authCataloguePage(auth) };
    if (path === JOB_SEARCH_PATH) {
      // The cards only for the address without filters (a filtered search draws the band alone).
      const cards = search ? undefined : await jobListing.firstPage(requestId);
      // Their button is a visitor's or blank, by the session cookie.
      return { page: jobSearchCataloguePage(cards), private: true };
    }
    // A signed-in page: its head in the layout's frame, for a session that may open it (without one the
    // page sends the reader to /login, and draws nothing first).
    const viewer = pageViewer(request);
    if (viewer && path === JOB_POST_PATH) {
      return { page: jobPostCataloguePage(new URLSearchParams(search).has('edit')), private: true };
    }
    if (viewer && path === CHAT_PAGE_COPY.path) {
      return { page: chatCataloguePage(chatOpenedBy(search)), private: true };
    }
    const app = viewer ? appPageCopyAt(path, viewer) : undefined;
    if (app) return { page: appCataloguePage(app), private: true };
    const match = /^\/(category|sub-category|company-profile|jobapply)\/([^/]+)$/.exec(path);
    const segment = match?.[2] !== undefined ? decodeSegment(match[2]) : undefined;
    if (!match || segment === undefined || segment.trim() === '') return undefined;
    if (match[1] === 'jobapply') return { page: jobApplyCataloguePage(resolveJobApplyType(segment)) };
    if (match[1] === 'company-profile') {
      const company = await directory.company(segment, requestId);
      if (company === undefined) return undefined;
      return { page: company ? companyCataloguePage(company) : null };
    }
    const landing = resolveLanding(match[1] === 'category' ? 'category' : 'subcategory', segment);
    return { page: landingCataloguePage(landing) };
  };

  return {
    async page(request) {
      const html = shellIndex();
      if (!html || !canCarryPages(html)) return undefined;
      const [path = '/', search = ''] = request.url.split('?', 2);
      const found = await cataloguePage(path, search, request);
      if (!found) return undefined;
      // No such company: the shell says so (its not-found screen), with the status a crawler understands.
      if (found.page === null) return { status: 404, html };
      const hints = options.pageHints?.(path) ?? '';
      return {
        status: 200,
        html: pageHtml(html, found.page, siteOrigin(request, options.publicOrigin), hints, {
          visitor: isVisitor(request),
        }),
        ...(found.private ? { private: true as const } : {}),
      };
    },
  };
}
