import {
  AccountsUserDeletedV1,
  AccountsUserRegisteredV1,
  AccountsUserUpdatedV1,
  EVENT_TYPES,
  type EventEnvelope,
} from '@marketplace/contracts';
import { sql, type ColumnType, type Kysely, type Selectable } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { UntypedDb } from '../db/database';
import { Value } from 'typebox/value';

/**
 * A service's own copy of what it needs to know about accounts (name, type, photo), kept from
 * accounts.user.* events. Several services keep one; each in its own schema, none reads accounts'.
 */
export interface MembersTable {
  id: string;
  name: string;
  type: 'user' | 'company' | 'admin';
  photo_url: string | null;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}
export type MemberRow = Selectable<MembersTable>;
// Each service's database type differs; what these functions touch is only its members table.
type AnyServiceDb = UntypedDb;

export const createMembersTable: Migration = {
  async up(db: UntypedDb) {
    await db.schema
      .createTable('members')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('photo_url', 'text')
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
  },
};

/** The consumer of accounts.user.* for a members read model; run it through `consume` (inbox). */
export async function applyMemberEvent(event: EventEnvelope, trx: AnyServiceDb): Promise<void> {
  const now = new Date();
  if (
    event.type === EVENT_TYPES.accountsUserRegistered &&
    Value.Check(AccountsUserRegisteredV1, event.payload)
  ) {
    const { userId, name, type } = event.payload;
    await trx
      .insertInto('members')
      .values({ id: userId, name, type, photo_url: null, updated_at: now })
      .onConflict((oc) => oc.column('id').doUpdateSet({ name, type, updated_at: now }))
      .execute();
  } else if (
    event.type === EVENT_TYPES.accountsUserUpdated &&
    Value.Check(AccountsUserUpdatedV1, event.payload)
  ) {
    const { userId, name, type, photoUrl } = event.payload;
    // An update for a member not seen yet changes nothing: its registered event brings the row.
    await trx
      .updateTable('members')
      .set({
        ...(name !== undefined ? { name } : {}),
        ...(type !== undefined ? { type } : {}),
        ...(photoUrl !== undefined ? { photo_url: photoUrl } : {}),
        updated_at: now,
      })
      .where('id', '=', userId)
      .execute();
  } else if (
    event.type === EVENT_TYPES.accountsUserDeleted &&
    Value.Check(AccountsUserDeletedV1, event.payload)
  ) {
    // The account's personal data was erased (NDPA): keep the id so old references still resolve.
    await trx
      .updateTable('members')
      .set({ name: DELETED_MEMBER_NAME, photo_url: null, updated_at: now })
      .where('id', '=', event.payload.userId)
      .execute();
  }
}

/** What a deleted account is called everywhere. */
export const DELETED_MEMBER_NAME = 'Deleted user';

export function findMember(db: AnyServiceDb, id: string): Promise<MemberRow | undefined> {
  return (db as Kysely<{ members: MembersTable }>)
    .selectFrom('members')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
}
