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
