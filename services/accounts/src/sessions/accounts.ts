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
    if (existing.type === 'admin') {
      // The operator chose this address: it counts as verified (also for admins from before verification).
      if (!existing.email_verified_at) {
        await users.markEmailVerified(db, existing.id, existing.email_normalized, new Date());
      }
      return 'kept';
    }
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
        { email: admin.email, name: 'Admin', passwordHash, type: 'admin', emailVerifiedAt: new Date() },
        'first-admin',
      ),
    );
  if (!created) return ensureFirstAdmin(db, admin, log); // created concurrently by another instance
  log.info({ userId: created.id }, 'first admin account created from ADMIN_EMAIL');
  return 'created';
}

export type FacebookAccountOutcome =
  { ok: true; user: UserRow } | { ok: false; reason: 'no-email' | 'unverified-email' };

/**
 * The account of a Facebook identity: the one already linked to it, else the account with the same
 * email, linked now only if that account's address is verified, else a new account of type user with
 * an unusable password (its address is the one Facebook confirmed, so it counts as verified).
 * An unverified account with the address is never linked: whoever signed up with it has not shown the
 * address is theirs, and linking would hand the Facebook user's sign-ins to that account (or the other
 * way round). Its owner proves the address (verification link or password reset), then links.
 */
export async function accountForFacebook(
  db: Kysely<AccountsDatabase>,
  profile: FacebookProfile,
  correlationId: string,
): Promise<FacebookAccountOutcome> {
  return db.transaction().execute(async (trx): Promise<FacebookAccountOutcome> => {
    const linked = await trx
      .selectFrom('social_identities')
      .innerJoin('users', 'users.id', 'social_identities.user_id')
      .selectAll('users')
      .where('social_identities.provider', '=', 'facebook')
      .where('social_identities.provider_user_id', '=', profile.id)
      .where('users.deleted_at', 'is', null)
      .executeTakeFirst();
    if (linked) return { ok: true, user: linked as UserRow };
    if (!profile.email) return { ok: false, reason: 'no-email' };

    const users = new UsersRepository(trx);
    const existing = await users.findByEmail(profile.email);
    if (existing && !existing.email_verified_at) return { ok: false, reason: 'unverified-email' };
    const user =
      existing ??
      (await insertRegisteredUser(
        trx,
        {
          email: profile.email,
          name: profile.name,
          passwordHash: unusablePasswordHash(),
          type: 'user',
          emailVerifiedAt: new Date(),
        },
        correlationId,
      )) ??
      (await users.findByEmail(profile.email)); // created concurrently by another request
    if (!user?.email_verified_at) return { ok: false, reason: 'unverified-email' };
    await trx
      .insertInto('social_identities')
      .values({ provider: 'facebook', provider_user_id: profile.id, user_id: user.id })
      .onConflict((oc) => oc.columns(['provider', 'provider_user_id']).doNothing())
      .execute();
    return { ok: true, user };
  });
}
