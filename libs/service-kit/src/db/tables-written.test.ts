import { sql } from 'kysely';
import { createTestDatabase } from '../testing/test-database';
import { schemaDb, type Database } from './database';
import { migrateSchema } from './migrate';

jest.setTimeout(30_000);

interface Tables {
  things: { id: number; name: string };
  others: { id: number };
}

describe('Database.onTablesWritten', () => {
  let db: Database;
  const schema = 'tables_written';
  beforeAll(async () => {
    db = await createTestDatabase();
    await migrateSchema(db, schema, {
      '0001': {
        async up(trx) {
          await trx.schema
            .createTable('things')
            .addColumn('id', 'integer', (c) => c.primaryKey())
            .addColumn('name', 'text')
            .execute();
          await trx.schema
            .createTable('others')
            .addColumn('id', 'integer', (c) => c.primaryKey())
            .execute();
        },
      },
    });
  }, 60_000);
  afterAll(async () => {
    await db.close();
  }, 60_000);

  const tables = () => schemaDb<Tables>(db, schema);

  it('signals after the commit of an insert, an update or a delete, once per commit', async () => {
    const signals: string[] = [];
    const stop = db.onTablesWritten(schema, ['things', 'others'], () => signals.push('written'));
    await tables()
      .transaction()
      .execute(async (trx) => {
        await trx.insertInto('things').values({ id: 1, name: 'one' }).execute();
        await trx.insertInto('others').values({ id: 1 }).execute();
        await trx.updateTable('things').set({ name: 'uno' }).where('id', '=', 1).execute();
        expect(signals).toEqual([]); // not before commit
      });
    expect(signals).toEqual(['written']);
    await tables().deleteFrom('others').where('id', '=', 1).execute(); // outside a transaction: at once
    expect(signals).toEqual(['written', 'written']);
    stop();
    await tables().updateTable('things').set({ name: 'one' }).execute();
    expect(signals).toEqual(['written', 'written']);
  });

  it('does not signal reads, rollbacks, other tables or other schemas', async () => {
    const signals: string[] = [];
    const stop = db.onTablesWritten(schema, ['things'], () => signals.push('things'));
    const elsewhere = db.onTablesWritten('another_schema', ['things'], () => signals.push('elsewhere'));
    await tables().selectFrom('things').selectAll().execute();
    await sql`select 1`.execute(db.raw);
    await tables().insertInto('others').values({ id: 2 }).execute();
    await expect(
      tables()
        .transaction()
        .execute(async (trx) => {
          await trx.insertInto('things').values({ id: 2, name: 'two' }).execute();
          throw new Error('rolled back');
        }),
    ).rejects.toThrow('rolled back');
    expect(signals).toEqual([]);
    stop();
    elsewhere();
  });

  it('keeps the outbox signal to inserts (the relay marking rows sent does not wake it)', async () => {
    await migrateSchema(db, 'tables_written_outbox', {});
    const outbox = schemaDb<{ outbox: { id: string; published_at: Date | null } }>(
      db,
      'tables_written_outbox',
    );
    const signals: string[] = [];
    const stopOutbox = db.onOutboxCommitted('tables_written_outbox', () => signals.push('outbox'));
    const stopTable = db.onTablesWritten('tables_written_outbox', ['outbox'], () => signals.push('table'));
    await outbox
      .updateTable('outbox')
      .set({ published_at: new Date() })
      .where('published_at', 'is', null)
      .execute();
    expect(signals).toEqual(['table']);
    stopOutbox();
    stopTable();
  });
});
