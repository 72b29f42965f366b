// The browser-side session, as far as routing and the chrome need it.
// Today the sign-in state is the presence of an access token in localStorage under `accessToken`
// (spec 3, "Stored session"). A later issue moves tokens to httpOnly cookies; only this module changes.
export const ACCESS_TOKEN_KEY = 'accessToken';
const CHANGE_EVENT = 'marketplace:session-change';

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined; // storage disabled (privacy mode, sandboxed iframe)
  }
}

export function getAccessToken(): string | null {
  return storage()?.getItem(ACCESS_TOKEN_KEY) ?? null;
}

/** True when a (non-empty) access token is stored. The server still checks it on every call. */
export function isSignedIn(): boolean {
  return Boolean(getAccessToken());
}

export function setAccessToken(token: string | null): void {
  const s = storage();
  if (!s) return;
  if (token) s.setItem(ACCESS_TOKEN_KEY, token);
  else s.removeItem(ACCESS_TOKEN_KEY);
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

/** Calls `listener` when the session changes in this tab or another one. */
export function subscribeSession(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === ACCESS_TOKEN_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener(CHANGE_EVENT, listener);
  return () => {
    window.removeEventListener('storage', onStorage);
    window.removeEventListener(CHANGE_EVENT, listener);
  };
}
