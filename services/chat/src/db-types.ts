import type { ChatMessageKind, ChatOffer } from '@marketplace/contracts';
import type { MembersTable } from '@marketplace/service-kit';
import type { ColumnType, Generated } from 'kysely';

/**
 * One conversation per paid unlock (job + company). The read state of each member lives here:
 * `*_read_seq` (read up to), `*_unread` (messages from the other member after it), `*_unread_since`
 * (when the oldest of those was sent) and `*_reminded_at` (the reminder for that unread stretch).
 */
export interface ChatsTable {
  id: Generated<string>;
  job_id: string;
  poster_id: string;
  applicant_id: string;
  /** The payment whose unlock opened (or reopened) the conversation; its refund closes it. */
  payment_id: string | null;
  read_only: Generated<boolean>;
  last_seq: Generated<number>;
  last_message_at: Date | null;
  poster_read_seq: Generated<number>;
  applicant_read_seq: Generated<number>;
  poster_unread: Generated<number>;
  applicant_unread: Generated<number>;
  poster_unread_since: Date | null;
  applicant_unread_since: Date | null;
  poster_reminded_at: Date | null;
  applicant_reminded_at: Date | null;
  /** The poster's first message since the conversation was opened or reopened (announced). */
  poster_wrote_at: Date | null;
  /** The company's first message after `poster_wrote_at`: the answer (announced). */
  company_answered_at: Date | null;
  created_at: ColumnType<Date, never, never>;
}

export interface MessagesTable {
  id: Generated<string>;
  chat_id: string;
  /** 1, 2, 3 ... per conversation without gaps: the order and the resume point. */
  seq: number;
  sender_id: string;
  /** The sender's own id of the message: a retry with the same one is stored once. */
  client_id: string | null;
  message: string;
  sent_at: Date;
  kind: Generated<ChatMessageKind>;
  /** The offer of an 'offer' or 'offer-update' message (see ChatOfferSchema); null for text. */
  offer: ColumnType<ChatOffer | null, string | null | undefined, string | null>;
  /** What stored this message from an event (the offer's id, or the event's): stored once. */
  event_key: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Read model of jobs: what the inbox and the thread show of a job (from jobs.job.*). */
export interface ChatJobsTable {
  job_id: string;
  title: string | null;
  category: string | null;
  job_start_date: string | null;
  poster_id: string | null;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface ChatDatabase {
  /** Read model of accounts: names and photos of the people in a chat. */
  members: MembersTable;
  chats: ChatsTable;
  messages: MessagesTable;
  chat_jobs: ChatJobsTable;
}
