import { memberEventHandlers, setupService, type ServiceDeps } from '@marketplace/service-kit';
import type { FastifyInstance } from 'fastify';
import type { JobsDatabase } from './db-types';
import { jobsMigrations } from './migrations';
import { jobRoutes } from './routes/jobs';

export default async function jobsService(app: FastifyInstance, options: ServiceDeps) {
  const service = await setupService<JobsDatabase>(app, {
    name: 'jobs',
    schema: 'jobs',
    migrations: jobsMigrations,
    deps: options,
  });
  service.consume({
    durable: 'jobs-members',
    filterSubject: 'accounts.user.*',
    handlers: memberEventHandlers,
  });
  await app.register(jobRoutes, { db: service.db });
}
