import type { Kysely, Selectable, Transaction } from 'kysely';
import type { AccountsDatabase, UsersTable } from '../db-types';

export type UserRow = Selectable<UsersTable>;

export interface NewUser {
  email: string;
  name: string;
  passwordHash: string;
  type: UsersTable['type'];
  phoneNumber?: string | null;
  cacnumber?: string | null;
  address?: string | null;
  pincode?: string | null;
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export class UsersRepository {
  constructor(private readonly db: Kysely<AccountsDatabase>) {}

  /** Returns undefined when the email is already taken (case-insensitively). */
  async insert(trx: Transaction<AccountsDatabase>, user: NewUser): Promise<UserRow | undefined> {
    return trx
      .insertInto('users')
      .values({
        email: user.email.trim(),
        email_normalized: normaliseEmail(user.email),
        name: user.name.trim(),
        password_hash: user.passwordHash,
        type: user.type,
        phone_number: user.phoneNumber ?? null,
        cacnumber: user.cacnumber ?? null,
        address: user.address ?? null,
        pincode: user.pincode ?? null,
        description: null,
        photo_url: null,
      })
      .onConflict((oc) => oc.column('email_normalized').doNothing())
      .returningAll()
      .executeTakeFirst();
  }

  findByEmail(email: string): Promise<UserRow | undefined> {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where('email_normalized', '=', normaliseEmail(email))
      .executeTakeFirst();
  }

  findById(id: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }
}
