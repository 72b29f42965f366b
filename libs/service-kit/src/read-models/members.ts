import { sql, type ColumnType, type Kysely, type Selectable } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { UntypedDb } from '../db/database';
import type { EventHandlers } from '../bus/events';

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
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyServiceTables = any;

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

/**
 * The handlers of accounts.user.* for a members read model; pass them to `service.consume` (inbox,
 * typed dispatch: other types, versions and malformed payloads are acked and ignored).
 */
export const memberEventHandlers: EventHandlers<AnyServiceTables> = {
  'accounts.user.registered': async ({ userId, name, type }, trx) => {
    const now = new Date();
    await trx
      .insertInto('members')
      .values({ id: userId, name, type, photo_url: null, updated_at: now })
      .onConflict((oc) => oc.column('id').doUpdateSet({ name, type, updated_at: now }))
      .execute();
  },
  'accounts.user.updated': async ({ userId, name, type, photoUrl }, trx) => {
    // An update for a member not seen yet changes nothing: its registered event brings the row.
    await trx
      .updateTable('members')
      .set({
        ...(name !== undefined ? { name } : {}),
        ...(type !== undefined ? { type } : {}),
        ...(photoUrl !== undefined ? { photo_url: photoUrl } : {}),
        updated_at: new Date(),
      })
      .where('id', '=', userId)
      .execute();
  },
  'accounts.user.deleted': async ({ userId }, trx) => {
    // The account's personal data was erased (NDPA): keep the id so old references still resolve.
    await trx
      .updateTable('members')
      .set({ name: DELETED_MEMBER_NAME, photo_url: null, updated_at: new Date() })
      .where('id', '=', userId)
      .execute();
  },
};

/** What a deleted account is called everywhere. */
export const DELETED_MEMBER_NAME = 'Deleted user';

export function findMember(db: AnyServiceDb, id: string): Promise<MemberRow | undefined> {
  return (db as Kysely<{ members: MembersTable }>)
    .selectFrom('members')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
}
