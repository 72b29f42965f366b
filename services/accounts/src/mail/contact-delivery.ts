import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { AccountsDatabase, ContactMessagesTable } from '../db-types';
import type { Mailer } from './mailer';
import { contactMail } from './templates';

export type ContactMessageRow = Selectable<ContactMessagesTable>;

/** How long a claimed row is left alone by other sweeps while its delivery runs. */
export const DELIVERY_LEASE = sql<Date>`now() + interval '5 minutes'`;
const BATCH = 20;

export interface ContactDeliveryOptions {
  db: Kysely<AccountsDatabase>;
  mailer: Mailer;
  supportEmail: string;
  logger: FastifyBaseLogger;
  retryIntervalMs: number;
}

/**
 * Delivers stored contact messages to support. A message is stored (and claimed for a few minutes)
 * before anything is sent; a delivery that fails is recorded on the row and retried with back-off by
 * the sweep, which runs at start and then periodically. Rows are claimed with `for update skip
 * locked`, so several instances never send the same message at the same time.
 */
export class ContactDelivery {
  readonly #options: ContactDeliveryOptions;
  readonly #inFlight = new Set<Promise<unknown>>();
  #timer: NodeJS.Timeout | undefined;
  #sweeping: Promise<number> | undefined;
  #stopped = false;

  constructor(options: ContactDeliveryOptions) {
    this.#options = options;
  }

  /** Sends one already claimed row in the background (after the request answered). */
  deliverInBackground(row: ContactMessageRow): void {
    this.#track(this.#deliver(row));
  }

  /** Delivers every due, undelivered message; returns how many were sent. */
  sweep(): Promise<number> {
    // One sweep at a time per instance; a caller during a sweep waits for that one.
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

  async stop(): Promise<void> {
    this.#stopped = true;
    clearInterval(this.#timer);
    while (this.#inFlight.size > 0) await Promise.allSettled([...this.#inFlight]);
  }

  #track(work: Promise<unknown>): void {
    const tracked = work.catch((err) =>
      this.#options.logger.error({ err }, 'contact delivery: sweep failed; will retry'),
    );
    this.#inFlight.add(tracked);
    void tracked.finally(() => this.#inFlight.delete(tracked));
  }

  async #sweep(): Promise<number> {
    let sent = 0;
    for (;;) {
      if (this.#stopped) return sent;
      const { db } = this.#options;
      const claimed = await db
        .updateTable('contact_messages')
        .set({ next_attempt_at: DELIVERY_LEASE })
        .where('id', 'in', (eb) =>
          eb
            .selectFrom('contact_messages')
            .select('id')
            .where('delivered_at', 'is', null)
            .where('next_attempt_at', '<=', sql<Date>`now()`)
            .orderBy('next_attempt_at')
            .limit(BATCH)
            .forUpdate()
            .skipLocked(),
        )
        .returningAll()
        .execute();
      for (const row of claimed) if (await this.#deliver(row)) sent++;
      if (claimed.length < BATCH) return sent;
    }
  }

  async #deliver(row: ContactMessageRow): Promise<boolean> {
    const { db, mailer, supportEmail, logger } = this.#options;
    try {
      await mailer.send(
        contactMail(
          {
            id: row.id,
            name: row.name,
            email: row.email,
            phoneNumber: row.phone_number,
            houseAddress: row.house_address,
            subject: row.subject,
            message: row.message,
            createdAt: row.created_at,
          },
          supportEmail,
        ),
      );
    } catch (err) {
      const attempts = row.delivery_attempts + 1;
      // 1, 2, 4 ... minutes, at most 6 hours apart.
      const delayMinutes = Math.min(2 ** (attempts - 1), 360);
      logger.warn({ err, contactMessageId: row.id, attempts }, 'contact delivery failed; will retry');
      await db
        .updateTable('contact_messages')
        .set({
          delivery_attempts: attempts,
          last_error: String(err instanceof Error ? err.message : err).slice(0, 500),
          next_attempt_at: sql<Date>`now() + make_interval(mins => ${delayMinutes})`,
        })
        .where('id', '=', row.id)
        .execute();
      return false;
    }
    await db
      .updateTable('contact_messages')
      .set({
        delivered_at: sql<Date>`now()`,
        delivery_transport: mailer.transport,
        delivery_attempts: row.delivery_attempts + 1,
        last_error: null,
      })
      .where('id', '=', row.id)
      .execute();
    return true;
  }
}
