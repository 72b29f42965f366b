import {
  eventPayloadSchema,
  type EventEnvelope,
  type EventPayload,
  type EventType,
  type EventVersion,
} from '@marketplace/contracts';
import type { Kysely, Transaction } from 'kysely';
import { Value } from 'typebox/value';
import { eventLogger, type BindableLogger, type BusLogger } from './logger';
import { addManyToOutbox, addToOutbox, newEvent } from './outbox';

// Typed events: the contracts' EVENT_PAYLOAD_SCHEMAS is the one list of event types, versions and
// payloads. Publishers write through `publishEvent`, consumers declare a map of typed handlers.

/** Payloads are checked at run time too, except in production (where the compiler has done it). */
const CHECK_PAYLOADS = process.env.NODE_ENV !== 'production';

export class EventPayloadError extends Error {
  constructor(type: string, version: number, detail: string) {
    super(`payload of ${type} v${version} does not match its contract: ${detail}`);
    this.name = 'EventPayloadError';
  }
}

export interface PublishOptions<V> {
  /** The id of the request (or event) that caused this one. */
  correlationId: string;
  /** Default 1. */
  version?: V;
}

/**
 * Records a domain event in the service's outbox, in the transaction that makes the state change, so
 * the event exists exactly when the change does. The payload must match the contract's schema for the
 * type (a wrong payload does not compile; outside production it also throws). The kit's relay publishes
 * it as soon as the transaction commits: there is nothing else to call.
 */
export async function publishEvent<T extends EventType, V extends EventVersion<T> = EventVersion<T> & 1>(
  // Any service's transaction: the outbox is a kit table in every service schema.
  trx: Kysely<any>, // eslint-disable-line @typescript-eslint/no-explicit-any
  type: T,
  payload: EventPayload<T, V>,
  options: PublishOptions<V>,
): Promise<EventEnvelope<EventPayload<T, V>>> {
  const version = (options.version ?? 1) as number;
  if (CHECK_PAYLOADS) {
    const schema = eventPayloadSchema(type, version);
    if (!schema) throw new EventPayloadError(type, version, 'no such type and version in the contracts');
    if (!Value.Check(schema, payload)) {
      const first = Value.Errors(schema, payload)[0];
      throw new EventPayloadError(type, version, `${first?.instancePath || '/'} ${first?.message ?? ''}`);
    }
  }
  const event = newEvent(type, payload, { correlationId: options.correlationId, version });
  await addToOutbox(trx, event);
  return event;
}

/**
 * `publishEvent` for several events of one type in one statement (a batch of changes in one
 * transaction), each with the correlation id of the request that caused it; the relay publishes them in
 * the order given.
 */
export async function publishEvents<T extends EventType, V extends EventVersion<T> = EventVersion<T> & 1>(
  trx: Kysely<any>, // eslint-disable-line @typescript-eslint/no-explicit-any
  type: T,
  items: ReadonlyArray<{ payload: EventPayload<T, V>; correlationId: string }>,
  options: { version?: V } = {},
): Promise<Array<EventEnvelope<EventPayload<T, V>>>> {
  const version = (options.version ?? 1) as number;
  if (CHECK_PAYLOADS) {
    const schema = eventPayloadSchema(type, version);
    if (!schema) throw new EventPayloadError(type, version, 'no such type and version in the contracts');
    for (const { payload } of items) {
      if (!Value.Check(schema, payload)) {
        const first = Value.Errors(schema, payload)[0];
        throw new EventPayloadError(type, version, `${first?.instancePath || '/'} ${first?.message ?? ''}`);
      }
    }
  }
  const events = items.map(({ payload, correlationId }) =>
    newEvent(type, payload, { correlationId, version }),
  );
  await addManyToOutbox(trx, events);
  return events;
}

/**
 * One consumer's handler of one event type and version, given the validated payload and a logger whose
 * lines carry the event's correlation id (`reqId`), id, type and the consumer.
 */
export type EventHandler<DB, T extends EventType, V extends EventVersion<T>> = (
  payload: EventPayload<T, V>,
  trx: Transaction<DB>,
  event: EventEnvelope<EventPayload<T, V>>,
  log: BusLogger,
) => Promise<void>;

/**
 * What a consumer handles: event type -> handler of version 1, or -> { version: handler } when it
 * handles other versions. Types and versions not listed are acknowledged and ignored.
 */
export type EventHandlers<DB> = {
  [T in EventType]?:
    EventHandler<DB, T, EventVersion<T> & 1> | { [V in EventVersion<T>]?: EventHandler<DB, T, V> };
};

/**
 * The one dispatcher of consumed events: finds the handler for the event's type and version, checks the
 * payload against the contract and runs the handler. Unknown types or versions are ignored; a payload
 * that breaks its contract is logged and ignored (acked), so it is never retried forever.
 * `consumer` (the durable name) is bound to the handler's log lines with the event's correlation id.
 */
export function dispatchEvents<DB>(
  handlers: EventHandlers<DB>,
  logger: BindableLogger,
  consumer?: string,
): (event: EventEnvelope, trx: Transaction<DB>) => Promise<void> {
  type AnyHandler = (
    payload: unknown,
    trx: Transaction<DB>,
    event: EventEnvelope,
    log: BusLogger,
  ) => Promise<void>;
  return async (event, trx) => {
    const entry = (handlers as Record<string, AnyHandler | Record<number, AnyHandler> | undefined>)[
      event.type
    ];
    if (!entry) return;
    const handler =
      typeof entry === 'function' ? (event.version === 1 ? entry : undefined) : entry[event.version];
    if (!handler) return;
    const log = eventLogger(logger, event, consumer);
    const schema = eventPayloadSchema(event.type, event.version);
    if (!schema || !Value.Check(schema, event.payload)) {
      log.warn({ version: event.version }, 'event payload does not match its contract; ignored');
      return;
    }
    const started = performance.now();
    await handler(event.payload, trx, event, log);
    // Like Fastify's 'request completed': one line per event a consumer acted on (its transaction
    // commits next; a failed commit is logged by the bus under the same reqId and redelivered).
    log.info({ durationMs: Math.round((performance.now() - started) * 10) / 10 }, 'event handled');
  };
}
