import { sql } from 'kysely';
import type { Database } from '../db/database';
import { createTestDatabase } from '../testing/test-database';
import { describeBusContract } from './bus-contract.test-suite';
import { captureLogger, randomLetters, waitFor } from './bus-test-utils';
import { createLocalBus } from './local-bus';
import { newEvent } from './outbox';
import type { EventBus } from './types';
import type { EventEnvelope } from '@marketplace/contracts';

// A PGlite cold start alone can take several seconds on a loaded machine.
jest.setTimeout(30_000);

describeBusContract('local', (db) =>
  createLocalBus({ db, pollIntervalMs: 50, retryDelayMs: 20, maxRetryDelayMs: 200, logger: captureLogger() }),
);

describe('local bus', () => {
  let db: Database;
  let bus: EventBus | undefined;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterEach(async () => {
    await bus?.close();
    bus = undefined;
  });
  afterAll(async () => {
    await db.close();
  });

  const type = () => `accounts.${randomLetters()}.created`;

  it('logs a failing handler with the event and the attempt', async () => {
    const logger = captureLogger();
    bus = await createLocalBus({ db, logger, retryDelayMs: 10, maxRetryDelayMs: 20 });
    const t = type();
    let calls = 0;
    await bus.subscribe({
      durable: `log_${randomLetters()}`,
      filterSubject: t,
      handle: async () => {
        if (++calls < 3) throw new Error('boom');
      },
    });
    const e = newEvent(t, {}, { correlationId: 'c' });
    await bus.publish(e);
    await waitFor(() => calls >= 3, 'the third attempt');
    const warnings = logger.entries.filter((x) => x.level === 'warn');
    expect(warnings).toHaveLength(2);
    expect(warnings[1]?.obj).toMatchObject({ eventId: e.id, attempt: 2, err: 'boom' });
  });

  it('prunes events older than the retention from the log, and keeps the rest', async () => {
    bus = await createLocalBus({ db, logger: captureLogger() });
    const old = newEvent(type(), {}, { correlationId: 'c' });
    const recent = newEvent(type(), {}, { correlationId: 'c' });
    await bus.publish(old);
    await bus.publish(recent);
    await sql`update bus.events set stored_at = now() - interval '8 days' where id = ${old.id}`.execute(
      db.raw,
    );
    await bus.close();
    // Another process starts with a week's retention: it prunes at once (and then hourly).
    bus = await createLocalBus({ db, retentionMs: 7 * 24 * 60 * 60 * 1000, logger: captureLogger() });
    const ids = await sql<{
      id: string;
    }>`select id from bus.events where id in (${old.id}, ${recent.id})`.execute(db.raw);
    expect(ids.rows.map((row) => row.id)).toEqual([recent.id]);
  });

  it('picks up events written by another process through polling', async () => {
    bus = await createLocalBus({ db, pollIntervalMs: 50, logger: captureLogger() });
    const t = type();
    const seen: EventEnvelope[] = [];
    await bus.subscribe({
      durable: `poll_${randomLetters()}`,
      filterSubject: t,
      handle: async (e) => void seen.push(e),
    });
    // Written straight into the log, as another process's bus would: no in-process wake-up.
    const e = newEvent(t, { from: 'elsewhere' }, { correlationId: 'c' });
    await sql`insert into bus.events (id, type, envelope) values (${e.id}, ${e.type}, ${JSON.stringify(e)})`.execute(
      db.raw,
    );
    await waitFor(() => seen.length === 1, 'the polled event', 3000);
    expect(seen[0]).toEqual(e);
  });

  it('wakes consumers of every bus on the same database at once on publish', async () => {
    // A long poll interval: only the in-process notification can deliver within the wait below.
    bus = await createLocalBus({ db, pollIntervalMs: 60_000, logger: captureLogger() });
    const other = await createLocalBus({ db, pollIntervalMs: 60_000, logger: captureLogger() });
    try {
      const t = type();
      const seen: string[] = [];
      await bus.subscribe({
        durable: `wake_${randomLetters()}`,
        filterSubject: t,
        handle: async (e) => void seen.push(e.id),
      });
      await new Promise((r) => setTimeout(r, 100)); // let the consumer go idle
      const e = newEvent(t, {}, { correlationId: 'c' });
      await other.publish(e);
      await waitFor(() => seen.length === 1, 'the notified event', 2000);
    } finally {
      await other.close();
    }
  });

  it('refuses a second consumer with the same durable on one bus', async () => {
    bus = await createLocalBus({ db, logger: captureLogger() });
    const durable = `twice_${randomLetters()}`;
    await bus.subscribe({ durable, filterSubject: 'accounts.>', handle: async () => undefined });
    await expect(
      bus.subscribe({ durable, filterSubject: 'accounts.>', handle: async () => undefined }),
    ).rejects.toThrow(/already running/);
  });

  it('is safe to create twice on one database and rejects use after close', async () => {
    bus = await createLocalBus({ db, logger: captureLogger() });
    const again = await createLocalBus({ db, logger: captureLogger() });
    await again.close();
    await expect(again.publish(newEvent(type(), {}, { correlationId: 'c' }))).rejects.toThrow(/closed/);
  });

  it('fails ping when its database is gone', async () => {
    const own = await createTestDatabase();
    const b = await createLocalBus({ db: own, logger: captureLogger() });
    await expect(b.ping()).resolves.toBeUndefined();
    await b.close();
    await own.close();
    await expect(b.ping()).rejects.toThrow();
  });
});
