import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { sql, type Kysely } from 'kysely';
import { schemaDb, type Database } from '../db/database';
import { migrateSchema } from '../db/migrate';
import { createTestDatabase } from '../testing/test-database';
import { captureLogger, waitFor } from './bus-test-utils';
import { idempotentHandler } from './inbox';
import { createNatsBus, natsNames } from './nats-bus';
import { NatsTestServer } from './nats-test-server';
import { addToOutbox, newEvent, OutboxRelay } from './outbox';
import type { Consumer, EventBus } from './types';

/**
 * Nothing acked is lost when the NATS server dies mid-stream: outbox -> relay -> JetStream ->
 * durable consumer -> inbox, with the server SIGKILLed and restarted on the same store while events
 * keep being written.
 */
describe('NATS server killed and restarted mid-stream', () => {
  const TOTAL = 300;
  const KILL_AT = 100;
  const RESTART_AT = 180;
  let server: NatsTestServer;
  let db: Database;
  let svc: Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  let bus: EventBus | undefined;
  let relay: OutboxRelay | undefined;
  let consumer: Consumer | undefined;
  const logger = captureLogger();

  beforeAll(async () => {
    server = await NatsTestServer.create();
    await server.start();
    db = await createTestDatabase();
    await migrateSchema(db, 'restart_svc', {
      '0001_effects': {
        async up(k: Kysely<unknown>) {
          // No unique key: a duplicate application would show as a second row.
          await k.schema
            .createTable('effects')
            .addColumn('n', 'serial', (c) => c.primaryKey())
            .addColumn('event_id', 'uuid', (c) => c.notNull())
            .execute();
        },
      },
    });
    svc = schemaDb(db, 'restart_svc');
  });

  afterAll(async () => {
    await relay?.stop();
    await consumer?.stop();
    await bus?.close();
    await server?.dispose();
    await db?.close();
  });

  it('handles every committed event exactly once (after inbox dedupe) and stores each once', async () => {
    bus = await createNatsBus({
      servers: server.url,
      name: 'restart-test',
      retryDelayMs: 50,
      maxRetryDelayMs: 500,
      publishTimeoutMs: 1000,
      logger,
    });
    let deliveries = 0;
    const apply = idempotentHandler(svc, 'restart', async (e, trx) => {
      await trx.insertInto('effects').values({ event_id: e.id }).execute();
    });
    consumer = await bus.subscribe({
      durable: 'restart',
      filterSubject: 'accounts.>',
      handle: async (e) => {
        deliveries++;
        await apply(e);
        await new Promise((r) => setTimeout(r, 4)); // slower than the producer: a backlog builds up
      },
    });
    relay = new OutboxRelay({
      db: svc,
      bus,
      pollIntervalMs: 20,
      retryDelayMs: 50,
      maxRetryDelayMs: 500,
      logger,
    });
    relay.start();

    const handledCount = async () => {
      const r = await svc
        .selectFrom('effects')
        .select(sql<string>`count(distinct event_id)`.as('c'))
        .executeTakeFirstOrThrow();
      return Number(r.c);
    };
    const published = async () => {
      const r = await svc
        .selectFrom('outbox')
        .select(sql<string>`count(*)`.as('c'))
        .where('published_at', 'is not', null)
        .executeTakeFirstOrThrow();
      return Number(r.c);
    };

    let publishedBeforeKill = 0;
    let handledBeforeKill = 0;
    for (let i = 0; i < TOTAL; i++) {
      if (i === KILL_AT) {
        // Kill while events are stored on the server but not yet handled (and acks are in flight).
        await waitFor(
          async () => (await published()) >= KILL_AT * 0.8 && (await handledCount()) >= 10,
          'events flowing before the kill',
          15_000,
        );
        publishedBeforeKill = await published();
        handledBeforeKill = await handledCount();
        await server.kill();
      }
      if (i === RESTART_AT) await server.start();
      const event = newEvent(
        `accounts.user.${i % 2 ? 'registered' : 'updated'}`,
        { i },
        { correlationId: `c-${i}` },
      );
      await svc.transaction().execute((trx) => addToOutbox(trx, event));
      relay.kick();
      if (i >= KILL_AT) await new Promise((r) => setTimeout(r, 5)); // keep writing through the outage
    }

    await waitFor(async () => (await published()) === TOTAL, 'every outbox row published', 30_000);
    await waitFor(async () => (await handledCount()) === TOTAL, 'every event handled', 30_000);

    expect(publishedBeforeKill).toBeGreaterThan(0);
    expect(handledBeforeKill).toBeLessThan(publishedBeforeKill); // a backlog was on the server at the kill
    // The client noticed the outage (it was a real one, not a no-op).
    expect(logger.entries.some((e) => e.msg.includes('NATS disconnected'))).toBe(true);

    const outboxIds = (await svc.selectFrom('outbox').select('id').execute())
      .map((r) => r.id as string)
      .sort();
    const effects = (await svc.selectFrom('effects').select('event_id').execute())
      .map((r) => r.event_id as string)
      .sort();
    expect(outboxIds).toHaveLength(TOTAL);
    expect(effects).toEqual(outboxIds); // each exactly once
    expect(deliveries).toBeGreaterThanOrEqual(TOTAL);

    // Publish retries after the outage were deduped by Nats-Msg-Id: the stream holds each event once.
    const nc = await connect({ servers: server.url });
    try {
      const info = await (await jetstreamManager(nc)).streams.info(natsNames('accounts').stream);
      expect(info.state.messages).toBe(TOTAL);
    } finally {
      await nc.close();
    }
  }, 120_000);

  it('announces the reconnect once live subscriptions are back in effect', async () => {
    const own = await NatsTestServer.create();
    const opened: EventBus[] = [];
    try {
      await own.start();
      const make = async (name: string) => {
        const b = await createNatsBus({ servers: own.url, name, retryDelayMs: 50, logger: captureLogger() });
        opened.push(b);
        return b;
      };
      const listener = await make('live-listener');
      const heard: string[] = [];
      await listener.listen('live.restart.member', (data) => void heard.push(data));
      let reconnects = 0;
      // Chat catches up from its database here; a broadcast made after this point must arrive.
      listener.onReconnect(() => void reconnects++);
      const before = await make('live-before');
      before.broadcast('live.restart.member', 'before');
      await waitFor(() => heard.includes('before'), 'the broadcast before the restart');

      await own.kill();
      await own.start();
      await waitFor(() => reconnects === 1, 'the reconnect announcement', 30_000);
      // A process that connected only now: its broadcast reaches the resubscribed listener.
      const after = await make('live-after');
      after.broadcast('live.restart.member', 'after');
      await waitFor(() => heard.includes('after'), 'the broadcast after the restart', 10_000);
      expect(reconnects).toBe(1);
    } finally {
      await Promise.all(opened.map((b) => b.close()));
      await own.dispose();
    }
  }, 90_000);

  it('recreates its streams and durable when the server comes back with an empty store', async () => {
    const fresh = await NatsTestServer.create();
    const local: { bus?: EventBus; consumer?: Consumer } = {};
    try {
      await fresh.start();
      const log = captureLogger();
      local.bus = await createNatsBus({
        servers: fresh.url,
        name: 'wiped-store-test',
        retryDelayMs: 50,
        maxRetryDelayMs: 500,
        publishTimeoutMs: 1000,
        logger: log,
      });
      const seen: string[] = [];
      local.consumer = await local.bus.subscribe({
        durable: 'wiped',
        filterSubject: 'jobs.>',
        handle: async (e) => void seen.push(e.id),
      });
      const before = newEvent('jobs.job.posted', {}, { correlationId: 'c' });
      await local.bus.publish(before);
      await waitFor(() => seen.includes(before.id), 'the event before the wipe');

      await fresh.kill();
      await fresh.wipeStore();
      await fresh.start();

      // As the relay would: retry until the bus takes it (the stream is recreated on the way).
      const after = newEvent('jobs.job.completed', {}, { correlationId: 'c' });
      await waitFor(
        () =>
          local.bus!.publish(after).then(
            () => true,
            () => false,
          ),
        'a publish after the wipe',
        20_000,
      );
      await waitFor(() => seen.includes(after.id), 'the event after the wipe', 40_000);

      // A stream nobody here consumes is recreated by the publish itself.
      const unlock = newEvent('payments.unlock.succeeded', {}, { correlationId: 'c' });
      await local.bus.publish(unlock);
      const nc = await connect({ servers: fresh.url });
      try {
        const info = await (await jetstreamManager(nc)).streams.info(natsNames('payments').stream);
        expect(info.state.messages).toBe(1);
      } finally {
        await nc.close();
      }
    } finally {
      await local.consumer?.stop();
      await local.bus?.close();
      await fresh.dispose();
    }
  }, 90_000);
});
