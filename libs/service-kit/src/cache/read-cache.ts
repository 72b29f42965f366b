export interface ReadCacheOptions<T> {
  /** How long an entry is fresh (ms); 0 turns the cache off (every read loads). */
  ttlMs: number;
  /** The most entries kept; the oldest goes first. Default 2000. */
  maxEntries?: number;
  /** With `weigh`, the most total weight kept (e.g. characters of serialized answers). */
  maxWeight?: number;
  weigh?: (value: T) => number;
  /**
   * An entry up to this many TTLs past its time is still served, once, while one read refreshes it in
   * the background (a busy page never waits for the database). 0: never served past its time, so the
   * TTL is a hard bound on how old an answer is. Default 5.
   */
  staleLimit?: number;
  now?: () => number;
}

/**
 * A short-lived in-process cache of reads that many callers share (a listing page, a company's public
 * card), so a busy page costs a lookup instead of a query. The owner clears it on every change it makes
 * (an HTTP write, a consumed event, or `Database.onTablesWritten` after any commit that wrote the tables
 * the reads come from); the TTL bounds how long changes made elsewhere (another instance) stay unseen.
 *
 * - A read that started before a change must not store what it read after the change cleared the cache:
 *   an entry is stored only if no change happened since its read began (`generation`).
 * - Concurrent misses of one key share one read (no stampede of identical queries).
 * - Memory is bounded by `maxEntries` and, with `weigh`, by `maxWeight`: a flood of distinct keys
 *   evicts older entries (the oldest first) rather than growing the process.
 */
export class ReadCache<T> {
  readonly #entries = new Map<string, { expires: number; value: T; weight: number }>();
  readonly #inflight = new Map<string, Promise<T>>();
  #generation = 0;
  #weight = 0;
  readonly #ttlMs: number;
  readonly #maxEntries: number;
  readonly #maxWeight: number;
  readonly #weigh: ((value: T) => number) | undefined;
  readonly #staleLimit: number;
  readonly #now: () => number;

  constructor(options: ReadCacheOptions<T>) {
    this.#ttlMs = options.ttlMs;
    this.#maxEntries = options.maxEntries ?? 2000;
    this.#maxWeight = options.maxWeight ?? Infinity;
    this.#weigh = options.weigh;
    this.#staleLimit = options.staleLimit ?? 5;
    this.#now = options.now ?? Date.now;
  }

  get enabled(): boolean {
    return this.#ttlMs > 0;
  }

  /** Take this before reading, pass it to `set`. */
  get generation(): number {
    return this.#generation;
  }

  /** How many entries are kept (fresh or not). */
  get size(): number {
    return this.#entries.size;
  }

  /** A fresh entry, or undefined. */
  get(key: string): T | undefined {
    const entry = this.#entries.get(key);
    return entry && entry.expires > this.#now() ? entry.value : undefined;
  }

  set(key: string, value: T, generation: number): void {
    if (!this.enabled || generation !== this.#generation) return;
    this.#remove(key);
    const weight = this.#weigh ? this.#weigh(value) : 0;
    // An answer bigger than the whole budget is not kept (it would evict everything else).
    if (weight > this.#maxWeight) return;
    // The oldest entries go first (a Map keeps insertion order).
    for (const oldest of this.#entries.keys()) {
      if (this.#entries.size < this.#maxEntries && this.#weight + weight <= this.#maxWeight) break;
      this.#remove(oldest);
    }
    this.#entries.set(key, { expires: this.#now() + this.#ttlMs, value, weight });
    this.#weight += weight;
  }

  /** Something changed: forget everything (reads under way will not store what they read). */
  clear(): void {
    this.#generation += 1;
    this.#entries.clear();
    this.#inflight.clear();
    this.#weight = 0;
  }

  /** Read through the cache. */
  through(key: string, load: () => Promise<T>): Promise<T> {
    if (!this.enabled) return load();
    const entry = this.#entries.get(key);
    const now = this.#now();
    if (entry && entry.expires > now) return Promise.resolve(entry.value);
    if (entry && entry.expires + this.#ttlMs * this.#staleLimit > now) {
      // Serve the previous value and refresh it once in the background.
      if (!this.#inflight.has(key)) this.#read(key, load).catch(() => undefined);
      return Promise.resolve(entry.value);
    }
    return this.#inflight.get(key) ?? this.#read(key, load);
  }

  #remove(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#weight -= entry.weight;
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
