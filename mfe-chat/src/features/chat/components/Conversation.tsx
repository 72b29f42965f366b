import {
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
  type RefObject,
} from 'react';
import {
  CHAT_LIMITS,
  CHAT_MESSAGES,
  MESSAGES,
  UI_TIMINGS,
  type ChatMessage,
  type ChatThreadResponse,
} from '@marketplace/contracts';
import { CHAT_PAGE_COPY } from '@marketplace/page-head';
import { Button, buttonClass, type SessionUser } from '@marketplace/ui';
import { useAutoGrow } from '../../../shared/auto-grow';
import { formatMessageTime } from '../../../shared/dates';
import {
  AlertIcon,
  ChatBubblesIcon,
  ClockIcon,
  LockIcon,
  ReadIcon,
  SendIcon,
  SentIcon,
} from '../../../shared/icons';
import type { ChatSession, OutboxEntry } from '../stores/chat-session';
import { offerStatesOf } from '../utils/offers';
import { OfferCard, OfferNotice, type OfferViewer } from './OfferCard';
import { OfferDialog } from './OfferDialog';
import type { OpenChat } from './open-chat';

export const NO_MESSAGES_YET = 'No messages yet. Say hello!';
export const NO_MESSAGES_CLOSED = 'No messages were sent in this conversation.';

/** Where one of the member's own messages stands (spec: sending → sent → read). */
export type DeliveryStatus = 'queued' | 'sending' | 'failed' | 'sent' | 'read';

export const DELIVERY_TEXT: Record<DeliveryStatus, string> = {
  queued: 'Waiting for connection',
  sending: 'Sending…',
  failed: 'Not sent',
  sent: 'Sent',
  read: 'Read',
};

type Item =
  | { kind: 'stored'; key: string; message: ChatMessage; own: boolean }
  | { kind: 'pending'; key: string; entry: OutboxEntry };

/** Near the bottom, new messages scroll into view; further up, the member is reading history. */
const STICKY_PX = 120;

function DeliveryMark({ status }: { status: DeliveryStatus }) {
  return (
    <span className={`chat-msg__status chat-msg__status--${status}`} data-status={status}>
      {status === 'read' ? (
        <ReadIcon />
      ) : status === 'sent' ? (
        <SentIcon />
      ) : status === 'failed' ? (
        <AlertIcon />
      ) : (
        <ClockIcon />
      )}
      <span>{DELIVERY_TEXT[status]}</span>
    </span>
  );
}

function MessageItem({
  item,
  counterpart,
  onRetry,
  onDiscard,
}: {
  item: Item;
  counterpart: string;
  onRetry: (clientId: string) => void;
  onDiscard: (clientId: string) => void;
}) {
  const own = item.kind === 'pending' || item.own;
  const text = item.kind === 'pending' ? item.entry.message : item.message.message;
  const at = item.kind === 'pending' ? item.entry.createdAt : item.message.sentAt;
  const status: DeliveryStatus | null =
    item.kind === 'pending' ? item.entry.status : own ? (item.message.read ? 'read' : 'sent') : null;
  return (
    <li
      className={['chat-msg', own ? 'chat-msg--own' : 'chat-msg--theirs', status && `is-${status}`]
        .filter(Boolean)
        .join(' ')}
    >
      <div className="chat-msg__bubble">
        <span className="ui-visually-hidden">{own ? 'You' : counterpart}: </span>
        <p className="chat-msg__text">{text}</p>
        <p className="chat-msg__meta">
          <time dateTime={at}>{formatMessageTime(at)}</time>
          {status && <DeliveryMark status={status} />}
        </p>
      </div>
      {item.kind === 'pending' && item.entry.status === 'failed' && (
        <div className="chat-msg__failed">
          <span>{item.entry.error}</span>
          <button type="button" className="chat-msg__action" onClick={() => onRetry(item.entry.clientId)}>
            Retry
          </button>
          <button
            type="button"
            className="chat-msg__action chat-msg__action--quiet"
            onClick={() => onDiscard(item.entry.clientId)}
          >
            Discard
          </button>
        </div>
      )}
    </li>
  );
}

function MessageList({
  chatId,
  user,
  counterpart,
  thread,
  loading,
  pending,
  session,
  readOnly = false,
  offerViewer,
}: {
  chatId: string;
  user: SessionUser;
  counterpart: string;
  thread: ChatThreadResponse | undefined;
  loading: boolean;
  pending: OutboxEntry[];
  session: ChatSession;
  /** A closed conversation (refunded): nothing can be said, so no invitation to say hello. */
  readOnly?: boolean;
  /** What the member may do with the offer cards of this conversation. */
  offerViewer: OfferViewer | null;
}) {
  const offerStates = useMemo(() => offerStatesOf(thread?.messages ?? []), [thread]);
  const list = useRef<HTMLOListElement>(null);
  const sticky = useRef(true);
  const [loadingEarlier, setLoadingEarlier] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const items: Item[] = [
    ...(thread?.messages ?? []).map((message): Item => ({
      kind: 'stored',
      // An own message keeps its element from "sending" to "sent".
      key: message.clientId ?? message._id,
      message,
      own: message.sender._id === user._id,
    })),
    ...pending.map((entry): Item => ({ kind: 'pending', key: entry.clientId, entry })),
  ];
  const last = items[items.length - 1];
  const lastKey = last?.key ?? '';
  const lastOwn = last ? last.kind === 'pending' || last.own : false;

  // Spec: new messages scroll into view (after 50 ms, once the browser has laid them out).
  const openedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!lastKey) return;
    const first = openedFor.current !== chatId;
    openedFor.current = chatId;
    if (!first && !lastOwn && !sticky.current) return;
    const timer = setTimeout(() => {
      const box = list.current;
      if (box) box.scrollTop = box.scrollHeight;
      sticky.current = true;
    }, UI_TIMINGS.chatScrollToBottomMs);
    return () => clearTimeout(timer);
  }, [chatId, lastKey, lastOwn]);

  // New messages from the other member are announced (the list itself is not a live region: opening a
  // conversation would read all of it).
  const announced = useRef<{ chatId: string; key: string } | null>(null);
  useEffect(() => {
    if (!thread) return;
    const newest = thread.messages[thread.messages.length - 1];
    const previous = announced.current;
    announced.current = { chatId, key: newest?._id ?? '' };
    if (!newest || !previous || previous.chatId !== chatId || previous.key === newest._id) return;
    if (newest.sender._id !== user._id) setAnnouncement(`New message from ${counterpart}: ${newest.message}`);
  }, [thread, chatId, counterpart, user._id]);
  const failed = pending.filter((entry) => entry.status === 'failed').length;
  useEffect(() => {
    if (failed) setAnnouncement(`${failed === 1 ? 'A message was' : `${failed} messages were`} not sent.`);
  }, [failed]);

  // Earlier messages are added above: keep what the member was looking at in place.
  const heightBefore = useRef<number | null>(null);
  useLayoutEffect(() => {
    const box = list.current;
    if (box && heightBefore.current !== null) {
      box.scrollTop += box.scrollHeight - heightBefore.current;
      heightBefore.current = null;
    }
  });
  const loadEarlier = async () => {
    setLoadingEarlier(true);
    heightBefore.current = list.current?.scrollHeight ?? null;
    try {
      await session.loadEarlier(chatId);
    } catch (error) {
      heightBefore.current = null;
      console.error('[chat] earlier messages could not be loaded', error);
    } finally {
      setLoadingEarlier(false);
    }
  };

  return (
    <>
      <ol
        className="chat-messages"
        ref={list}
        aria-label={`Messages with ${counterpart}`}
        aria-busy={loading}
        tabIndex={0}
        onScroll={(event) => {
          const box = event.currentTarget;
          sticky.current = box.scrollHeight - box.scrollTop - box.clientHeight < STICKY_PX;
        }}
      >
        {thread?.hasMore && (
          <li className="chat-messages__earlier">
            <Button variant="ghost" size="sm" onClick={loadEarlier} disabled={loadingEarlier}>
              {loadingEarlier ? 'Loading…' : 'Show earlier messages'}
            </Button>
          </li>
        )}
        {loading &&
          [62, 40, 54].map((width, index) => (
            <li
              key={width}
              className={`chat-msg chat-msg--ghost ${index % 2 ? 'chat-msg--own' : ''}`}
              aria-hidden="true"
            >
              <span className="ui-skeleton__line" style={{ width: `${width}%` }} />
            </li>
          ))}
        {!loading && items.length === 0 && (
          <li className="chat-messages__none">{readOnly ? NO_MESSAGES_CLOSED : NO_MESSAGES_YET}</li>
        )}
        {items.map((item) =>
          item.kind === 'stored' && item.message.kind === 'offer-update' ? (
            <OfferNotice key={item.key} message={item.message} />
          ) : item.kind === 'stored' && item.message.kind === 'offer' && item.message.offer && offerViewer ? (
            <OfferCard
              key={item.key}
              message={item.message}
              own={item.own}
              state={offerStates.get(item.message.offer.offerId) ?? item.message.offer.state}
              viewer={{ ...offerViewer, canWithdraw: offerViewer.canWithdraw && item.own }}
            />
          ) : (
            <MessageItem
              key={item.key}
              item={item}
              counterpart={counterpart}
              onRetry={(id) => session.retry(id)}
              onDiscard={(id) => session.discard(id)}
            />
          ),
        )}
      </ol>
      <p className="ui-visually-hidden" aria-live="polite" aria-atomic="true">
        {announcement}
      </p>
    </>
  );
}

function Composer({
  chatId,
  counterpart,
  session,
  textareaRef,
}: {
  chatId: string;
  counterpart: string;
  session: ChatSession;
  textareaRef: RefObject<HTMLTextAreaElement | null>;
}) {
  const [draft, setDraft] = useState('');
  const inputId = useId();
  const countId = useId();
  useAutoGrow(textareaRef, draft);
  const length = draft.trim().length;
  const tooLong = length > CHAT_LIMITS.messageMaxChars;
  const canSend = length > 0 && !tooLong;

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    // Spec section 5: only with a conversation selected and some non-blank text.
    if (!canSend) return;
    if (session.sendMessage(chatId, draft)) setDraft('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };
  const nearLimit = length > CHAT_LIMITS.messageMaxChars * 0.9;

  return (
    <form className="chat-composer" onSubmit={submit}>
      <label className="ui-visually-hidden" htmlFor={inputId}>
        Message to {counterpart}
      </label>
      <textarea
        id={inputId}
        ref={textareaRef}
        className="chat-composer__input"
        rows={1}
        placeholder={MESSAGES.typeYourMessage}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={onKeyDown}
        aria-describedby={nearLimit ? countId : undefined}
        aria-invalid={tooLong || undefined}
      />
      {nearLimit && (
        <span
          id={countId}
          className={['chat-composer__count', tooLong && 'is-over'].filter(Boolean).join(' ')}
        >
          {length}/{CHAT_LIMITS.messageMaxChars}
        </span>
      )}
      <button
        type="submit"
        className={buttonClass('primary', 'md', 'chat-composer__send')}
        disabled={!canSend}
      >
        <SendIcon />
        <span>{MESSAGES.send}</span>
      </button>
    </form>
  );
}

/** Middle pane (spec): the open conversation's messages and the text box, or 'Nothing is Selected'. */
export function Conversation({
  user,
  chat,
  chatId,
  thread,
  loading,
  outbox,
  session,
  composerRef,
}: {
  user: SessionUser;
  chat: OpenChat | null;
  chatId: string | null;
  thread: ChatThreadResponse | undefined;
  loading: boolean;
  outbox: readonly OutboxEntry[];
  session: ChatSession;
  composerRef: RefObject<HTMLTextAreaElement | null>;
}) {
  const [offerDialog, setOfferDialog] = useState<{ replacing: boolean } | null>(null);
  if (!chatId) {
    return (
      <section className="chat-thread chat-thread--empty" aria-label="Messages">
        <div className="chat-empty chat-empty--center">
          <span className="chat-empty__art">
            <ChatBubblesIcon size={34} />
          </span>
          <p className="chat-empty__title">{CHAT_PAGE_COPY.nothingSelected}</p>
          <p className="chat-empty__text">{CHAT_PAGE_COPY.chooseConversation}</p>
        </div>
      </section>
    );
  }
  const counterpart = chat?.counterpart.name ?? 'the other party';
  const pending = outbox.filter((entry) => entry.chatId === chatId);
  const open = chat !== null && !chat.readOnly;
  // Once the poster hired this company the job takes no more offers (the jobs API would refuse).
  const hired = [...offerStatesOf(thread?.messages ?? []).values()].includes('accepted');
  const isCompany = chat !== null && user.type === 'company' && user._id === chat.applicantId._id;
  const isPoster = chat !== null && user._id === chat.posterId._id;
  const offerViewer: OfferViewer | null = chat
    ? {
        canWithdraw: open && isCompany,
        canAccept: open && isPoster,
        isPoster,
        jobId: chat.job._id,
        onNewOffer: () => setOfferDialog({ replacing: true }),
      }
    : null;
  return (
    <section className="chat-thread" aria-label="Messages">
      <MessageList
        chatId={chatId}
        user={user}
        counterpart={counterpart}
        thread={thread}
        loading={loading}
        pending={pending}
        session={session}
        readOnly={chat?.readOnly ?? false}
        offerViewer={offerViewer}
      />
      {open && isCompany && !hired && (
        <div className="chat-offer-bar">
          <Button size="sm" variant="secondary" onClick={() => setOfferDialog({ replacing: false })}>
            Send an offer
          </Button>
        </div>
      )}
      {offerDialog && chat && (
        <OfferDialog
          key={`offer-${chatId}`}
          jobId={chat.job._id}
          replacing={offerDialog.replacing}
          onClose={() => setOfferDialog(null)}
        />
      )}
      {!chat ? null : chat.readOnly ? (
        <p className="chat-readonly" role="note">
          <LockIcon size={18} />
          <span>
            <strong>{CHAT_MESSAGES.readOnly}</strong> You can read the conversation, but no new messages can
            be sent.
          </span>
        </p>
      ) : (
        <Composer
          key={chatId}
          chatId={chatId}
          counterpart={counterpart}
          session={session}
          textareaRef={composerRef}
        />
      )}
    </section>
  );
}
