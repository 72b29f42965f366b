/**
 * A short-lived cache of the public listings (the pages every visitor of a category page asks for) and
 * of each company's unlocks (for the cards' buttons), so a busy category page costs a lookup instead of
 * a query. Any change this instance makes (an HTTP write, a consumed event) clears it at once; changes
 * made by other instances of the service show within about `ttlMs` (1 s by default).
 *
 * - A read that started before a change must not store what it read after the change cleared the cache:
 *   an entry is stored only if no change happened since its read began (`generation`).
 * - Concurrent misses of one key share one read (no stampede of identical queries).
 * - An entry past its time is still served, once, while one read refreshes it in the background, so a
 *   busy page never waits for the database; an entry older than `staleLimit` TTLs is not served.
 */
export class ListingCache<T> {
  readonly #entries = new Map<string, { expires: number; value: T }>();
  readonly #inflight = new Map<string, Promise<T>>();
  #generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 2000,
    private readonly now: () => number = Date.now,
    private readonly staleLimit = 5,
  ) {}

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  /** Take this before reading, pass it to `set`. */
  get generation(): number {
    return this.#generation;
  }

  /** A fresh entry, or undefined. */
  get(key: string): T | undefined {
    const entry = this.#entries.get(key);
    return entry && entry.expires > this.now() ? entry.value : undefined;
  }

  set(key: string, value: T, generation: number): void {
    if (!this.enabled || generation !== this.#generation) return;
    this.#entries.delete(key);
    if (this.#entries.size >= this.maxEntries) {
      // The oldest entry goes (a Map keeps insertion order).
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    this.#entries.set(key, { expires: this.now() + this.ttlMs, value });
  }

  /** Something changed: forget everything (reads under way will not store what they read). */
  clear(): void {
    this.#generation += 1;
    this.#entries.clear();
    this.#inflight.clear();
  }

  /** Read through the cache. */
  through(key: string, load: () => Promise<T>): Promise<T> {
    if (!this.enabled) return load();
    const entry = this.#entries.get(key);
    const now = this.now();
    if (entry && entry.expires > now) return Promise.resolve(entry.value);
    if (entry && entry.expires + this.ttlMs * this.staleLimit > now) {
      // Serve the previous value and refresh it once in the background.
      if (!this.#inflight.has(key)) this.#read(key, load).catch(() => undefined);
      return Promise.resolve(entry.value);
    }
    return this.#inflight.get(key) ?? this.#read(key, load);
  }

  #read(key: string, load: () => Promise<T>): Promise<T> {
    const generation = this.#generation;
    const reading = load().then(
      (value) => {
        if (this.#inflight.get(key) === reading) this.#inflight.delete(key);
        this.set(key, value, generation);
        return value;
      },
      (err: unknown) => {
        if (this.#inflight.get(key) === reading) this.#inflight.delete(key);
        throw err;
      },
    );
    this.#inflight.set(key, reading);
    return reading;
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
