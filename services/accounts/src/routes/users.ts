import { hash } from '@node-rs/argon2';
import { MESSAGES, RegisterBodySchema, RegisterResponseSchema, type Account } from '@marketplace/contracts';
import { conflict, type FastifyPluginAsyncTypebox } from '@marketplace/service-kit';
import type { Kysely } from 'kysely';
import type { AccountLinks } from '../account-links';
import type { AccountsDatabase } from '../db-types';
import type { UserRow } from '../repositories/users-repository';
import { insertRegisteredUser } from '../user-events';
import { REGISTRATION_MESSAGES, validateRegistration } from '../validation/registration';

export interface UserRoutesOptions {
  db: Kysely<AccountsDatabase>;
  publicKey: string;
  /** Mails the verification link after a sign-up. */
  links: AccountLinks;
}

export function toAccount(row: UserRow): Account {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    phoneNumber: row.phone_number,
    type: row.type,
    cacnumber: row.cacnumber,
    address: row.address,
    pincode: row.pincode,
    description: row.description,
    photoUrl: row.photo_url,
    totalPostedJobs: row.total_posted_jobs,
    totalAppliedJobs: row.total_applied_jobs,
    state: row.state,
    category: row.categories,
    subcategory: row.subcategories,
    emailVerified: row.email_verified_at !== null,
  };
}

export const userRoutes: FastifyPluginAsyncTypebox<UserRoutesOptions> = async (app, options) => {
  app.post(
    '/api/user',
    {
      // Per-address limit on sign-ups (RATE_LIMIT_REGISTER_PER_IP).
      config: { rateLimits: ['register-ip'] },
      schema: { body: RegisterBodySchema, response: { 200: RegisterResponseSchema } },
    },
    async (request) => {
      const input = validateRegistration(request.body);
      const passwordHash = await hash(input.password);
      const created = await options.db.transaction().execute((trx) =>
        insertRegisteredUser(
          trx,
          {
            email: input.email,
            name: input.name,
            passwordHash,
            type: input.type,
            phoneNumber: input.phoneNumber,
            cacnumber: input.cacnumber,
            cacClass: input.cacClass,
            address: input.address,
            state: input.state,
            pincode: input.pincode,
            categories: input.categories,
            subcategories: input.subcategories,
          },
          request.id,
        ),
      );
      if (!created) {
        // A taken email (any casing) says so, as the spec's error catalogue does: hiding it protected
        // nothing (signing in with the new password reveals it at once) and left the owner puzzled.
        // Nothing is stored or announced; the per-IP sign-up limit still bounds probing.
        throw conflict(MESSAGES.userWithEmailAlreadyExist, 'EMAIL_TAKEN');
      }
      // The verification link goes out after the answer; the account can sign in meanwhile.
      if (!options.links.sendVerification(request, created)) {
        request.log.warn({ userId: created.id }, 'sign-up: no verification link could be mailed');
      }
      const resultMessage = { en: REGISTRATION_MESSAGES.registered };
      return { statusCode: 200, resultMessage, user: toAccount(created) };
    },
  );
};
