import { randomBytes } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { AccountsDatabase } from '../db-types';
import { UsersRepository, type UserRow } from '../repositories/users-repository';
import { insertRegisteredUser } from '../user-events';
import type { FacebookProfile } from './facebook';

/**
 * Accounts that sign in without a password (social login) still need a password hash. This one can
 * never verify: it is not an argon2 hash, and login checks for that before comparing.
 */
export function unusablePasswordHash(): string {
  return `!no-password:${randomBytes(16).toString('hex')}`;
}

export function isUsablePasswordHash(passwordHash: string): boolean {
  return passwordHash.startsWith('$argon2');
}

export type FirstAdminOutcome = 'created' | 'kept' | 'not-admin';

/**
 * The first admin from configuration (ADMIN_EMAIL + ADMIN_PASSWORD), idempotent: created when no
 * account has the email, kept as is when the admin exists. An existing non-admin account with that
 * email is never promoted (whoever registered it knows its password); the operator is told instead.
 */
export async function ensureFirstAdmin(
  db: Kysely<AccountsDatabase>,
  admin: { email: string; password: string },
  log: FastifyBaseLogger,
): Promise<FirstAdminOutcome> {
  const users = new UsersRepository(db);
  const existing = await users.findByEmail(admin.email);
  if (existing) {
    if (existing.type === 'admin') return 'kept';
    log.error(
      { userId: existing.id },
      'ADMIN_EMAIL belongs to an account that is not an admin; it was not promoted. Use another address.',
    );
    return 'not-admin';
  }
  const passwordHash = await hash(admin.password);
  const created = await db
    .transaction()
    .execute((trx) =>
      insertRegisteredUser(
        trx,
        { email: admin.email, name: 'Admin', passwordHash, type: 'admin' },
        'first-admin',
      ),
    );
  if (!created) return ensureFirstAdmin(db, admin, log); // created concurrently by another instance
  log.info({ userId: created.id }, 'first admin account created from ADMIN_EMAIL');
  return 'created';
}

/**
 * The account of a Facebook identity: the one already linked to it, else the account with the same
 * (Facebook-verified) email, linked now, else a new account of type user with an unusable password.
 * Returns undefined when there is neither a link nor an email to create an account with.
 */
export async function accountForFacebook(
  db: Kysely<AccountsDatabase>,
  profile: FacebookProfile,
  correlationId: string,
): Promise<UserRow | undefined> {
  return db.transaction().execute(async (trx) => {
    const linked = await trx
      .selectFrom('social_identities')
      .innerJoin('users', 'users.id', 'social_identities.user_id')
      .selectAll('users')
      .where('social_identities.provider', '=', 'facebook')
      .where('social_identities.provider_user_id', '=', profile.id)
      .executeTakeFirst();
    if (linked) return linked as UserRow;
    if (!profile.email) return undefined;

    const users = new UsersRepository(trx);
    const user =
      (await users.findByEmail(profile.email)) ??
      (await insertRegisteredUser(
        trx,
        { email: profile.email, name: profile.name, passwordHash: unusablePasswordHash(), type: 'user' },
        correlationId,
      )) ??
      (await users.findByEmail(profile.email));
    if (!user) return undefined;
    await trx
      .insertInto('social_identities')
      .values({ provider: 'facebook', provider_user_id: profile.id, user_id: user.id })
      .onConflict((oc) => oc.columns(['provider', 'provider_user_id']).doNothing())
      .execute();
    return user;
  });
}
