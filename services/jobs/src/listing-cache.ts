import { ReadCache } from '@marketplace/service-kit';

/**
 * A short-lived cache of the public listings (the pages every visitor of a category page asks for) and
 * of each company's unlocks (for the cards' buttons), so a busy category page costs a lookup instead of
 * a query. Any change this instance makes (an HTTP write, a consumed event) clears it at once; changes
 * made by other instances of the service show within about `ttlMs` (1 s by default). The kit's
 * ReadCache (one read per key at a time, no store across a change, stale-while-refresh up to
 * `staleLimit` TTLs), with the listings' positional settings.
 */
export class ListingCache<T> extends ReadCache<T> {
  constructor(ttlMs: number, maxEntries = 2000, now: () => number = Date.now, staleLimit = 5) {
    super({ ttlMs, maxEntries, now, staleLimit });
  }
}

/** The listings' caches, cleared together. */
export class ListingCaches<Page, Unlocks> {
  readonly pages: ListingCache<Page>;
  readonly companyUnlocks: ListingCache<Unlocks>;
  /** A company's own view of a page, serialized (the page plus its unlocks). */
  readonly companyPages: ListingCache<string>;

  constructor(ttlMs: number) {
    this.pages = new ListingCache<Page>(ttlMs);
    this.companyUnlocks = new ListingCache<Unlocks>(ttlMs);
    this.companyPages = new ListingCache<string>(ttlMs);
  }

  clear(): void {
    this.pages.clear();
    this.companyUnlocks.clear();
    this.companyPages.clear();
  }
}
