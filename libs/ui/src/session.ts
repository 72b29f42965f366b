// Talking to the server about the session: who is signed in (GET /api/user/me) and signing out. The
// state itself lives in session-store.ts, which api.ts also uses (no import circle).
import { API_PATHS, type LogoutBody } from '@marketplace/contracts';
import { apiFetch } from './api';
import {
  endSession,
  getSession,
  isSessionUser,
  publishSession,
  resetSessionStoreForTests,
  setSessionUser,
  type Session,
} from './session-store';

export * from './session-store';

let inFlight: Promise<Session> | null = null;
let firstAnswer: Promise<Session> | null = null;

/**
 * Asks the server who is signed in (GET /api/user/me), once; later calls return the known answer unless
 * `force` is set. A network failure keeps the cached account (the server still checks every call).
 */
export function loadSession(options: { force?: boolean } = {}): Promise<Session> {
  if (!options.force && getSession().status !== 'unknown') return Promise.resolve(getSession());
  if (inFlight) return inFlight;
  const request = (async (): Promise<Session> => {
    try {
      const response = await apiFetch(API_PATHS.me);
      if (response.ok) {
        const body = (await response.json()) as { user?: unknown };
        if (isSessionUser(body.user)) {
          setSessionUser(body.user);
          return getSession();
        }
      }
      endSession();
    } catch {
      // Offline: trust the cached account for display; the server decides on every call.
      const cached = getSession().user;
      publishSession(cached ? { status: 'signed-in', user: cached } : { status: 'signed-out', user: null });
    }
    return getSession();
  })();
  inFlight = request;
  request.finally(() => {
    if (inFlight === request) inFlight = null;
  });
  return request;
}

/**
 * The server's first answer of this page load about who is signed in: one promise for the whole visit,
 * settled from then on, so a component can wait for it with React's `use` (the route guards).
 */
export function sessionAnswered(): Promise<Session> {
  return (firstAnswer ??= loadSession());
}

/**
 * Logs out (POST /api/user/logout). On 200, or 401 (already over), the session ends and `true` comes
 * back so the caller can go to /login. Other failures are only logged (spec section 4).
 */
export async function logout(): Promise<boolean> {
  try {
    const json: LogoutBody = { user_id: getSession().user?._id ?? null };
    const response = await apiFetch(API_PATHS.logout, { method: 'POST', json });
    if (response.status === 200 || response.status === 401) {
      endSession();
      return true;
    }
    console.error(`[session] logout failed with status ${response.status}`);
  } catch (error) {
    console.error('[session] logout failed', error);
  }
  return false;
}

/** Forgets everything known about the session, as on a fresh page load. Tests only. */
export function resetSessionForTests(): void {
  inFlight = null;
  firstAnswer = null;
  resetSessionStoreForTests();
}
