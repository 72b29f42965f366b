import { setupService, type ServiceDeps } from '@marketplace/service-kit';
import type { FastifyInstance } from 'fastify';
import type { AccountsDatabase } from './db-types';
import { accountsMigrations } from './migrations';
import { userRoutes } from './routes/users';

export type AccountsServiceOptions = ServiceDeps;

/** The accounts service as a Fastify plugin: mounted alone by main.ts or with the others by the edge. */
export default async function accountsService(app: FastifyInstance, options: AccountsServiceOptions) {
  if (!options.auth.privateKey) throw new Error('accounts needs the private signing key');
  const service = await setupService<AccountsDatabase>(app, {
    name: 'accounts',
    schema: 'accounts',
    migrations: accountsMigrations,
    deps: options,
  });
  await app.register(userRoutes, {
    db: service.db,
    publicKey: options.auth.publicKey,
    eventsWritten: service.eventsWritten,
  });
}
