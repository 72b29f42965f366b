import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isSecureRequest, REFRESH_COOKIE_PATH } from './cookies';

/** httpOnly, path /api/user, SameSite=Strict: marks of the accounts that signed in on this browser. */
export const KNOWN_DEVICE_COOKIE = 'mp_device';

/** How many accounts one browser remembers (a shared family computer), newest first. */
const MAX_ACCOUNTS = 5;
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;
const MARK = /^[A-Za-z0-9_-]{22}$/;

/**
 * Browsers an account has signed in on before. Login attempts are limited per account from everywhere
 * (a slow back-off against guessing from many addresses); a browser that signed in to the account
 * before is not counted against that limit, so nobody can lock the owner out of their usual device.
 * The per account-and-address limit still applies to it. The mark is a keyed hash of the account's
 * e-mail: nothing readable, and it cannot be made for another account without the key.
 */
export class KnownDevices {
  constructor(private readonly key: string) {}

  private mark(email: string): string {
    return createHmac('sha256', this.key).update(`known-device:${email}`).digest('base64url').slice(0, 22);
  }

  private marksOf(request: FastifyRequest): string[] {
    const value = request.cookies[KNOWN_DEVICE_COOKIE] ?? '';
    return value
      .split('.')
      .filter((mark) => MARK.test(mark))
      .slice(0, MAX_ACCOUNTS);
  }

  /** Whether this browser signed in to the account with this (normalised) e-mail before. */
  knows(request: FastifyRequest, email: string): boolean {
    const wanted = Buffer.from(this.mark(email));
    return this.marksOf(request).some((mark) => timingSafeEqual(Buffer.from(mark), wanted));
  }

  /** After a successful sign-in: this browser now knows the account. */
  remember(request: FastifyRequest, reply: FastifyReply, email: string, secure: boolean | 'auto'): void {
    const mark = this.mark(email);
    const marks = [mark, ...this.marksOf(request).filter((other) => other !== mark)].slice(0, MAX_ACCOUNTS);
    reply.setCookie(KNOWN_DEVICE_COOKIE, marks.join('.'), {
      path: REFRESH_COOKIE_PATH,
      httpOnly: true,
      sameSite: 'strict',
      secure: isSecureRequest(request, secure),
      maxAge: ONE_YEAR_SECONDS,
    });
  }
}
