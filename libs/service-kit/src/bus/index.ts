import type { Database } from '../db/database';
import { createLocalBus, type LocalBusOptions } from './local-bus';
import type { BusLogger } from './logger';
import { createNatsBus, type NatsBusOptions } from './nats-bus';
import type { EventBus } from './types';

export type { Consumer, ConsumerLag, EventBus, LiveHandler, LiveSubscription, Subscription } from './types';
export type { BusLogger } from './logger';
export { createLocalBus, type LocalBusOptions } from './local-bus';
export {
  BusUnavailableError,
  CORRELATION_ID_HEADER,
  createNatsBus,
  natsNames,
  type NatsBusOptions,
} from './nats-bus';
export {
  addManyToOutbox,
  newEvent,
  OutboxRelay,
  type NewEventOptions,
  type OutboxRelayOptions,
} from './outbox';
export {
  dispatchEvents,
  EventPayloadError,
  publishEvent,
  publishEvents,
  type EventHandler,
  type EventHandlers,
  type PublishOptions,
} from './events';
export { idempotentHandler } from './inbox';
export { subjectMatches } from './subject';

export interface CreateEventBusOptions {
  /** Set in the distributed topology; without it the in-database local bus is used. */
  natsUrl?: string | undefined;
  /** Process name, e.g. `chat-2` (shown by the NATS server). */
  name: string;
  /** The process's database (the local bus keeps its log there). */
  db: Database;
  logger?: BusLogger;
  /** BUS_NAMESPACE: keeps this stack's streams, subjects and durables apart on a shared NATS server. */
  namespace?: string | undefined;
  /** BUS_RETENTION_DAYS: how long events are kept (stream max age, local log pruning). */
  retentionDays?: number | undefined;
  /** BUS_STREAM_REPLICAS: copies of each stream on a NATS cluster. */
  streamReplicas?: number | undefined;
  /** Adapter tuning, e.g. `{ namespace }` to keep a test run's streams apart. */
  nats?: Omit<NatsBusOptions, 'servers' | 'name' | 'logger'>;
  local?: Omit<LocalBusOptions, 'db' | 'logger'>;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** NATS JetStream when `natsUrl` is set (distributed topology), else the in-database local bus. */
export async function createEventBus(options: CreateEventBusOptions): Promise<EventBus> {
  const { natsUrl, name, db, logger, namespace, retentionDays } = options;
  const withLogger = logger ? { logger } : {};
  const retentionMs = retentionDays === undefined ? {} : { retentionMs: retentionDays * DAY_MS };
  if (natsUrl) {
    return createNatsBus({
      ...(namespace ? { namespace } : {}),
      ...retentionMs,
      ...(options.streamReplicas ? { streamReplicas: options.streamReplicas } : {}),
      ...options.nats,
      servers: natsUrl,
      name,
      ...withLogger,
    });
  }
  return createLocalBus({ ...retentionMs, ...options.local, db, ...withLogger });
}
