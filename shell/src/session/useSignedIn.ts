import { useSyncExternalStore } from 'react';
import { isSignedIn, subscribeSession } from './session';

/** Re-renders when the stored session changes. */
export function useSignedIn(): boolean {
  return useSyncExternalStore(subscribeSession, isSignedIn, () => false);
}
