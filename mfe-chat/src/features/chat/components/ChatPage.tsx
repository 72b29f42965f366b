import { lazy, Suspense, useRef, type ReactNode } from 'react';
import { CHAT_PAGE_COPY } from '@marketplace/page-head';
import { PendingPage, useSession } from '@marketplace/ui';
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
          <h1 className="chat__heading">{CHAT_PAGE_COPY.heading}</h1>
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

/** The page's box: the window's height below whatever is above it. */
function ChatSection({ children }: { children: ReactNode }) {
  const section = useRef<HTMLElement>(null);
  useFillWindow(section);
  return (
    <section className="chat" data-remote="chat" ref={section}>
      {children}
    </section>
  );
}

/**
 * /chat (spec section 2, "Chat"): inbox, messages and details; `?chat=<id>` opens one conversation. Until
 * the screen's code is there, the card the edge drew stays (PendingPage), else the skeleton.
 */
export function ChatPage() {
  const { user } = useSession();
  const loading = (
    <PendingPage
      fallback={
        <ChatSection>
          <ChatSkeleton />
        </ChatSection>
      }
    />
  );
  if (!user) return loading;
  return (
    <EnsureQueryClient>
      <Suspense fallback={loading}>
        <ChatSection>
          {/* Another account on this tab gets a new screen: nothing of the previous one is kept. */}
          <ChatScreen key={user._id} user={user} />
        </ChatSection>
      </Suspense>
    </EnsureQueryClient>
  );
}
