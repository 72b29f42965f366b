// The chat screen's live state: the realtime connection, the open conversation, and the outbox of the
// member's own messages until the server has stored them. Conversations and the inbox live in the query
// cache (the same keys the components read); realtime frames update that cache in place.
//
// Delivery rules (issue 11): every message gets a client id (a UUID) when it is typed; it is sent over the
// socket when the connection is open, kept while it is not, and sent again with the same id after every
// reconnect until the server acknowledges it, so it is stored exactly once. Messages are placed by their
// per-conversation sequence number and never shown twice. After a reconnect or a `resync`, the inbox is
// fetched again and the open conversation catches up from the last number seen; a number that skips
// ahead means something was missed, and the conversation catches up too. A message the server could not
// store for now (`unavailable`: its database failed, e.g. PostgreSQL restarting) goes again by itself after
// the failure back-off (1 s, 2 s, 4 s, then 2.5-5 s), with the same id, until it is stored.
import type { QueryClient } from '@tanstack/react-query';
import {
  CHAT_LIMITS,
  CHAT_MESSAGES,
  CHAT_UNREAD_EVENT,
  realtimeBackoffDelay,
  type ChatMessage,
  type ChatSummary,
  type ChatThreadResponse,
  type ChatUnreadEventDetail,
  type WsClientFrame,
  type WsErrorCode,
  type WsServerFrame,
} from '@marketplace/contracts';
import {
  getSession,
  notify,
  refreshSession,
  subscribeSession,
  retryUnlessClientError,
} from '@marketplace/ui';
import { newClientId } from '@marketplace/ui/client-id';
import { fetchThread, inboxKey, mergeThread, threadKey } from '../api/chat-api';
import {
  RealtimeConnection,
  type ConnectionState,
  type RealtimeOptions,
  type WebSocketFactory,
} from '../api/realtime';
import {
  applyMessageToInbox,
  contiguousLastSeq,
  markReadUpTo,
  mergeMessages,
  newestSeq,
  unreadTotal,
} from '../utils/messages';

/** One of the member's own messages the server has not stored yet. */
export interface OutboxEntry {
  clientId: string;
  chatId: string;
  message: string;
  createdAt: string;
  /**
   * queued: waiting for the connection; sending: sent, no answer yet, or waiting to go again after the
   * server could not store it for now; failed: refused (the member can retry it).
   */
  status: 'queued' | 'sending' | 'failed';
  error?: string;
}

export interface ChatSnapshot {
  connection: ConnectionState;
  openChatId: string | null;
  outbox: readonly OutboxEntry[];
}

/** Test seams: the WebSocket and the randomness of the backoff (production uses the browser's). */
export const realtimeSetup: { createSocket?: WebSocketFactory; random?: () => number } = {};

/** Texts of the server's error codes (contracts' CHAT_MESSAGES); `unavailable` uses the server's own words. */
export function errorText(code: WsErrorCode, serverMessage: string): string {
  switch (code) {
    case 'not_member':
      return CHAT_MESSAGES.notMember;
    case 'not_found':
      return CHAT_MESSAGES.notFound;
    case 'read_only':
      return CHAT_MESSAGES.readOnly;
    case 'empty':
      return CHAT_MESSAGES.emptyMessage;
    case 'too_long':
      return CHAT_MESSAGES.tooLong;
    case 'rate_limited':
      return CHAT_MESSAGES.rateLimited;
    case 'bad_request':
      return CHAT_MESSAGES.badMessage;
    default:
      return serverMessage || 'The message could not be sent. Try again.';
  }
}

const OUTBOX_KEY_PREFIX = 'marketplace.chat.outbox.';
const outboxStorageKey = (memberId: string) => `${OUTBOX_KEY_PREFIX}${memberId}`;

/** Unsent messages are the member's words: they go when the session ends on this device. */
function forgetOutboxes(): void {
  try {
    const storage = window.sessionStorage;
    for (const key of Object.keys(storage)) if (key.startsWith(OUTBOX_KEY_PREFIX)) storage.removeItem(key);
  } catch {
    // storage disabled
  }
}
if (typeof window !== 'undefined') {
  subscribeSession(() => {
    if (getSession().status === 'signed-out') forgetOutboxes();
  });
}

function pageVisible(): boolean {
  return typeof document === 'undefined' || document.visibilityState !== 'hidden';
}

/** Pause before a catch-up the database could not answer is asked again. */
const CATCH_UP_RETRY_MS = 2000;

export class ChatSession {
  private snapshot: ChatSnapshot;
  private readonly listeners = new Set<() => void>();
  private readonly connection: RealtimeConnection;
  private openedOnce = false;
  private unsubscribeCache: (() => void) | null = null;
  private lastPushedTotal: number | null = null;
  private readonly random: () => number;
  /** Messages answered `unavailable`: the timer that sends each again, and how many times it was. */
  private readonly resendTimers = new Map<string, ReturnType<typeof setTimeout>>();
  /** Catch-ups refused with `unavailable` (the database failed), asked again after a pause, per chat. */
  private readonly catchUpTimers = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly resends = new Map<string, number>();

  constructor(
    private readonly queryClient: QueryClient,
    private readonly member: { _id: string },
    options: Partial<RealtimeOptions> = {},
  ) {
    this.snapshot = { connection: 'stopped', openChatId: null, outbox: this.restoreOutbox() };
    this.random = options.random ?? realtimeSetup.random ?? Math.random;
    this.connection = new RealtimeConnection({
      createSocket: realtimeSetup.createSocket,
      random: realtimeSetup.random,
      // An ended session (4401) or a refused upgrade: refresh it (or learn it is over) and reconnect.
      renewSession: refreshSession,
      ...options,
      onFrame: (frame) => this.onFrame(frame),
      onState: (state) => this.onState(state),
    });
  }

  // ---------- React glue ----------
  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getSnapshot = (): ChatSnapshot => this.snapshot;

  private update(changes: Partial<ChatSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...changes };
    if (changes.outbox) this.saveOutbox();
    for (const listener of [...this.listeners]) listener();
  }

  start(): void {
    this.unsubscribeCache ??= this.queryClient.getQueryCache().subscribe((event) => {
      const key = event.query.queryKey;
      if (key[1] === 'inbox' && key[2] === this.member._id) this.pushUnreadTotal();
    });
    this.pushUnreadTotal();
    document.addEventListener('visibilitychange', this.onVisibility);
    this.connection.start();
  }

  /** Leaving the page: the socket closes. */
  stop(): void {
    document.removeEventListener('visibilitychange', this.onVisibility);
    this.unsubscribeCache?.();
    this.unsubscribeCache = null;
    this.connection.stop();
    // Whatever waited to go again is queued (the connection stopped): the next connection sends it.
    for (const timer of this.resendTimers.values()) clearTimeout(timer);
    this.resendTimers.clear();
    for (const timer of this.catchUpTimers.values()) clearTimeout(timer);
    this.catchUpTimers.clear();
  }

  // ---------- Opening a conversation ----------
  /** Spec section 4: select, load messages, join the room (catch up) and mark it read. */
  open(chatId: string | null): void {
    if (chatId === this.snapshot.openChatId) return;
    this.update({ openChatId: chatId });
    if (chatId) void this.load(chatId);
  }

  private async load(chatId: string): Promise<void> {
    try {
      await this.queryClient.fetchQuery({
        queryKey: threadKey(chatId),
        queryFn: async ({ signal }) =>
          mergeThread(this.thread(chatId), await fetchThread(chatId, {}, signal)),
        staleTime: 0,
        retry: retryUnlessClientError,
      });
    } catch (error) {
      // Spec section 8: a failed load leaves an empty message list; it is only logged.
      console.error('[chat] the conversation could not be loaded', error);
      return;
    }
    if (this.snapshot.openChatId !== chatId) return;
    this.catchUp(chatId);
    this.markRead(chatId);
  }

  /** Older messages, before the first one shown. */
  async loadEarlier(chatId: string): Promise<void> {
    const first = this.thread(chatId)?.messages[0]?.seq;
    if (!first) return;
    const older = await fetchThread(chatId, { before: first });
    this.setThread(chatId, (thread) => ({
      ...thread,
      messages: mergeMessages(thread.messages, older.messages),
      hasMore: older.hasMore,
    }));
  }

  /** Asks the server for what came after the last number seen (answered with `joined`). */
  private catchUp(chatId: string): void {
    const thread = this.thread(chatId);
    if (!thread) return;
    this.send({ type: 'joinRoom', chatId, after: contiguousLastSeq(thread.messages) });
  }

  /** The open conversation was seen: its messages are read, here and on the server. */
  markRead(chatId: string): void {
    if (!pageVisible() || this.snapshot.openChatId !== chatId) return;
    const upTo = newestSeq(this.thread(chatId)?.messages ?? []);
    this.setInboxChat(chatId, (chat) => (chat.unreadCount ? { ...chat, unreadCount: 0 } : chat));
    if (upTo > 0) this.send({ type: 'markAsRead', chatId, upTo });
  }

  // ---------- Sending ----------
  /**
   * Queues the member's message (trimmed) and sends it if the connection is open. Returns false, and
   * says why, when the text cannot be sent.
   */
  sendMessage(chatId: string, text: string): boolean {
    const message = text.trim();
    if (!message) return false;
    if (message.length > CHAT_LIMITS.messageMaxChars) {
      notify('warning', CHAT_MESSAGES.tooLong);
      return false;
    }
    const entry: OutboxEntry = {
      clientId: newClientId(),
      chatId,
      message,
      createdAt: new Date().toISOString(),
      status: 'queued',
    };
    this.update({ outbox: [...this.snapshot.outbox, entry] });
    this.deliver(entry.clientId);
    return true;
  }

  /** A failed message, again, with the same client id. */
  retry(clientId: string): void {
    this.setEntry(clientId, { status: 'queued', error: undefined });
    this.deliver(clientId);
  }

  /** A failed message the member gave up on. */
  discard(clientId: string): void {
    this.forgetResend(clientId);
    this.update({ outbox: this.snapshot.outbox.filter((entry) => entry.clientId !== clientId) });
  }

  private deliver(clientId: string): void {
    // Sent now (a reconnect, a resync, the timer): a resend that was waiting is not needed any more.
    clearTimeout(this.resendTimers.get(clientId));
    this.resendTimers.delete(clientId);
    const entry = this.snapshot.outbox.find((e) => e.clientId === clientId);
    if (!entry || entry.status === 'failed') return;
    const sent = this.send({
      type: 'sendMessage',
      chatId: entry.chatId,
      clientId: entry.clientId,
      message: entry.message,
    });
    this.setEntry(clientId, { status: sent ? 'sending' : 'queued' });
  }

  /** Every message not yet stored, once per connection, oldest first. */
  private flushOutbox(): void {
    for (const entry of this.snapshot.outbox) if (entry.status !== 'failed') this.deliver(entry.clientId);
  }

  private setEntry(clientId: string, changes: Partial<OutboxEntry>): void {
    let changed = false;
    const outbox = this.snapshot.outbox.map((entry) => {
      if (entry.clientId !== clientId) return entry;
      if (Object.entries(changes).every(([k, v]) => entry[k as keyof OutboxEntry] === v)) return entry;
      changed = true;
      return { ...entry, ...changes };
    });
    if (changed) this.update({ outbox });
  }

  /**
   * The server could not store the message for now (`unavailable`): it stays on its way ('sending') and
   * goes again, same client id, after the failure back-off; every further `unavailable` waits longer.
   */
  private resendLater(clientId: string): void {
    const attempt = this.resends.get(clientId) ?? 0;
    this.resends.set(clientId, attempt + 1);
    clearTimeout(this.resendTimers.get(clientId));
    const timer = setTimeout(
      () => {
        this.resendTimers.delete(clientId);
        this.deliver(clientId);
      },
      realtimeBackoffDelay(attempt, this.random),
    );
    this.resendTimers.set(clientId, timer);
  }

  private forgetResend(clientId: string): void {
    clearTimeout(this.resendTimers.get(clientId));
    this.resendTimers.delete(clientId);
    this.resends.delete(clientId);
  }

  private settle(clientIds: Iterable<string | null>): void {
    const ids = new Set([...clientIds].filter((id): id is string => !!id));
    for (const id of ids) this.forgetResend(id);
    if (!ids.size || !this.snapshot.outbox.some((entry) => ids.has(entry.clientId))) return;
    this.update({ outbox: this.snapshot.outbox.filter((entry) => !ids.has(entry.clientId)) });
  }

  private send(frame: WsClientFrame): boolean {
    return this.connection.send(frame);
  }

  // ---------- Realtime ----------
  private onState(state: ConnectionState): void {
    this.update({ connection: state });
    if (state !== 'open') {
      // What had no answer before the connection went is waiting again.
      if (this.snapshot.outbox.some((e) => e.status === 'sending'))
        this.update({
          outbox: this.snapshot.outbox.map((e) => (e.status === 'sending' ? { ...e, status: 'queued' } : e)),
        });
      return;
    }
    // Connected (again): the inbox may have changed meanwhile; the open conversation catches up;
    // whatever was typed meanwhile goes out now.
    if (this.openedOnce) void this.queryClient.invalidateQueries({ queryKey: inboxKey(this.member._id) });
    this.openedOnce = true;
    const open = this.snapshot.openChatId;
    if (open) {
      this.catchUp(open);
      this.markRead(open);
    }
    this.flushOutbox();
  }

  private onFrame(frame: WsServerFrame): void {
    switch (frame.type) {
      case 'welcome':
        if (!this.queryClient.getQueryData(inboxKey(this.member._id))) this.dispatchTotal(frame.unreadTotal);
        break;
      case 'newMessage':
        this.receive([frame.message]);
        break;
      case 'messageAck':
        this.settle([frame.clientId]);
        this.receive([frame.message]);
        break;
      case 'joined':
        this.onJoined(frame);
        break;
      case 'messagesRead':
        this.onMessagesRead(frame.chatId, frame.userId, frame.upTo);
        break;
      case 'inboxChanged':
        void this.queryClient.invalidateQueries({ queryKey: inboxKey(this.member._id) });
        if (frame.chatId === this.snapshot.openChatId) void this.load(frame.chatId);
        break;
      case 'resync': {
        void this.queryClient.invalidateQueries({ queryKey: inboxKey(this.member._id) });
        const open = this.snapshot.openChatId;
        if (open) this.catchUp(open);
        // The server stores a client id once: sending again what had no answer is safe.
        this.flushOutbox();
        break;
      }
      case 'error':
        this.onError(frame);
        break;
      default:
        break; // pong
    }
  }

  /** Messages that arrived live (newMessage, messageAck): thread, outbox, inbox, read state. */
  private receive(messages: ChatMessage[]): void {
    for (const message of messages) {
      const chatId = message.chatId;
      const open = chatId === this.snapshot.openChatId;
      const thread = this.thread(chatId);
      const gap =
        open && thread && thread.messages.length > 0 && message.seq > contiguousLastSeq(thread.messages) + 1;
      if (thread) this.setThread(chatId, (t) => ({ ...t, messages: mergeMessages(t.messages, [message]) }));
      this.settle([message.clientId]);
      const seenNow = open && pageVisible();
      const inbox = this.inbox();
      if (inbox) {
        const result = applyMessageToInbox(inbox, message, { memberId: this.member._id, seenNow });
        if (!result.known) void this.queryClient.invalidateQueries({ queryKey: inboxKey(this.member._id) });
        else if (result.counted) this.queryClient.setQueryData(inboxKey(this.member._id), result.chats);
      }
      if (gap && thread) this.send({ type: 'joinRoom', chatId, after: contiguousLastSeq(thread.messages) });
      if (seenNow && message.sender._id !== this.member._id)
        this.send({ type: 'markAsRead', chatId, upTo: message.seq });
    }
  }

  private onJoined(frame: Extract<WsServerFrame, { type: 'joined' }>): void {
    const { chatId } = frame;
    this.settle(frame.messages.map((m) => m.clientId));
    let after = 0;
    this.setThread(chatId, (thread) => {
      const messages = mergeMessages(thread.messages, frame.messages);
      after = contiguousLastSeq(messages);
      return { ...thread, messages, readOnly: frame.readOnly || thread.readOnly };
    });
    const newest = frame.messages[frame.messages.length - 1];
    if (newest) {
      const inbox = this.inbox();
      const seenNow = chatId === this.snapshot.openChatId && pageVisible();
      if (inbox) {
        const result = applyMessageToInbox(inbox, newest, { memberId: this.member._id, seenNow });
        if (result.counted) this.queryClient.setQueryData(inboxKey(this.member._id), result.chats);
      }
    }
    if (frame.readOnly)
      this.setInboxChat(chatId, (chat) => (chat.readOnly ? chat : { ...chat, readOnly: true }));
    // More than one page was missed: ask for the next one.
    if (frame.hasMore && after > 0) this.send({ type: 'joinRoom', chatId, after });
    else if (chatId === this.snapshot.openChatId && frame.messages.length) this.markRead(chatId);
  }

  private onMessagesRead(chatId: string, readerId: string, upTo: number): void {
    this.setThread(chatId, (thread) => {
      const messages = markReadUpTo(thread.messages, readerId, upTo);
      return messages === thread.messages ? thread : { ...thread, messages };
    });
    if (readerId !== this.member._id) return;
    // Read on this or another device of the member.
    const chat = this.inbox()?.find((c) => c._id === chatId);
    if (!chat || !chat.unreadCount) return;
    if (upTo >= chat.lastSeq) this.setInboxChat(chatId, (c) => ({ ...c, unreadCount: 0 }));
    else void this.queryClient.invalidateQueries({ queryKey: inboxKey(this.member._id) });
  }

  private onError(frame: Extract<WsServerFrame, { type: 'error' }>): void {
    const text = errorText(frame.code, frame.message);
    if (frame.code === 'read_only' && frame.chatId) {
      const chatId = frame.chatId;
      this.setThread(chatId, (thread) => (thread.readOnly ? thread : { ...thread, readOnly: true }));
      this.setInboxChat(chatId, (chat) => (chat.readOnly ? chat : { ...chat, readOnly: true }));
    }
    const entry = frame.clientId && this.snapshot.outbox.find((e) => e.clientId === frame.clientId);
    if (entry && frame.code === 'unavailable') {
      if (entry.status !== 'failed') this.resendLater(entry.clientId);
      return;
    }
    if (entry) {
      this.forgetResend(entry.clientId);
      this.setEntry(entry.clientId, { status: 'failed', error: text });
      return;
    }
    // A catch-up (joinRoom) the database could not answer, e.g. while PostgreSQL restarts: without
    // another one the conversation would miss what was written meanwhile until the next reconnect.
    const chatId = frame.chatId;
    if (frame.code === 'unavailable' && chatId && !frame.clientId) {
      if (!this.catchUpTimers.has(chatId)) {
        const timer = setTimeout(() => {
          this.catchUpTimers.delete(chatId);
          this.catchUp(chatId);
        }, CATCH_UP_RETRY_MS);
        this.catchUpTimers.set(chatId, timer);
      }
      return;
    }
    if (frame.code !== 'read_only') notify('error', text);
  }

  private readonly onVisibility = () => {
    const open = this.snapshot.openChatId;
    if (open && pageVisible()) this.markRead(open);
  };

  // ---------- Cache helpers ----------
  private thread(chatId: string): ChatThreadResponse | undefined {
    return this.queryClient.getQueryData<ChatThreadResponse>(threadKey(chatId));
  }

  private setThread(chatId: string, change: (thread: ChatThreadResponse) => ChatThreadResponse): void {
    this.queryClient.setQueryData<ChatThreadResponse>(threadKey(chatId), (thread) =>
      thread ? change(thread) : thread,
    );
  }

  private inbox(): ChatSummary[] | undefined {
    return this.queryClient.getQueryData<ChatSummary[]>(inboxKey(this.member._id));
  }

  private setInboxChat(chatId: string, change: (chat: ChatSummary) => ChatSummary): void {
    const inbox = this.inbox();
    if (!inbox) return;
    let changed = false;
    const next = inbox.map((chat) => {
      if (chat._id !== chatId) return chat;
      const updated = change(chat);
      changed ||= updated !== chat;
      return updated;
    });
    if (changed) this.queryClient.setQueryData(inboxKey(this.member._id), next);
  }

  /** The shell's header badge follows the inbox (CHAT_UNREAD_EVENT). */
  private pushUnreadTotal(): void {
    const inbox = this.inbox();
    if (inbox) this.dispatchTotal(unreadTotal(inbox));
  }

  private dispatchTotal(total: number): void {
    if (total === this.lastPushedTotal) return;
    this.lastPushedTotal = total;
    const detail: ChatUnreadEventDetail = { total };
    window.dispatchEvent(new CustomEvent(CHAT_UNREAD_EVENT, { detail }));
  }

  // ---------- The outbox survives a reload of the tab (not the session: sign-out clears storage) ----------
  private restoreOutbox(): OutboxEntry[] {
    try {
      const raw = window.sessionStorage.getItem(outboxStorageKey(this.member._id));
      const parsed: unknown = raw ? JSON.parse(raw) : [];
      if (!Array.isArray(parsed)) return [];
      return parsed
        .filter(
          (e): e is OutboxEntry =>
            typeof e?.clientId === 'string' &&
            typeof e?.chatId === 'string' &&
            typeof e?.message === 'string',
        )
        .map((e) => ({ ...e, status: e.status === 'failed' ? 'failed' : 'queued' }));
    } catch {
      return [];
    }
  }

  private saveOutbox(): void {
    try {
      const key = outboxStorageKey(this.member._id);
      if (this.snapshot.outbox.length)
        window.sessionStorage.setItem(key, JSON.stringify(this.snapshot.outbox));
      else window.sessionStorage.removeItem(key);
    } catch {
      // storage full or disabled: the outbox still works in memory
    }
  }
}
