import { schemaDb, type Database } from '../db/database';
import { migrateSchema } from '../db/migrate';
import { createTestDatabase } from '../testing/test-database';
import { EventPayloadError, publishEvent, publishEvents } from './events';

jest.setTimeout(30_000);

describe('publishEvent and the after-commit signal', () => {
  let db: Database;
  const schema = 'typed_events';
  beforeAll(async () => {
    db = await createTestDatabase();
    await migrateSchema(db, schema, {});
  }, 60_000);
  afterAll(async () => {
    await db.close();
  }, 60_000);

  const outbox = () => schemaDb<{ outbox: { type: string } }>(db, schema);
  const userId = '5f0c6a52-8a0e-4c39-9a4e-2f8f3f0f8c11';

  it('writes a payload that matches its contract and signals once the transaction commits', async () => {
    const signals: string[] = [];
    const stop = db.onOutboxCommitted(schema, () => signals.push('commit'));
    const other = db.onOutboxCommitted('another_schema', () => signals.push('other'));
    await outbox()
      .transaction()
      .execute(async (trx) => {
        const event = await publishEvent(
          trx,
          'accounts.user.registered',
          { userId, name: 'Ada Obi', type: 'user' },
          { correlationId: 'test' },
        );
        expect(event).toMatchObject({ type: 'accounts.user.registered', version: 1 });
        expect(signals).toEqual([]); // not before commit
      });
    expect(signals).toEqual(['commit']);
    stop();
    other();
  });

  it('writes several events of one type in one statement, in order, and signals once after commit', async () => {
    const signals: string[] = [];
    const stop = db.onOutboxCommitted(schema, () => signals.push('commit'));
    const ids = ['6a1c3f10-0c8e-4d0a-9b1e-3d3b7a0e0001', '6a1c3f10-0c8e-4d0a-9b1e-3d3b7a0e0002'];
    const written = await outbox()
      .transaction()
      .execute((trx) =>
        publishEvents(
          trx,
          'accounts.user.deleted',
          ids.map((id, i) => ({ payload: { userId: id }, correlationId: `request-${i}` })),
        ),
      );
    expect(signals).toEqual(['commit']);
    const rows = await schemaDb<{ outbox: { id: string; seq: string; envelope: unknown } }>(db, schema)
      .selectFrom('outbox')
      .select(['id', 'envelope'])
      .where(
        'id',
        'in',
        written.map((e) => e.id),
      )
      .orderBy('seq')
      .execute();
    expect(rows.map((r) => r.id)).toEqual(written.map((e) => e.id));
    expect(written.map((e) => [e.payload, e.correlationId])).toEqual(
      ids.map((id, i) => [{ userId: id }, `request-${i}`]),
    );
    await expect(
      outbox()
        .transaction()
        .execute((trx) =>
          publishEvents(trx, 'accounts.user.deleted', [
            { payload: { userId }, correlationId: 'x' },
            // @ts-expect-error -- userId must be a string (the contract's schema)
            { payload: { userId: 7 }, correlationId: 'x' },
          ]),
        ),
    ).rejects.toThrow(EventPayloadError);
    await outbox()
      .transaction()
      .execute((trx) => publishEvents(trx, 'accounts.user.deleted', []));
    expect(signals).toEqual(['commit']);
    stop();
  });

  it('does not signal a rolled back transaction', async () => {
    const signals: string[] = [];
    const stop = db.onOutboxCommitted(schema, () => signals.push('commit'));
    await expect(
      outbox()
        .transaction()
        .execute(async (trx) => {
          await publishEvent(trx, 'accounts.user.deleted', { userId }, { correlationId: 'test' });
          throw new Error('rolled back');
        }),
    ).rejects.toThrow('rolled back');
    expect(signals).toEqual([]);
    stop();
  });

  it('refuses a payload that breaks its contract, at compile time and at run time', async () => {
    const before = await outbox().selectFrom('outbox').select('type').execute();
    await expect(
      outbox()
        .transaction()
        .execute(async (trx) =>
          publishEvent(
            trx,
            'accounts.user.registered',
            // @ts-expect-error -- `type` must be 'user' | 'company' | 'admin' (the contract's schema)
            { userId, name: 'Ada Obi', type: 'visitor' },
            { correlationId: 'test' },
          ),
        ),
    ).rejects.toThrow(EventPayloadError);
    await expect(
      outbox()
        .transaction()
        .execute(async (trx) =>
          // @ts-expect-error -- not a declared event type
          publishEvent(trx, 'accounts.user.renamed', { userId }, { correlationId: 'test' }),
        ),
    ).rejects.toThrow(EventPayloadError);
    expect(await outbox().selectFrom('outbox').select('type').execute()).toEqual(before);
  });
});
