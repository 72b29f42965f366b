import type { EventEnvelope } from '@marketplace/contracts';

/**
 * The event bus port. Two adapters implement it with the same at-least-once semantics:
 * - NATS JetStream (`NATS_URL` set): one stream per owning service, durable pull consumers,
 *   `Nats-Msg-Id` = event id for publish dedupe.
 * - Local (embedded topology): an append-only log table in the process's database with a cursor per
 *   durable consumer, so events survive restarts exactly as they do on JetStream.
 *
 * Services never call `publish` directly: they write to their outbox inside the transaction that
 * changes state, and the outbox relay publishes after commit.
 */
export interface EventBus {
  readonly kind: 'nats' | 'local';
  /** At-least-once; publishing the same event id twice stores it once. */
  publish(event: EventEnvelope): Promise<void>;
  /**
   * Start a durable consumer. Delivery is at-least-once: an event is redelivered until `handle`
   * resolves (then it is acked). A consumer restarted under the same durable name resumes after the
   * last acked event. Handlers must be idempotent (see `idempotentHandler`).
   */
  subscribe(subscription: Subscription): Promise<Consumer>;
  /**
   * Live fan-out, at most once: `data` reaches every listener of `subject` in every process attached
   * to the bus at that moment; nothing is stored, acked or redelivered. For doorbells whose truth is in
   * a database (chat's `live.chat.<memberId>`): a listener that was away catches up from there.
   * NATS: core publish on the bus's connection; local: in-process, to every bus on the same database.
   * Subjects are NATS subjects without wildcards, and never under an owning service's token (those
   * belong to the durable streams), e.g. `live.chat.<id>`.
   */
  broadcast(subject: string, data: string): void;
  /**
   * Receive live messages on `subject` (`*` and `>` allowed). Resolves once the subscription is in
   * effect: a broadcast made after that reaches `handler`, in publication order per publisher.
   */
  listen(subject: string, handler: LiveHandler): Promise<LiveSubscription>;
  /**
   * `listener` runs each time the connection came back after a loss (and live subscriptions are in
   * effect again): live messages sent in between may be gone, so listeners catch up from their
   * source of truth. Never called by the local bus, which has no connection to lose. Returns an
   * unsubscribe.
   */
  onReconnect(listener: () => void): () => void;
  /**
   * How far behind each durable consumer running on this bus is (for /metrics). NATS: the consumer
   * info's `num_pending` and `num_ack_pending`; local: the events after the consumer's cursor.
   * Several processes running the same durable report the same numbers.
   */
  consumerLag(): Promise<ConsumerLag[]>;
  /** Throws when the bus cannot be reached (used by /ready). */
  ping(): Promise<void>;
  /** Stops consumers and closes connections. */
  close(): Promise<void>;
}

export interface Subscription {
  /** Durable consumer name, unique per consuming service and purpose, e.g. `jobs-members`. */
  durable: string;
  /** Subject filter on the owning service's stream, e.g. `accounts.user.*` or `accounts.>`. */
  filterSubject: string;
  handle(event: EventEnvelope): Promise<void>;
}

export interface Consumer {
  readonly durable: string;
  stop(): Promise<void>;
}

export interface ConsumerLag {
  durable: string;
  /** The owning service's stream, e.g. `JOBS` (with the namespace prefix on NATS, if any). */
  stream: string;
  /** Events matching the consumer's filter that it has not been handed yet. */
  pending: number;
  /** Handed and not acknowledged yet; NATS only (the local bus hands one at a time). */
  ackPending?: number;
}

/** Receives one live message: its data as broadcast and the subject it was sent on. */
export type LiveHandler = (data: string, subject: string) => void;

export interface LiveSubscription {
  readonly subject: string;
  /** Stops delivery at once; calling it again does nothing. */
  unsubscribe(): void;
}
