import { randomBytes } from 'node:crypto';
import { SESSION_COOKIES } from '@marketplace/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The refresh cookie only travels to the session endpoints. */
export const REFRESH_COOKIE_PATH = '/api/user';

export function isSecureRequest(request: FastifyRequest, setting: boolean | 'auto'): boolean {
  return setting === 'auto' ? request.protocol === 'https' : setting;
}

/**
 * Web (BFF) session cookies: the access JWT (httpOnly, Lax, whole site), the refresh token (httpOnly,
 * Strict, only under /api/user) and the readable CSRF value the page echoes in `x-csrf-token`. The CSRF
 * value stays the same across refreshes so calls racing a refresh are not refused.
 */
export function setSessionCookies(
  request: FastifyRequest,
  reply: FastifyReply,
  session: { accessToken: string; refreshToken: string; familyExpiresAt: Date; now: Date },
  options: { secure: boolean | 'auto'; csrf: 'new' | 'keep' },
): void {
  const secure = isSecureRequest(request, options.secure);
  const maxAge = Math.max(1, Math.round((session.familyExpiresAt.getTime() - session.now.getTime()) / 1000));
  // Login issues a fresh value (one planted before sign-in is never kept); a refresh keeps it.
  const kept = options.csrf === 'keep' ? request.cookies[SESSION_COOKIES.csrf] : undefined;
  const csrf = kept || randomBytes(24).toString('base64url');
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
