import { runMigrateTask } from '@marketplace/service-kit';
import { accountsMigrations } from './migrations';

// One-off task: `node --import tsx services/accounts/src/migrate.ts` with DATABASE_URL of the accounts_migrator role.
void runMigrateTask({ name: 'accounts', schema: 'accounts', migrations: accountsMigrations });
