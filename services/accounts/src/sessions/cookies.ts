import { randomBytes } from 'node:crypto';
import { SESSION_COOKIES } from '@marketplace/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * A new CSRF value for a session. Login issues a fresh one (a value planted before sign-in is never
 * kept) and binds its hash to the session (refresh-token rows and the access token's `csh` claim).
 */
export function newCsrfValue(): string {
  return randomBytes(24).toString('base64url');
}

/** The refresh cookie only travels to the session endpoints. */
export const REFRESH_COOKIE_PATH = '/api/user';

export function isSecureRequest(request: FastifyRequest, setting: boolean | 'auto'): boolean {
  return setting === 'auto' ? request.protocol === 'https' : setting;
}

/**
 * Web (BFF) session cookies: the access JWT (httpOnly, Lax, whole site), the refresh token (httpOnly,
 * Strict, only under /api/user) and the readable CSRF value the page echoes in `x-csrf-token`. The CSRF
 * value stays the same across refreshes so calls racing a refresh are not refused; its hash is bound to
 * the session, so a value planted from elsewhere is refused by every service.
 */
export function setSessionCookies(
  request: FastifyRequest,
  reply: FastifyReply,
  session: { accessToken: string; refreshToken: string; familyExpiresAt: Date; now: Date; csrf: string },
  options: { secure: boolean | 'auto' },
): void {
  const secure = isSecureRequest(request, options.secure);
  const maxAge = Math.max(1, Math.round((session.familyExpiresAt.getTime() - session.now.getTime()) / 1000));
  const { csrf } = session;
  reply.setCookie(SESSION_COOKIES.access, session.accessToken, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge,
  });
  reply.setCookie(SESSION_COOKIES.refresh, session.refreshToken, {
    path: REFRESH_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure,
    maxAge,
  });
  reply.setCookie(SESSION_COOKIES.csrf, csrf, {
    path: '/',
    httpOnly: false,
    sameSite: 'strict',
    secure,
    maxAge,
  });
}

export function clearSessionCookies(
  request: FastifyRequest,
  reply: FastifyReply,
  secureSetting: boolean | 'auto',
): void {
  const secure = isSecureRequest(request, secureSetting);
  reply.clearCookie(SESSION_COOKIES.access, { path: '/', httpOnly: true, sameSite: 'lax', secure });
  reply.clearCookie(SESSION_COOKIES.refresh, {
    path: REFRESH_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure,
  });
  reply.clearCookie(SESSION_COOKIES.csrf, { path: '/', sameSite: 'strict', secure });
}
