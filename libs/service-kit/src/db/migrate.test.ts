import { sql } from 'kysely';
import { createTestDatabase } from '../testing/test-database';
import type { Database, UntypedDb } from './database';
import { migrateSchema } from './migrate';

describe('migrateSchema', () => {
  let db: Database;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db.close();
  });

  const migrations = {
    '0001_widgets': {
      async up(k: UntypedDb) {
        await k.schema
          .createTable('widgets')
          .addColumn('id', 'integer', (c) => c.primaryKey())
          .execute();
      },
    },
  };

  it('creates the schema, kit tables and service tables, and is idempotent', async () => {
    await migrateSchema(db, 'demo', migrations);
    await migrateSchema(db, 'demo', migrations);
    const { rows } = await sql<{ table_name: string }>`
      select table_name from information_schema.tables where table_schema = 'demo' order by table_name`.execute(
      db.raw,
    );
    const names = rows.map((r) => r.table_name);
    expect(names).toEqual(expect.arrayContaining(['inbox', 'outbox', 'widgets']));
    await db.raw.withSchema('demo').insertInto('widgets').values({ id: 1 }).execute();
    expect(await db.raw.withSchema('demo').selectFrom('widgets').selectAll().execute()).toEqual([{ id: 1 }]);
  });

  it('keeps two schemas apart', async () => {
    await migrateSchema(db, 'other', migrations);
    await db.raw.withSchema('other').insertInto('widgets').values({ id: 7 }).execute();
    const demo = await db.raw.withSchema('demo').selectFrom('widgets').select('id').execute();
    expect(demo.map((r) => r.id)).not.toContain(7);
  });

  it('rejects a bad schema name', async () => {
    await expect(migrateSchema(db, 'Bad-Name', migrations)).rejects.toThrow('invalid schema name');
  });
});
