import type { Database } from '../db/database';
import { createLocalBus, type LocalBusOptions } from './local-bus';
import type { BusLogger } from './logger';
import { createNatsBus, type NatsBusOptions } from './nats-bus';
import type { EventBus } from './types';

export type { Consumer, EventBus, LiveHandler, LiveSubscription, Subscription } from './types';
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
  /** Adapter tuning, e.g. `{ namespace }` to keep a test run's streams apart. */
  nats?: Omit<NatsBusOptions, 'servers' | 'name' | 'logger'>;
  local?: Omit<LocalBusOptions, 'db' | 'logger'>;
}

/** NATS JetStream when `natsUrl` is set (distributed topology), else the in-database local bus. */
export async function createEventBus(options: CreateEventBusOptions): Promise<EventBus> {
  const { natsUrl, name, db, logger } = options;
  const withLogger = logger ? { logger } : {};
  if (natsUrl) return createNatsBus({ ...options.nats, servers: natsUrl, name, ...withLogger });
  return createLocalBus({ ...options.local, db, ...withLogger });
}
