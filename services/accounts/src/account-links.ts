import { IDENTITY_LINKS, IDENTITY_PAGES } from '@marketplace/contracts';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { AccountsDatabase } from './db-types';
import type { MailService } from './mail';
import { passwordChangedMail, passwordResetMail, verificationMail } from './mail/templates';
import { AccountTokensRepository } from './repositories/account-tokens-repository';
import { UsersRepository, type UserRow } from './repositories/users-repository';

export const PASSWORD_RESET_TTL_MS = IDENTITY_LINKS.passwordResetMinutes * 60 * 1000;
export const EMAIL_VERIFICATION_TTL_MS = IDENTITY_LINKS.emailVerificationHours * 60 * 60 * 1000;

export interface AccountLinksOptions {
  db: Kysely<AccountsDatabase>;
  mail: MailService;
  /** PUBLIC_URL without a trailing slash. */
  publicUrl: string | undefined;
  now: () => Date;
}

/** Host names that only this machine can use to reach us. */
function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    /^127(?:\.\d{1,3}){3}$/.test(host) ||
    host === '[::1]' ||
    host === '::1'
  );
}

/**
 * PUBLIC_URL, else the request's own origin when it names a loopback host and came straight from the
 * client. Behind a trusted proxy (the edge of the distributed topology rewrites Host to the service's
 * own address) the Host says nothing about the public site: no origin then, rather than a broken link.
 */
export function linkOrigin(
  publicUrl: string | undefined,
  request: Pick<FastifyRequest, 'hostname' | 'host' | 'protocol'> & { ips?: string[] | undefined },
): string | undefined {
  if (publicUrl) return publicUrl;
  const proxied = (request.ips?.length ?? 0) > 1;
  if (proxied || !isLoopbackHost(request.hostname)) return undefined;
  return `${request.protocol}://${request.host}`;
}

/**
 * The links mailed to account owners: a password reset (30 minutes), the e-mail verification (48 hours)
 * and the notice after a reset. Tokens are made and mailed after the request has answered, so neither
 * the answer nor its timing says whether an address has an account.
 */
export class AccountLinks {
  readonly #options: AccountLinksOptions;
  readonly #users: UsersRepository;
  readonly #tokens: AccountTokensRepository;

  constructor(options: AccountLinksOptions) {
    this.#options = options;
    this.#users = new UsersRepository(options.db);
    this.#tokens = new AccountTokensRepository(options.db);
  }

  /**
   * The origin the links point to: PUBLIC_URL, else the request's own origin when it names a loopback
   * host (local use). Anything else would trust the client's Host header, which an attacker sets to
   * their own site to receive someone else's reset link; then no link is made and the operator is told.
   */
  origin(request: FastifyRequest): string | undefined {
    const origin = linkOrigin(this.#options.publicUrl, request);
    if (origin) return origin;
    request.log.error(
      { host: request.host },
      'no origin for mailed links: set PUBLIC_URL (without it, links are only made for direct requests to a loopback host)',
    );
    return undefined;
  }

  /** Mails a reset link when an account uses the address; nothing otherwise. Returns at once. */
  sendPasswordReset(request: FastifyRequest, email: string): void {
    const origin = this.origin(request);
    if (!origin) return;
    this.#options.mail.notifyInBackground(async () => {
      const user = await this.#users.findByEmail(email);
      if (!user) return undefined;
      const now = this.#options.now();
      const token = await this.#options.db.transaction().execute((trx) =>
        this.#tokens.issue(trx, {
          userId: user.id,
          purpose: 'password-reset',
          email: user.email,
          ttlMs: PASSWORD_RESET_TTL_MS,
          now,
        }),
      );
      request.log.info({ userId: user.id }, 'password reset link mailed');
      return passwordResetMail({
        to: user.email,
        name: user.name,
        link: `${origin}${IDENTITY_PAGES.resetPassword}#token=${token}`,
        minutes: IDENTITY_LINKS.passwordResetMinutes,
      });
    });
  }

  /**
   * Mails a new verification link (the older one stops working). Returns false when no link can be
   * made for this request (see `origin`).
   */
  sendVerification(request: FastifyRequest, user: UserRow): boolean {
    const origin = this.origin(request);
    if (!origin) return false;
    this.#options.mail.notifyInBackground(async () => {
      const token = await this.#options.db.transaction().execute((trx) =>
        this.#tokens.issue(trx, {
          userId: user.id,
          purpose: 'email-verification',
          email: user.email,
          ttlMs: EMAIL_VERIFICATION_TTL_MS,
          now: this.#options.now(),
        }),
      );
      return verificationMail({
        to: user.email,
        name: user.name,
        link: `${origin}${IDENTITY_PAGES.verifyEmail}#token=${token}`,
        hours: IDENTITY_LINKS.emailVerificationHours,
      });
    });
    return true;
  }

  /** Tells the owner their password was changed (also when the request's host makes no links). */
  sendPasswordChanged(request: FastifyRequest, user: UserRow, changedAt: Date): void {
    const origin = linkOrigin(this.#options.publicUrl, request);
    this.#options.mail.notifyInBackground(
      passwordChangedMail({
        to: user.email,
        name: user.name,
        changedAt,
        forgotLink: origin ? `${origin}${IDENTITY_PAGES.forgotPassword}` : undefined,
        supportEmail: this.#options.mail.supportEmail,
      }),
    );
  }
}
