import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seedPGliteDataDir } from './pglite-snapshot';

/**
 * A DATA_DIR for the Jest tests of a file that start a real service process: a new temporary folder
 * whose `pglite-<name>` is the kept empty cluster (seedPGliteDataDir), so a start finds a database
 * instead of running initdb (seconds). Made before all the file's tests (or before each, with `each`)
 * and removed after. Read `.path` inside a test or hook.
 */
export function seededDataDir(
  prefix: string,
  pgliteName: string,
  scope: 'all' | 'each' = 'all',
): { readonly path: string } {
  let path: string | undefined;
  const before = scope === 'all' ? beforeAll : beforeEach;
  const after = scope === 'all' ? afterAll : afterEach;
  before(async () => {
    path = mkdtempSync(join(tmpdir(), `${prefix}-`));
    await seedPGliteDataDir(join(path, `pglite-${pgliteName}`));
  });
  after(() => {
    if (path) rmSync(path, { recursive: true, force: true });
  });
  return {
    get path() {
      if (!path) throw new Error('seededDataDir: read .path inside a test or hook');
      return path;
    },
  };
}
