import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { skipToken, useQuery } from '@tanstack/react-query';
import { useSearchParams } from '@marketplace/ui/router';
import { MESSAGES, type ChatSummary, type ChatThreadResponse } from '@marketplace/contracts';
import { retryUnlessClientError, type SessionUser } from '@marketplace/ui';
import { useFocusTrap } from '@marketplace/ui/focus-trap';
import { CHAT_NARROW_QUERY, useMediaQuery, useNarrowerThan } from '../../../shared/media';
import { InboxIcon, InfoIcon } from '../../../shared/icons';
import { fetchInbox, inboxKey, threadKey } from '../api/chat-api';
import { useChatSession } from '../stores/use-chat-session';
import { counterpartOf, sortInbox, unreadTotal } from '../utils/messages';
import { ConnectionNotice } from './ConnectionNotice';
import { Conversation } from './Conversation';
import { DetailsPane } from './DetailsPane';
import type { OpenChat } from './open-chat';
import { InboxPane } from './InboxPane';

export const INBOX_PANEL_ID = 'chat-inbox-panel';
export const DETAILS_PANEL_ID = 'chat-details-panel';

type Panel = 'inbox' | 'details' | null;

function openChatOf(
  chatId: string | null,
  summary: ChatSummary | undefined,
  thread: ChatThreadResponse | undefined,
  user: SessionUser,
): OpenChat | null {
  const source = thread ?? summary;
  if (!chatId || !source) return null;
  return {
    _id: chatId,
    counterpart: counterpartOf(source, user.type),
    posterId: source.posterId,
    applicantId: source.applicantId,
    job: thread?.jobId ?? source.jobId,
    readOnly: Boolean(thread?.readOnly || summary?.readOnly),
  };
}

/** Below this card width three columns no longer fit (e.g. 900-1100 px windows beside a full sidebar). */
export const THREE_PANES_MIN_PX = 860;

const FOCUSABLE = 'button:not([disabled]), a[href], textarea:not([disabled]), [tabindex="0"]';

/** The chat screen of a signed-in member. */
export function ChatScreen({ user }: { user: SessionUser }) {
  const { session, snapshot } = useChatSession(user);
  const frame = useRef<HTMLDivElement>(null);
  const narrowWindow = useMediaQuery(CHAT_NARROW_QUERY);
  const crampedCard = useNarrowerThan(frame, THREE_PANES_MIN_PX);
  const narrow = narrowWindow || crampedCard;
  const [params, setParams] = useSearchParams();
  const chatId = params.get('chat') || null;

  const inbox = useQuery({
    queryKey: inboxKey(user._id),
    queryFn: ({ signal }) => fetchInbox(user._id, signal),
    select: sortInbox,
    retry: retryUnlessClientError,
  });
  useEffect(() => {
    // Spec section 8: an inbox failure is only logged; the list shows its empty state.
    if (inbox.error) console.error('[chat] the inbox could not be loaded', inbox.error);
  }, [inbox.error]);

  // The session fetches the conversation (and keeps it current); the screen only reads it.
  const thread = useQuery<ChatThreadResponse>({ queryKey: threadKey(chatId ?? ''), queryFn: skipToken });

  useEffect(() => {
    session.open(chatId);
  }, [session, chatId]);

  const chats = inbox.data ?? [];
  const open = openChatOf(
    chatId,
    chats.find((chat) => chat._id === chatId),
    chatId ? thread.data : undefined,
    user,
  );

  // ---------- Slide-in panels below 900 px ----------
  const [panel, setPanel] = useState<Panel>(chatId ? null : 'inbox');
  const inboxToggle = useRef<HTMLButtonElement>(null);
  const detailsToggle = useRef<HTMLButtonElement>(null);
  const inboxPanel = useRef<HTMLElement>(null);
  const detailsPanel = useRef<HTMLElement>(null);
  const composer = useRef<HTMLTextAreaElement>(null);
  /** Where focus goes after the next render: into a panel, back to its button, or to the chosen chat. */
  const focusNext = useRef<'panel' | 'toggle' | { chatId: string } | null>(null);
  const lastPanel = useRef<Panel>(panel);
  const shownPanel: Panel = narrow ? panel : null;

  const openPanel = useCallback((which: Exclude<Panel, null>) => {
    focusNext.current = 'panel';
    lastPanel.current = which;
    setPanel(which);
  }, []);
  const closePanel = useCallback((then: 'toggle' | { chatId: string } = 'toggle') => {
    focusNext.current = then;
    setPanel(null);
  }, []);

  useEffect(() => {
    const intent = focusNext.current;
    if (!intent || !narrow) return;
    // The chosen conversation appears once the address has changed (a render of its own).
    if (typeof intent === 'object' && intent.chatId !== chatId) return;
    focusNext.current = null;
    if (intent === 'panel') {
      const box = (shownPanel === 'inbox' ? inboxPanel : detailsPanel).current;
      const target =
        box?.querySelector<HTMLElement>('[aria-current="true"]') ??
        box?.querySelector<HTMLElement>('.chat-inbox__item') ??
        box?.querySelector<HTMLElement>(FOCUSABLE);
      target?.focus();
    } else if (typeof intent === 'object') {
      // The text box, or the messages of a conversation that can only be read.
      (composer.current ?? frame.current?.querySelector<HTMLElement>('.chat-messages'))?.focus();
    } else {
      (lastPanel.current === 'details' ? detailsToggle : inboxToggle).current?.focus();
    }
  }, [shownPanel, narrow, chatId]);

  // The open panel holds Tab (with its toggle button) until it closes; Escape closes it. Focus is moved
  // into it and back by the effect above.
  useFocusTrap(shownPanel, {
    containers: shownPanel === 'details' ? [detailsToggle, detailsPanel] : [inboxToggle, inboxPanel],
    onEscape: () => closePanel(),
    returnFocus: false,
  });

  // ---------- Opening a conversation ----------
  const select = (id: string) => {
    if (id !== chatId) {
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          next.set('chat', id);
          return next;
        },
        { replace: true },
      );
    }
    if (narrow) closePanel({ chatId: id });
  };

  const heading = open?.counterpart.name ?? MESSAGES.chats;
  const unread = unreadTotal(chats);
  const unreadId = useId();

  return (
    <div
      ref={frame}
      className={['chat__frame', narrow && 'chat__frame--narrow', shownPanel && `is-${shownPanel}-open`]
        .filter(Boolean)
        .join(' ')}
    >
      <header className="chat__bar">
        {narrow && (
          <button
            type="button"
            ref={inboxToggle}
            className="chat__toggle"
            aria-expanded={shownPanel === 'inbox'}
            aria-controls={INBOX_PANEL_ID}
            aria-describedby={unread > 0 ? unreadId : undefined}
            onClick={() => (shownPanel === 'inbox' ? closePanel() : openPanel('inbox'))}
          >
            <InboxIcon />
            <span className="chat__toggle-text">{MESSAGES.inbox}</span>
            {unread > 0 && (
              <span className="chat__toggle-badge" aria-hidden="true">
                {unread > 99 ? '99+' : unread}
              </span>
            )}
          </button>
        )}
        {narrow && unread > 0 && (
          <span id={unreadId} hidden>
            {unread} unread {unread === 1 ? 'message' : 'messages'}
          </span>
        )}
        <div className="chat__title">
          <h1 className="chat__heading">{heading}</h1>
          {open && <p className="chat__subtitle">{open.job.title}</p>}
        </div>
        {narrow && (
          <button
            type="button"
            ref={detailsToggle}
            className="chat__toggle"
            aria-expanded={shownPanel === 'details'}
            aria-controls={DETAILS_PANEL_ID}
            onClick={() => (shownPanel === 'details' ? closePanel() : openPanel('details'))}
          >
            <InfoIcon />
            <span className="chat__toggle-text">{MESSAGES.details}</span>
          </button>
        )}
      </header>
      <ConnectionNotice
        state={snapshot.connection}
        queued={snapshot.outbox.filter((e) => e.status === 'queued').length}
      />
      <div className="chat__panes">
        <InboxPane
          id={INBOX_PANEL_ID}
          ref={inboxPanel}
          user={user}
          chats={chats}
          loading={inbox.isPending}
          selectedId={chatId}
          onSelect={select}
          panel={narrow}
          open={shownPanel === 'inbox'}
          onClose={() => closePanel()}
        />
        <Conversation
          user={user}
          chat={open}
          chatId={chatId}
          thread={chatId ? thread.data : undefined}
          loading={Boolean(chatId) && !thread.data && thread.status !== 'error'}
          outbox={snapshot.outbox}
          session={session}
          composerRef={composer}
        />
        <DetailsPane
          id={DETAILS_PANEL_ID}
          ref={detailsPanel}
          user={user}
          chat={open}
          panel={narrow}
          open={shownPanel === 'details'}
          onClose={() => closePanel()}
        />
        {shownPanel && <div className="chat__scrim" aria-hidden="true" onClick={() => closePanel()} />}
      </div>
    </div>
  );
}
