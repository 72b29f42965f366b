import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startDistributed, type Distributed } from '@marketplace/infra';
import { E2E_ADMIN } from './accounts';
import { unwatchMailOutbox, watchMailOutbox } from './leak-watch';
import { freePort } from './servers';

const SERVER_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';

export interface DistributedSite {
  site: Distributed;
  /** The journey's own database on the PostgreSQL server (direct, whatever the services go through). */
  databaseUrl: URL;
  /** Stops every process, drops the database and removes the data folder. */
  close(): Promise<void>;
}

/**
 * The distributed topology for one journey: its own database and data folder, the journeys' admin, and its
 * mail read for contact leaks like every answer (support/leak-watch.ts). `reachDatabase` gives the address
 * the services use (a fault journey puts a link it breaks in between); `env` adds settings.
 */
export async function startDistributedSite(
  name: string,
  options: { env?: NodeJS.ProcessEnv; reachDatabase?: (url: URL) => string } = {},
): Promise<DistributedSite> {
  const databaseUrl = new URL(SERVER_URL);
  databaseUrl.pathname = `/e2e_${name}_${Date.now().toString(36)}`;
  const dataDir = mkdtempSync(join(tmpdir(), `e2e-${name}-`));
  const mailOutbox = join(dataDir, 'mail-outbox');
  const port = await freePort();
  let site: Distributed | undefined;
  const close = async () => {
    await site?.stop();
    const admin = new pg.Client({ connectionString: SERVER_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${databaseUrl.pathname.slice(1)} with (force)`);
    await admin.end();
    unwatchMailOutbox(mailOutbox);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    site = await startDistributed({
      databaseUrl: options.reachDatabase?.(databaseUrl) ?? databaseUrl.toString(),
      natsUrl: NATS_URL,
      port,
      basePort: 20000 + (port % 20000),
      dataDir,
      logLevel: 'warn',
      env: { ADMIN_EMAIL: E2E_ADMIN.email, ADMIN_PASSWORD: E2E_ADMIN.password, ...options.env },
    });
  } catch (err) {
    await close();
    throw err;
  }
  watchMailOutbox(mailOutbox);
  return { site, databaseUrl, close };
}
