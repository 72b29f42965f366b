import { hash, verify } from '@node-rs/argon2';
import {
  EVENT_TYPES,
  LoginBodySchema,
  LoginResponseSchema,
  RegisterBodySchema,
  RegisterResponseSchema,
  type Account,
  type AccountsUserRegisteredV1,
} from '@marketplace/contracts';
import {
  addToOutbox,
  badRequest,
  conflict,
  newEvent,
  publicJwks,
  unauthorized,
  type FastifyPluginAsyncTypebox,
} from '@marketplace/service-kit';
import type { Kysely } from 'kysely';
import type { AccountsDatabase } from '../db-types';
import { UsersRepository, type UserRow } from '../repositories/users-repository';

export interface UserRoutesOptions {
  db: Kysely<AccountsDatabase>;
  publicKey: string;
  eventsWritten: () => void;
}

const NAME_PATTERN = /^[A-Za-z ]+$/;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

// Verifying against this when an email is unknown keeps login time the same either way.
const UNKNOWN_USER_HASH = hash('not-a-real-password-just-for-timing');

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
    totalPostedJobs: 0,
    totalAppliedJobs: 0,
  };
}

export const userRoutes: FastifyPluginAsyncTypebox<UserRoutesOptions> = async (app, options) => {
  const users = new UsersRepository(options.db);

  app.post(
    '/api/user',
    { schema: { body: RegisterBodySchema, response: { 200: RegisterResponseSchema } } },
    async (request) => {
      const body = request.body;
      const name = body.name.trim();
      if (!name) throw badRequest('Please Enter your full Name');
      if (!NAME_PATTERN.test(name)) throw badRequest('Name should only contain alphabets and spaces.');
      if (!EMAIL_PATTERN.test(body.email.trim())) throw badRequest('Invalid email address');
      if (body.password.length < 6) throw badRequest('Password must be at least 6 characters long');

      const passwordHash = await hash(body.password);
      const created = await options.db.transaction().execute(async (trx) => {
        const row = await users.insert(trx, {
          email: body.email,
          name,
          passwordHash,
          type: body.type ?? 'user',
          phoneNumber: body.phoneNumber ?? null,
          cacnumber: body.cacnumber ?? null,
          address: body.address ?? null,
          pincode: body.pincode ?? null,
        });
        if (!row) return undefined;
        const payload: AccountsUserRegisteredV1 = { userId: row.id, name: row.name, type: row.type };
        await addToOutbox<AccountsDatabase>(
          trx,
          newEvent(EVENT_TYPES.accountsUserRegistered, payload, { correlationId: request.id }),
        );
        return row;
      });
      if (!created) throw conflict('User with email already exist', 'EMAIL_TAKEN');
      options.eventsWritten();
      return { statusCode: 200, resultMessage: { en: 'Registered successfully' }, user: toAccount(created) };
    },
  );

  app.post(
    '/api/user/login',
    { schema: { body: LoginBodySchema, response: { 200: LoginResponseSchema } } },
    async (request) => {
      const user = await users.findByEmail(request.body.email);
      const valid = await verify(user?.password_hash ?? (await UNKNOWN_USER_HASH), request.body.password);
      if (!user || !valid) throw unauthorized('Invalid User Name / Password!');
      const accessToken = await app.jwt.sign({ sub: user.id, type: user.type, name: user.name });
      return {
        statusCode: 200,
        resultMessage: { en: 'Login successful' },
        accessToken,
        user: toAccount(user),
      };
    },
  );

  app.get('/api/user/jwks.json', async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return publicJwks(options.publicKey);
  });
};
