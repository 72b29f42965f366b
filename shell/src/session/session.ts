// The shell's view of the session. The store itself (GET /api/user/me, the cached account under the
// spec's local key `user`, logout, refresh on 401) lives in @marketplace/ui so that the remotes share it;
// the server keeps the tokens in httpOnly cookies and the page never sees them.
import { loadSession } from '@marketplace/ui';

/** True when the server says someone is signed in (asked once per page load, then kept up to date). */
export async function isSignedIn(): Promise<boolean> {
  return (await loadSession()).status === 'signed-in';
}
