import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../db/database';
import { emptyClusterDump } from './pglite-snapshot';

/** Set by the unit-node test environment (tools/jest/node-environment.cjs): PGlite compiled once per worker. */
type PGliteArtifacts = () => Promise<{ pgliteWasmModule: WebAssembly.Module; fsBundle: Blob }>;

/**
 * A fresh, empty database for one test file: in-memory PGlite on embedded defaults, or a new
 * throw-away PostgreSQL database when DATABASE_URL is set (test:infra). `close()` drops it.
 */
export async function createTestDatabase(): Promise<Database> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const shared = (globalThis as { __pgliteArtifacts?: PGliteArtifacts }).__pgliteArtifacts;
    return openDatabase({ loadDataDir: await emptyClusterDump(), ...(shared ? await shared() : {}) });
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
