import { hash } from '@node-rs/argon2';
import { RegisterBodySchema, RegisterResponseSchema, type Account } from '@marketplace/contracts';
import type { FastifyPluginAsyncTypebox } from '@marketplace/service-kit';
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AccountsDatabase } from '../db-types';
import type { MailService } from '../mail';
import { registrationAttemptMail } from '../mail/templates';
import { UsersRepository, type UserRow } from '../repositories/users-repository';
import { insertRegisteredUser } from '../user-events';
import {
  REGISTRATION_MESSAGES,
  validateRegistration,
  type ValidRegistration,
} from '../validation/registration';

export interface UserRoutesOptions {
  db: Kysely<AccountsDatabase>;
  publicKey: string;
  mail: MailService;
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
  };
}

/** What a successful registration would have answered, for an email that is taken (nothing stored). */
function unsavedAccount(input: ValidRegistration): Account {
  return {
    _id: randomUUID(),
    name: input.name,
    email: input.email,
    phoneNumber: input.phoneNumber,
    type: input.type,
    cacnumber: input.cacnumber,
    address: input.address,
    pincode: input.pincode,
    description: null,
    photoUrl: null,
    totalPostedJobs: 0,
    totalAppliedJobs: 0,
    state: input.state,
    category: input.categories,
    subcategory: input.subcategories,
  };
}

export const userRoutes: FastifyPluginAsyncTypebox<UserRoutesOptions> = async (app, options) => {
  const users = new UsersRepository(options.db);

  app.post(
    '/api/user',
    {
      // Per-address limit on sign-ups (RATE_LIMIT_REGISTER_PER_IP).
      config: { rateLimits: ['register-ip'] },
      schema: { body: RegisterBodySchema, response: { 200: RegisterResponseSchema } },
    },
    async (request) => {
      const input = validateRegistration(request.body);
      // Hashed whether or not the email is free, so both answers take the same time.
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
      const resultMessage = { en: REGISTRATION_MESSAGES.registered };
      if (!created) {
        // Decision: a taken email is NOT reported. Answering 409 "already exists" would let anyone test
        // which addresses have accounts (account enumeration). The answer is the same status and shape
        // as a success (with an id that exists nowhere), nothing is stored or announced, and the owner
        // of the address gets a notice mail, sent after the answer so its timing reveals nothing. A
        // person who already has an account learns it from that mail, and signing in still works.
        options.mail.notifyInBackground(async () => {
          const existing = await users.findByEmail(input.email);
          return existing ? registrationAttemptMail(existing.email) : undefined;
        });
        return { statusCode: 200, resultMessage, user: unsavedAccount(input) };
      }
      return { statusCode: 200, resultMessage, user: toAccount(created) };
    },
  );
};
