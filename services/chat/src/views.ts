import type { ChatMessage } from '@marketplace/contracts';
import type { Selectable } from 'kysely';
import type { ChatsTable, MessagesTable } from './db-types';

/** What a member without a name in the read model (not known yet) is called. */
export const ANONYMOUS = 'Anonymous';

export type ChatRow = Selectable<ChatsTable>;
export type MessageRow = Selectable<MessagesTable>;
export type Side = 'poster' | 'applicant';

/** A conversation with its members' names, as the thread, the socket and the writer read it. */
export interface ChatView extends ChatRow {
  poster_name: string | null;
  applicant_name: string | null;
}

/** The two members of a conversation: whoever must hear of a change in it. */
export type Members = [posterId: string, applicantId: string];

export interface SendResult {
  message: ChatMessage;
  members: Members;
  /** The same (chat, sender, clientId) was stored before: this is that message, nothing new. */
  replay: boolean;
}

export function sideOf(
  chat: Pick<ChatRow, 'poster_id' | 'applicant_id'>,
  memberId: string,
): Side | undefined {
  if (chat.poster_id === memberId) return 'poster';
  if (chat.applicant_id === memberId) return 'applicant';
  return undefined;
}

export const members = (chat: Pick<ChatRow, 'poster_id' | 'applicant_id'>): Members => [
  chat.poster_id,
  chat.applicant_id,
];

/** A stored message as clients see it: the sender's name, and whether the other member read it. */
export function toMessage(row: MessageRow, chat: ChatView): ChatMessage {
  const fromPoster = row.sender_id === chat.poster_id;
  const name = fromPoster ? chat.poster_name : chat.applicant_name;
  return {
    _id: row.id,
    chatId: row.chat_id,
    seq: row.seq,
    clientId: row.client_id,
    sender: { _id: row.sender_id, name: name ?? ANONYMOUS },
    message: row.message,
    sentAt: row.sent_at.toISOString(),
    // Read once the other member's read position reached it.
    read: (fromPoster ? chat.applicant_read_seq : chat.poster_read_seq) >= row.seq,
    // Text messages stay as they were (old clients and stored answers); offers say what they are.
    ...(row.kind !== 'text' && { kind: row.kind, offer: row.offer }),
  };
}
