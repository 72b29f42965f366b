import { useId, type Ref } from 'react';
import { MESSAGES, type ChatSummary } from '@marketplace/contracts';
import type { SessionUser } from '@marketplace/ui';
import { Avatar } from '../../../shared/Avatar';
import { formatInboxTime } from '../../../shared/dates';
import { CloseIcon, LockIcon } from '../../../shared/icons';
import { counterpartOf, unreadTotal } from '../utils/messages';

function unreadLabel(count: number): string {
  return `${count} unread ${count === 1 ? 'message' : 'messages'}`;
}

function InboxItem({
  chat,
  user,
  selected,
  onSelect,
}: {
  chat: ChatSummary;
  user: SessionUser;
  selected: boolean;
  onSelect: (id: string) => void;
}) {
  const name = counterpartOf(chat, user.type).name;
  const preview = chat.lastMessage
    ? `${chat.lastMessage.senderId === user._id ? 'You: ' : ''}${chat.lastMessage.message}`
    : 'No messages yet';
  const unread = chat.unreadCount > 0;
  return (
    <li>
      <button
        type="button"
        className={['chat-inbox__item', unread && 'is-unread'].filter(Boolean).join(' ')}
        aria-current={selected ? 'true' : undefined}
        data-chat-id={chat._id}
        onClick={() => onSelect(chat._id)}
      >
        <Avatar name={name} size={44} />
        <span className="chat-inbox__text">
          <span className="chat-inbox__top">
            <span className="chat-inbox__name">{name}</span>
            {chat.lastMessageAt && (
              <time className="chat-inbox__time" dateTime={chat.lastMessageAt}>
                {formatInboxTime(chat.lastMessageAt)}
              </time>
            )}
          </span>
          <span className="chat-inbox__job">
            {chat.readOnly && <LockIcon size={13} />}
            <span className="chat-inbox__job-title">{chat.jobId.title}</span>
          </span>
          <span className="chat-inbox__bottom">
            <span className="chat-inbox__preview">{preview}</span>
            {unread && (
              <span className="chat-inbox__badge" data-testid="unread-count">
                <span aria-hidden="true">{chat.unreadCount > 99 ? '99+' : chat.unreadCount}</span>
                <span className="ui-visually-hidden">{unreadLabel(chat.unreadCount)}</span>
              </span>
            )}
          </span>
        </span>
      </button>
    </li>
  );
}

/** Left pane (spec): the member's conversations, newest activity first, with their unread counts. */
export function InboxPane({
  id,
  ref,
  user,
  chats,
  loading,
  selectedId,
  onSelect,
  panel,
  open,
  onClose,
}: {
  id: string;
  ref: Ref<HTMLElement>;
  user: SessionUser;
  chats: ChatSummary[];
  loading: boolean;
  selectedId: string | null;
  onSelect: (id: string) => void;
  /** Below the breakpoint the pane is a slide-in panel, shown only while `open`. */
  panel: boolean;
  open: boolean;
  onClose: () => void;
}) {
  const titleId = useId();
  const total = unreadTotal(chats);
  const hidden = panel && !open;
  return (
    <aside
      id={id}
      ref={ref}
      className={['chat-inbox', 'chat-pane', panel && 'chat-pane--panel', open && 'is-open']
        .filter(Boolean)
        .join(' ')}
      aria-labelledby={titleId}
      inert={hidden}
    >
      <div className="chat-pane__head">
        <h2 className="chat-pane__title" id={titleId}>
          {MESSAGES.inbox}
        </h2>
        {total > 0 && <span className="chat-inbox__total">{unreadLabel(total)}</span>}
        {panel && (
          <button type="button" className="chat-pane__close" onClick={onClose}>
            <CloseIcon />
            <span className="ui-visually-hidden">Close {MESSAGES.inbox}</span>
          </button>
        )}
      </div>
      {loading ? (
        <ul className="chat-inbox__list" aria-busy="true" aria-label="Loading conversations">
          {[0, 1, 2, 3].map((n) => (
            <li key={n} className="chat-inbox__ghost">
              <span className="chat-avatar chat-avatar--ghost" />
              <span className="chat-inbox__ghost-lines">
                <span className="ui-skeleton__line" style={{ width: '60%' }} />
                <span className="ui-skeleton__line" style={{ width: '85%' }} />
              </span>
            </li>
          ))}
        </ul>
      ) : chats.length === 0 ? (
        <div className="chat-empty">
          <p className="chat-empty__title">{MESSAGES.noChatsAvailable}</p>
          <p className="chat-empty__text">
            {user.type === 'company'
              ? 'A conversation opens when you unlock a job.'
              : 'A conversation opens when a company unlocks one of your jobs.'}
          </p>
        </div>
      ) : (
        <ul className="chat-inbox__list">
          {chats.map((chat) => (
            <InboxItem
              key={chat._id}
              chat={chat}
              user={user}
              selected={chat._id === selectedId}
              onSelect={onSelect}
            />
          ))}
        </ul>
      )}
    </aside>
  );
}
