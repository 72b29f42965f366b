import { randomUUID } from 'node:crypto';
import type { EventEnvelope } from '@marketplace/contracts';
import { sql, type Kysely } from 'kysely';
import { backoffDelay, sleep } from '../retry/backoff';
import { consoleBusLogger, errorInfo, type BusLogger } from './logger';
import type { EventBus } from './types';

// The kit's tables live in every service schema, outside the services' own Kysely types.
type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export interface NewEventOptions {
  /** The id of the request (or event) that caused this one. */
  correlationId: string;
  version?: number;
}

export function newEvent<TPayload>(
  type: string,
  payload: TPayload,
  options: NewEventOptions,
): EventEnvelope<TPayload> {
  return {
    id: randomUUID(),
    type,
    version: options.version ?? 1,
    occurredAt: new Date().toISOString(),
    correlationId: options.correlationId,
    payload,
  };
}

/**
 * Record an event in the service's outbox. Call it with the transaction that makes the state change,
 * bound to the service schema, so the event exists exactly when the change does.
 */
export async function addToOutbox<DB>(trx: Kysely<DB>, event: EventEnvelope): Promise<void> {
  // The relay publishes in `seq` order (a bigserial), i.e. the order rows were added, also within one
  // transaction.
  await (trx as unknown as AnyDb)
    .insertInto('outbox')
    .values({
      id: event.id,
      type: event.type,
      // A string is taken as JSON text by both pg and PGlite; an object would be re-encoded by PGlite.
      envelope: JSON.stringify(event),
    })
    .execute();
}

/**
 * Several events in one statement (a service that writes in batches): the relay publishes them in the
 * order given, after the rows of earlier statements.
 */
export async function addManyToOutbox<DB>(trx: Kysely<DB>, events: readonly EventEnvelope[]): Promise<void> {
  if (events.length === 0) return;
  await (trx as unknown as AnyDb)
    .insertInto('outbox')
    .values(events.map((event) => ({ id: event.id, type: event.type, envelope: JSON.stringify(event) })))
    .execute();
}

export interface OutboxRelayOptions<DB = unknown> {
  /** Kysely bound to the service schema that holds the outbox. */
  db: Kysely<DB>;
  bus: EventBus;
  logger?: BusLogger;
  /** How often to look for rows when nobody kicked the relay. Default 1000 ms. */
  pollIntervalMs?: number;
  /** First retry delay after a publish failed; doubles per failure. Default 1000 ms. */
  retryDelayMs?: number;
  /** Upper bound of the retry delay. Default 30 s. */
  maxRetryDelayMs?: number;
  /** Rows per round. Default 100. */
  batchSize?: number;
}

interface OutboxRow {
  id: string;
  envelope: EventEnvelope;
}

/**
 * Publishes committed outbox rows in the order they were created and marks each one only after the
 * bus confirmed it. It reads committed rows only, so an event whose transaction rolled back never
 * leaves. On PostgreSQL rows are claimed with `for update skip locked`, so several relays (one per
 * service instance) share the work; a duplicate publish would be harmless anyway (dedupe by id).
 */
export class OutboxRelay<DB = unknown> {
  readonly #db: AnyDb;
  readonly #bus: EventBus;
  readonly #logger: BusLogger;
  readonly #pollIntervalMs: number;
  readonly #retryDelayMs: number;
  readonly #maxRetryDelayMs: number;
  readonly #batchSize: number;
  // PGlite has one connection: holding a transaction while the local bus writes to the same
  // database would deadlock, and with one process there is nobody to lock rows against.
  readonly #lockRows: boolean;
  #stop: AbortController | undefined;
  #loop: Promise<void> | undefined;
  #kicked = false;
  #wake: (() => void) | undefined;

  constructor(options: OutboxRelayOptions<DB>) {
    this.#db = options.db as unknown as AnyDb;
    this.#bus = options.bus;
    this.#logger = options.logger ?? consoleBusLogger;
    this.#pollIntervalMs = options.pollIntervalMs ?? 1000;
    this.#retryDelayMs = options.retryDelayMs ?? 1000;
    this.#maxRetryDelayMs = options.maxRetryDelayMs ?? 30_000;
    this.#batchSize = options.batchSize ?? 100;
    this.#lockRows = this.#db.getExecutor().adapter.supportsMultipleConnections !== false;
  }

  start(): void {
    if (this.#loop) return;
    const stop = new AbortController();
    this.#stop = stop;
    this.#loop = this.#run(stop.signal);
  }

  /** Waits for the round in progress (a publish already sent is still marked). */
  async stop(): Promise<void> {
    this.#stop?.abort();
    this.#wake?.();
    await this.#loop;
    this.#loop = undefined;
  }

  /** Publish now rather than at the next poll, e.g. right after a commit that added events. */
  kick(): void {
    this.#kicked = true;
    this.#wake?.();
  }

  /** One round: publishes up to a batch and returns how many rows it published. Throws on bus errors. */
  async publishPending(): Promise<number> {
    const result = this.#lockRows
      ? await this.#db
          .transaction()
          .execute(async (trx) => this.#publishRows(trx, await this.#select(trx, true)))
      : await this.#publishRows(this.#db, await this.#select(this.#db, false));
    // Thrown only now, after the rows published before the failure were marked (and committed).
    if (result.failed) throw result.error;
    return result.published;
  }

  async #select(db: AnyDb, lock: boolean): Promise<OutboxRow[]> {
    let query = db
      .selectFrom('outbox')
      .select(['id', 'envelope'])
      .where('published_at', 'is', null)
      .orderBy('seq')
      .limit(this.#batchSize);
    if (lock) query = query.forUpdate().skipLocked();
    return (await query.execute()) as OutboxRow[];
  }

  async #publishRows(
    db: AnyDb,
    rows: OutboxRow[],
  ): Promise<{ published: number; failed: boolean; error?: unknown }> {
    const published: string[] = [];
    let failed = false;
    let error: unknown;
    for (const row of rows) {
      try {
        await this.#bus.publish(row.envelope);
        published.push(row.id);
      } catch (err) {
        // Stop at the first failure so later events do not overtake this one.
        failed = true;
        error = err;
        break;
      }
    }
    if (published.length > 0) {
      await db
        .updateTable('outbox')
        .set({ published_at: sql`now()` })
        .where('id', 'in', published)
        .execute();
    }
    return { published: published.length, failed, error };
  }

  async #run(signal: AbortSignal): Promise<void> {
    let failures = 0;
    while (!signal.aborted) {
      this.#kicked = false;
      let count: number;
      try {
        count = await this.publishPending();
        failures = 0;
      } catch (err) {
        failures++;
        const delay = backoffDelay(failures, this.#retryDelayMs, this.#maxRetryDelayMs);
        this.#logger.warn(
          { attempt: failures, retryInMs: delay, ...errorInfo(err) },
          'outbox relay: publish failed; will retry',
        );
        await sleep(delay, signal);
        continue;
      }
      if (count < this.#batchSize) await this.#idle(signal);
    }
  }

  #idle(signal: AbortSignal): Promise<void> {
    if (this.#kicked || signal.aborted) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.#wake = undefined;
        resolve();
      };
      const timer = setTimeout(done, this.#pollIntervalMs);
      this.#wake = done;
    });
  }
}
