import { EVENT_TYPES } from '@marketplace/contracts';
import { publishEvent } from '@marketplace/service-kit';
import type { Transaction } from 'kysely';
import type { AccountsDatabase } from './db-types';
import { deleteNoticesOf } from './mail/notice-mails';
import { ContactMessagesRepository } from './repositories/contact-messages-repository';
import { revokeSessionDataOf } from './repositories/session-data-repository';
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
    {
      userId: row.id,
      name: row.name,
      type: row.type,
      // Payments prints it on the company's receipts (it is read-only after registration).
      ...(row.type === 'company' && row.cacnumber ? { cacNumber: row.cacnumber } : {}),
    },
    { correlationId },
  );
  return row;
}

/**
 * The one writer of `accounts.user.deleted`: erases a live account's personal data (the row stays,
 * anonymised, with `unusablePasswordHash`), its contact messages, notices and sessions, and announces it
 * in the same transaction so the other services anonymise their read models. Returns the row as it was
 * before (for its photo file, which the caller removes after commit), or undefined when already gone.
 */
export async function eraseAccount(
  trx: Transaction<AccountsDatabase>,
  userId: string,
  unusablePasswordHash: string,
  correlationId: string,
): Promise<UserRow | undefined> {
  const users = new UsersRepository(trx);
  const before = await users.findById(userId, trx);
  if (!before) return undefined;
  const erased = await users.anonymise(trx, userId, unusablePasswordHash);
  if (!erased) return undefined;
  await new ContactMessagesRepository(trx).deleteFrom(trx, userId);
  await deleteNoticesOf(trx, userId);
  await revokeSessionDataOf(trx, userId);
  await publishEvent(trx, EVENT_TYPES.accountsUserDeleted, { userId }, { correlationId });
  return before;
}
