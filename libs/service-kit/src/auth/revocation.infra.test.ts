import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { holdTableLock } from '../testing/table-lock';
import { RevocationList } from './revocation';
import { useRevokingSchema } from './revocation-test-schema';

// Real PostgreSQL: transactions that overlap (PGlite has one connection, so they never do there).
describe('RevocationList on a busy database', () => {
  const revoking = useRevokingSchema();

  it('sees a revocation whose transaction began before a read and committed after it', async () => {
    const list = new RevocationList(revoking.schema);
    await list.refresh();
    const session = { sub: randomUUID(), sid: randomUUID() };
    let commit!: () => void;
    const committing = new Promise<void>((resolve) => (commit = resolve));
    let inserted!: () => void;
    const written = new Promise<void>((resolve) => (inserted = resolve));
    const slow = revoking.db.raw.transaction().execute(async (trx) => {
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
    const list = new RevocationList(revoking.schema);
    await list.refresh();
    const release = await holdTableLock(revoking.db.raw, 'revoking.revocations');
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
