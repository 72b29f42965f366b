import { createHash, randomUUID } from 'node:crypto';
import {
  EVENT_TYPES,
  type ChatMessageKind,
  type ChatMessageSentV1,
  type ChatOffer,
} from '@marketplace/contracts';
import { publishEvents, type RateLimitRule } from '@marketplace/service-kit';
import { CompiledQuery, type Kysely } from 'kysely';
import type { ChatDatabase } from './db-types';
import { ChatError, chatErrors } from './errors';
import { members, sideOf, toMessage, type ChatView, type MessageRow, type SendResult } from './views';

/** The one per-member send budget of the socket and HTTP paths (kit table rate_limit_counters). */
export const SEND_LIMIT_NAME = 'chat-send';

export interface WriteRequest {
  memberId: string;
  chatId: string;
  /** Already trimmed and checked. */
  text: string;
  clientId: string | null;
  correlationId: string;
}

export interface MessageWriterOptions {
  now: () => Date;
  sendLimit: RateLimitRule;
  /** Messages stored by one transaction at most. */
  maxBatch?: number;
  /** Transactions at once (each holds a database connection). */
  maxInFlight?: number;
  onError?: (err: unknown, size: number) => void;
}

interface Queued extends WriteRequest {
  resolve(result: SendResult): void;
  reject(err: unknown): void;
}

type Outcome = { result: SendResult } | { error: ChatError };

// Schema `chat` (setupService). Chats are locked in id order and counters written in key order, so two
// batches that share conversations or members wait for each other instead of deadlocking.
const LOCK_CHATS = `select c.*, p.name as poster_name, a.name as applicant_name
  from chat.chats c
  left join chat.members p on p.id = c.poster_id
  left join chat.members a on a.id = c.applicant_id
  where c.id = any($1::uuid[])
  order by c.id
  for update of c`;

const STORED = `select m.* from chat.messages m
  join unnest($1::uuid[], $2::uuid[], $3::text[]) as k(chat_id, sender_id, client_id)
    on m.chat_id = k.chat_id and m.sender_id = k.sender_id and m.client_id = k.client_id`;

const COUNT_SENDS = `insert into chat.rate_limit_counters (name, key_hash, window_start, hits, expires_at)
  select $1::text, k.key_hash, $2::bigint, k.n, $3::timestamptz
  from unnest($4::text[], $5::integer[]) as k(key_hash, n)
  order by k.key_hash
  on conflict (name, key_hash, window_start) do update set hits = chat.rate_limit_counters.hits + excluded.hits
  returning key_hash, hits`;

/** The messages, and each conversation moved on: last seq, and the recipients' unread counts and stretches. */
const INSERT_AND_MOVE = `with inserted as (
    insert into chat.messages (id, chat_id, seq, sender_id, client_id, message, sent_at, kind, offer, event_key)
    select * from unnest($1::uuid[], $2::uuid[], $3::integer[], $4::uuid[], $5::text[], $6::text[], $7::timestamptz[],
      $15::text[], $16::jsonb[], $17::text[])
    returning id
  )
  update chat.chats c set
    last_seq = v.last_seq,
    last_message_at = v.last_at,
    poster_unread = c.poster_unread + v.poster_add,
    applicant_unread = c.applicant_unread + v.applicant_add,
    poster_unread_since = case when v.poster_add > 0 then coalesce(c.poster_unread_since, v.poster_first) else c.poster_unread_since end,
    applicant_unread_since = case when v.applicant_add > 0 then coalesce(c.applicant_unread_since, v.applicant_first) else c.applicant_unread_since end,
    poster_wrote_at = coalesce(c.poster_wrote_at, v.poster_wrote),
    company_answered_at = coalesce(c.company_answered_at, v.company_answered)
  from unnest($8::uuid[], $9::integer[], $10::timestamptz[], $11::integer[], $12::integer[], $13::timestamptz[], $14::timestamptz[],
      $18::timestamptz[], $19::timestamptz[])
    as v(id, last_seq, last_at, poster_add, applicant_add, poster_first, applicant_first, poster_wrote, company_answered)
  where c.id = v.id`;

const keyHash = (memberId: string) => createHash('sha256').update(memberId).digest('hex');
const storedKey = (chatId: string, senderId: string, clientId: string) => `${chatId}|${senderId}|${clientId}`;

/**
 * Stores messages in batches (group commit): while a transaction is running, the messages that arrive
 * wait and go together in the next one, so under load a conversation lock, a counter update, an insert,
 * a conversation update, an outbox insert and one commit serve many messages instead of one; alone, a
 * message goes at once. Each message still gets its own answer: stored (with its sequence number),
 * a replay of one stored before under the same client id, or why not (not found, not a member,
 * read-only, over the send limit), decided per message under the conversation's lock.
 */
export class MessageWriter {
  readonly #queue: Queued[] = [];
  #inFlight = 0;
  readonly #maxBatch: number;
  readonly #maxInFlight: number;

  constructor(
    private readonly db: Kysely<ChatDatabase>,
    private readonly options: MessageWriterOptions,
  ) {
    this.#maxBatch = options.maxBatch ?? 200;
    this.#maxInFlight = options.maxInFlight ?? 4;
  }

  write(request: WriteRequest): Promise<SendResult> {
    return new Promise((resolve, reject) => {
      this.#queue.push({ ...request, resolve, reject });
      this.#pump();
    });
  }

  #pump(): void {
    while (this.#inFlight < this.#maxInFlight && this.#queue.length > 0) {
      const batch = this.#queue.splice(0, this.#maxBatch);
      this.#inFlight++;
      void this.#run(batch).finally(() => {
        this.#inFlight--;
        this.#pump();
      });
    }
  }

  async #run(batch: Queued[]): Promise<void> {
    let outcomes: Outcome[];
    try {
      outcomes = await this.db.transaction().execute((trx) => this.#store(trx, batch));
    } catch (err) {
      this.options.onError?.(err, batch.length);
      if (batch.length === 1) {
        batch[0]!.reject(err);
        return;
      }
      // One message may be what failed: each goes again alone (in queue order, so the order the
      // members wrote in holds), and the others are not held back by it.
      for (const item of batch) await this.#run([item]);
      return;
    }
    batch.forEach((item, i) => {
      const outcome = outcomes[i]!;
      if ('result' in outcome) item.resolve(outcome.result);
      else item.reject(outcome.error);
    });
  }

  async #store(trx: Kysely<ChatDatabase>, batch: readonly WriteRequest[]): Promise<Outcome[]> {
    const chatIds = [...new Set(batch.map((item) => item.chatId))];
    const chats = await lockChats(trx, chatIds);
    const now = this.options.now(); // after the lock: times follow the sequence numbers
    const outcomes: Array<Outcome | undefined> = new Array(batch.length);

    // Who may write where; and what was stored before under the same client id.
    const keyed = batch.filter((item) => item.clientId !== null && chats.has(item.chatId));
    const stored = new Map<string, MessageRow>();
    if (keyed.length > 0) {
      const rows = await trx.executeQuery<MessageRow>(
        CompiledQuery.raw(STORED, [
          keyed.map((item) => item.chatId),
          keyed.map((item) => item.memberId),
          keyed.map((item) => item.clientId),
        ]),
      );
      for (const row of rows.rows) stored.set(storedKey(row.chat_id, row.sender_id, row.client_id!), row);
    }
    const fresh: number[] = [];
    const firstOfKey = new Map<string, number>();
    const sameAs = new Map<number, number>();
    batch.forEach((item, i) => {
      const chat = chats.get(item.chatId);
      if (!chat) return void (outcomes[i] = { error: chatErrors.notFound() });
      if (!sideOf(chat, item.memberId)) return void (outcomes[i] = { error: chatErrors.notMember() });
      if (item.clientId !== null) {
        const key = storedKey(chat.id, item.memberId, item.clientId);
        const before = stored.get(key);
        if (before) {
          return void (outcomes[i] = {
            result: { message: toMessage(before, chat), members: members(chat), replay: true },
          });
        }
        // The same message twice in one batch (two sockets of one member): the first one decides.
        const first = firstOfKey.get(key);
        if (first !== undefined) return void sameAs.set(i, first);
        firstOfKey.set(key, i);
      }
      if (chat.read_only) return void (outcomes[i] = { error: chatErrors.readOnly() });
      fresh.push(i);
    });

    // The send limit: each member's new messages counted in their window, the first ones within it pass.
    const limit = this.options.sendLimit;
    const windowStart = Math.floor(now.getTime() / limit.windowMs) * limit.windowMs;
    const windowEnd = windowStart + limit.windowMs;
    const perMember = new Map<string, number[]>();
    for (const i of fresh) {
      const memberId = batch[i]!.memberId;
      perMember.set(memberId, [...(perMember.get(memberId) ?? []), i]);
    }
    const accepted: number[] = [];
    if (perMember.size > 0) {
      const hashes = [...perMember.keys()].map(keyHash);
      const counted = await trx.executeQuery<{ key_hash: string; hits: number }>(
        CompiledQuery.raw(COUNT_SENDS, [
          SEND_LIMIT_NAME,
          windowStart,
          new Date(windowEnd),
          hashes,
          [...perMember.values()].map((items) => items.length),
        ]),
      );
      const hits = new Map(counted.rows.map((row) => [row.key_hash, Number(row.hits)]));
      for (const [memberId, items] of perMember) {
        const before = (hits.get(keyHash(memberId)) ?? items.length) - items.length;
        const allowed = Math.max(0, Math.min(items.length, limit.max - before));
        items.forEach((i, n) => {
          if (n < allowed) accepted.push(i);
          else outcomes[i] = { error: chatErrors.rateLimited(windowEnd - now.getTime()) };
        });
      }
      accepted.sort((a, b) => a - b); // queue order: the order members sent them
    }

    if (accepted.length > 0) {
      const rows = await storeMessages(
        trx,
        accepted.map((i) => {
          const item = batch[i]!;
          return {
            chat: chats.get(item.chatId)!,
            senderId: item.memberId,
            clientId: item.clientId,
            text: item.text,
          };
        }),
        now,
      );
      const events: Array<{ payload: ChatMessageSentV1; correlationId: string }> = [];
      accepted.forEach((i, n) => {
        const row = rows[n]!;
        const chat = chats.get(row.chat_id)!;
        if (row.milestone)
          events.push({ correlationId: batch[i]!.correlationId, payload: messageSentPayload(row, chat) });
        outcomes[i] = { result: { message: toMessage(row, chat), members: members(chat), replay: false } };
      });
      if (events.length > 0) await publishEvents(trx, EVENT_TYPES.chatMessageSent, events);
    }

    for (const [i, first] of sameAs) {
      const outcome = outcomes[first]!;
      outcomes[i] = 'result' in outcome ? { result: { ...outcome.result, replay: true } } : outcome;
    }
    return outcomes as Outcome[];
  }
}

/** Locks these conversations (in id order) and reads them with the members' names. */
export async function lockChats(
  trx: Kysely<ChatDatabase>,
  chatIds: readonly string[],
): Promise<Map<string, ChatView>> {
  const locked = await trx.executeQuery<ChatView>(CompiledQuery.raw(LOCK_CHATS, [chatIds]));
  return new Map(locked.rows.map((chat) => [chat.id, chat]));
}

/** A message to store in a conversation locked by `lockChats`. */
export interface NewMessage {
  chat: ChatView;
  senderId: string;
  clientId: string | null;
  text: string;
  kind?: ChatMessageKind;
  offer?: ChatOffer | null;
  eventKey?: string | null;
  /**
   * Someone writing (default): may be the conversation's milestone. Offer updates and notices are not
   * (the company's own offer is).
   */
  writes?: boolean;
}

export interface StoredMessage extends MessageRow {
  /**
   * The poster's first message since the conversation was opened or reopened, or the company's first
   * after it: the ones announced as chat.message.sent (what accounts and payments need of a chat).
   */
  milestone: boolean;
}

/**
 * Stores messages in conversations the transaction locked (see `lockChats`): each gets the next seq
 * of its conversation, the conversation moves on, and the recipient (the member who did not send it)
 * has one more unread message, their unread stretch starting with it if none runs. Members' messages
 * and the offers from jobs' events go through here alike. Returns the rows in the order given; the
 * `last_seq` and milestones of each chat view are moved on too, so a later call in the same
 * transaction follows them.
 */
export async function storeMessages(
  trx: Kysely<ChatDatabase>,
  messages: readonly NewMessage[],
  now: Date,
): Promise<StoredMessage[]> {
  const rows: StoredMessage[] = [];
  const moves = new Map<
    string,
    {
      lastSeq: number;
      posterAdd: number;
      applicantAdd: number;
      posterFirst: Date | null;
      applicantFirst: Date | null;
      posterWrote: Date | null;
      companyAnswered: Date | null;
    }
  >();
  for (const item of messages) {
    const chat = item.chat;
    const move = moves.get(chat.id) ?? {
      lastSeq: chat.last_seq,
      posterAdd: 0,
      applicantAdd: 0,
      posterFirst: null,
      applicantFirst: null,
      posterWrote: null,
      companyAnswered: null,
    };
    const seq = ++move.lastSeq;
    const fromPoster = sideOf(chat, item.senderId) === 'poster';
    // The recipient's unread count grows; their stretch starts with this message if none runs.
    if (fromPoster) {
      move.applicantAdd++;
      move.applicantFirst ??= now;
    } else {
      move.posterAdd++;
      move.posterFirst ??= now;
    }
    let milestone = false;
    if (item.writes ?? true) {
      if (fromPoster && chat.poster_wrote_at === null) {
        chat.poster_wrote_at = move.posterWrote = now;
        milestone = true;
      } else if (!fromPoster && chat.poster_wrote_at !== null && chat.company_answered_at === null) {
        chat.company_answered_at = move.companyAnswered = now;
        milestone = true;
      }
    }
    moves.set(chat.id, move);
    rows.push({
      id: randomUUID(),
      chat_id: chat.id,
      seq,
      sender_id: item.senderId,
      client_id: item.clientId,
      message: item.text,
      sent_at: now,
      kind: item.kind ?? 'text',
      offer: item.offer ?? null,
      event_key: item.eventKey ?? null,
      milestone,
    });
  }
  if (rows.length === 0) return rows;
  const moved = [...moves.entries()];
  await trx.executeQuery(
    CompiledQuery.raw(INSERT_AND_MOVE, [
      rows.map((r) => r.id),
      rows.map((r) => r.chat_id),
      rows.map((r) => r.seq),
      rows.map((r) => r.sender_id),
      rows.map((r) => r.client_id),
      rows.map((r) => r.message),
      rows.map((r) => r.sent_at),
      moved.map(([id]) => id),
      moved.map(([, m]) => m.lastSeq),
      moved.map(() => now),
      moved.map(([, m]) => m.posterAdd),
      moved.map(([, m]) => m.applicantAdd),
      moved.map(([, m]) => m.posterFirst),
      moved.map(([, m]) => m.applicantFirst),
      rows.map((r) => r.kind),
      rows.map((r) => (r.offer === null ? null : JSON.stringify(r.offer))),
      rows.map((r) => r.event_key),
      moved.map(([, m]) => m.posterWrote),
      moved.map(([, m]) => m.companyAnswered),
    ]),
  );
  for (const message of messages)
    message.chat.last_seq = Math.max(message.chat.last_seq, moves.get(message.chat.id)!.lastSeq);
  return rows;
}

/** The chat.message.sent event of a stored milestone message (what accounts and payments hear of it). */
export function messageSentPayload(row: MessageRow, chat: ChatView): ChatMessageSentV1 {
  const fromPoster = sideOf(chat, row.sender_id) === 'poster';
  return {
    chatId: chat.id,
    jobId: chat.job_id,
    messageId: row.id,
    seq: row.seq,
    senderId: row.sender_id,
    recipientId: fromPoster ? chat.applicant_id : chat.poster_id,
    posterId: chat.poster_id,
    applicantId: chat.applicant_id,
    sentAt: row.sent_at.toISOString(),
  };
}
