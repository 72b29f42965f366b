// The browser-side session store (no HTTP here: api.ts and session.ts build on it), one copy for the shell and every remote (@marketplace/ui is a shared
// singleton). The server keeps the session in httpOnly cookies the page cannot read, so "signed in"
// means "GET /api/user/me answered with an account". The account (never a token) is cached under the
// spec's local key `user`, so the chrome can show the right links before /me answers and other tabs
// follow sign-in and sign-out.
import { useSyncExternalStore } from 'react';
import type { Account } from '@marketplace/contracts';

/** 'user' | 'company' | 'admin', from contracts' AccountTypeSchema. */
export type AccountType = Account['type'];

/** The account as the API returns it: the contracts `Account` (spec section 3, "Account"). */
export type SessionUser = Account;

export type SessionStatus = 'unknown' | 'signed-in' | 'signed-out';

export interface Session {
  /** 'unknown' until /api/user/me has answered once. */
  status: SessionStatus;
  /** The account: confirmed when signed in, the cached copy while unknown, null when signed out. */
  user: SessionUser | null;
}

/** Local storage key of the cached account (spec: "Stored session (local key user)"). */
export const USER_STORAGE_KEY = 'user';
/** Keys that survive sign-out: device preferences, not account data. */
const DEVICE_KEYS = new Set(['theme']);

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined; // storage disabled (privacy mode, sandboxed iframe)
  }
}

export function isSessionUser(value: unknown): value is SessionUser {
  const v = value as Partial<SessionUser> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v._id === 'string' &&
    typeof v.name === 'string' &&
    (v.type === 'user' || v.type === 'company' || v.type === 'admin')
  );
}

function readCachedUser(): SessionUser | null {
  try {
    const parsed: unknown = JSON.parse(storage()?.getItem(USER_STORAGE_KEY) ?? 'null');
    return isSessionUser(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

function writeCachedUser(user: SessionUser | null): void {
  const s = storage();
  if (!s) return;
  try {
    if (user) s.setItem(USER_STORAGE_KEY, JSON.stringify(user));
    else s.removeItem(USER_STORAGE_KEY);
  } catch {
    // quota exceeded: the in-memory session still works
  }
}

interface SessionState {
  session: Session;
  listeners: Set<() => void>;
  onStorage: (event: StorageEvent) => void;
}

// One state per page, whichever bundle holds this module: the separate entries (@marketplace/ui/query,
// /form) are shared modules of their own and would otherwise each get a private copy of this file.
const STATE_KEY = Symbol.for('marketplace.session-store');
const state: SessionState = ((globalThis as Record<symbol, SessionState | undefined>)[STATE_KEY] ??= {
  session: { status: 'unknown', user: readCachedUser() },
  listeners: new Set(),
  onStorage: (event) => onStorage(event),
});
const { listeners } = state;

function publish(next: Session): void {
  state.session = next;
  for (const listener of [...listeners]) listener();
}

export function getSession(): Session {
  return state.session;
}

/** Calls `listener` after every change of the session (this tab or, through `user`, another one). */
export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1 && typeof window !== 'undefined')
    window.addEventListener('storage', state.onStorage);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && typeof window !== 'undefined')
      window.removeEventListener('storage', state.onStorage);
  };
}

function onStorage(event: StorageEvent): void {
  if (event.key !== null && event.key !== USER_STORAGE_KEY) return;
  const user = readCachedUser();
  if (user) publish({ status: 'signed-in', user });
  else if (state.session.status !== 'signed-out') publish({ status: 'signed-out', user: null });
}

/** The session, re-rendering on change. */
export function useSession(): Session {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

/** Marks the session as signed in with `user` (after login, social login or /me). */
export function setSessionUser(user: SessionUser): void {
  writeCachedUser(user);
  publish({ status: 'signed-in', user });
}

/** Merges fields the server sent back (profile update) into the signed-in account. */
export function updateSessionUser(changes: Partial<SessionUser>): void {
  if (!state.session.user) return;
  setSessionUser({ ...state.session.user, ...changes });
}

/**
 * Ends the session on this device: forgets the account and every other local key except device
 * preferences (spec section 4: on logout "all local storage is cleared").
 */
export function endSession(): void {
  const s = storage();
  if (s) {
    try {
      for (const key of Object.keys(s)) if (!DEVICE_KEYS.has(key)) s.removeItem(key);
    } catch {
      // ignore
    }
  }
  if (state.session.status !== 'signed-out' || state.session.user)
    publish({ status: 'signed-out', user: null });
}

/** The session store's state after a reload. Tests only. */
export function resetSessionStoreForTests(): void {
  state.session = { status: 'unknown', user: readCachedUser() };
}

/** Publishes `next` (used by loadSession when offline). */
export function publishSession(next: Session): void {
  publish(next);
}
