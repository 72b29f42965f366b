// The shell's view of the session. The store itself (GET /api/user/me, the cached account under the
// spec's local key `user`, logout, refresh on 401) lives in @marketplace/ui so that the remotes share it;
// the server keeps the tokens in httpOnly cookies and the page never sees them.
import type { AccountType } from '@marketplace/ui';

/** Where an account lands after sign-in: admins on their Users list (not in their menu: /dashboard). */
export function landingPath(type: AccountType): string {
  return type === 'admin' ? '/allusers' : '/dashboard';
}

/**
 * A `next` address from the query, only when it is a path on this site: never another origin
 * ('//evil.example', '/\\evil.example', 'https://...'), so a crafted link cannot send a member away.
 */
export function safeNextPath(value: string | null): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  if (/[\u0000-\u001f]/.test(value)) return null;
  if (value === '/login' || value.startsWith('/login?')) return null;
  return value;
}
