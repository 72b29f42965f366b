import { useEffect, useState, useSyncExternalStore } from 'react';
import type { ConnectionState } from '../api/realtime';

/** How long the connection may be down before the screen says so (a blip is not news). */
export const connectionNoticeSetup = { graceMs: 2500 };

function subscribeOnline(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** A quiet line while the live connection is down for more than a moment; nothing otherwise. */
export function ConnectionNotice({ state, queued }: { state: ConnectionState; queued: number }) {
  const online = useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
  const down = state === 'connecting' || state === 'reconnecting';
  const [late, setLate] = useState(false);
  useEffect(() => {
    if (!down) {
      setLate(false);
      return;
    }
    const timer = setTimeout(() => setLate(true), connectionNoticeSetup.graceMs);
    return () => clearTimeout(timer);
  }, [down]);

  let text = '';
  if (down && !online) text = 'You are offline. Messages you send will go out when you are back online.';
  else if (down && late)
    text = queued
      ? `Reconnecting… ${queued === 1 ? '1 message' : `${queued} messages`} waiting to send.`
      : 'Reconnecting…';

  return (
    <p className={['chat__connection', text && 'is-shown'].filter(Boolean).join(' ')} role="status">
      {text && <span className="chat__connection-dot" aria-hidden="true" />}
      {text}
    </p>
  );
}
