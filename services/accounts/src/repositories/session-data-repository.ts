import type { Kysely } from 'kysely';
import type { AccountsDatabase } from '../db-types';

/**
 * A person's sign-in sessions and linked social logins for the data export, without token hashes.
 * Sessions are sorted newest first.
 */
export async function sessionDataOf(
  db: Kysely<AccountsDatabase>,
  userId: string,
): Promise<{ sessions: Record<string, unknown>[]; socialIdentities: Record<string, unknown>[] }> {
  const sessions = await db
    .selectFrom('refresh_tokens')
    .select([
      'id',
      'user_id',
      'family_id',
      'created_at',
      'expires_at',
      'family_expires_at',
      'used_at',
      'revoked_at',
      'user_agent',
    ])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .execute();
  const socialIdentities = await db
    .selectFrom('social_identities')
    .select(['provider', 'provider_user_id', 'user_id', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .execute();
  return { sessions: sessions.map(exported), socialIdentities: socialIdentities.map(exported) };
}

/** Dates as ISO strings, as the export has always written them. */
function exported(row: object): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(row).map(([key, value]) => [key, value instanceof Date ? value.toISOString() : value]),
  );
}

/**
 * Ends every session of an account, unlinks its social logins and drops its mailed links (reset,
 * verification) (account deletion).
 */
export async function revokeSessionDataOf(trx: Kysely<AccountsDatabase>, userId: string): Promise<void> {
  await trx.deleteFrom('refresh_tokens').where('user_id', '=', userId).execute();
  await trx.deleteFrom('account_tokens').where('user_id', '=', userId).execute();
  await trx.deleteFrom('social_identities').where('user_id', '=', userId).execute();
}
