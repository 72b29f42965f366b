import { useEffect, useSyncExternalStore } from 'react';
import {
  API_PATHS,
  CHAT_UNREAD_EVENT,
  type ChatUnreadEventDetail,
  type UnreadResponse,
} from '@marketplace/contracts';
import { apiJson } from '@marketplace/ui';

/** How often the header asks again while the tab is visible (the chat screen pushes live figures). */
export const UNREAD_REFRESH_MS = 60_000;

let total = 0;
const listeners = new Set<() => void>();

function set(next: number) {
  if (next === total) return;
  total = next;
  for (const listener of listeners) listener();
}

/** Asks the chat service; a failure keeps the last figure (the badge is a hint, not a promise). */
export async function refreshUnreadTotal(): Promise<void> {
  try {
    const body = await apiJson<UnreadResponse>(API_PATHS.chatUnread);
    set(Math.max(0, Math.trunc(body.total)));
  } catch {
    // offline or the chat service is down: keep showing what we had
  }
}

function onPushed(event: Event) {
  const detail = (event as CustomEvent<ChatUnreadEventDetail>).detail;
  if (detail && Number.isFinite(detail.total)) set(Math.max(0, Math.trunc(detail.total)));
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The signed-in member's unread chat messages: fetched on mount, every minute while the tab is visible,
 * when the tab comes back, and pushed by the chat remote (CHAT_UNREAD_EVENT) while it is open.
 */
export function useUnreadTotal(): number {
  useEffect(() => {
    void refreshUnreadTotal();
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible') void refreshUnreadTotal();
    }, UNREAD_REFRESH_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible') void refreshUnreadTotal();
    };
    window.addEventListener(CHAT_UNREAD_EVENT, onPushed);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener(CHAT_UNREAD_EVENT, onPushed);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, []);
  return useSyncExternalStore(subscribe, () => total);
}

export function resetUnreadTotalForTests() {
  total = 0;
}
