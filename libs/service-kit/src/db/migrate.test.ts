import { sql } from 'kysely';
import { createTestDatabase } from '../testing/test-database';
import type { Database, UntypedDb } from './database';
import { migrateSchema, pendingMigrations, SchemaNotMigratedError, verifySchema } from './migrate';

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

  it('says which migrations it applied, none the second time', async () => {
    expect(await migrateSchema(db, 'counted', migrations)).toEqual([
      '0000_kit_outbox_inbox',
      '0000_kit_rate_limits',
      '0000_kit_revocations',
      '0000_kit_revocations_recorded_at',
      '0001_widgets',
    ]);
    expect(await migrateSchema(db, 'counted', migrations)).toEqual([]);
  });
});

describe('verifySchema (MIGRATIONS=verify)', () => {
  let db: Database;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db.close();
  });

  const first = {
    '0001_widgets': {
      async up(k: UntypedDb) {
        await k.schema.createTable('widgets').addColumn('id', 'integer').execute();
      },
    },
  };
  const later = {
    ...first,
    '0002_gadgets': {
      async up(k: UntypedDb) {
        await k.schema.createTable('gadgets').addColumn('id', 'integer').execute();
      },
    },
  };

  it('refuses a schema nobody migrated, naming what is missing and what to do', async () => {
    expect(await pendingMigrations(db, 'fresh', first)).toEqual([
      '0000_kit_outbox_inbox',
      '0000_kit_rate_limits',
      '0000_kit_revocations',
      '0000_kit_revocations_recorded_at',
      '0001_widgets',
    ]);
    await expect(verifySchema(db, 'fresh', first)).rejects.toThrow(
      "schema fresh is not at the latest migration: 5 pending (0000_kit_outbox_inbox, 0000_kit_rate_limits, 0000_kit_revocations, ...); run the service's migrate task first",
    );
    // Verifying changes nothing.
    const { rows } = await sql`select 1 from pg_namespace where nspname = 'fresh'`.execute(db.raw);
    expect(rows).toEqual([]);
  });

  it('accepts a schema at the latest migration and refuses it once the code has a newer one', async () => {
    await migrateSchema(db, 'shop', first);
    await expect(verifySchema(db, 'shop', first)).resolves.toBeUndefined();
    const error = await verifySchema(db, 'shop', later).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(SchemaNotMigratedError);
    expect((error as SchemaNotMigratedError).pending).toEqual(['0002_gadgets']);
  });
});
