import { EVENT_TYPES } from '@marketplace/contracts';
import { publishEvent } from '@marketplace/service-kit';
import type { Transaction } from 'kysely';
import type { AccountsDatabase } from './db-types';
import { UsersRepository, type NewUser, type UserRow } from './repositories/users-repository';

/**
 * The one writer of `accounts.user.registered`: inserts the account and announces it in the same
 * transaction (sign-up and registration, Facebook sign-up, the first admin). Returns undefined, and
 * announces nothing, when the email is taken.
 */
export async function insertRegisteredUser(
  trx: Transaction<AccountsDatabase>,
  user: NewUser,
  correlationId: string,
): Promise<UserRow | undefined> {
  const row = await new UsersRepository(trx).insert(trx, user);
  if (!row) return undefined;
  await publishEvent(
    trx,
    EVENT_TYPES.accountsUserRegistered,
    { userId: row.id, name: row.name, type: row.type },
    { correlationId },
  );
  return row;
}
