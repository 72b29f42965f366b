import type { EventEnvelope } from '@marketplace/contracts';
import type { FastifyInstance } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { authPlugin, type AuthOptions } from './auth/auth';
import type { EventBus, Consumer } from './bus/types';
import { OutboxRelay } from './bus/outbox';
import { idempotentHandler } from './bus/inbox';
import { schemaDb, type Database } from './db/database';
import { migrateSchema, type SchemaMigrations } from './db/migrate';
import { errorHandlerPlugin } from './http/errors';

/** What a process host (a service's main.ts, or the edge in the embedded topology) hands a service. */
export interface ServiceDeps {
  db: Database;
  bus: EventBus;
  auth: AuthOptions;
  /** DATA_DIR: where a service may keep files (accounts: uploads, mail outbox). */
  dataDir?: string;
}

export interface ServiceSetup<DB> {
  /** Kysely bound to the service's own schema. */
  db: Kysely<DB>;
  /** Wake the relay after a commit that wrote to the outbox, so the event leaves at once. */
  eventsWritten(): void;
  /**
   * Consume another service's events with a durable consumer. `handle` runs in a transaction with
   * the inbox row, so a redelivered event is applied once.
   */
  consume(options: {
    durable: string;
    filterSubject: string;
    handle: (event: EventEnvelope, trx: Transaction<DB>) => Promise<void>;
  }): void;
}

/**
 * The common shape of every service plugin: its schema migrated, the shared error envelope, token
 * verification, the outbox relay and its consumers started when the server is ready and stopped when
 * it closes. Each service plugin calls this first and then registers its routes.
 */
export async function setupService<DB>(
  app: FastifyInstance,
  options: { name: string; schema: string; migrations: SchemaMigrations; deps: ServiceDeps },
): Promise<ServiceSetup<DB>> {
  const { deps } = options;
  await migrateSchema(deps.db, options.schema, options.migrations);
  const db = schemaDb<DB>(deps.db, options.schema);

  await app.register(errorHandlerPlugin);
  await app.register(authPlugin, deps.auth);

  const relay = new OutboxRelay({ db, bus: deps.bus, logger: app.log });
  const subscriptions: Array<Parameters<ServiceSetup<DB>['consume']>[0]> = [];
  const consumers: Consumer[] = [];

  app.addHook('onReady', async () => {
    relay.start();
    for (const subscription of subscriptions) {
      const handler = idempotentHandler(db, subscription.durable, (event, trx) =>
        subscription.handle(event, trx as Transaction<DB>),
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
    await Promise.all(consumers.map((consumer) => consumer.stop()));
    await relay.stop();
  });

  return {
    db,
    eventsWritten: () => relay.kick(),
    consume: (subscription) => subscriptions.push(subscription),
  };
}
