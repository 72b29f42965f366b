import type { EventEnvelope } from '@marketplace/contracts';
import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { schemaDb, type Database } from '../db/database';
import { migrateSchema } from '../db/migrate';
import { createTestDatabase } from '../testing/test-database';
import {
  captureLogger,
  deferred,
  randomLetters,
  settledWithin,
  waitFor as waitForDefault,
} from './bus-test-utils';
import { idempotentHandler } from './inbox';
import { addToOutbox, newEvent, OutboxRelay } from './outbox';
import type { EventBus } from './types';

/**
 * The at-least-once contract every EventBus adapter must keep, run against the local bus (unit) and
 * NATS JetStream (infra). `makeBus` may be called several times per test: each call stands for one
 * process attached to the same bus. Adapters must redeliver an unacked event within a few seconds
 * (the NATS suite shortens the ack wait for that).
 */
export function describeBusContract(name: string, makeBus: (db: Database) => Promise<EventBus>): void {
  // Generous per-test limit: the NATS adapter's redelivery to another process waits for the ack wait.
  const test = (title: string, fn: () => Promise<void>) => it(title, fn, 30_000);
  const waitFor = (check: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000) =>
    waitForDefault(check, what, timeoutMs);

  describe(`EventBus contract: ${name}`, () => {
    const schema = 'bus_contract';
    let db: Database;
    let svc: Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    let opened: EventBus[] = [];
    const cleanups: (() => Promise<void>)[] = [];

    beforeAll(async () => {
      db = await createTestDatabase();
      await migrateSchema(db, schema, {
        '0001_effects': {
          async up(k: Kysely<unknown>) {
            // No unique key on purpose: a handler applied twice shows up as two rows.
            await k.schema
              .createTable('effects')
              .addColumn('n', 'serial', (c) => c.primaryKey())
              .addColumn('consumer', 'text', (c) => c.notNull())
              .addColumn('event_id', 'uuid', (c) => c.notNull())
              .execute();
          },
        },
      });
      svc = schemaDb(db, schema);
    });

    afterEach(async () => {
      for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
      await Promise.all(opened.map((b) => b.close()));
      opened = [];
    });

    afterAll(async () => {
      await db.close();
    });

    async function open(): Promise<EventBus> {
      const bus = await makeBus(db);
      opened.push(bus);
      return bus;
    }

    /** Event types no other test (or test run) uses, on the accounts and jobs streams. */
    function types() {
      const entity = randomLetters();
      return {
        created: `accounts.${entity}.created`,
        deleted: `accounts.${entity}.deleted`,
        jobsCreated: `jobs.${entity}.created`,
        all: `accounts.${entity}.*`,
      };
    }
    const durable = (label: string) => `${label}_${randomBytes(5).toString('hex')}`;
    const event = (type: string, n = 0) => newEvent(type, { n }, { correlationId: `corr-${n}` });

    function recorder() {
      const seen: EventEnvelope[] = [];
      return {
        seen,
        ids: () => seen.map((e) => e.id),
        handle: async (e: EventEnvelope) => void seen.push(e),
      };
    }

    async function effectsFor(consumer: string, eventId: string): Promise<number> {
      const row = await svc
        .selectFrom('effects')
        .select(sql<string>`count(*)`.as('c'))
        .where('consumer', '=', consumer)
        .where('event_id', '=', eventId)
        .executeTakeFirstOrThrow();
      return Number(row.c);
    }

    function applyEffect(consumer: string) {
      return idempotentHandler(svc, consumer, async (e, trx) => {
        await trx.insertInto('effects').values({ consumer, event_id: e.id }).execute();
      });
    }

    test('delivers an outbox event only once its transaction committed, in order, with its envelope', async () => {
      const bus = await open();
      const t = types();
      const rec = recorder();
      await bus.subscribe({ durable: durable('outbox'), filterSubject: t.all, handle: rec.handle });
      const relay = new OutboxRelay({
        db: svc,
        bus,
        pollIntervalMs: 50,
        retryDelayMs: 50,
        logger: captureLogger(),
      });
      relay.start();
      cleanups.push(() => relay.stop());

      const rolledBack = event(t.created, 1);
      await expect(
        svc.transaction().execute(async (trx) => {
          await addToOutbox(trx, rolledBack);
          throw new Error('business rule failed');
        }),
      ).rejects.toThrow('business rule failed');
      const committed = event(t.created, 2);
      const second = event(t.deleted, 3);
      await svc.transaction().execute(async (trx) => {
        await addToOutbox(trx, committed);
        await addToOutbox(trx, second);
      });
      relay.kick();
      // A later event proves the relay went past the point where the rolled-back one would have been.
      const sentinel = event(t.created, 4);
      await svc.transaction().execute((trx) => addToOutbox(trx, sentinel));
      relay.kick();

      await waitFor(() => rec.ids().includes(sentinel.id), 'the sentinel event');
      expect(rec.ids()).toEqual([committed.id, second.id, sentinel.id]);
      expect(rec.seen[0]).toEqual(committed);
      const rows = () =>
        svc
          .selectFrom('outbox')
          .select(['id', 'published_at'])
          .where('type', 'like', `%${t.created.split('.')[1]}%`)
          .execute();
      expect((await rows()).map((r) => r.id).sort()).toEqual([committed.id, second.id, sentinel.id].sort());
      // The relay marks a batch published after the bus took it, so a consumer may see an event first.
      await waitFor(
        async () => (await rows()).every((r) => r.published_at !== null),
        'the published events marked in the outbox',
      );
    });

    test('redelivers an event whose handler failed, then goes on with the next ones', async () => {
      const bus = await open();
      const t = types();
      const attempts = new Map<string, number>();
      const rec = recorder();
      const e1 = event(t.created, 1);
      const e2 = event(t.created, 2);
      await bus.subscribe({
        durable: durable('retry'),
        filterSubject: t.created,
        handle: async (e) => {
          const n = (attempts.get(e.id) ?? 0) + 1;
          attempts.set(e.id, n);
          if (e.id === e1.id && n < 3) throw new Error(`transient failure ${n}`);
          await rec.handle(e);
        },
      });
      await bus.publish(e1);
      await bus.publish(e2);
      await waitFor(() => rec.ids().includes(e1.id) && rec.ids().includes(e2.id), 'both events');
      expect(attempts.get(e1.id)).toBe(3);
      expect(rec.ids().filter((id) => id === e1.id)).toHaveLength(1);
    });

    test('redelivers after a crash between handling and ack, and the inbox applies the effect once', async () => {
      const bus = await open();
      const t = types();
      const consumer = durable('crash');
      const apply = applyEffect(consumer);
      const e = event(t.created);
      let deliveries = 0;
      await bus.subscribe({
        durable: consumer,
        filterSubject: t.created,
        handle: async (ev) => {
          deliveries++;
          await apply(ev); // committed...
          if (deliveries === 1) throw new Error('crashed before the ack'); // ...but never acked
        },
      });
      await bus.publish(e);
      await waitFor(() => deliveries >= 2, 'the redelivery');
      expect(await effectsFor(consumer, e.id)).toBe(1);
    });

    test('gives an event that a stuck process never acked to the process that replaces it', async () => {
      const t = types();
      const consumer = durable('takeover');
      const apply = applyEffect(consumer);
      const e = event(t.created);
      const stuck = deferred();
      const first = await open();
      let firstGotIt = false;
      const c1 = await first.subscribe({
        durable: consumer,
        filterSubject: t.created,
        handle: async (ev) => {
          firstGotIt = true;
          await apply(ev);
          await stuck.promise; // the process hangs (or dies) here, before the ack
        },
      });
      await first.publish(e);
      await waitFor(() => firstGotIt, 'the first delivery');

      const second = await open();
      const rec = recorder();
      await second.subscribe({
        durable: consumer,
        filterSubject: t.created,
        handle: (ev) => apply(ev).then(() => rec.handle(ev)),
      });
      // JetStream redelivers after the ack wait, possibly first to the stuck process's open pull.
      await waitFor(() => rec.ids().includes(e.id), 'the redelivery to the second process', 20_000);
      expect(await effectsFor(consumer, e.id)).toBe(1);
      stuck.reject(new Error('process killed'));
      await c1.stop();
    });

    test('stores and delivers an event published twice once, and applies it once', async () => {
      const bus = await open();
      const t = types();
      const consumer = durable('dupe');
      const apply = applyEffect(consumer);
      const rec = recorder();
      await bus.subscribe({
        durable: consumer,
        filterSubject: t.created,
        handle: (ev) => apply(ev).then(() => rec.handle(ev)),
      });
      const e = event(t.created, 1);
      await bus.publish(e);
      await bus.publish(e);
      const sentinel = event(t.created, 2);
      await bus.publish(sentinel);
      await waitFor(() => rec.ids().includes(sentinel.id), 'the sentinel event');
      // Stored once: nothing but the event came before the sentinel. (Deliveries after it may repeat both
      // on a busy machine: an ack later than the tests' short ack wait is redelivered, at least once.)
      const ids = rec.ids();
      expect(ids.slice(0, ids.indexOf(sentinel.id) + 1)).toEqual([e.id, sentinel.id]);
      expect(await effectsFor(consumer, e.id)).toBe(1);
    });

    test('applies an event once when two processes on the same durable both get it', async () => {
      const t = types();
      const consumer = durable('shared');
      const apply = applyEffect(consumer);
      const handled: string[] = [];
      const handle = (ev: EventEnvelope) => apply(ev).then(() => void handled.push(ev.id));
      const [a, b] = [await open(), await open()];
      await a.subscribe({ durable: consumer, filterSubject: t.created, handle });
      await b.subscribe({ durable: consumer, filterSubject: t.created, handle });
      const events = Array.from({ length: 20 }, (_, i) => event(t.created, i));
      for (const e of events) await (e.payload.n % 2 ? a : b).publish(e);
      await waitFor(() => events.every((e) => handled.includes(e.id)), 'every event handled');
      for (const e of events) expect(await effectsFor(consumer, e.id)).toBe(1);
    });

    test('resumes a restarted durable after its last acked event; a new durable starts at the beginning', async () => {
      const bus = await open();
      const t = types();
      const name = durable('resume');
      const rec1 = recorder();
      const [e1, e2, e3, e4, e5] = [1, 2, 3, 4, 5].map((n) => event(t.created, n)) as [
        EventEnvelope,
        EventEnvelope,
        EventEnvelope,
        EventEnvelope,
        EventEnvelope,
      ];
      const c1 = await bus.subscribe({ durable: name, filterSubject: t.created, handle: rec1.handle });
      await bus.publish(e1);
      await bus.publish(e2);
      await waitFor(() => rec1.seen.length >= 2, 'the first two events');
      await c1.stop();

      await bus.publish(e3);
      await bus.publish(e4);
      const later = await open(); // the restarted process
      const rec2 = recorder();
      await later.subscribe({ durable: name, filterSubject: t.created, handle: rec2.handle });
      await later.publish(e5);
      await waitFor(() => rec2.ids().includes(e5.id), 'the event published after the restart');
      expect(rec1.ids()).toEqual([e1.id, e2.id]);
      expect(rec2.ids()).toEqual([e3.id, e4.id, e5.id]);

      const rec3 = recorder();
      await later.subscribe({ durable: durable('fresh'), filterSubject: t.created, handle: rec3.handle });
      await waitFor(() => rec3.seen.length >= 5, 'the whole history');
      expect(rec3.ids()).toEqual([e1, e2, e3, e4, e5].map((e) => e.id));
    });

    test('stop() waits for the event being handled, which then counts as acked', async () => {
      const bus = await open();
      const t = types();
      const name = durable('stop');
      const gate = deferred();
      let started = false;
      const e = event(t.created, 1);
      const c = await bus.subscribe({
        durable: name,
        filterSubject: t.created,
        handle: async () => {
          started = true;
          await gate.promise;
        },
      });
      await bus.publish(e);
      await waitFor(() => started, 'the handler to start');
      const stopping = c.stop();
      expect(await settledWithin(stopping, 200)).toBe('pending');
      gate.resolve();
      expect(await settledWithin(stopping, 5000)).toBe('settled');

      const rec = recorder();
      await bus.subscribe({ durable: name, filterSubject: t.created, handle: rec.handle });
      const sentinel = event(t.created, 2);
      await bus.publish(sentinel);
      await waitFor(() => rec.ids().includes(sentinel.id), 'the sentinel event');
      expect(rec.ids()).toEqual([sentinel.id]);
    });

    test('respects filter subjects: exact, * and > (and never crosses streams)', async () => {
      const bus = await open();
      const t = types();
      const entity = t.created.split('.')[1]!;
      const exact = recorder();
      const star = recorder();
      const rest = recorder();
      const middle = recorder();
      const jobs = recorder();
      await bus.subscribe({ durable: durable('exact'), filterSubject: t.created, handle: exact.handle });
      await bus.subscribe({ durable: durable('star'), filterSubject: t.all, handle: star.handle });
      await bus.subscribe({ durable: durable('rest'), filterSubject: 'accounts.>', handle: rest.handle });
      await bus.subscribe({
        durable: durable('middle'),
        filterSubject: 'accounts.*.deleted',
        handle: middle.handle,
      });
      await bus.subscribe({
        durable: durable('jobs'),
        filterSubject: `jobs.${entity}.*`,
        handle: jobs.handle,
      });
      const created = event(t.created);
      const deleted = event(t.deleted);
      const jobsCreated = event(t.jobsCreated);
      const other = event(`accounts.${randomLetters()}.created`);
      for (const e of [created, deleted, jobsCreated, other]) await bus.publish(e);

      const mine = (r: ReturnType<typeof recorder>) =>
        r.ids().filter((id) => [created, deleted, jobsCreated].some((e) => e.id === id));
      await waitFor(
        () =>
          exact.seen.length >= 1 &&
          star.seen.length >= 2 &&
          rest.ids().includes(other.id) &&
          middle.ids().includes(deleted.id) &&
          jobs.seen.length >= 1,
        'every consumer',
      );
      // A sentinel on each stream shows nothing more was on its way.
      const s1 = event(t.created, 9);
      const s2 = event(t.jobsCreated, 9);
      await bus.publish(s1);
      await bus.publish(s2);
      await waitFor(
        () => exact.ids().includes(s1.id) && jobs.ids().includes(s2.id) && rest.ids().includes(s1.id),
        'the sentinels',
      );
      expect(exact.ids()).toEqual([created.id, s1.id]);
      expect(star.ids()).toEqual([created.id, deleted.id, s1.id]);
      expect(mine(rest)).toEqual([created.id, deleted.id]);
      expect(rest.seen.every((e) => e.type.startsWith('accounts.'))).toBe(true);
      expect(middle.seen.every((e) => e.type.endsWith('.deleted'))).toBe(true);
      expect(mine(middle)).toEqual([deleted.id]);
      expect(jobs.ids()).toEqual([jobsCreated.id, s2.id]);
    });

    test('rejects events and filters outside the four owning services', async () => {
      const bus = await open();
      await expect(bus.publish(event('billing.invoice.created'))).rejects.toThrow(/owning service/);
      await expect(
        bus.subscribe({ durable: durable('bad'), filterSubject: '>', handle: async () => undefined }),
      ).rejects.toThrow(/owning service/);
      await expect(
        bus.subscribe({ durable: 'bad.name', filterSubject: 'accounts.>', handle: async () => undefined }),
      ).rejects.toThrow(/durable/);
    });

    test('broadcasts live messages to every listening process, in order, and stops at unsubscribe', async () => {
      const [a, b] = [await open(), await open()];
      const topic = randomLetters();
      const subject = `live.${topic}.one`;
      const heard = { a: [] as string[], b: [] as string[], wild: [] as string[], other: [] as string[] };
      await a.listen(subject, (data) => void heard.a.push(data));
      const subB = await b.listen(subject, (data, s) => void heard.b.push(`${s}:${data}`));
      await b.listen(`live.${topic}.*`, (data) => void heard.wild.push(data));
      await b.listen(`live.${topic}.two`, (data) => void heard.other.push(data));
      const sent = Array.from({ length: 50 }, (_, i) => `m${i}`);
      for (const data of sent) a.broadcast(subject, data);
      await waitFor(
        () => heard.a.length === 50 && heard.b.length === 50 && heard.wild.length === 50,
        'every live message on both processes',
      );
      expect(heard.a).toEqual(sent);
      expect(heard.b).toEqual(sent.map((d) => `${subject}:${d}`));
      expect(heard.wild).toEqual(sent);

      subB.unsubscribe();
      subB.unsubscribe(); // twice is harmless
      a.broadcast(subject, 'after');
      // Same connection, same order: once `sentinel` arrives on b, `after` would have arrived before it.
      const late: string[] = [];
      await b.listen(`live.${topic}.three`, (data) => void late.push(data));
      a.broadcast(`live.${topic}.three`, 'sentinel');
      await waitFor(() => late.includes('sentinel') && heard.a.includes('after'), 'the sentinel');
      expect(heard.b).toHaveLength(50);
      expect(heard.other).toEqual([]);
    });

    test('listens made together (a burst of greetings) are each in effect once they resolve', async () => {
      const [a, b] = [await open(), await open()];
      const topic = randomLetters();
      const heard = new Set<string>();
      const listenTo = (i: number) => b.listen(`live.${topic}.m${i}`, (data) => void heard.add(data));
      // Two bursts, the second made while the first waits on its round trip.
      const first = Array.from({ length: 60 }, (_, i) => listenTo(i));
      await new Promise((resolve) => setImmediate(resolve));
      const second = Array.from({ length: 60 }, (_, i) => listenTo(60 + i));
      await Promise.all([...first, ...second]);
      // Sent from another connection the moment they resolved: none may be missed.
      for (let i = 0; i < 120; i++) a.broadcast(`live.${topic}.m${i}`, `m${i}`);
      await waitFor(() => heard.size === 120, 'a broadcast on every subject');
    });

    test('a process that listens after a broadcast does not get it (nothing is stored)', async () => {
      const bus = await open();
      const subject = `live.${randomLetters()}.x`;
      bus.broadcast(subject, 'before anyone listened');
      const heard: string[] = [];
      await bus.listen(subject, (data) => void heard.push(data));
      bus.broadcast(subject, 'now');
      await waitFor(() => heard.length >= 1, 'the second broadcast');
      expect(heard).toEqual(['now']);
    });

    test('refuses live subjects that a stream would capture or that are not plain subjects', async () => {
      const bus = await open();
      expect(() => bus.broadcast('chat.live.someone', 'x')).toThrow(/owning service/);
      expect(() => bus.broadcast('live.*', 'x')).toThrow(/invalid live subject/);
      expect(() => bus.broadcast('live..x', 'x')).toThrow(/invalid live subject/);
      expect(() => bus.broadcast('live.a b', 'x')).toThrow(/invalid live subject/);
      await expect(bus.listen('>', () => undefined)).rejects.toThrow(/invalid live subject/);
      await expect(bus.listen('*.x', () => undefined)).rejects.toThrow(/invalid live subject/);
      await expect(bus.listen('payments.>', () => undefined)).rejects.toThrow(/owning service/);
      const sub = await bus.listen(`live.${randomLetters()}.>`, () => undefined);
      sub.unsubscribe();
      const stop = bus.onReconnect(() => undefined);
      stop();
    });

    test("reports a running durable's backlog, and nothing once it caught up", async () => {
      const bus = await open();
      const t = types();
      const name = durable('lag');
      let release: () => void = () => undefined;
      const gate = new Promise<void>((resolve) => (release = resolve));
      const consumer = await bus.subscribe({ durable: name, filterSubject: t.all, handle: () => gate });
      cleanups.push(async () => {
        release();
        await consumer.stop();
      });
      for (let n = 0; n < 3; n++) await bus.publish(event(t.created, n));
      // Not handed yet (pending) or handed and not acked (NATS' ack pending): 3 either way while stuck.
      const waiting = async () => {
        const lag = (await bus.consumerLag()).find((entry) => entry.durable === name);
        return lag ? { stream: lag.stream, waiting: lag.pending + (lag.ackPending ?? 0) } : undefined;
      };
      await waitFor(async () => (await waiting())?.waiting === 3, 'a backlog of 3');
      expect((await waiting())?.stream).toMatch(/ACCOUNTS$/);
      release();
      await waitFor(async () => (await waiting())?.waiting === 0, 'the backlog drained');
    });

    test('answers ping while open', async () => {
      const bus = await open();
      await expect(bus.ping()).resolves.toBeUndefined();
    });
  });
}
