import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../db/database';
import type { ServiceSchema } from '../db/migrate';
import { emptyClusterDump, migratedClusterDump, sharedPGliteArtifacts } from './pglite-snapshot';

export interface TestDatabaseOptions {
  /**
   * PGlite only: start with these schemas already migrated (a snapshot made once per worker and run,
   * see `migratedClusterDump`), for suites whose services would migrate them first anyway. PostgreSQL
   * (test:infra) ignores it: there each suite still migrates its new database.
   */
  migrated?: readonly ServiceSchema[];
}

/**
 * A fresh, empty database for one test file: in-memory PGlite on embedded defaults, or a new
 * throw-away PostgreSQL database when DATABASE_URL is set (test:infra). `close()` drops it.
 */
export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<Database> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const shared = sharedPGliteArtifacts();
    const dump = options.migrated?.length
      ? await migratedClusterDump(options.migrated)
      : await emptyClusterDump();
    return openDatabase({ loadDataDir: dump, ...(shared ? await shared() : {}) });
  }

  const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = await openDatabase({ url: url.toString(), poolSize: 5 });
  return {
    ...db,
    async close() {
      await db.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      try {
        await dropper.query(`drop database if exists ${name} with (force)`);
      } finally {
        await dropper.end();
      }
    },
  };
}
