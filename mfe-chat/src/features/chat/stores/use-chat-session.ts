import { useEffect, useState, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ChatSession, type ChatSnapshot } from './chat-session';

/** The chat screen's session: the socket opens with the screen and closes when the member leaves it. */
export function useChatSession(member: { _id: string }): { session: ChatSession; snapshot: ChatSnapshot } {
  const queryClient = useQueryClient();
  const [session] = useState(() => new ChatSession(queryClient, member));
  useEffect(() => {
    session.start();
    return () => session.stop();
  }, [session]);
  const snapshot = useSyncExternalStore(session.subscribe, session.getSnapshot, session.getSnapshot);
  return { session, snapshot };
}
