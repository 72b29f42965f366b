import { runMigrateTask } from '@marketplace/service-kit';
import { paymentsMigrations } from './migrations';

// One-off task: `node --import tsx services/payments/src/migrate.ts` with DATABASE_URL of the payments_migrator role.
void runMigrateTask({ name: 'payments', schema: 'payments', migrations: paymentsMigrations });
