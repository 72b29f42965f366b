import { lazy, Suspense, useRef } from 'react';
import { MESSAGES } from '@marketplace/contracts';
import { useSession } from '@marketplace/ui';
import { useFillWindow } from '../../../shared/media';
import { EnsureQueryClient } from '@marketplace/ui/query';
import './chat.css';

// The three panes, the socket and their logic are a lazy chunk of their own.
const ChatScreen = lazy(async () => ({
  default: (await import(/* webpackChunkName: "lazy-chat" */ './ChatScreen')).ChatScreen,
}));

/** What shows while the screen's code loads: the same frame, quietly empty. */
export function ChatSkeleton() {
  return (
    <div className="chat__frame" aria-busy="true">
      <header className="chat__bar">
        <div className="chat__title">
          <h1 className="chat__heading">{MESSAGES.chats}</h1>
        </div>
      </header>
      <div className="chat__skeleton" role="status" aria-label="Loading your conversations">
        {[64, 48, 72].map((width) => (
          <span key={width} className="ui-skeleton__line" style={{ width: `${width}%` }} />
        ))}
      </div>
    </div>
  );
}

/** /chat (spec section 2, "Chat"): inbox, messages and details; `?chat=<id>` opens one conversation. */
export function ChatPage() {
  const { user } = useSession();
  const section = useRef<HTMLElement>(null);
  useFillWindow(section);
  return (
    <section className="chat" data-remote="chat" ref={section}>
      {user ? (
        <EnsureQueryClient>
          <Suspense fallback={<ChatSkeleton />}>
            {/* Another account on this tab gets a new screen: nothing of the previous one is kept. */}
            <ChatScreen key={user._id} user={user} />
          </Suspense>
        </EnsureQueryClient>
      ) : (
        <ChatSkeleton />
      )}
    </section>
  );
}
