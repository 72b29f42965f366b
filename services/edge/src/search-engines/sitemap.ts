// robots.txt and the sitemap: every catalogue page by its one address and every company profile, read
// from the accounts directory a page at a time. Up to `urlLimit` addresses (50,000, the sitemap
// protocol's limit per file) /sitemap.xml is one list; above it, an index of several files.
import {
  COMPANY_INDEX_MAX_LIMIT,
  companyProfilePath,
  CRAWLER_DISALLOWED_PATHS,
} from '@marketplace/contracts';
import { cataloguePaths } from '@marketplace/page-head';
import type { Directory } from './directory';
import { escapeHtml } from './page-html';

/** The sitemap protocol's limit of addresses per file. */
export const SITEMAP_URL_LIMIT = 50_000;

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const XMLNS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';

export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...CRAWLER_DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

interface Entry {
  path: string;
  lastmod?: string;
}

function urlset(origin: string, entries: Iterable<Entry>): string {
  const lines = [XML_HEAD, `<urlset ${XMLNS}>\n`];
  for (const entry of entries) {
    const lastmod = entry.lastmod ? `<lastmod>${escapeHtml(entry.lastmod)}</lastmod>` : '';
    lines.push(`<url><loc>${escapeHtml(origin + entry.path)}</loc>${lastmod}</url>\n`);
  }
  lines.push('</urlset>\n');
  return lines.join('');
}

function sitemapIndex(origin: string, files: string[]): string {
  const items = files.map(
    (file) => `<sitemap><loc>${escapeHtml(`${origin}/sitemaps/${file}`)}</loc></sitemap>\n`,
  );
  return `${XML_HEAD}<sitemapindex ${XMLNS}>\n${items.join('')}</sitemapindex>\n`;
}

export interface SitemapOptions {
  urlLimit?: number;
}

/** A sitemap file by name (`pages.xml`, `companies-N.xml`); undefined when there is no such file. */
export type SitemapFile = { kind: 'root' } | { kind: 'pages' } | { kind: 'companies'; part: number };

export function sitemapFileOf(name: string): SitemapFile | undefined {
  if (name === 'pages.xml') return { kind: 'pages' };
  const match = /^companies-([1-9]\d{0,5})\.xml$/.exec(name);
  return match ? { kind: 'companies', part: Number(match[1]) } : undefined;
}

export class Sitemap {
  private readonly urlLimit: number;
  private readonly pageSize: number;

  constructor(
    private readonly directory: Directory,
    options: SitemapOptions = {},
  ) {
    this.urlLimit = options.urlLimit ?? SITEMAP_URL_LIMIT;
    if (!Number.isInteger(this.urlLimit) || this.urlLimit < 1)
      throw new Error('urlLimit must be a whole number');
    // Directory pages must tile the files exactly.
    this.pageSize = this.urlLimit <= COMPANY_INDEX_MAX_LIMIT ? this.urlLimit : COMPANY_INDEX_MAX_LIMIT;
    if (this.urlLimit % this.pageSize !== 0) {
      throw new Error(`urlLimit above ${COMPANY_INDEX_MAX_LIMIT} must be a multiple of it`);
    }
  }

  private pages(): Entry[] {
    return cataloguePaths().map((path) => ({ path }));
  }

  /** Companies from the `first` (0-based) to before `first + count`, read page by page. */
  private async companies(first: number, count: number): Promise<Entry[]> {
    const entries: Entry[] = [];
    let page = Math.floor(first / this.pageSize) + 1;
    while (entries.length < count) {
      const answer = await this.directory.companyIndex(page, this.pageSize);
      for (const company of answer.companies) {
        entries.push({ path: companyProfilePath(company._id), lastmod: company.updatedAt });
      }
      if (answer.companies.length < this.pageSize || page * this.pageSize >= answer.total) break;
      page += 1;
    }
    return entries.slice(0, count);
  }

  /** The XML of a sitemap file, or undefined when there is no such file. */
  async xml(file: SitemapFile, origin: string): Promise<string | undefined> {
    const pages = this.pages();
    const total = (await this.directory.companyIndex(1, 1)).total;
    const single = pages.length + total <= this.urlLimit;
    if (file.kind === 'root') {
      if (single) return urlset(origin, [...pages, ...(await this.companies(0, total))]);
      const parts = Math.ceil(total / this.urlLimit);
      return sitemapIndex(origin, [
        'pages.xml',
        ...Array.from({ length: parts }, (_, i) => `companies-${i + 1}.xml`),
      ]);
    }
    if (single) return undefined;
    if (file.kind === 'pages') return urlset(origin, pages);
    const first = (file.part - 1) * this.urlLimit;
    if (first >= total) return undefined;
    return urlset(origin, await this.companies(first, this.urlLimit));
  }
}
