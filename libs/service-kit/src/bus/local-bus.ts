import { serviceOfEventType, streamNameFor, type EventEnvelope } from '@marketplace/contracts';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/database';
import { backoffDelay, sleep } from '../retry/backoff';
import { consoleBusLogger, errorInfo, type BusLogger } from './logger';
import {
  assertDurableName,
  assertLiveSubject,
  filterToRegex,
  serviceOfFilter,
  subjectMatches,
} from './subject';
import type { Consumer, ConsumerLag, EventBus, LiveHandler, LiveSubscription, Subscription } from './types';

export interface LocalBusOptions {
  /** The process's database; the bus keeps its log in its own schema `bus`. */
  db: Database;
  logger?: BusLogger;
  /** How often an idle consumer looks for events published by another process. Default 1000 ms. */
  pollIntervalMs?: number;
  /** First retry delay after a failing handler; doubles per attempt. Default 1000 ms. */
  retryDelayMs?: number;
  /** Upper bound of the retry delay. Default 30 s. */
  maxRetryDelayMs?: number;
  /** Events read per query. Default 100. */
  batchSize?: number;
  /** Events older than this are pruned from the log (as a NATS stream's max age). Default 30 days. */
  retentionMs?: number;
  /** How often the log is pruned. Default hourly. */
  pruneIntervalMs?: number;
}

// Every bus instance on the same database wakes its consumers on any instance's publish, so several
// services in one process (each with its own bus object) still get events without waiting for a poll.
const wakersByDb = new WeakMap<object, Set<() => void>>();

function wakersFor(raw: object): Set<() => void> {
  let set = wakersByDb.get(raw);
  if (!set) {
    set = new Set();
    wakersByDb.set(raw, set);
  }
  return set;
}

// Live listeners of every bus on the same database, so a broadcast reaches all of them as a NATS
// core publish reaches every connection (several chat instances in one process, in tests).
interface LiveListener {
  filter: string;
  handler: LiveHandler;
  logger: BusLogger;
}
const liveByDb = new WeakMap<object, Set<LiveListener>>();

function liveListenersFor(raw: object): Set<LiveListener> {
  let set = liveByDb.get(raw);
  if (!set) {
    set = new Set();
    liveByDb.set(raw, set);
  }
  return set;
}

/**
 * The embedded-topology bus: an append-only log table plus one cursor per durable consumer, giving
 * the same at-least-once, resume-after-restart behaviour as JetStream without a server.
 */
export async function createLocalBus(options: LocalBusOptions): Promise<EventBus> {
  const { db } = options;
  const logger = options.logger ?? consoleBusLogger;
  const pollIntervalMs = options.pollIntervalMs ?? 1000;
  const retryDelayMs = options.retryDelayMs ?? 1000;
  const maxRetryDelayMs = options.maxRetryDelayMs ?? 30_000;
  const batchSize = options.batchSize ?? 100;
  const retentionMs = options.retentionMs ?? 30 * 24 * 60 * 60 * 1000;
  const raw = db.raw;

  await ensureBusSchema(raw);

  // The log keeps what a consumer could still need, up to the retention: like a stream's max age, an
  // event older than that is gone even for a durable that never read it.
  const prune = async () => {
    const cutoff = new Date(Date.now() - retentionMs);
    await sql`delete from bus.events where stored_at < ${cutoff}`.execute(raw);
  };
  await prune();
  const pruner = setInterval(
    () => {
      prune().catch((err) => logger.warn(errorInfo(err), 'pruning the event log failed'));
    },
    options.pruneIntervalMs ?? 60 * 60 * 1000,
  );
  pruner.unref();

  const wakers = wakersFor(raw);
  const live = liveListenersFor(raw);
  const ownListeners = new Set<LiveListener>();
  const active = new Map<string, LocalConsumer>();
  let closed = false;

  class LocalConsumer implements Consumer {
    readonly durable: string;
    readonly #sub: Subscription;
    readonly #regex: string;
    /** The owning service's stream name, as on NATS (for the lag metrics). */
    readonly stream: string;
    readonly #stop = new AbortController();
    #pending = false;
    #wake: (() => void) | undefined;
    #loop: Promise<void> | undefined;

    constructor(sub: Subscription) {
      this.durable = sub.durable;
      this.#sub = sub;
      this.#regex = filterToRegex(sub.filterSubject);
      this.stream = streamNameFor(serviceOfFilter(sub.filterSubject));
    }

    /** Events after the stored cursor that match the filter (what JetStream calls num_pending). */
    async pending(): Promise<number> {
      const { rows } = await sql<{ pending: string | number }>`
        select count(*) as pending from bus.events
        where type ~ ${this.#regex}
          and seq > coalesce((select last_acked_seq from bus.consumers where durable = ${this.durable}), 0)`.execute(
        raw,
      );
      return Number(rows[0]?.pending ?? 0);
    }

    readonly notify = () => {
      this.#pending = true;
      this.#wake?.();
    };

    async start(): Promise<void> {
      // A new durable starts before the first event (DeliverPolicy.All); a known one resumes.
      const row = await sql<{ last_acked_seq: string | number }>`
        insert into bus.consumers (durable, filter) values (${this.durable}, ${this.#sub.filterSubject})
        on conflict (durable) do update set filter = excluded.filter, updated_at = now()
        returning last_acked_seq`.execute(raw);
      const cursor = Number(row.rows[0]?.last_acked_seq ?? 0);
      wakers.add(this.notify);
      this.#loop = this.#run(cursor);
    }

    async stop(): Promise<void> {
      this.#stop.abort();
      this.#wake?.();
      wakers.delete(this.notify);
      await this.#loop;
      active.delete(this.durable);
    }

    async #run(startCursor: number): Promise<void> {
      const signal = this.#stop.signal;
      let cursor = startCursor;
      let readFailures = 0;
      while (!signal.aborted) {
        this.#pending = false;
        let batch: { seq: number; envelope: EventEnvelope }[];
        try {
          batch = await this.#read(cursor);
          readFailures = 0;
        } catch (err) {
          readFailures++;
          logger.error(
            { durable: this.durable, ...errorInfo(err) },
            'local bus: reading the event log failed',
          );
          await sleep(backoffDelay(readFailures, retryDelayMs, maxRetryDelayMs), signal);
          continue;
        }
        if (batch.length === 0) {
          await this.#idle(signal);
          continue;
        }
        for (const event of batch) {
          if (!(await this.#deliver(event.envelope, signal))) return;
          await this.#ack(event.seq);
          cursor = event.seq;
        }
      }
    }

    async #read(cursor: number) {
      const { rows } = await sql<{ seq: string | number; envelope: EventEnvelope }>`
        select seq, envelope from bus.events
        where seq > ${cursor} and type ~ ${this.#regex}
        order by seq limit ${batchSize}`.execute(raw);
      return rows.map((r) => ({ seq: Number(r.seq), envelope: r.envelope }));
    }

    /** Hands the event to the handler until it succeeds; false when stopped before that. */
    async #deliver(envelope: EventEnvelope, signal: AbortSignal): Promise<boolean> {
      for (let attempt = 1; ; attempt++) {
        if (signal.aborted) return false;
        try {
          await this.#sub.handle(envelope);
          return true;
        } catch (err) {
          const delay = backoffDelay(attempt, retryDelayMs, maxRetryDelayMs);
          logger.warn(
            {
              durable: this.durable,
              reqId: envelope.correlationId,
              eventId: envelope.id,
              type: envelope.type,
              attempt,
              retryInMs: delay,
              ...errorInfo(err),
            },
            'event handler failed; will redeliver',
          );
          await sleep(delay, signal);
        }
      }
    }

    async #ack(seq: number): Promise<void> {
      try {
        // greatest(): another process on the same durable may already be further on.
        await sql`update bus.consumers set last_acked_seq = greatest(last_acked_seq, ${seq}), updated_at = now()
          where durable = ${this.durable}`.execute(raw);
      } catch (err) {
        // The event was handled; failing to store the cursor only means a redelivery after restart.
        logger.error(
          { durable: this.durable, seq, ...errorInfo(err) },
          'local bus: storing the cursor failed',
        );
      }
    }

    #idle(signal: AbortSignal): Promise<void> {
      if (this.#pending || signal.aborted) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const timer = setTimeout(done, pollIntervalMs);
        function done() {
          clearTimeout(timer);
          resolve();
        }
        this.#wake = () => {
          this.#wake = undefined;
          done();
        };
      });
    }
  }

  return {
    kind: 'local',

    async publish(event: EventEnvelope): Promise<void> {
      if (closed) throw new Error('event bus is closed');
      serviceOfEventType(event.type); // same rule as JetStream: no owning stream, no publish
      await raw.transaction().execute(async (trx) => {
        // One publisher at a time: a seq is then never visible before a smaller one, so a cursor
        // can never skip an event whose transaction committed late (matters on PostgreSQL).
        await sql`select pg_advisory_xact_lock(hashtext('marketplace.bus.publish'))`.execute(trx);
        await sql`insert into bus.events (id, type, envelope) values (${event.id}, ${event.type}, ${JSON.stringify(event)})
          on conflict (id) do nothing`.execute(trx);
      });
      for (const wake of wakers) wake();
    },

    async subscribe(subscription: Subscription): Promise<Consumer> {
      if (closed) throw new Error('event bus is closed');
      assertDurableName(subscription.durable);
      serviceOfFilter(subscription.filterSubject);
      if (active.has(subscription.durable)) {
        throw new Error(`durable consumer ${subscription.durable} is already running on this bus`);
      }
      const consumer = new LocalConsumer(subscription);
      active.set(subscription.durable, consumer);
      try {
        await consumer.start();
      } catch (err) {
        active.delete(subscription.durable);
        throw err;
      }
      return consumer;
    },

    broadcast(subject: string, data: string): void {
      if (closed) throw new Error('event bus is closed');
      assertLiveSubject(subject);
      for (const listener of live) {
        if (!subjectMatches(listener.filter, subject)) continue;
        // Later, as over a network, and in publication order (microtasks run first in, first out).
        queueMicrotask(() => {
          if (!live.has(listener)) return; // unsubscribed in between
          try {
            listener.handler(data, subject);
          } catch (err) {
            listener.logger.error({ subject, ...errorInfo(err) }, 'live handler failed');
          }
        });
      }
    },

    async listen(subject: string, handler: LiveHandler): Promise<LiveSubscription> {
      if (closed) throw new Error('event bus is closed');
      assertLiveSubject(subject, true);
      const listener: LiveListener = { filter: subject, handler, logger };
      live.add(listener);
      ownListeners.add(listener);
      return {
        subject,
        unsubscribe() {
          live.delete(listener);
          ownListeners.delete(listener);
        },
      };
    },

    onReconnect(): () => void {
      // Nothing to lose: the listeners live in this process.
      return () => undefined;
    },

    async consumerLag(): Promise<ConsumerLag[]> {
      return Promise.all(
        [...active.values()].map(async (consumer) => ({
          durable: consumer.durable,
          stream: consumer.stream,
          pending: await consumer.pending(),
        })),
      );
    },

    async ping(): Promise<void> {
      await sql`select 1 from bus.consumers limit 1`.execute(raw);
    },

    async close(): Promise<void> {
      closed = true;
      clearInterval(pruner);
      for (const listener of ownListeners) live.delete(listener);
      ownListeners.clear();
      await Promise.all([...active.values()].map((c) => c.stop()));
    },
  };
}

async function ensureBusSchema(raw: Kysely<unknown>): Promise<void> {
  await raw.transaction().execute(async (trx) => {
    // Concurrent `create ... if not exists` can still collide on PostgreSQL; the lock serializes them.
    await sql`select pg_advisory_xact_lock(hashtext('marketplace.bus.ddl'))`.execute(trx);
    await sql`create schema if not exists bus`.execute(trx);
    await sql`create table if not exists bus.events (
      seq bigserial primary key,
      id uuid not null unique,
      type text not null,
      envelope jsonb not null,
      stored_at timestamptz not null default now()
    )`.execute(trx);
    await sql`create table if not exists bus.consumers (
      durable text primary key,
      filter text not null,
      last_acked_seq bigint not null default 0,
      updated_at timestamptz not null default now()
    )`.execute(trx);
  });
}
