import type { EventEnvelope } from '@marketplace/contracts';
import { sql, type Kysely } from 'kysely';
import { schemaDb, type Database } from '../db/database';
import { migrateSchema } from '../db/migrate';
import { createTestDatabase } from '../testing/test-database';
import { captureLogger, deferred, randomLetters, settledWithin, waitFor } from './bus-test-utils';
import { addToOutbox, newEvent, OutboxRelay } from './outbox';
import type { EventBus } from './types';

// A PGlite cold start alone can take several seconds on a loaded machine.
jest.setTimeout(30_000);

/** A bus that records publishes; `gate` lets a test hold or fail them. */
function fakeBus(gate?: (event: EventEnvelope, call: number) => Promise<void>) {
  const published: EventEnvelope[] = [];
  let calls = 0;
  const bus: EventBus = {
    kind: 'local',
    async publish(event) {
      calls++;
      await gate?.(event, calls);
      published.push(event);
    },
    subscribe: () => Promise.reject(new Error('not used')),
    broadcast: () => undefined,
    listen: () => Promise.reject(new Error('not used')),
    onReconnect: () => () => undefined,
    consumerLag: () => Promise.resolve([]),
    ping: async () => undefined,
    close: async () => undefined,
  };
  return { bus, published, calls: () => calls };
}

describe('newEvent', () => {
  it('builds an envelope with a v4 uuid, an ISO time, the correlation id and version 1 by default', () => {
    const before = Date.now();
    const e = newEvent('jobs.job.posted', { jobId: 'j1' }, { correlationId: 'req-1' });
    expect(e).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      type: 'jobs.job.posted',
      version: 1,
      occurredAt: expect.any(String),
      correlationId: 'req-1',
      payload: { jobId: 'j1' },
    });
    expect(new Date(e.occurredAt).toISOString()).toBe(e.occurredAt);
    expect(Date.parse(e.occurredAt)).toBeGreaterThanOrEqual(before - 1);
    expect(newEvent('jobs.job.posted', {}, { correlationId: 'r', version: 2 }).version).toBe(2);
    expect(newEvent('jobs.job.posted', {}, { correlationId: 'r' }).id).not.toBe(e.id);
  });
});

describe('outbox and relay', () => {
  let db: Database;
  let svc: Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  const relays: OutboxRelay[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    await migrateSchema(db, 'outbox_test', {});
    svc = schemaDb(db, 'outbox_test');
  });
  beforeEach(async () => {
    await svc.deleteFrom('outbox').execute();
  });
  afterEach(async () => {
    await Promise.all(relays.splice(0).map((r) => r.stop()));
  });
  afterAll(async () => {
    await db.close();
  });

  function relay(bus: EventBus, options: { pollIntervalMs?: number; batchSize?: number } = {}) {
    const logger = captureLogger();
    const r = new OutboxRelay({
      db: svc,
      bus,
      logger,
      pollIntervalMs: 20,
      retryDelayMs: 20,
      maxRetryDelayMs: 100,
      ...options,
    });
    relays.push(r);
    return Object.assign(r, { logger });
  }
  const ev = (n: number) =>
    newEvent(`accounts.${randomLetters()}.created`, { n }, { correlationId: `c${n}` });
  async function write(...events: EventEnvelope[]) {
    await svc.transaction().execute(async (trx) => {
      for (const e of events) await addToOutbox(trx, e);
    });
  }
  async function publishedAt(id: string) {
    return (
      await svc.selectFrom('outbox').select('published_at').where('id', '=', id).executeTakeFirstOrThrow()
    ).published_at;
  }

  it('stores the envelope with the committed transaction, and nothing for a rolled-back one', async () => {
    const kept = ev(1);
    const dropped = ev(2);
    await write(kept);
    await expect(
      svc.transaction().execute(async (trx) => {
        await addToOutbox(trx, dropped);
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    const rows = await svc.selectFrom('outbox').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: kept.id, type: kept.type, envelope: kept, published_at: null });
  });

  it('keeps insertion order within one transaction although the clock may not move (PGlite ticks in ms)', async () => {
    const events = Array.from({ length: 30 }, (_, i) => ev(i));
    await write(...events);
    const { bus, published } = fakeBus();
    expect(await relay(bus).publishPending()).toBe(30);
    expect(published.map((e) => e.id)).toEqual(events.map((e) => e.id));
  });

  it('publishes in the order the events were created, within and across transactions', async () => {
    const events = [1, 2, 3, 4, 5, 6].map(ev);
    await write(events[0]!, events[1]!, events[2]!);
    await write(events[3]!);
    await write(events[4]!, events[5]!);
    const { bus, published } = fakeBus();
    const r = relay(bus);
    expect(await r.publishPending()).toBe(6);
    expect(published.map((e) => e.id)).toEqual(events.map((e) => e.id));
    expect(await r.publishPending()).toBe(0);
  });

  it('marks a row only after the bus confirmed it', async () => {
    const gate = deferred();
    let started = false;
    const { bus } = fakeBus(() => {
      started = true;
      return gate.promise;
    });
    const e = ev(1);
    await write(e);
    const r = relay(bus);
    const round = r.publishPending();
    await waitFor(() => started, 'the publish to start');
    expect(await publishedAt(e.id)).toBeNull();
    gate.resolve();
    expect(await round).toBe(1);
    expect(await publishedAt(e.id)).toBeInstanceOf(Date);
  });

  it('survives bus errors: logs, retries later, keeps the order, publishes everything', async () => {
    const { bus, published, calls } = fakeBus(async (_e, call) => {
      if (call <= 3) throw new Error(`bus down (${call})`);
    });
    const events = [1, 2, 3].map(ev);
    await write(...events);
    const r = relay(bus);
    r.start();
    await waitFor(() => published.length === 3, 'all events published');
    expect(calls()).toBe(6);
    expect(published.map((e) => e.id)).toEqual(events.map((e) => e.id));
    const warnings = r.logger.entries.filter((x) => x.level === 'warn');
    expect(warnings).toHaveLength(3);
    expect(warnings[0]?.obj).toMatchObject({ err: 'bus down (1)', attempt: 1 });
    for (const e of events) await waitFor(async () => (await publishedAt(e.id)) !== null, 'published_at');
  });

  it('keeps what it published before a failure in the same round', async () => {
    const events = [1, 2, 3].map(ev);
    const { bus } = fakeBus(async (e) => {
      if (e.id === events[1]!.id) throw new Error('bus down');
    });
    await write(...events);
    await expect(relay(bus).publishPending()).rejects.toThrow('bus down');
    expect(await publishedAt(events[0]!.id)).toBeInstanceOf(Date);
    expect(await publishedAt(events[1]!.id)).toBeNull();
    expect(await publishedAt(events[2]!.id)).toBeNull();
  });

  it('publishes right away when kicked, without waiting for the poll', async () => {
    const { bus, published } = fakeBus();
    const r = relay(bus, { pollIntervalMs: 60_000 });
    r.start();
    await new Promise((res) => setTimeout(res, 50)); // the first (empty) round is done; now idle
    const e = ev(1);
    await write(e);
    r.kick();
    await waitFor(() => published.length === 1, 'the kicked publish', 2000);
  });

  it('stop() waits for the publish in progress and still marks it', async () => {
    const gate = deferred();
    let started = false;
    const { bus } = fakeBus(async () => {
      started = true;
      await gate.promise;
    });
    const e = ev(1);
    await write(e);
    const r = relay(bus);
    r.start();
    await waitFor(() => started, 'the publish to start');
    const stopping = r.stop();
    expect(await settledWithin(stopping, 100)).toBe('pending');
    gate.resolve();
    await stopping;
    expect(await publishedAt(e.id)).toBeInstanceOf(Date);
  });

  it('lets two relays drain one outbox; on PostgreSQL they never publish a row twice', async () => {
    const events = Array.from({ length: 60 }, (_, i) => ev(i));
    for (const e of events) await write(e);
    const slow = async () => new Promise<void>((res) => setTimeout(res, 2));
    const a = fakeBus(slow);
    const b = fakeBus(slow);
    // Small batches, so each relay claims a few rows per round and both get some.
    relay(a.bus, { pollIntervalMs: 10, batchSize: 5 }).start();
    relay(b.bus, { pollIntervalMs: 10, batchSize: 5 }).start();
    const all = () => [...a.published, ...b.published].map((e) => e.id);
    await waitFor(() => new Set(all()).size === events.length, 'every row published', 20_000);
    await waitFor(
      async () =>
        Number(
          (
            await svc
              .selectFrom('outbox')
              .select(sql<string>`count(*)`.as('c'))
              .where('published_at', 'is', null)
              .executeTakeFirstOrThrow()
          ).c,
        ) === 0,
      'every row marked',
    );
    if (db.kind === 'postgres') {
      expect(all()).toHaveLength(events.length);
      expect(a.published.length).toBeGreaterThan(0);
      expect(b.published.length).toBeGreaterThan(0);
    }
  }, 30_000);
});
