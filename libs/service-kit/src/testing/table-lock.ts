import { sql, type Kysely } from 'kysely';

/**
 * A busy database for a test: takes an ACCESS EXCLUSIVE lock on `table` (schema-qualified) in a
 * transaction of its own and holds it until the returned release is called, so every query on the
 * table waits meanwhile. Resolves once the lock is held.
 */
export async function holdTableLock<DB>(db: Kysely<DB>, table: string): Promise<() => Promise<void>> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let locked!: () => void;
  const lockHeld = new Promise<void>((resolve) => (locked = resolve));
  const holding = db.transaction().execute(async (trx) => {
    await sql`lock table ${sql.table(table)} in access exclusive mode`.execute(trx);
    locked();
    await released;
  });
  await Promise.race([lockHeld, holding]);
  return async () => {
    release();
    await holding;
  };
}
