import { randomBytes } from 'node:crypto';
import { cp, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';

// initdb is most of a PGlite start (~4-5 s, against ~0.5-1 s to load a dump and ~0.1 s to copy a data
// folder), and every test file ran it again. So an empty cluster is made once and kept in the temp
// folder for every later test file and run, its name carrying PGlite's version (a new PGlite makes a
// new one). Nothing of a service is in it (no schema, no migration): a suite still migrates and sees
// exactly what a freshly made database would show it.
const cacheDir = join(tmpdir(), 'marketplace-test-pglite');

/** A dump (`dumpDataDir`) of a new, empty PGlite cluster, to start an in-memory database from. */
export async function emptyClusterDump(): Promise<Blob> {
  const file = join(cacheDir, `empty-cluster-${await pgliteVersion()}.tar`);
  const cached = await readFile(file).catch(() => undefined);
  if (cached) return new Blob([cached]);

  const pglite = await PGlite.create();
  const bytes = Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer());
  await pglite.close();
  await publish(file, (partial) => writeFile(partial, bytes));
  return new Blob([bytes]);
}

/**
 * Puts a new, empty PGlite cluster in `dataDir` (which must not exist yet), so that a process opening
 * it there (the embedded edge, a service's main) finds a cluster instead of running initdb.
 */
export async function seedPGliteDataDir(dataDir: string): Promise<void> {
  const folder = join(cacheDir, `empty-cluster-${await pgliteVersion()}`);
  if (!(await stat(folder).catch(() => undefined))) {
    const dump = await emptyClusterDump();
    await publish(folder, async (partial) => {
      // Loaded into a folder and closed cleanly: a data folder any later PGlite opens as its own.
      const pglite = await PGlite.create({ dataDir: partial, loadDataDir: dump });
      await pglite.close();
    });
  }
  await mkdir(dirname(dataDir), { recursive: true });
  await cp(folder, dataDir, { recursive: true, errorOnExist: true, force: false });
}

/**
 * Makes `target` by writing it aside and renaming it: test files starting at the same time in other
 * workers never see half of it (and when two make it, one rename wins and both are whole).
 */
async function publish(target: string, make: (partial: string) => Promise<void>): Promise<void> {
  await mkdir(cacheDir, { recursive: true });
  const partial = `${target}.${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    await make(partial);
    await rename(partial, target).catch(async (err: NodeJS.ErrnoException) => {
      // A folder another worker published meanwhile: theirs is as good.
      if (err.code !== 'ENOTEMPTY' && err.code !== 'EEXIST') throw err;
    });
  } finally {
    await rm(partial, { recursive: true, force: true });
  }
}

async function pgliteVersion(): Promise<string> {
  // The package's main file sits in dist/; its package.json (not in its exports) one folder up.
  const resolve = createRequire(import.meta.url).resolve;
  const manifest = join(dirname(resolve('@electric-sql/pglite')), '..', 'package.json');
  const { version } = JSON.parse(await readFile(manifest, 'utf8')) as { version: string };
  return version;
}
