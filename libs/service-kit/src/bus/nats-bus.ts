import {
  SERVICES,
  serviceOfEventType,
  streamNameFor,
  type EventEnvelope,
  type ServiceName,
} from '@marketplace/contracts';
import {
  AckPolicy,
  DeliverPolicy,
  DiscardPolicy,
  JetStreamApiCodes,
  JetStreamApiError,
  ReplayPolicy,
  RetentionPolicy,
  StorageType,
  jetstreamManager,
  type ConsumerConfig,
  type ConsumerMessages,
  type JetStreamClient,
  type JetStreamManager,
  type JsMsg,
  type StreamConfig,
} from '@nats-io/jetstream';
import { headers, nanos, type NatsConnection } from '@nats-io/nats-core';
import { connect } from '@nats-io/transport-node';
import { backoffDelay, retryWhileStarting, sleep } from '../retry/backoff';
import { consoleBusLogger, errorInfo, type BusLogger } from './logger';
import { assertDurableName, assertLiveSubject, serviceOfFilter } from './subject';
import type { Consumer, ConsumerLag, EventBus, LiveHandler, LiveSubscription, Subscription } from './types';

export interface NatsBusOptions {
  /** One URL or a comma-separated list, e.g. `nats://127.0.0.1:4222`. */
  servers: string;
  /** Connection name shown by the server's monitoring, e.g. `chat-2`. */
  name: string;
  logger?: BusLogger;
  /**
   * Prefix for stream names and subjects (`t1.accounts.>` in stream `T1_ACCOUNTS`), so test runs on
   * a shared server never see each other. Production leaves it unset.
   */
  namespace?: string;
  /** How long the server waits for an ack before redelivering. Default 30 s. */
  ackWaitMs?: number;
  /** First nak delay after a failing handler; doubles per delivery. Default 1000 ms. */
  retryDelayMs?: number;
  /** Upper bound of the nak delay. Default 30 s. */
  maxRetryDelayMs?: number;
  /** How long a stream keeps an event (its max age). Default 30 days. */
  retentionMs?: number;
  /**
   * Copies of each stream on the cluster's nodes (BUS_STREAM_REPLICAS): 3 on a three-node cluster, so
   * losing a node loses no event and publishing goes on. Default 1 (one server).
   */
  streamReplicas?: number;
  /** Upper bound of a stream's size; the oldest events go first. Default 1 GiB. */
  maxStreamBytes?: number;
  /** Publish dedupe window on `Nats-Msg-Id`. Default 2 minutes. */
  duplicateWindowMs?: number;
  /** Initial connect timeout. Default 5000 ms. */
  connectTimeoutMs?: number;
  /** How long a publish waits for the stream's ack. Default 5000 ms. */
  publishTimeoutMs?: number;
  /** Messages pulled ahead per consumer. Default 32. */
  prefetch?: number;
  /**
   * How long the start waits for JetStream while it says it is temporarily unavailable (a cluster
   * electing its leader while its nodes restart). Default 30 s; other failures are reported at once.
   */
  startupWaitMs?: number;
  /** How often it asks again meanwhile. Default 1000 ms. */
  startupRetryMs?: number;
}

/**
 * JetStream's answers that a moment fixes: "JetStream system temporarily unavailable" (503, while a
 * cluster elects its meta leader) and a request that timed out meanwhile. "No responders" (a server
 * without JetStream) is not one of them.
 */
export function jetStreamStarting(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  if (err.name === 'TimeoutError') return true;
  return err instanceof JetStreamApiError && err.status === 503;
}

export class BusUnavailableError extends Error {
  constructor(message: string, cause?: unknown) {
    super(
      cause === undefined ? message : `${message}: ${cause instanceof Error ? cause.message : String(cause)}`,
    );
    this.name = 'BusUnavailableError';
  }
}

export const CORRELATION_ID_HEADER = 'Correlation-Id';

/** Names for one owner's stream, with the optional test namespace applied. */
export function natsNames(service: ServiceName, namespace?: string) {
  const prefix = namespace ? `${namespace}.` : '';
  return {
    stream: namespace ? `${namespace.toUpperCase()}_${streamNameFor(service)}` : streamNameFor(service),
    subjects: `${prefix}${service}.>`,
    subject: (type: string) => `${prefix}${type}`,
  };
}

/**
 * JetStream adapter: one file-backed stream per owning service, publish deduped on `Nats-Msg-Id` =
 * event id, and durable pull consumers with explicit acks. Processes that subscribe with the same
 * durable name share the messages, which is how several chat instances split the work.
 */
export async function createNatsBus(options: NatsBusOptions): Promise<EventBus> {
  const logger = options.logger ?? consoleBusLogger;
  const namespace = options.namespace;
  if (namespace !== undefined && !/^[a-z][a-z0-9]*$/.test(namespace)) {
    throw new Error(`invalid NATS namespace "${namespace}"`);
  }
  const ackWaitMs = options.ackWaitMs ?? 30_000;
  const retryDelayMs = options.retryDelayMs ?? 1000;
  const maxRetryDelayMs = options.maxRetryDelayMs ?? 30_000;
  const duplicateWindowMs = options.duplicateWindowMs ?? 120_000;
  const retentionMs = options.retentionMs ?? 30 * 24 * 60 * 60 * 1000;
  const maxStreamBytes = options.maxStreamBytes ?? 1024 * 1024 * 1024;
  const publishTimeoutMs = options.publishTimeoutMs ?? 5000;
  const prefetch = options.prefetch ?? 32;
  const servers = options.servers
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const shownServers = servers.map(redactServer).join(',');

  let nc: NatsConnection;
  try {
    // Fail fast at start; once connected, reconnect forever (maxReconnectAttempts -1).
    nc = await connect({
      servers,
      name: options.name,
      // Also each reconnect attempt's limit: a node that was killed leaves its address in the list (and in
      // DNS) for a while, and an attempt at it waits this long before the next node is tried.
      timeout: options.connectTimeoutMs ?? 2000,
      maxReconnectAttempts: -1,
      reconnectTimeWait: 1000,
      pingInterval: 20_000,
      maxPingOut: 3,
    });
  } catch (err) {
    throw new BusUnavailableError(`cannot reach NATS at ${shownServers}`, err);
  }

  // Nodes restarting together (a release of the cluster's image) leave JetStream unavailable for some
  // seconds; a process exiting then made its rolling update fail and Swarm roll a good release back.
  const whileJetStreamStarts = <T>(step: () => Promise<T>) =>
    retryWhileStarting(step, {
      transient: jetStreamStarting,
      waitMs: options.startupWaitMs ?? 30_000,
      retryMs: options.startupRetryMs ?? 1000,
      onWait: (err) =>
        logger.warn({ ...errorInfo(err), servers: shownServers }, 'JetStream is not available yet; waiting'),
    });

  let jsm: JetStreamManager;
  try {
    jsm = await whileJetStreamStarts(() => jetstreamManager(nc));
  } catch (err) {
    await nc.close().catch(() => undefined);
    throw new BusUnavailableError(
      jetStreamStarting(err)
        ? `NATS at ${shownServers}: JetStream did not become available`
        : `NATS at ${shownServers} has no JetStream (start nats-server with -js)`,
      err,
    );
  }
  const js: JetStreamClient = jsm.jetstream();

  const reconnectListeners = new Set<() => void>();
  const livePrefix = namespace ? `${namespace}.` : '';

  void (async () => {
    for await (const s of nc.status()) {
      if (s.type === 'disconnect') logger.warn({ server: s.server }, 'NATS disconnected; reconnecting');
      else if (s.type === 'reconnect') {
        logger.info({ server: s.server }, 'NATS reconnected');
        void announceReconnect();
      } else if (s.type === 'error') logger.error(errorInfo(s.error), 'NATS error');
    }
  })();

  /**
   * The client resends its subscriptions when it reconnects; a flush (one round trip) makes sure the
   * server has them before listeners catch up, so nothing published after their catch-up is missed.
   */
  async function announceReconnect(): Promise<void> {
    try {
      await nc.flush();
    } catch {
      return; // lost again: the next reconnect announces
    }
    for (const listener of reconnectListeners) {
      try {
        listener();
      } catch (err) {
        logger.error(errorInfo(err), 'reconnect listener failed');
      }
    }
  }

  /**
   * One round trip for every live subscription made in the same turn of the event loop: a chat replica
   * greeting a lost neighbour's clients makes hundreds at once, and a flush each was a write and a PING
   * each (1.6 % of a greeting replica's CPU in the scaling bench). The PING follows every SUB written
   * before it, so its PONG still means the server has them all.
   */
  let pendingFlush: Promise<void> | undefined;
  function flushSubscriptions(): Promise<void> {
    pendingFlush ??= new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
      pendingFlush = undefined;
      return nc.flush();
    });
    return pendingFlush;
  }

  async function ensureStream(service: ServiceName): Promise<void> {
    const names = natsNames(service, namespace);
    const config: Partial<StreamConfig> & { name: string } = {
      name: names.stream,
      subjects: [names.subjects],
      storage: StorageType.File,
      retention: RetentionPolicy.Limits,
      discard: DiscardPolicy.Old,
      duplicate_window: nanos(duplicateWindowMs),
      max_age: nanos(retentionMs),
      max_bytes: maxStreamBytes,
      num_replicas: options.streamReplicas ?? 1,
    };
    try {
      const info = await jsm.streams.info(names.stream);
      if (!info.config.subjects?.includes(names.subjects)) {
        logger.warn(
          { stream: names.stream, subjects: info.config.subjects },
          'stream exists with other subjects',
        );
      }
      // A stream made before the limits (or with other ones) gets this process's limits.
      if (
        info.config.max_age !== config.max_age ||
        info.config.max_bytes !== config.max_bytes ||
        info.config.num_replicas !== config.num_replicas
      ) {
        await jsm.streams.update(names.stream, {
          max_age: config.max_age,
          max_bytes: config.max_bytes,
          num_replicas: config.num_replicas,
        });
      }
      return;
    } catch (err) {
      if (!isApiError(err, JetStreamApiCodes.StreamNotFound)) throw err;
    }
    try {
      await jsm.streams.add(config);
    } catch (err) {
      // Another process may have created it in between; that is fine if it is there now.
      await jsm.streams.info(names.stream).catch(() => {
        throw err;
      });
    }
  }

  async function ensureStreams(): Promise<void> {
    for (const service of SERVICES) await ensureStream(service);
  }

  try {
    await whileJetStreamStarts(ensureStreams);
  } catch (err) {
    await nc.close().catch(() => undefined);
    throw new BusUnavailableError(`cannot create JetStream streams on ${shownServers}`, err);
  }

  const consumers = new Set<NatsConsumer>();
  let closed = false;

  class NatsConsumer implements Consumer {
    readonly durable: string;
    readonly #sub: Subscription;
    readonly stream: string;
    readonly #service: ServiceName;
    readonly #filter: string;
    readonly #stop = new AbortController();
    #messages: ConsumerMessages | undefined;
    #loop: Promise<void> | undefined;

    constructor(sub: Subscription) {
      this.durable = sub.durable;
      this.#sub = sub;
      this.#service = serviceOfFilter(sub.filterSubject);
      const names = natsNames(this.#service, namespace);
      this.stream = names.stream;
      this.#filter = names.subject(sub.filterSubject);
    }

    async start(): Promise<void> {
      // Create the durable before returning, so events published after subscribe() are never missed.
      await this.#ensureConsumer();
      this.#loop = this.#run();
    }

    async stop(): Promise<void> {
      this.#stop.abort();
      // Closing ends the iterator after the messages already buffered, which #run hands back.
      await this.#messages?.close();
      await this.#loop;
      consumers.delete(this);
      // Acks and naks are fire-and-forget; a round trip makes sure the server has them.
      if (!nc.isClosed()) await nc.flush().catch(() => undefined);
    }

    async #ensureConsumer(): Promise<void> {
      const config: Partial<ConsumerConfig> = {
        durable_name: this.durable,
        ack_policy: AckPolicy.Explicit,
        ack_wait: nanos(ackWaitMs),
        max_deliver: -1,
        deliver_policy: DeliverPolicy.All,
        replay_policy: ReplayPolicy.Instant,
        filter_subject: this.#filter,
      };
      try {
        await jsm.consumers.add(this.stream, config);
        return;
      } catch (err) {
        if (isApiError(err, JetStreamApiCodes.StreamNotFound)) {
          await ensureStream(this.#service);
          await jsm.consumers.add(this.stream, config);
          return;
        }
        // It exists with another config (e.g. a changed ack wait): update what may be updated.
        const info = await jsm.consumers.info(this.stream, this.durable).catch(() => undefined);
        if (!info) throw err;
        if (info.config.filter_subject !== this.#filter) {
          throw new Error(
            `durable ${this.durable} on ${this.stream} filters ${info.config.filter_subject ?? '(all)'}, not ${this.#filter}; ` +
              'use a new durable name or delete the old consumer',
          );
        }
        await jsm.consumers.update(this.stream, this.durable, {
          ack_wait: config.ack_wait,
          max_deliver: -1,
        });
      }
    }

    async #run(): Promise<void> {
      const signal = this.#stop.signal;
      let failures = 0;
      let first = true;
      while (!signal.aborted) {
        try {
          // The durable may be gone if the server lost its store; recreate it (it starts at the
          // beginning of the stream, and the inbox absorbs what was already handled).
          if (!first) await this.#ensureConsumer();
          first = false;
          const consumer = await js.consumers.get(this.stream, this.durable);
          const messages = await consumer.consume({ max_messages: prefetch });
          this.#messages = messages;
          if (signal.aborted) await messages.close();
          void this.#watch(messages);
          for await (const msg of messages) {
            if (signal.aborted) {
              msg.nak(); // pulled but not handled: give it back now rather than after ack wait
              continue;
            }
            await this.#process(msg);
            failures = 0;
          }
          // Ended without stop(): the durable or stream went away (see #watch). Treat it as a failure
          // so a server that keeps refusing cannot spin this loop.
          if (!signal.aborted) throw new Error('message stream ended');
        } catch (err) {
          if (signal.aborted) break;
          if (nc.isClosed()) {
            logger.error({ durable: this.durable }, 'NATS connection closed; consumer gives up');
            return;
          }
          failures++;
          logger.warn(
            { durable: this.durable, stream: this.stream, ...errorInfo(err) },
            'NATS consumer failed; retrying',
          );
          await sleep(backoffDelay(failures, retryDelayMs, maxRetryDelayMs), signal);
        }
      }
    }

    /** Restart consuming when the server says the durable or its stream is gone. */
    async #watch(messages: ConsumerMessages): Promise<void> {
      for await (const n of messages.status()) {
        if (
          n.type === 'consumer_deleted' ||
          n.type === 'consumer_not_found' ||
          n.type === 'stream_not_found'
        ) {
          logger.warn(
            { durable: this.durable, stream: this.stream, notification: n.type },
            'NATS consumer lost',
          );
          await messages.close();
          return;
        }
      }
    }

    async #process(msg: JsMsg): Promise<void> {
      let event: EventEnvelope;
      try {
        event = msg.json<EventEnvelope>();
      } catch (err) {
        // Not an envelope: redelivering it would never help.
        logger.error(
          { durable: this.durable, seq: msg.seq, ...errorInfo(err) },
          'dropping a message that is not an event',
        );
        msg.term();
        return;
      }
      try {
        await this.#sub.handle(event);
        msg.ack();
      } catch (err) {
        const delay = backoffDelay(msg.info.deliveryCount, retryDelayMs, maxRetryDelayMs);
        logger.warn(
          {
            durable: this.durable,
            reqId: event.correlationId,
            eventId: event.id,
            type: event.type,
            attempt: msg.info.deliveryCount,
            retryInMs: delay,
            ...errorInfo(err),
          },
          'event handler failed; will redeliver',
        );
        msg.nak(delay);
      }
    }
  }

  async function publishOnce(event: EventEnvelope): Promise<void> {
    const service = serviceOfEventType(event.type);
    const h = headers();
    h.set(CORRELATION_ID_HEADER, event.correlationId);
    await js.publish(natsNames(service, namespace).subject(event.type), JSON.stringify(event), {
      msgID: event.id,
      headers: h,
      timeout: publishTimeoutMs,
    });
  }

  return {
    kind: 'nats',

    async publish(event: EventEnvelope): Promise<void> {
      if (closed) throw new Error('event bus is closed');
      try {
        await publishOnce(event);
      } catch (err) {
        // No responder on the subject: its stream is missing (e.g. the server lost its store).
        // (the client reports it as JetStreamNotEnabled, a class it does not export).
        if (!(err instanceof Error && err.name === 'JetStreamNotEnabled')) throw err;
        await ensureStream(serviceOfEventType(event.type));
        await publishOnce(event);
      }
    },

    async subscribe(subscription: Subscription): Promise<Consumer> {
      if (closed) throw new Error('event bus is closed');
      assertDurableName(subscription.durable);
      const consumer = new NatsConsumer(subscription);
      await consumer.start();
      consumers.add(consumer);
      return consumer;
    },

    broadcast(subject: string, data: string): void {
      if (closed) throw new Error('event bus is closed');
      assertLiveSubject(subject);
      // Core NATS: no stream, no ack. While reconnecting the client buffers it.
      nc.publish(`${livePrefix}${subject}`, data);
    },

    async listen(subject: string, handler: LiveHandler): Promise<LiveSubscription> {
      if (closed) throw new Error('event bus is closed');
      assertLiveSubject(subject, true);
      const sub = nc.subscribe(`${livePrefix}${subject}`, {
        callback: (err, msg) => {
          if (err) {
            logger.warn({ subject, ...errorInfo(err) }, 'live subscription error');
            return;
          }
          try {
            handler(msg.string(), msg.subject.slice(livePrefix.length));
          } catch (handlerError) {
            logger.error({ subject, ...errorInfo(handlerError) }, 'live handler failed');
          }
        },
      });
      // The server has the subscription once a round trip after it completed.
      await flushSubscriptions();
      return {
        subject,
        unsubscribe() {
          if (!sub.isClosed()) sub.unsubscribe();
        },
      };
    },

    onReconnect(listener: () => void): () => void {
      reconnectListeners.add(listener);
      return () => void reconnectListeners.delete(listener);
    },

    async consumerLag(): Promise<ConsumerLag[]> {
      return Promise.all(
        [...consumers].map(async (consumer) => {
          const info = await jsm.consumers.info(consumer.stream, consumer.durable);
          return {
            durable: consumer.durable,
            stream: consumer.stream,
            pending: info.num_pending,
            ackPending: info.num_ack_pending,
          };
        }),
      );
    },

    async ping(): Promise<void> {
      if (nc.isClosed()) throw new BusUnavailableError('NATS connection is closed');
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new BusUnavailableError(`NATS at ${shownServers} did not answer a ping`)),
          2000,
        );
      });
      try {
        await Promise.race([nc.rtt(), timeout]);
      } finally {
        clearTimeout(timer);
      }
    },

    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      reconnectListeners.clear();
      await Promise.all([...consumers].map((c) => c.stop()));
      if (!nc.isClosed()) await nc.drain().catch(() => nc.close());
    },
  };
}

function isApiError(err: unknown, code: number): boolean {
  return err instanceof JetStreamApiError && err.code === code;
}

/** host:port only, so credentials in a server URL never reach an error message or a log. */
function redactServer(server: string): string {
  try {
    return new URL(server.includes('://') ? server : `nats://${server}`).host;
  } catch {
    return '(invalid server)';
  }
}
