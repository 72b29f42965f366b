import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/database';
import { migrateSchema } from '../db/migrate';
import { holdTableLock } from '../testing/table-lock';
import { createTestDatabase } from '../testing/test-database';
import { RevocationList } from './revocation';

// Real PostgreSQL: transactions that overlap (PGlite has one connection, so they never do there).
describe('RevocationList on a busy database', () => {
  let db: Database;
  let schema: Kysely<unknown>;
  beforeAll(async () => {
    db = await createTestDatabase();
    await migrateSchema(db, 'revoking', {});
    schema = db.raw.withSchema('revoking') as Kysely<unknown>;
  }, 60_000);
  afterAll(async () => {
    await db.close();
  }, 60_000);

  it('sees a revocation whose transaction began before a read and committed after it', async () => {
    const list = new RevocationList(schema);
    await list.refresh();
    const session = { sub: randomUUID(), sid: randomUUID() };
    let commit!: () => void;
    const committing = new Promise<void>((resolve) => (commit = resolve));
    let inserted!: () => void;
    const written = new Promise<void>((resolve) => (inserted = resolve));
    const slow = db.raw.transaction().execute(async (trx) => {
      await sql`insert into revoking.revocations (kind, id, expires_at) values ('session', ${session.sid}, now() + interval '1 hour')`.execute(
        trx,
      );
      inserted();
      await committing;
    });
    await written;
    await new Promise((resolve) => setTimeout(resolve, 50));
    await list.refresh(); // begins after the row's recorded_at; the row is not visible yet
    expect(await list.isRevoked(session)).toBe(false);
    commit();
    await slow;
    await list.refresh();
    expect(await list.isRevoked(session)).toBe(true);
  });

  it('answers from its copy while the table is locked (a check costs no query)', async () => {
    const list = new RevocationList(schema);
    await list.refresh();
    const release = await holdTableLock(db.raw, 'revoking.revocations');
    try {
      const answer = await Promise.race([
        list.isRevoked({ sub: randomUUID(), sid: randomUUID() }),
        new Promise((resolve) => setTimeout(() => resolve('waited'), 1000)),
      ]);
      expect(answer).toBe(false);
    } finally {
      await release();
    }
  });
});
