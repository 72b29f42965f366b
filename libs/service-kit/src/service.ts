import type { ServiceName } from '@marketplace/contracts';
import type { FastifyInstance } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { authPlugin } from './auth/auth';
import { RevocationList } from './auth/revocation';
import type { Consumer } from './bus/types';
import { OutboxRelay } from './bus/outbox';
import { dispatchEvents, type EventHandlers } from './bus/events';
import { idempotentHandler } from './bus/inbox';
import { schemaDb } from './db/database';
import { migrateSchema, verifySchema, type SchemaMigrations } from './db/migrate';
import { errorHandlerPlugin } from './http/errors';
import { registerInputGuard } from './http/input-guard';
import { registerJsonBodyParser } from './http/json-body';
import { registerPersonalDataCaching } from './http/personal-data';
import { registerOpenApi } from './http/openapi';
import { metricsOf } from './observability/plugin';
import { RateLimitStore, registerRateLimits, type RateLimitRules } from './http/rate-limit';
import type { ServiceDeps } from './service-deps';

export type { ServiceDeps } from './service-deps';

export interface ServiceSetup<DB> {
  /** Kysely bound to the service's own schema. */
  db: Kysely<DB>;
  /**
   * Consume other services' events with a durable consumer: `handlers` maps each event type to a
   * typed handler (see EventHandlers). Each runs in a transaction with the inbox row, so a redelivered
   * event is applied once; unknown types and versions are acked and ignored, malformed payloads logged
   * and ignored. Events are published with `publishEvent` inside a transaction; the relay is woken
   * by the kit when that transaction commits.
   */
  consume(options: { durable: string; filterSubject: string; handlers: EventHandlers<DB> }): void;
  /** The sessions and accounts `authenticate` refuses, kept in memory while the service runs. */
  revocations: RevocationList;
}

/**
 * The common shape of every service plugin: its schema migrated, the shared error envelope, token
 * verification, the outbox relay and its consumers started when the server is ready and stopped when
 * it closes, and its OpenAPI document built from the routes' schemas (http/openapi.ts). Each service
 * plugin calls this first and then registers its routes.
 */
export async function setupService<DB>(
  app: FastifyInstance,
  options: {
    /** Also the title and tag of the service's OpenAPI document. */
    name: ServiceName;
    schema: string;
    migrations: SchemaMigrations;
    deps: ServiceDeps;
    /** The service's named rate limits (from its config); routes declare them in `config.rateLimits`. */
    rateLimits?: RateLimitRules;
  },
): Promise<ServiceSetup<DB>> {
  const { deps } = options;
  const mode = deps.migrations ?? 'on-start';
  if (mode === 'on-start') await migrateSchema(deps.db, options.schema, options.migrations);
  else if (mode === 'verify') await verifySchema(deps.db, options.schema, options.migrations);
  const db = schemaDb<DB>(deps.db, options.schema);

  await app.register(errorHandlerPlugin);
  // First, so it sees every route the service registers next.
  await registerOpenApi(app, options.name);
  // Sessions ended early and deleted accounts, from accounts' events: refused by `authenticate` within
  // about a second, from a copy in memory (watched from onReady).
  const revocations = new RevocationList(db as Kysely<unknown>);
  await app.register(authPlugin, { ...deps.auth, isRevoked: (claims) => revocations.isRevoked(claims) });
  registerJsonBodyParser(app);
  registerInputGuard(app);
  registerPersonalDataCaching(app);
  registerRateLimits(app, new RateLimitStore(db as Kysely<unknown>), options.rateLimits ?? {});

  const relay = new OutboxRelay({ db, bus: deps.bus, logger: app.log });
  // The outbox's backlog on /metrics, when the host serves metrics (registerObservability).
  metricsOf(app)?.watchOutbox(options.schema, db as Kysely<unknown>);
  const subscriptions: Array<Parameters<ServiceSetup<DB>['consume']>[0]> = [
    {
      durable: `${options.name}-revocations`,
      filterSubject: 'accounts.>',
      handlers: revocations.handlers<DB>(),
    },
  ];
  const consumers: Consumer[] = [];

  // The relay publishes right after a commit that wrote to this schema's outbox (and polls as a fallback).
  const stopListening = deps.db.onOutboxCommitted(options.schema, () => relay.kick());

  app.addHook('onReady', async () => {
    relay.start();
    revocations.watch((err) => app.log.warn({ err }, 'reading the revocations failed: looking sessions up'));
    for (const subscription of subscriptions) {
      const dispatch = dispatchEvents<DB>(subscription.handlers, app.log, subscription.durable);
      const handler = idempotentHandler(db, subscription.durable, (event, trx) =>
        dispatch(event, trx as Transaction<DB>),
      );
      consumers.push(
        await deps.bus.subscribe({
          durable: subscription.durable,
          filterSubject: subscription.filterSubject,
          handle: handler,
        }),
      );
    }
  });
  app.addHook('onClose', async () => {
    revocations.stop();
    stopListening();
    await Promise.all(consumers.map((consumer) => consumer.stop()));
    await relay.stop();
  });

  return {
    db,
    consume: (subscription) => subscriptions.push(subscription),
    revocations,
  };
}
