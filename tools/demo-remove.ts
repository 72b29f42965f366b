/**
 * `npm run demo:remove`: removes the demo data set from DATA_DIR (default `.data`) — every demo account
 * erased through the accounts service's erasure, whose accounts.user.deleted events the jobs and chat
 * services apply when the marketplace next starts — and marks the folder so `npm start` does not seed it
 * again. Run it while the marketplace is stopped (an embedded database has one process at a time).
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { EdgeConfigSchema } from '@marketplace/edge';
import { loadConfig, openDatabase } from '@marketplace/service-kit';
import { DEMO_REMOVED_MARKER, removeDemoData } from './demo/seed';

const config = loadConfig(EdgeConfigSchema, { LOG_LEVEL: 'warn', ...process.env });
const dataDir = config.DATA_DIR;
// The database the embedded topology uses: PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR.
const pglite = join(dataDir, 'pglite');
if (!config.DATABASE_URL && !existsSync(pglite)) {
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(join(dataDir, DEMO_REMOVED_MARKER), 'The demo data set is switched off for this folder.\n');
  console.log(`No database in ${dataDir} yet: marked it so the demo set is never seeded there.`);
} else {
  const db = await openDatabase({ url: config.DATABASE_URL, dataDir: pglite });
  try {
    const removed = await removeDemoData({ db, dataDir });
    console.log(
      `Removed the demo data set from ${dataDir}: ${removed} demo accounts erased; the next start tells the ` +
        'other services, and never seeds the set there again.',
    );
  } finally {
    await db.close();
  }
}
