import { setupService, type ServiceDeps } from '@marketplace/service-kit';
import type { FastifyInstance } from 'fastify';
import type { PaymentsDatabase } from './db-types';
import { paymentsMigrations } from './migrations';
import { paymentRoutes } from './routes/payments';

export default async function paymentsService(app: FastifyInstance, options: ServiceDeps) {
  const service = await setupService<PaymentsDatabase>(app, {
    name: 'payments',
    schema: 'payments',
    migrations: paymentsMigrations,
    deps: options,
  });
  await app.register(paymentRoutes, { db: service.db });
}
