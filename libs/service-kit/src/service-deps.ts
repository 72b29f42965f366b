import type { AuthOptions } from './auth/auth';
import type { EventBus } from './bus/types';
import type { Database } from './db/database';
import type { MigrationMode } from './db/migrate';

/** What a process host (a service's main.ts, or the edge in the embedded topology) hands a service. */
export interface ServiceDeps {
  db: Database;
  bus: EventBus;
  auth: AuthOptions;
  /** DATA_DIR: where a service may keep files (accounts: uploads, mail outbox). */
  dataDir?: string;
  /** UPLOADS_DIR: where uploaded files live (accounts, jobs); default `<dataDir>/uploads`. */
  uploadsDir?: string;
  /** What to do with the service's schema at start (see MigrationMode); default 'on-start'. */
  migrations?: MigrationMode;
}
