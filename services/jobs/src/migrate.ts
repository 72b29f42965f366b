import { runMigrateTask } from '@marketplace/service-kit';
import { jobsMigrations } from './migrations';

// One-off task: `node --import tsx services/jobs/src/migrate.ts` with DATABASE_URL of the jobs_migrator role.
void runMigrateTask({ name: 'jobs', schema: 'jobs', migrations: jobsMigrations });
