import { join } from 'node:path';
import pino from 'pino';
import { Type } from 'typebox';
import { BaseConfigSchema, loadConfig } from './config/config';
import { openDatabase } from './db/database';
import { migrateSchema, type SchemaMigrations } from './db/migrate';

/** Settings of a migrate task: the database (as the service's migrator role in production). */
export const MigrateConfigSchema = Type.Object({
  DATABASE_URL: BaseConfigSchema.properties.DATABASE_URL,
  DATA_DIR: BaseConfigSchema.properties.DATA_DIR,
  LOG_LEVEL: BaseConfigSchema.properties.LOG_LEVEL,
});

export interface MigrateTaskOptions {
  /** The service, as in its main.ts (names the PGlite folder when there is no DATABASE_URL). */
  name: string;
  schema: string;
  migrations: SchemaMigrations;
  env?: NodeJS.ProcessEnv;
}

/**
 * Brings one service's schema (its tables plus the kit's outbox, inbox, rate-limit and revocation
 * tables) to the latest migration and says what it did. Throws on bad settings, an unreachable
 * database or a failed migration.
 */
export async function migrateService(options: MigrateTaskOptions): Promise<string> {
  const config = loadConfig(MigrateConfigSchema, options.env ?? process.env);
  let db;
  try {
    db = await openDatabase({
      url: config.DATABASE_URL,
      dataDir: join(config.DATA_DIR, `pglite-${options.name}`),
    });
  } catch (err) {
    throw new Error(`${config.DATABASE_URL ? 'DATABASE_URL' : 'DATA_DIR'}: ${messageOf(err)}`, {
      cause: err,
    });
  }
  try {
    const applied = await migrateSchema(db, options.schema, options.migrations);
    return applied.length === 0
      ? `schema ${options.schema} was already at the latest migration`
      : `schema ${options.schema} migrated: ${applied.length} applied (${applied.join(', ')})`;
  } finally {
    await db.close();
  }
}

/**
 * A service's migrate entry (services/<name>/src/migrate.ts): a one-off task run before the new
 * version starts (with MIGRATIONS=verify). Exits 0 after one line saying what it did, or 1 with one
 * line saying why not.
 */
export async function runMigrateTask(options: MigrateTaskOptions): Promise<never> {
  const logger = pino({
    base: { service: options.name, task: 'migrate' },
    level: (options.env ?? process.env).LOG_LEVEL ?? 'info',
  });
  try {
    logger.info(`${options.name} migrate: ${await migrateService(options)}`);
    logger.flush();
    process.exit(0);
  } catch (err) {
    logger.fatal(`${options.name} migrate failed: ${messageOf(err)}`);
    logger.flush();
    process.exit(1);
  }
}

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
