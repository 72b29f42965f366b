import {
  CHAT_LIMITS,
  EVENT_TYPES,
  type ChatMessage,
  type ChatSummary,
  type ChatThreadResponse,
  type PaymentsUnlockPaidV1,
  type PaymentsUnlockRefundedV1,
} from '@marketplace/contracts';
import { isUuid, publishEvent, type RateLimitRule } from '@marketplace/service-kit';
import { sql, type Kysely } from 'kysely';
import type { ChatDatabase } from './db-types';
import { chatErrors } from './errors';
import { MessageWriter } from './message-writer';
import {
  ANONYMOUS,
  members,
  sideOf,
  toMessage,
  type ChatView,
  type MessageRow,
  type Members,
  type SendResult,
  type Side,
} from './views';

export { ANONYMOUS, type ChatView, type Members, type SendResult, type Side } from './views';

/** The most conversations one inbox call returns (latest activity first). */
export const INBOX_MAX = 500;

type Db = Kysely<ChatDatabase>;

export interface PageQuery {
  after?: number | undefined;
  before?: number | undefined;
  limit?: number | undefined;
}

export interface Page {
  messages: ChatMessage[];
  hasMore: boolean;
}

export interface SendInput {
  chatId: string;
  message: string;
  clientId?: string | undefined;
}

export interface ReadResult {
  chatId: string;
  userId: string;
  upTo: number;
  members: Members;
}

export interface ConversationsOptions {
  now: () => Date;
  sendLimit: RateLimitRule;
  /** Logs a failed batch of sends (each message is then tried alone). */
  onWriteError?: (err: unknown, size: number) => void;
}

/** The text as stored: trimmed, not empty, at most CHAT_LIMITS.messageMaxChars characters. */
export function checkedText(raw: string): string {
  const text = raw.trim();
  if (text.length === 0) throw chatErrors.empty();
  // Characters as people count them (code points): an emoji is one, not two UTF-16 units.
  let count = 0;
  for (const _ of text) {
    if (++count > CHAT_LIMITS.messageMaxChars) throw chatErrors.tooLong();
  }
  return text;
}

/**
 * Conversations and their messages: every read and write the REST routes, the socket and the
 * consumers make, with the membership rules in one place. Writes that other services care about
 * add their event to the outbox in the same transaction.
 */
export class Conversations {
  private readonly writer: MessageWriter;

  constructor(
    private readonly db: Db,
    private readonly options: ConversationsOptions,
  ) {
    this.writer = new MessageWriter(db, {
      now: options.now,
      sendLimit: options.sendLimit,
      ...(options.onWriteError ? { onError: options.onWriteError } : {}),
    });
  }

  /** The member's conversations, latest activity first, with the newest message and unread counts. */
  async inbox(memberId: string): Promise<ChatSummary[]> {
    const rows = await this.db
      .selectFrom('chats')
      .leftJoin('members as poster', 'poster.id', 'chats.poster_id')
      .leftJoin('members as applicant', 'applicant.id', 'chats.applicant_id')
      .leftJoin('chat_jobs', 'chat_jobs.job_id', 'chats.job_id')
      .leftJoin('messages as last', (join) =>
        join.onRef('last.chat_id', '=', 'chats.id').onRef('last.seq', '=', 'chats.last_seq'),
      )
      .select([
        'chats.id',
        'chats.job_id',
        'chats.poster_id',
        'chats.applicant_id',
        'chats.last_message_at',
        'chats.last_seq',
        'chats.read_only',
        'chats.poster_unread',
        'chats.applicant_unread',
        'poster.name as poster_name',
        'applicant.name as applicant_name',
        'chat_jobs.title as job_title',
        'last.sender_id as last_sender_id',
        'last.message as last_message',
        'last.sent_at as last_sent_at',
      ])
      .where((eb) => eb.or([eb('chats.poster_id', '=', memberId), eb('chats.applicant_id', '=', memberId)]))
      .orderBy('chats.last_message_at', (ob) => ob.desc().nullsLast())
      .orderBy('chats.created_at', 'desc')
      .limit(INBOX_MAX)
      .execute();
    return rows.map((row) => ({
      _id: row.id,
      posterId: { _id: row.poster_id, name: row.poster_name ?? ANONYMOUS },
      applicantId: { _id: row.applicant_id, name: row.applicant_name ?? ANONYMOUS },
      jobId: { _id: row.job_id, title: row.job_title ?? '' },
      lastMessageAt: row.last_message_at ? row.last_message_at.toISOString() : null,
      lastMessage:
        row.last_sender_id && row.last_message !== null && row.last_sent_at
          ? {
              seq: row.last_seq,
              senderId: row.last_sender_id,
              message: row.last_message,
              sentAt: row.last_sent_at.toISOString(),
            }
          : null,
      unreadCount: row.poster_id === memberId ? row.poster_unread : row.applicant_unread,
      lastSeq: row.last_seq,
      readOnly: row.read_only,
    }));
  }

  /** Messages from the other members the member has not read, over all their conversations. */
  async unreadTotal(memberId: string): Promise<number> {
    const row = await this.db
      .selectFrom('chats')
      .select(
        sql<string>`coalesce(sum(case when poster_id = ${memberId} then poster_unread else applicant_unread end), 0)`.as(
          'total',
        ),
      )
      .where((eb) => eb.or([eb('poster_id', '=', memberId), eb('applicant_id', '=', memberId)]))
      .executeTakeFirst();
    return Number(row?.total ?? 0);
  }

  /** The conversation if the member is in it: 404 when there is none, 403 when it is someone else's. */
  async viewFor(memberId: string, chatId: string): Promise<ChatView & { side: Side }> {
    if (!isUuid(chatId)) throw chatErrors.notFound();
    const chat = await this.db
      .selectFrom('chats')
      .leftJoin('members as poster', 'poster.id', 'chats.poster_id')
      .leftJoin('members as applicant', 'applicant.id', 'chats.applicant_id')
      .selectAll('chats')
      .select(['poster.name as poster_name', 'applicant.name as applicant_name'])
      .where('chats.id', '=', chatId)
      .executeTakeFirst();
    if (!chat) throw chatErrors.notFound();
    const side = sideOf(chat, memberId);
    if (!side) throw chatErrors.notMember();
    return { ...chat, side };
  }

  /**
   * One page of a conversation's messages, oldest first. With `after`: the messages that follow it
   * (catching up), `hasMore` = more follow the last one returned. Otherwise the newest (or those
   * before `before`), `hasMore` = older ones precede the first one returned.
   */
  async page(chat: ChatView, query: PageQuery): Promise<Page> {
    // Catching up with nothing new, as most reconnects do: the conversation row just read says so, and
    // a message stored after that read is rung to the member's sockets (subscribed before they join).
    if (query.after !== undefined && query.after >= chat.last_seq) return { messages: [], hasMore: false };
    const limit = query.limit ?? CHAT_LIMITS.pageSize;
    let select = this.db.selectFrom('messages').selectAll().where('chat_id', '=', chat.id);
    if (query.before !== undefined) select = select.where('seq', '<', query.before);
    let rows: MessageRow[];
    if (query.after !== undefined) {
      rows = await select
        .where('seq', '>', query.after)
        .orderBy('seq', 'asc')
        .limit(limit + 1)
        .execute();
    } else {
      rows = (
        await select
          .orderBy('seq', 'desc')
          .limit(limit + 1)
          .execute()
      ).reverse();
    }
    const hasMore = rows.length > limit;
    if (hasMore) rows = query.after !== undefined ? rows.slice(0, limit) : rows.slice(1);
    return { messages: rows.map((row) => toMessage(row, chat)), hasMore };
  }

  /** GET jobs/chat/{chatid}: a page of messages with both members and the job. */
  async thread(memberId: string, chatId: string, query: PageQuery): Promise<ChatThreadResponse> {
    const chat = await this.viewFor(memberId, chatId);
    const [page, job] = await Promise.all([
      this.page(chat, query),
      this.db.selectFrom('chat_jobs').selectAll().where('job_id', '=', chat.job_id).executeTakeFirst(),
    ]);
    return {
      _id: chat.id,
      posterId: { _id: chat.poster_id, name: chat.poster_name ?? ANONYMOUS },
      applicantId: { _id: chat.applicant_id, name: chat.applicant_name ?? ANONYMOUS },
      jobId: {
        _id: chat.job_id,
        title: job?.title ?? '',
        category: job?.category ?? null,
        jobStartDate: job?.job_start_date ?? null,
      },
      messages: page.messages,
      hasMore: page.hasMore,
      readOnly: chat.read_only,
    };
  }

  /**
   * Stores a message (see MessageWriter: under load, many in one transaction). Nothing is acknowledged
   * or fanned out before it committed. A retry with the same clientId returns the stored message
   * (`replay`), adds nothing and is not counted against the send limit.
   */
  async send(memberId: string, input: SendInput, correlationId: string): Promise<SendResult> {
    const text = checkedText(input.message);
    if (!isUuid(input.chatId)) throw chatErrors.notFound();
    return this.writer.write({
      memberId,
      chatId: input.chatId,
      text,
      clientId: input.clientId ?? null,
      correlationId,
    });
  }

  /**
   * The member read the other member's messages up to `upTo` (default: all). Moves the read position
   * forward only; recounts what stays unread; ends the unread stretch (and its reminder) when nothing
   * does. Undefined when nothing changed (no event, nothing to tell).
   */
  async markRead(
    memberId: string,
    chatId: string,
    upTo: number | undefined,
    correlationId: string,
  ): Promise<ReadResult | undefined> {
    if (!isUuid(chatId)) throw chatErrors.notFound();
    const now = this.options.now();
    return this.db.transaction().execute(async (trx) => {
      const chat = await trx
        .selectFrom('chats')
        .selectAll()
        .where('id', '=', chatId)
        .forUpdate()
        .executeTakeFirst();
      if (!chat) throw chatErrors.notFound();
      const side = sideOf(chat, memberId);
      if (!side) throw chatErrors.notMember();
      const current = side === 'poster' ? chat.poster_read_seq : chat.applicant_read_seq;
      const target = Math.min(upTo ?? chat.last_seq, chat.last_seq);
      if (target <= current) return undefined;
      const otherId = side === 'poster' ? chat.applicant_id : chat.poster_id;
      const rest = await trx
        .selectFrom('messages')
        .select([sql<string>`count(*)`.as('count'), sql<Date | null>`min(sent_at)`.as('first')])
        .where('chat_id', '=', chat.id)
        .where('sender_id', '=', otherId)
        .where('seq', '>', target)
        .executeTakeFirstOrThrow();
      const unread = Number(rest.count);
      const since = rest.first === null ? null : new Date(rest.first);
      const remindedAt = side === 'poster' ? chat.poster_reminded_at : chat.applicant_reminded_at;
      // One reminder per unread stretch: it ends when everything is read.
      const reminded = unread === 0 ? null : remindedAt;
      await trx
        .updateTable('chats')
        .set(
          side === 'poster'
            ? {
                poster_read_seq: target,
                poster_unread: unread,
                poster_unread_since: since,
                poster_reminded_at: reminded,
              }
            : {
                applicant_read_seq: target,
                applicant_unread: unread,
                applicant_unread_since: since,
                applicant_reminded_at: reminded,
              },
        )
        .where('id', '=', chat.id)
        .execute();
      await publishEvent(
        trx,
        EVENT_TYPES.chatMessagesRead,
        { chatId: chat.id, jobId: chat.job_id, readerId: memberId, upTo: target, readAt: now.toISOString() },
        { correlationId },
      );
      return { chatId: chat.id, userId: memberId, upTo: target, members: members(chat) };
    });
  }

  /** The conversation of a paid unlock (job, company, poster), if payments' event opened it. */
  async findForUnlock(jobId: string, applicantId: string, posterId: string): Promise<string | undefined> {
    if (!isUuid(jobId) || !isUuid(applicantId) || !isUuid(posterId)) return undefined;
    const row = await this.db
      .selectFrom('chats')
      .select('id')
      .where('job_id', '=', jobId)
      .where('applicant_id', '=', applicantId)
      .where('poster_id', '=', posterId)
      .executeTakeFirst();
    return row?.id;
  }
}

/**
 * payments.unlock.paid: opens the conversation of the job and the company, or reopens it for a new
 * paid unlock after a refund. Returns its members when something changed for them.
 */
export async function openForUnlock(
  trx: Db,
  paid: PaymentsUnlockPaidV1,
): Promise<{ chatId: string; members: Members } | undefined> {
  const { jobId, companyId, posterId, paymentId } = paid;
  if (!isUuid(jobId) || !isUuid(companyId) || !isUuid(posterId) || companyId === posterId) return undefined;
  const created = await trx
    .insertInto('chats')
    .values({ job_id: jobId, applicant_id: companyId, poster_id: posterId, payment_id: paymentId })
    .onConflict((oc) => oc.columns(['job_id', 'applicant_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (created) return { chatId: created.id, members: [posterId, companyId] };
  const existing = await trx
    .selectFrom('chats')
    .select(['id', 'poster_id', 'payment_id', 'read_only'])
    .where('job_id', '=', jobId)
    .where('applicant_id', '=', companyId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  // Another poster for the same job cannot be right; the same payment again changes nothing.
  if (existing.poster_id !== posterId) return undefined;
  if (existing.payment_id === paymentId && !existing.read_only) return undefined;
  // A new unlock: the poster's first message from now on is the one its no-reply rule waits for.
  await trx
    .updateTable('chats')
    .set({ payment_id: paymentId, read_only: false, poster_wrote_at: null, company_answered_at: null })
    .where('id', '=', existing.id)
    .execute();
  return { chatId: existing.id, members: [posterId, companyId] };
}

/**
 * payments.unlock.refunded with `unlocked`: the conversation of that payment can be read, no longer
 * written. A refund of another payment (an older one, a duplicate) changes nothing.
 */
export async function closeForRefund(
  trx: Db,
  refund: PaymentsUnlockRefundedV1,
): Promise<{ chatId: string; members: Members } | undefined> {
  const { jobId, companyId, paymentId } = refund;
  if (!refund.unlocked || !isUuid(jobId) || !isUuid(companyId)) return undefined;
  const closed = await trx
    .updateTable('chats')
    .set({ read_only: true })
    .where('job_id', '=', jobId)
    .where('applicant_id', '=', companyId)
    .where('read_only', '=', false)
    .where((eb) => eb.or([eb('payment_id', 'is', null), eb('payment_id', '=', paymentId)]))
    .returning(['id', 'poster_id', 'applicant_id'])
    .executeTakeFirst();
  return closed ? { chatId: closed.id, members: members(closed) } : undefined;
}
