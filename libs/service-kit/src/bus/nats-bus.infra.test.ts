import { SERVICES } from '@marketplace/contracts';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { describeBusContract } from './bus-contract.test-suite';
import { captureLogger, randomLetters, waitFor } from './bus-test-utils';
import { createEventBus } from './index';
import { BusUnavailableError, CORRELATION_ID_HEADER, createNatsBus, natsNames } from './nats-bus';
import { createTestDatabase } from '../testing/test-database';
import { newEvent } from './outbox';
import type { EventBus } from './types';

const servers = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
// Streams T<random>_ACCOUNTS ... on subjects t<random>.accounts.> keep this run apart from any other.
const namespace = `t${randomLetters(8)}`;
const DAY_NANOS = 24 * 60 * 60 * 1_000_000_000;

afterAll(async () => {
  const nc = await connect({ servers });
  try {
    const jsm = await jetstreamManager(nc);
    for (const service of SERVICES)
      await jsm.streams.delete(natsNames(service, namespace).stream).catch(() => false);
  } finally {
    await nc.close();
  }
});

describeBusContract('nats', () =>
  createNatsBus({
    servers,
    name: 'bus-contract',
    namespace,
    // The "stuck process" test waits for this redelivery; 4 s, not less: a handler slowed by a busy machine
    // past it is redelivered, and the suites that count deliveries would see it twice.
    ackWaitMs: 4000,
    retryDelayMs: 20,
    maxRetryDelayMs: 200,
    logger: captureLogger(),
  }),
);

describe('nats bus', () => {
  const open: EventBus[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((b) => b.close()));
  });
  async function bus(): Promise<EventBus> {
    const b = await createNatsBus({
      servers,
      name: 'nats-bus-test',
      namespace,
      retryDelayMs: 20,
      logger: captureLogger(),
    });
    open.push(b);
    return b;
  }

  it('fails fast with a clear error when the server is unreachable at start', async () => {
    const started = Date.now();
    const attempt = createNatsBus({ servers: 'nats://127.0.0.1:1', name: 'nobody', connectTimeoutMs: 2000 });
    await expect(attempt).rejects.toThrow(BusUnavailableError);
    await expect(attempt).rejects.toThrow(/cannot reach NATS at 127\.0\.0\.1:1/);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('creates one file-backed stream per service with a duplicate window, and sets Nats-Msg-Id and the correlation id', async () => {
    const b = await bus();
    const nc = await connect({ servers });
    try {
      const jsm = await jetstreamManager(nc);
      for (const service of SERVICES) {
        const info = await jsm.streams.info(natsNames(service, namespace).stream);
        expect(info.config.subjects).toEqual([`${namespace}.${service}.>`]);
        expect(info.config.storage).toBe('file');
        expect(info.config.duplicate_window).toBe(120_000_000_000);
        // Retention limits: 30 days by default, 1 GiB at most, oldest first.
        expect(info.config.max_age).toBe(30 * DAY_NANOS);
        expect(info.config.max_bytes).toBe(1024 ** 3);
        expect(info.config.discard).toBe('old');
      }
      const e = newEvent(`jobs.${randomLetters()}.posted`, { x: 1 }, { correlationId: 'req-42' });
      await b.publish(e);
      const stored = await jsm.streams.getMessage(natsNames('jobs', namespace).stream, {
        last_by_subj: `${namespace}.${e.type}`,
      });
      expect(stored?.header.get('Nats-Msg-Id')).toBe(e.id);
      expect(stored?.header.get(CORRELATION_ID_HEADER)).toBe('req-42');
      expect(stored?.json()).toEqual(e);
    } finally {
      await nc.close();
    }
  });

  it('splits the work of one durable between two processes', async () => {
    const [a, b] = [await bus(), await bus()];
    const type = `chat.${randomLetters()}.sent`;
    const durable = `split_${randomLetters()}`;
    const byA: string[] = [];
    const byB: string[] = [];
    const slow = (into: string[]) => async (e: { id: string }) => {
      await new Promise((r) => setTimeout(r, 10));
      into.push(e.id);
    };
    await a.subscribe({ durable, filterSubject: type, handle: slow(byA) });
    await b.subscribe({ durable, filterSubject: type, handle: slow(byB) });
    const events = Array.from({ length: 200 }, (_, i) => newEvent(type, { i }, { correlationId: 'c' }));
    for (const e of events) await a.publish(e);
    await waitFor(() => new Set([...byA, ...byB]).size === events.length, 'all events', 20_000);
    expect(byA.length).toBeGreaterThan(0);
    expect(byB.length).toBeGreaterThan(0);
  });

  it('is what createEventBus picks when a NATS URL is set', async () => {
    const db = await createTestDatabase();
    try {
      const b = await createEventBus({
        natsUrl: servers,
        name: 'factory',
        db,
        logger: captureLogger(),
        nats: { namespace },
      });
      open.push(b);
      expect(b.kind).toBe('nats');
      await expect(b.ping()).resolves.toBeUndefined();
    } finally {
      await db.close();
    }
  });

  it('keeps two stacks on one server apart by BUS_NAMESPACE, and applies BUS_RETENTION_DAYS to existing streams', async () => {
    const db = await createTestDatabase();
    const other = `t${randomLetters(8)}`;
    const nc = await connect({ servers });
    const stacks: EventBus[] = [];
    try {
      const stack = (ns: string, retentionDays?: number) =>
        createEventBus({
          natsUrl: servers,
          name: ns,
          db,
          namespace: ns,
          retentionDays,
          logger: captureLogger(),
        });
      const [first, second] = [await stack(namespace), await stack(other)];
      stacks.push(first, second);
      // The same durable name in each stack gets only its own stack's events.
      const type = `jobs.${randomLetters()}.posted`;
      const seen: Record<string, string[]> = { first: [], second: [] };
      for (const [name, b] of [
        ['first', first],
        ['second', second],
      ] as const) {
        await b.subscribe({
          durable: 'jobs_members',
          filterSubject: type,
          handle: async (e) => void seen[name]?.push(e.id),
        });
      }
      const [a, b] = [newEvent(type, {}, { correlationId: 'c' }), newEvent(type, {}, { correlationId: 'c' })];
      await first.publish(a);
      await second.publish(b);
      await waitFor(() => seen.first?.length === 1 && seen.second?.length === 1, 'one event each');
      expect(seen).toEqual({ first: [a.id], second: [b.id] });
      // A process started with another retention updates the streams already there.
      stacks.push(await stack(other, 7));
      const jsm = await jetstreamManager(nc);
      expect((await jsm.streams.info(natsNames('jobs', other).stream)).config.max_age).toBe(7 * DAY_NANOS);
    } finally {
      // Closed before their streams go, so no consumer re-creates one.
      await Promise.all(stacks.map((b) => b.close()));
      const jsm = await jetstreamManager(nc);
      for (const service of SERVICES)
        await jsm.streams.delete(natsNames(service, other).stream).catch(() => false);
      await nc.close();
      await db.close();
    }
  });

  it('pings, and refuses work after close', async () => {
    const b = await bus();
    await expect(b.ping()).resolves.toBeUndefined();
    await b.close();
    await expect(b.ping()).rejects.toThrow();
    await expect(
      b.publish(newEvent(`accounts.${randomLetters()}.created`, {}, { correlationId: 'c' })),
    ).rejects.toThrow(/closed/);
  });
});
