// Pure rules of the chat screen: who the other party is, merging messages without duplicates, the resume
// point, read receipts, and the inbox's live counts and order.
import type { ChatMessage, ChatSummary } from '@marketplace/contracts';
import type { AccountType } from '@marketplace/ui';

interface Parties {
  posterId: { _id: string; name: string };
  applicantId: { _id: string; name: string };
}

/** Spec section 6: a company sees the poster as counterpart; any other account type sees the applicant. */
export function counterpartOf(chat: Parties, viewerType: AccountType): { _id: string; name: string } {
  return viewerType === 'company' ? chat.posterId : chat.applicantId;
}

/**
 * `existing` and `incoming` as one list ordered by sequence number, each message once (by seq, and by
 * _id for safety). A message seen twice keeps the newer copy, and stays read once it was read.
 */
export function mergeMessages(
  existing: readonly ChatMessage[],
  incoming: readonly ChatMessage[],
): ChatMessage[] {
  const bySeq = new Map<number, ChatMessage>();
  const seqOfId = new Map<string, number>();
  for (const message of [...existing, ...incoming]) {
    const earlierSeq = seqOfId.get(message._id);
    if (earlierSeq !== undefined && earlierSeq !== message.seq) bySeq.delete(earlierSeq);
    const earlier = bySeq.get(message.seq);
    bySeq.set(message.seq, earlier ? { ...message, read: earlier.read || message.read } : message);
    seqOfId.set(message._id, message.seq);
  }
  return [...bySeq.values()].sort((a, b) => a.seq - b.seq);
}

/**
 * The last sequence number up to which the list has no hole (0 when empty): where a catch-up starts.
 * The list may start anywhere (older pages not loaded); a hole after its start stops the count.
 */
export function contiguousLastSeq(messages: readonly ChatMessage[]): number {
  if (messages.length === 0) return 0;
  let last = messages[0]!.seq;
  for (const message of messages.slice(1)) {
    if (message.seq !== last + 1) break;
    last = message.seq;
  }
  return last;
}

/** The newest sequence number in the list (0 when empty). */
export function newestSeq(messages: readonly ChatMessage[]): number {
  return messages.length ? messages[messages.length - 1]!.seq : 0;
}

/** `readerId` read the other member's messages up to `upTo`: those become read. */
export function markReadUpTo(
  messages: readonly ChatMessage[],
  readerId: string,
  upTo: number,
): ChatMessage[] {
  let changed = false;
  const next = messages.map((message) => {
    if (message.read || message.sender._id === readerId || message.seq > upTo) return message;
    changed = true;
    return { ...message, read: true };
  });
  return changed ? next : (messages as ChatMessage[]);
}

/** Newest activity first; conversations without messages last, in their original order. */
export function sortInbox(chats: readonly ChatSummary[]): ChatSummary[] {
  return chats
    .map((chat, index) => ({ chat, index }))
    .sort((a, b) => {
      const at = a.chat.lastMessageAt ?? '';
      const bt = b.chat.lastMessageAt ?? '';
      if (at !== bt) return at < bt ? 1 : -1;
      return a.index - b.index;
    })
    .map(({ chat }) => chat);
}

/**
 * The inbox after `message` arrived. A message the inbox already counted (seq not above the chat's
 * lastSeq) changes nothing, so a message delivered twice is counted once. `known` is false when the
 * conversation is not in the inbox (the inbox must be fetched again).
 */
export function applyMessageToInbox(
  chats: readonly ChatSummary[],
  message: ChatMessage,
  options: { memberId: string; seenNow: boolean },
): { chats: ChatSummary[]; known: boolean; counted: boolean } {
  const index = chats.findIndex((chat) => chat._id === message.chatId);
  if (index < 0) return { chats: [...chats], known: false, counted: false };
  const chat = chats[index]!;
  if (message.seq <= chat.lastSeq) return { chats: [...chats], known: true, counted: false };
  const fromOther = message.sender._id !== options.memberId;
  const updated: ChatSummary = {
    ...chat,
    lastSeq: message.seq,
    lastMessageAt: message.sentAt,
    lastMessage: {
      seq: message.seq,
      senderId: message.sender._id,
      message: message.message,
      sentAt: message.sentAt,
    },
    unreadCount: fromOther && !options.seenNow ? chat.unreadCount + 1 : chat.unreadCount,
  };
  const next = [...chats];
  next[index] = updated;
  return { chats: sortInbox(next), known: true, counted: true };
}

/** The member's unread messages over all conversations. */
export function unreadTotal(chats: readonly ChatSummary[] | undefined): number {
  return (chats ?? []).reduce((sum, chat) => sum + Math.max(0, chat.unreadCount), 0);
}
