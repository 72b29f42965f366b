import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { schemaDb, type Database } from '../db/database';
import { migrateSchema } from '../db/migrate';
import { createTestDatabase } from '../testing/test-database';
import { idempotentHandler } from './inbox';
import { newEvent } from './outbox';

// A PGlite cold start alone can take several seconds on a loaded machine.
jest.setTimeout(30_000);

interface Db {
  counters: { name: string; value: number };
}

describe('idempotentHandler', () => {
  let db: Database;
  let svc: Kysely<Db>;
  beforeAll(async () => {
    db = await createTestDatabase();
    await migrateSchema(db, 'inbox_test', {
      '0001_counters': {
        async up(k: Kysely<unknown>) {
          await k.schema
            .createTable('counters')
            .addColumn('name', 'text', (c) => c.primaryKey())
            .addColumn('value', 'integer', (c) => c.notNull())
            .execute();
        },
      },
    });
    svc = schemaDb<Db>(db, 'inbox_test');
  });
  afterAll(async () => {
    await db.close();
  });

  async function value(name: string): Promise<number | undefined> {
    return (await svc.selectFrom('counters').select('value').where('name', '=', name).executeTakeFirst())
      ?.value;
  }
  const bump = (name: string) => async (_e: unknown, trx: Kysely<Db>) => {
    await trx
      .insertInto('counters')
      .values({ name, value: 1 })
      .onConflict((oc) => oc.column('name').doUpdateSet({ value: sql`counters.value + 1` }))
      .execute();
  };

  it('applies an event once however often it is delivered', async () => {
    const handle = idempotentHandler(svc, 'c1', bump('once'));
    const e = newEvent('accounts.user.registered', {}, { correlationId: 'x' });
    await handle(e);
    await handle(e);
    await handle({ ...e });
    expect(await value('once')).toBe(1);
    const rows = await svc
      .selectFrom('inbox' as never)
      .selectAll()
      .execute();
    expect(rows).toEqual(
      expect.arrayContaining([expect.objectContaining({ consumer: 'c1', event_id: e.id })]),
    );
  });

  it('keeps consumers apart: each applies the event once', async () => {
    const e = newEvent('accounts.user.registered', {}, { correlationId: 'x' });
    await idempotentHandler(svc, 'a', bump('apart'))(e);
    await idempotentHandler(svc, 'b', bump('apart'))(e);
    await idempotentHandler(svc, 'a', bump('apart'))(e);
    expect(await value('apart')).toBe(2);
  });

  it('rolls back the inbox row with the handler, so the redelivery applies it', async () => {
    let fail = true;
    const handle = idempotentHandler(svc, 'c2', async (e, trx) => {
      await bump('crash')(e, trx);
      if (fail) throw new Error('crash before commit');
    });
    const e = newEvent('accounts.user.registered', {}, { correlationId: 'x' });
    await expect(handle(e)).rejects.toThrow('crash before commit');
    expect(await value('crash')).toBeUndefined();
    fail = false;
    await handle(e);
    await handle(e);
    expect(await value('crash')).toBe(1);
  });

  it('applies concurrent duplicate deliveries once', async () => {
    const handle = idempotentHandler(svc, 'c3', async (e, trx) => {
      await bump('concurrent')(e, trx);
      await new Promise((r) => setTimeout(r, 20)); // keep the first transaction open while the others arrive
    });
    const e = newEvent('accounts.user.registered', {}, { correlationId: 'x' });
    await Promise.all([handle(e), handle(e), handle(e)]);
    expect(await value('concurrent')).toBe(1);
  });
});
