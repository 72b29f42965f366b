import { sql } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import type { Database, UntypedDb } from './database';

export type SchemaMigrations = Record<string, Migration>;

/**
 * Tables every service schema carries for reliable messaging:
 * - outbox: events written in the same transaction as the state change, published by the relay.
 * - inbox: ids of events a consumer has handled, so a redelivered event is applied once.
 * - rate_limit_counters: the shared counters of named rate limits (http/rate-limit.ts).
 */
const kitMigrations: SchemaMigrations = {
  '0000_kit_outbox_inbox': {
    async up(db: UntypedDb) {
      await db.schema
        .createTable('outbox')
        .ifNotExists()
        .addColumn('id', 'uuid', (c) => c.primaryKey())
        // Publication order: the order rows were added, even within one transaction.
        .addColumn('seq', 'bigserial', (c) => c.notNull().unique())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('envelope', 'jsonb', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('published_at', 'timestamptz')
        .execute();
      await db.schema
        .createIndex('outbox_unpublished_idx')
        .ifNotExists()
        .on('outbox')
        .column('seq')
        .where(sql.ref('published_at'), 'is', null)
        .execute();
      await db.schema
        .createTable('inbox')
        .ifNotExists()
        .addColumn('consumer', 'text', (c) => c.notNull())
        .addColumn('event_id', 'uuid', (c) => c.notNull())
        .addColumn('handled_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addPrimaryKeyConstraint('inbox_pk', ['consumer', 'event_id'])
        .execute();
    },
  },
  /** Request counters of the kit's rate limits, shared by every instance of the service. */
  '0000_kit_rate_limits': {
    async up(db: UntypedDb) {
      await db.schema
        .createTable('rate_limit_counters')
        .ifNotExists()
        .addColumn('name', 'text', (c) => c.notNull())
        // A SHA-256 of the key (client address, normalised email...): no personal data kept here.
        .addColumn('key_hash', 'text', (c) => c.notNull())
        .addColumn('window_start', 'bigint', (c) => c.notNull())
        .addColumn('hits', 'integer', (c) => c.notNull())
        .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
        .addPrimaryKeyConstraint('rate_limit_counters_pk', ['name', 'key_hash', 'window_start'])
        .execute();
    },
  },
  /**
   * Revoked sessions and deleted accounts, from accounts' events (auth/revocation.ts): the kit's
   * `authenticate` refuses their access tokens at once. `kind` is 'session' (id = sid) or 'user'.
   */
  '0000_kit_revocations': {
    async up(db: UntypedDb) {
      await db.schema
        .createTable('revocations')
        .ifNotExists()
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('id', 'text', (c) => c.notNull())
        // Session rows matter only while an access token of theirs could still be valid.
        .addColumn('expires_at', 'timestamptz')
        .addPrimaryKeyConstraint('revocations_pk', ['kind', 'id'])
        .execute();
    },
  },
  /**
   * When each revocation was recorded (its transaction's start), so an instance keeping the table in
   * memory reads only what is new each second (auth/revocation.ts `watch`).
   */
  '0000_kit_revocations_recorded_at': {
    async up(db: UntypedDb) {
      await db.schema
        .alterTable('revocations')
        .addColumn('recorded_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
      await db.schema
        .createIndex('revocations_recorded_at_idx')
        .ifNotExists()
        .on('revocations')
        .column('recorded_at')
        .execute();
    },
  },
};

/**
 * What a service does with its schema at start (the MIGRATIONS setting of a standalone service):
 * - on-start: migrate it (the default: local runs, the embedded topology, tests);
 * - verify: refuse to start unless it is at the latest migration (production, where the runtime role
 *   cannot change tables and a one-off task migrates: see migrate-task.ts);
 * - skip: neither (the operator answers for it).
 */
export type MigrationMode = 'on-start' | 'verify' | 'skip';
export const MIGRATION_MODES: readonly MigrationMode[] = ['on-start', 'verify', 'skip'];

export class SchemaNotMigratedError extends Error {
  constructor(
    readonly schema: string,
    readonly pending: string[],
  ) {
    super(
      `schema ${schema} is not at the latest migration: ${pending.length} pending (${pending.slice(0, 3).join(', ')}${
        pending.length > 3 ? ', ...' : ''
      }); run the service's migrate task first`,
    );
    this.name = 'SchemaNotMigratedError';
  }
}

function assertSchemaName(schema: string) {
  if (!/^[a-z][a-z0-9_]*$/.test(schema)) throw new Error(`invalid schema name ${schema}`);
}

function schemaMigrator(db: Database, schema: string, migrations: SchemaMigrations): Migrator {
  const all: SchemaMigrations = { ...kitMigrations, ...migrations };
  const provider: MigrationProvider = { getMigrations: async () => all };
  return new Migrator({
    db: db.raw.withSchema(schema),
    provider,
    migrationTableSchema: schema,
    // The kit's own migrations ('0000_kit_*') may be added after a service's were applied.
    allowUnorderedMigrations: true,
  });
}

/**
 * Bring one service's schema up to date. Safe to run at every start and from several instances at
 * once (Kysely takes a lock); already applied migrations are skipped. Returns the names applied now.
 */
export async function migrateSchema(
  db: Database,
  schema: string,
  migrations: SchemaMigrations,
): Promise<string[]> {
  assertSchemaName(schema);
  // Created only when missing: a migrator role owns its provisioned schema but may not create schemas
  // (PostgreSQL checks that right before it looks whether the schema exists).
  const { rows } = await sql`select 1 from pg_namespace where nspname = ${schema}`.execute(db.raw);
  if (rows.length === 0) await sql`create schema if not exists ${sql.id(schema)}`.execute(db.raw);
  const { error, results } = await schemaMigrator(db, schema, migrations).migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(
      `migration ${schema}/${failed} failed: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** The migrations (the kit's and the service's) not yet applied to `schema`, by name. */
export async function pendingMigrations(
  db: Database,
  schema: string,
  migrations: SchemaMigrations,
): Promise<string[]> {
  assertSchemaName(schema);
  const all = await schemaMigrator(db, schema, migrations).getMigrations();
  return all.filter((migration) => migration.executedAt === undefined).map((migration) => migration.name);
}

/** Throws SchemaNotMigratedError unless every migration of the service has been applied. */
export async function verifySchema(
  db: Database,
  schema: string,
  migrations: SchemaMigrations,
): Promise<void> {
  const pending = await pendingMigrations(db, schema, migrations);
  if (pending.length > 0) throw new SchemaNotMigratedError(schema, pending);
}
