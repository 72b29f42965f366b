import pg from 'pg';
import { sql } from 'kysely';
import { openDatabase } from './database';

describe('openDatabase on PostgreSQL', () => {
  it('survives its server ending a connection inside a transaction (as a restart does), and goes on', async () => {
    const db = await openDatabase({ url: process.env.DATABASE_URL!, poolSize: 2 });
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    try {
      const transaction = db.raw.transaction().execute(async (trx) => {
        const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
        // Between two statements the client is checked out and idle: the server ends it now.
        await admin.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
        await new Promise((resolve) => setTimeout(resolve, 300));
        await sql`select 1`.execute(trx);
      });
      await expect(transaction).rejects.toThrow();
      // The broken client was dropped: the next queries get a fresh connection.
      await db.ping();
      await db.ping();
    } finally {
      await admin.end();
      await db.close();
    }
  });
});

describe('openDatabase at start', () => {
  it('waits for a name that cannot be resolved yet (a new container’s DNS), then reports it', async () => {
    const waits: unknown[] = [];
    await expect(
      openDatabase({
        url: 'postgres://app@db-not-known-yet.invalid:5432/market',
        startupWaitMs: 250,
        retryMs: 100,
        onWait: (err) => waits.push(err),
      }),
    ).rejects.toThrow(/cannot reach the database at .*db-not-known-yet\.invalid.*ENOTFOUND/);
    expect(waits.length).toBeGreaterThanOrEqual(1);
    expect(waits.every((err) => (err as { code?: string }).code === 'ENOTFOUND')).toBe(true);
  });

  it('reports a refused connection or an unknown role at once', async () => {
    for (const url of [
      'postgres://app@127.0.0.1:1/market',
      `postgres://no_such_role_${Date.now()}@127.0.0.1:5432/postgres`,
    ]) {
      const waits: unknown[] = [];
      await expect(openDatabase({ url, onWait: (err) => waits.push(err) })).rejects.toThrow(
        /cannot reach the database/,
      );
      expect(waits).toEqual([]);
    }
  });
});
