import { setupService, type ServiceDeps } from '@marketplace/service-kit';
import type { FastifyInstance } from 'fastify';
import type { AccountsDatabase } from './db-types';
import { accountsMigrations } from './migrations';
import { userRoutes } from './routes/users';
import { registerAccountData, type AccountDataOptions } from './account-data';
import { sessionRoutes } from './routes/sessions';
import type { AccountsSettings } from './sessions/config';

export * from './sessions/exports';

/** `accounts`: admin, Facebook, cookies, session lifetimes, rate limits (see sessions/config.ts). */
export type AccountsServiceOptions = ServiceDeps & { accounts?: AccountsSettings } & AccountDataOptions;

/** The accounts service as a Fastify plugin: mounted alone by main.ts or with the others by the edge. */
export default async function accountsService(app: FastifyInstance, options: AccountsServiceOptions) {
  if (!options.auth.privateKey) throw new Error('accounts needs the private signing key');
  const service = await setupService<AccountsDatabase>(app, {
    name: 'accounts',
    schema: 'accounts',
    migrations: accountsMigrations,
    deps: options,
  });
  await app.register(sessionRoutes, {
    db: service.db,
    publicKey: options.auth.publicKey,
    privateKey: options.auth.privateKey,
    eventsWritten: service.eventsWritten,
    settings: options.accounts,
  });
  const data = await registerAccountData(app, service, options, 'accounts');
  await app.register(userRoutes, {
    db: service.db,
    publicKey: options.auth.publicKey,
    eventsWritten: service.eventsWritten,
    mail: data.mail,
  });
}
