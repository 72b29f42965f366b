// Test support shared by the revocation suites (on PGlite and on PostgreSQL): a test database with the
// kit's own tables migrated into a schema of their own, as a service's schema holds them.
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import { migrateSchema } from '../db/migrate';
import { createTestDatabase } from '../testing/test-database';

/** Opens the database before the file's tests and closes it after them; read it inside a test. */
export function useRevokingSchema(): { readonly db: Database; readonly schema: Kysely<unknown> } {
  let db: Database | undefined;
  beforeAll(async () => {
    db = await createTestDatabase();
    await migrateSchema(db, 'revoking', {});
  }, 60_000);
  afterAll(async () => {
    await db?.close();
  }, 60_000);
  const opened = () => {
    if (!db) throw new Error('the revoking schema is open only inside the tests');
    return db;
  };
  return {
    get db() {
      return opened();
    },
    get schema() {
      return opened().raw.withSchema('revoking') as Kysely<unknown>;
    },
  };
}
