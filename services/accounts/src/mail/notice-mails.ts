import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { AccountsDatabase, NoticeMailsTable } from '../db-types';
import { UsersRepository, type UserRow } from '../repositories/users-repository';
import { DELIVERY_LEASE } from './contact-delivery';
import type { Mailer, OutgoingMail } from './mailer';
import { chatReminderMail } from './templates';

export type NoticeMailRow = Selectable<NoticeMailsTable>;

/** What a chat reminder says (from `chat.reminder.due`). */
export interface ChatReminderData {
  chatId: string;
  jobId: string;
  counterpartName: string;
  jobTitle: string;
  unreadCount: number;
  firstUnreadAt: string;
}

export interface NewNotice {
  kind: 'chat-reminder';
  userId: string;
  /** One notice per key, whatever events carry it. */
  dedupeKey: string;
  data: ChatReminderData;
}

/** The page of a conversation (the shell's /chat route selects it from `chat`). */
export function chatLink(publicUrl: string, chatId: string): string {
  return `${publicUrl}/chat?chat=${encodeURIComponent(chatId)}`;
}

const BATCH = 20;
const HOUR = 60 * 60 * 1000;
/** A notice not sent within this time is dropped: a day-old reminder helps nobody. */
export const NOTICE_MAX_AGE_MS = 24 * HOUR;
/** Sent and dropped notices are kept this long (they keep late duplicates out), then deleted. */
const RETENTION_DAYS = 30;

const lockKey = (id: string) => `accounts.notice-mails:${id}`;

export interface NoticeMailsOptions {
  db: Kysely<AccountsDatabase>;
  mailer: Mailer;
  logger: FastifyBaseLogger;
  retryIntervalMs: number;
  /** PUBLIC_URL without a trailing slash: the links in notices; without it notices carry no link. */
  publicUrl: string | undefined;
}

/**
 * Mails to members caused by other services' events. `enqueue` stores a notice in the consumer's
 * transaction (so the inbox makes a redelivered event mail once, and a duplicate key mails once too);
 * it is sent right after that transaction commits, and retried with back-off by a sweep (at start, then
 * periodically) when sending fails. Each mail is rendered when it is sent, to the member's address of
 * that moment; a member deleted meanwhile gets nothing.
 */
export class NoticeMails {
  readonly #options: NoticeMailsOptions;
  readonly #inFlight = new Set<Promise<unknown>>();
  #timer: NodeJS.Timeout | undefined;
  #sweeping: Promise<number> | undefined;
  #stopped = false;
  #warnedNoLink = false;

  constructor(options: NoticeMailsOptions) {
    this.#options = options;
  }

  /**
   * Stores a notice inside `trx` (the consumer's transaction); returns its id, or undefined when a notice
   * with the key exists already. The mail goes out once the transaction has committed.
   */
  async enqueue(trx: Kysely<AccountsDatabase>, notice: NewNotice): Promise<string | undefined> {
    const row = await trx
      .insertInto('notice_mails')
      .values({
        user_id: notice.userId,
        kind: notice.kind,
        dedupe_key: notice.dedupeKey,
        data: JSON.stringify(notice.data),
      })
      .onConflict((oc) => oc.column('dedupe_key').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!row) return undefined;
    // Held until `trx` ends. The delivery started here takes the same lock first, so it runs after the
    // commit and finds the row (or, after a rollback, finds nothing), on PostgreSQL as on PGlite.
    await sql`select pg_advisory_xact_lock(hashtext(${lockKey(row.id)}))`.execute(trx);
    if (!this.#stopped) this.#track(this.#deliverWhenCommitted(row.id));
    return row.id;
  }

  /** Sends every due notice; returns how many were sent. */
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

  async stop(): Promise<void> {
    this.#stopped = true;
    clearInterval(this.#timer);
    while (this.#inFlight.size > 0) await Promise.allSettled([...this.#inFlight]);
  }

  #track(work: Promise<unknown>): void {
    const tracked = work.catch((err) =>
      this.#options.logger.error({ err }, 'notice mails: delivery failed; the sweep retries'),
    );
    this.#inFlight.add(tracked);
    void tracked.finally(() => this.#inFlight.delete(tracked));
  }

  async #deliverWhenCommitted(id: string): Promise<void> {
    const claimed = await this.#options.db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtext(${lockKey(id)}))`.execute(trx);
      return trx
        .updateTable('notice_mails')
        .set({ next_attempt_at: DELIVERY_LEASE })
        .where('id', '=', id)
        .where('delivered_at', 'is', null)
        .where('dropped_at', 'is', null)
        .where('next_attempt_at', '<=', sql<Date>`now()`)
        .returningAll()
        .executeTakeFirst();
    });
    if (claimed) await this.#deliver(claimed);
  }

  async #sweep(): Promise<number> {
    const { db } = this.#options;
    let sent = 0;
    for (;;) {
      if (this.#stopped) return sent;
      const claimed = await db
        .updateTable('notice_mails')
        .set({ next_attempt_at: DELIVERY_LEASE })
        .where('id', 'in', (eb) =>
          eb
            .selectFrom('notice_mails')
            .select('id')
            .where('delivered_at', 'is', null)
            .where('dropped_at', 'is', null)
            .where('next_attempt_at', '<=', sql<Date>`now()`)
            .orderBy('next_attempt_at')
            .limit(BATCH)
            .forUpdate()
            .skipLocked(),
        )
        .returningAll()
        .execute();
      for (const row of claimed) if (await this.#deliver(row)) sent++;
      if (claimed.length < BATCH) break;
    }
    await db
      .deleteFrom('notice_mails')
      .where('created_at', '<', sql<Date>`now() - make_interval(days => ${RETENTION_DAYS})`)
      .where((eb) => eb.or([eb('delivered_at', 'is not', null), eb('dropped_at', 'is not', null)]))
      .execute();
    return sent;
  }

  /** Sends one claimed notice; true when it went out. */
  async #deliver(row: NoticeMailRow): Promise<boolean> {
    const { db, mailer, logger } = this.#options;
    const member = await new UsersRepository(db).findById(row.user_id);
    const dropReason = !member?.email.includes('@')
      ? 'the member was deleted or has no e-mail address'
      : Date.now() - row.created_at.getTime() > NOTICE_MAX_AGE_MS
        ? 'not sent in time; too old to be useful'
        : undefined;
    if (dropReason || !member) {
      await db
        .updateTable('notice_mails')
        .set({ dropped_at: sql<Date>`now()`, last_error: dropReason ?? null })
        .where('id', '=', row.id)
        .execute();
      logger.info({ noticeId: row.id, kind: row.kind, reason: dropReason }, 'notice mail dropped');
      return false;
    }
    try {
      await mailer.send(this.#render(row, member));
    } catch (err) {
      const attempts = row.delivery_attempts + 1;
      // 1, 2, 4 ... minutes, at most an hour apart (a notice older than a day is dropped anyway).
      const delayMinutes = Math.min(2 ** (attempts - 1), 60);
      logger.warn({ err, noticeId: row.id, attempts }, 'notice mail not sent; will retry');
      await db
        .updateTable('notice_mails')
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
      .updateTable('notice_mails')
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

  #render(row: NoticeMailRow, member: UserRow): OutgoingMail {
    const data = row.data as unknown as ChatReminderData;
    const { publicUrl } = this.#options;
    if (!publicUrl && !this.#warnedNoLink) {
      this.#warnedNoLink = true;
      this.#options.logger.warn('notice mails go out without links: set PUBLIC_URL');
    }
    return chatReminderMail({
      to: member.email,
      name: member.name,
      counterpartName: data.counterpartName,
      jobTitle: data.jobTitle,
      unreadCount: data.unreadCount,
      link: publicUrl ? chatLink(publicUrl, data.chatId) : undefined,
      verified: member.email_verified_at !== null,
    });
  }
}

/** Erases the notices of an account (its deletion): what they say is about the member. */
export async function deleteNoticesOf(trx: Kysely<AccountsDatabase>, userId: string): Promise<void> {
  await trx.deleteFrom('notice_mails').where('user_id', '=', userId).execute();
}
