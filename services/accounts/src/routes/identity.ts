import { hash } from '@node-rs/argon2';
import {
  EmailRule,
  ErrorEnvelopeSchema,
  ForgotPasswordBodySchema,
  IDENTITY_MESSAGES,
  INVALID_LINK_CODE,
  MessageResponseSchema,
  NewPasswordRule,
  ResetPasswordBodySchema,
  SESSION_MESSAGES,
  VerifyEmailBodySchema,
} from '@marketplace/contracts';
import { AppError, unauthorized, type FastifyPluginAsyncTypebox } from '@marketplace/service-kit';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { AccountLinks } from '../account-links';
import { resolveAccountsSettings, type AccountsSettings } from '../config';
import type { AccountsDatabase } from '../db-types';
import { emailKey } from '../rate-limits';
import { AccountTokensRepository } from '../repositories/account-tokens-repository';
import { SessionStore } from '../repositories/session-store';
import { UsersRepository } from '../repositories/users-repository';
import { clearSessionCookies } from '../sessions/cookies';
import { checkField } from '../validation/registration';

export interface IdentityRoutesOptions {
  db: Kysely<AccountsDatabase>;
  links: AccountLinks;
  settings?: AccountsSettings;
}

const invalidLink = (message: string) => new AppError(400, INVALID_LINK_CODE, message);

const MAIL_LINKS_UNAVAILABLE = 'We cannot send e-mail links from this address of the site right now.';

/**
 * Password reset (request a link by e-mail, then choose a new password with it) and e-mail verification
 * (the link mailed at sign-up, and 'Resend verification e-mail' for a signed-in member).
 */
export const identityRoutes: FastifyPluginAsyncTypebox<IdentityRoutesOptions> = async (app, options) => {
  const settings = resolveAccountsSettings(options.settings);
  const { db, links } = options;
  const users = new UsersRepository(db);
  const tokens = new AccountTokensRepository(db);
  const sessions = new SessionStore(db, {
    ttlMs: settings.refreshTtlMs,
    idleMs: settings.refreshIdleMs,
    now: settings.now,
  });
  const messageResponses = { 200: MessageResponseSchema, 400: ErrorEnvelopeSchema };

  app.post(
    '/api/user/forgot-password',
    {
      // Per client address, and per address asked for whether it has an account or not (so a 429
      // reveals nothing either, and one inbox gets a bounded number of mails).
      config: { rateLimits: ['reset-ip', { name: 'reset-email', key: (request) => emailKey(request.body) }] },
      schema: { body: ForgotPasswordBodySchema, response: messageResponses },
    },
    async (request) => {
      const email = request.body.email.trim();
      checkField(EmailRule, email);
      // The same answer, at the same speed, for every well-formed address: the account is looked up,
      // and the link made and mailed, after the answer has gone.
      links.sendPasswordReset(request, email);
      return { statusCode: 200, resultMessage: { en: IDENTITY_MESSAGES.resetLinkSent } };
    },
  );

  app.post(
    '/api/user/reset-password',
    {
      config: { rateLimits: ['link-ip'] },
      schema: { body: ResetPasswordBodySchema, response: messageResponses },
    },
    async (request, reply) => {
      const { token, password } = request.body;
      const now = settings.now();
      // A dead link is said first: a new password typed for it would be lost anyway.
      const checked = await tokens.check(token, 'password-reset', now);
      if (!checked.ok) {
        request.log.info({ reason: checked.reason }, 'password reset link refused');
        throw invalidLink(IDENTITY_MESSAGES.invalidResetLink);
      }
      checkField(NewPasswordRule, password);
      const passwordHash = await hash(password);

      const changed = await db.transaction().execute(async (trx) => {
        const redeemed = await tokens.redeem(trx, token, 'password-reset', now);
        if (!redeemed.ok) return undefined; // used by a concurrent request a moment ago
        const owner = await users.findById(redeemed.row.user_id, trx);
        // The link proves control of the address it was mailed to, and only while the account has it.
        if (!owner || owner.email_normalized !== redeemed.row.email_normalized) return undefined;
        const user = await users.setPasswordHash(trx, owner.id, passwordHash);
        if (!user) return undefined;
        await users.markEmailVerified(trx, user.id, user.email_normalized, now);
        await tokens.dropUnused(trx, user.id, 'password-reset');
        // Every session ends, here and in every service (accounts.session.revoked per session).
        const ended = await sessions.revokeAllOf(trx, user.id, request.id);
        return { user, ended };
      });
      if (!changed) throw invalidLink(IDENTITY_MESSAGES.invalidResetLink);
      request.log.info({ userId: changed.user.id, sessionsEnded: changed.ended }, 'password reset');
      // This browser's session (if any) ended with the others.
      clearSessionCookies(request, reply, settings.cookieSecure);
      links.sendPasswordChanged(request, changed.user, now);
      return { statusCode: 200, resultMessage: { en: IDENTITY_MESSAGES.passwordChanged } };
    },
  );

  app.post(
    '/api/user/verify-email',
    {
      config: { rateLimits: ['link-ip'] },
      schema: { body: VerifyEmailBodySchema, response: messageResponses },
    },
    async (request) => {
      const now = settings.now();
      const outcome = await db.transaction().execute(async (trx) => {
        const redeemed = await tokens.redeem(trx, request.body.token, 'email-verification', now);
        if (redeemed.ok) {
          const { user_id, email_normalized } = redeemed.row;
          return (await users.markEmailVerified(trx, user_id, email_normalized, now))
            ? 'verified'
            : 'invalid';
        }
        // The same link opened twice (a second tab, a mail scanner first): fine if it did its job.
        if (redeemed.reason === 'used' && redeemed.row) {
          const owner = await users.findById(redeemed.row.user_id, trx);
          if (owner?.email_verified_at && owner.email_normalized === redeemed.row.email_normalized) {
            return 'already';
          }
        }
        return 'invalid';
      });
      if (outcome === 'invalid') throw invalidLink(IDENTITY_MESSAGES.invalidVerificationLink);
      const en = outcome === 'verified' ? IDENTITY_MESSAGES.emailVerified : IDENTITY_MESSAGES.alreadyVerified;
      return { statusCode: 200, resultMessage: { en } };
    },
  );

  app.post(
    '/api/user/resend-verification',
    {
      // Signed in first (onRequest), so the limit counts per account.
      onRequest: app.authenticate,
      config: {
        rateLimits: [
          {
            name: 'verify-resend-account',
            key: (request: FastifyRequest) => (request.user as { sub?: string } | undefined)?.sub,
          },
        ],
        documentedBody: 'none',
      },
      schema: { response: { 200: MessageResponseSchema, 401: ErrorEnvelopeSchema } },
    },
    async (request) => {
      const user = await users.findById(request.user.sub);
      if (!user) throw unauthorized(SESSION_MESSAGES.pleaseSignIn);
      if (user.email_verified_at) {
        return { statusCode: 200, resultMessage: { en: IDENTITY_MESSAGES.alreadyVerified } };
      }
      if (!links.sendVerification(request, user)) {
        throw new AppError(503, 'MAIL_LINKS_UNAVAILABLE', MAIL_LINKS_UNAVAILABLE);
      }
      return { statusCode: 200, resultMessage: { en: IDENTITY_MESSAGES.verificationSent } };
    },
  );
};
