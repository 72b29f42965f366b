import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import { backoffDelay } from '../retry/backoff';

// The table is the service's own (its migration makes it), outside the kit's Kysely types.
type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * The columns a mail outbox table has besides what its mails need: `id` (uuid), `delivered_at`,
 * `delivery_transport`, `delivery_attempts` (default 0), `last_error`, `next_attempt_at` (default now()),
 * and, for an outbox whose mails may be dropped, `dropped_at`.
 */
export interface MailOutboxRow {
  id: string;
  delivery_attempts: number;
}

/** How long a claimed row is left alone by other sweeps while its delivery runs. */
export const MAIL_DELIVERY_LEASE = sql<Date>`now() + interval '5 minutes'`;

/** What sending a row's mail came to: the transport that took it, or why it must never go out. */
export type MailSendOutcome = { transport: string } | { drop: string };

export interface MailOutboxLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface MailOutboxOptions<Row extends MailOutboxRow> {
  /** Kysely bound to the service schema that holds the table. */
  db: Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  table: string;
  /** Names the outbox in advisory locks, e.g. `accounts.notice-mails`. */
  name: string;
  /** What a row is in log lines (e.g. 'notice mail'), and the field its id goes in. */
  label: string;
  idField: string;
  /** Rows can be dropped instead of sent (the table has `dropped_at`). */
  droppable?: boolean;
  /**
   * Sends a claimed row's mail. Throws when it could not be sent now (the row is retried with back-off);
   * `{ drop }` only in an outbox that is `droppable`.
   */
  send(row: Row): Promise<MailSendOutcome>;
  logger: MailOutboxLogger;
  /** How often the sweep looks for due rows. */
  retryIntervalMs: number;
  /** The wait after the first failed attempt, doubled per failure up to `maxMs`. */
  retry: { baseMs: number; maxMs: number };
  /** After each sweep, e.g. deleting finished rows past their retention. */
  afterSweep?(db: AnyDb): Promise<void>;
}

const BATCH = 20;

/**
 * Mail that must arrive: the row is stored (in the transaction of what caused it) before anything is
 * sent; a delivery that fails is recorded on the row and retried with exponential back-off by a sweep,
 * which runs at start and then periodically. Rows are claimed with `for update skip locked` and a lease,
 * so several instances never send the same mail at the same time, and a delivery that died with its
 * process is retried once the lease ends.
 */
export class MailOutbox<Row extends MailOutboxRow> {
  readonly #options: MailOutboxOptions<Row>;
  readonly #db: AnyDb;
  readonly #inFlight = new Set<Promise<unknown>>();
  #timer: NodeJS.Timeout | undefined;
  #sweeping: Promise<number> | undefined;
  #stopped = false;

  constructor(options: MailOutboxOptions<Row>) {
    this.#options = options;
    this.#db = options.db;
  }

  /** Sends one row already claimed (its `next_attempt_at` leased) in the background. */
  deliverInBackground(row: Row): void {
    this.#track(this.#deliver(row));
  }

  /**
   * Call inside the transaction that inserted row `id`: its mail goes out right after that transaction
   * commits (nothing goes out after a rollback), on PostgreSQL as on PGlite.
   */
  async deliverAfterCommit(trx: AnyDb, id: string): Promise<void> {
    // Held until `trx` ends. The delivery started here takes the same lock first, so it runs after the
    // commit and finds the row (or, after a rollback, finds nothing).
    await sql`select pg_advisory_xact_lock(hashtext(${this.#lockKey(id)}))`.execute(trx);
    if (!this.#stopped) this.#track(this.#deliverWhenCommitted(id));
  }

  /** Delivers every due row; returns how many mails were sent. One sweep at a time per instance. */
  sweep(): Promise<number> {
    this.#sweeping ??= this.#sweep().finally(() => (this.#sweeping = undefined));
    return this.#sweeping;
  }

  start(): void {
    this.#track(this.sweep());
    this.#timer = setInterval(() => {
      if (!this.#stopped) this.#track(this.sweep());
    }, this.#options.retryIntervalMs);
    this.#timer.unref();
  }

  /** Stops the sweeps and waits for the deliveries under way. */
  async stop(): Promise<void> {
    this.#stopped = true;
    clearInterval(this.#timer);
    while (this.#inFlight.size > 0) await Promise.allSettled([...this.#inFlight]);
  }

  #lockKey(id: string): string {
    return `${this.#options.name}:${id}`;
  }

  #track(work: Promise<unknown>): void {
    const tracked = work.catch((err) =>
      this.#options.logger.error({ err }, `${this.#options.label}: delivery failed; the sweep retries`),
    );
    this.#inFlight.add(tracked);
    void tracked.finally(() => this.#inFlight.delete(tracked));
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  #due(query: any): any {
    const pending = query.where('delivered_at', 'is', null).where('next_attempt_at', '<=', sql<Date>`now()`);
    return this.#options.droppable ? pending.where('dropped_at', 'is', null) : pending;
  }

  async #deliverWhenCommitted(id: string): Promise<void> {
    const { table } = this.#options;
    const claimed = (await this.#db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtext(${this.#lockKey(id)}))`.execute(trx);
      return this.#due(
        trx.updateTable(table).set({ next_attempt_at: MAIL_DELIVERY_LEASE }).where('id', '=', id),
      )
        .returningAll()
        .executeTakeFirst();
    })) as Row | undefined;
    if (claimed) await this.#deliver(claimed);
  }

  async #sweep(): Promise<number> {
    const { table } = this.#options;
    let sent = 0;
    for (;;) {
      if (this.#stopped) return sent;
      const claimed = (await this.#db
        .updateTable(table)
        .set({ next_attempt_at: MAIL_DELIVERY_LEASE })
        // eslint-disable-next-line @typescript-eslint/no-explicit-any
        .where('id', 'in', (eb: ExpressionBuilder<any, any>) =>
          this.#due(eb.selectFrom(table).select('id'))
            .orderBy('next_attempt_at')
            .limit(BATCH)
            .forUpdate()
            .skipLocked(),
        )
        .returningAll()
        .execute()) as Row[];
      for (const row of claimed) if (await this.#deliver(row)) sent++;
      if (claimed.length < BATCH) break;
    }
    await this.#options.afterSweep?.(this.#db);
    return sent;
  }

  /** Sends one claimed row; true when its mail went out. */
  async #deliver(row: Row): Promise<boolean> {
    const { table, logger, label, idField, retry } = this.#options;
    let outcome: MailSendOutcome;
    try {
      outcome = await this.#options.send(row);
    } catch (err) {
      const attempts = row.delivery_attempts + 1;
      const delayMs = backoffDelay(attempts, retry.baseMs, retry.maxMs);
      logger.warn({ err, [idField]: row.id, attempts }, `${label} not sent; will retry`);
      await this.#db
        .updateTable(table)
        .set({
          delivery_attempts: attempts,
          last_error: String(err instanceof Error ? err.message : err).slice(0, 500),
          next_attempt_at: sql<Date>`now() + make_interval(secs => ${delayMs / 1000})`,
        })
        .where('id', '=', row.id)
        .execute();
      return false;
    }
    if ('drop' in outcome) {
      if (!this.#options.droppable) throw new Error(`${label} ${row.id}: this outbox drops nothing`);
      await this.#db
        .updateTable(table)
        .set({ dropped_at: sql<Date>`now()`, last_error: outcome.drop })
        .where('id', '=', row.id)
        .execute();
      logger.info({ [idField]: row.id, reason: outcome.drop }, `${label} dropped`);
      return false;
    }
    await this.#db
      .updateTable(table)
      .set({
        delivered_at: sql<Date>`now()`,
        delivery_transport: outcome.transport,
        delivery_attempts: row.delivery_attempts + 1,
        last_error: null,
      })
      .where('id', '=', row.id)
      .execute();
    return true;
  }
}
