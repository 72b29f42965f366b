import { createHash, randomBytes } from 'node:crypto';
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

// An in-memory test database is small, and most of a PGlite start was spent zeroing PostgreSQL's default 128 MB
// of shared buffers and reading the 16 MB WAL segment out of the dump (a start took about half the
// time with these; measured on 2026-11-27). Both are sizes only: what a test sees of the database
// (schemas, tables, SQL) is what the defaults give. The kept files' names carry these settings, so a
// change here makes new ones. A data folder on disk (seedPGliteDataDir) keeps initdb's defaults: there
// fewer buffers and smaller WAL segments mean more file writes (the embedded edge started slower).
export const TEST_CLUSTER_INITDB_ARGS: readonly string[] = ['--wal-segsize=1'];
export const TEST_CLUSTER_SETTINGS: Readonly<Record<string, string>> = { shared_buffers: '8MB' };
const clusterKey = createHash('sha256')
  .update(JSON.stringify([TEST_CLUSTER_INITDB_ARGS, TEST_CLUSTER_SETTINGS]))
  .digest('hex')
  .slice(0, 12);

/** What the kept cluster is for: an in-memory test database, or a data folder on disk. */
export type ClusterUse = 'in-memory' | 'on-disk';

/** A dump (`dumpDataDir`) of a new, empty PGlite cluster, to start an in-memory database from. */
export async function emptyClusterDump(use: ClusterUse = 'in-memory'): Promise<Blob> {
  const file = join(cacheDir, `${await clusterName(use)}.tar`);
  const cached = await readFile(file).catch(() => undefined);
  if (cached) return new BytesBlob(cached);

  const inMemory = use === 'in-memory';
  const pglite = await PGlite.create(inMemory ? { initDbStartParams: [...TEST_CLUSTER_INITDB_ARGS] } : {});
  // Written to postgresql.auto.conf, which is in the dump: every start from it reads them.
  for (const [name, value] of Object.entries(inMemory ? TEST_CLUSTER_SETTINGS : {})) {
    await pglite.exec(`alter system set ${name} = '${value}'`);
  }
  const bytes = Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer());
  await pglite.close();
  await publish(file, (partial) => writeFile(partial, bytes));
  return new BytesBlob(bytes);
}

/**
 * A Blob whose `arrayBuffer()` is one copy of its bytes. PGlite reads a dump with `arrayBuffer()`, which
 * Node 20 does by reading the Blob in 64 kB chunks and joining them: about a tenth of a service test
 * file's time went to that for the 30 MB dump (CPU profile, 2026-11-27).
 */
export class BytesBlob extends Blob {
  readonly #bytes: Uint8Array;
  constructor(bytes: Uint8Array) {
    super([bytes as BlobPart]);
    this.#bytes = bytes;
  }
  override async arrayBuffer(): Promise<ArrayBuffer> {
    // A copy: whoever reads it may keep and change it.
    const copy = new ArrayBuffer(this.#bytes.byteLength);
    new Uint8Array(copy).set(this.#bytes);
    return copy;
  }
}

/**
 * Puts a new, empty PGlite cluster in `dataDir` (which must not exist yet), so that a process opening
 * it there (the embedded edge, a service's main) finds a cluster instead of running initdb.
 */
export async function seedPGliteDataDir(dataDir: string): Promise<void> {
  const folder = join(cacheDir, await clusterName('on-disk'));
  if (!(await stat(folder).catch(() => undefined))) {
    const dump = await emptyClusterDump('on-disk');
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

/** The kept cluster's name: PGlite's version, and the settings above for in-memory use. */
async function clusterName(use: ClusterUse): Promise<string> {
  const name = `empty-cluster-${await pgliteVersion()}`;
  return use === 'in-memory' ? `${name}-${clusterKey}` : name;
}

async function pgliteVersion(): Promise<string> {
  // The package's main file sits in dist/; its package.json (not in its exports) one folder up.
  const resolve = createRequire(import.meta.url).resolve;
  const manifest = join(dirname(resolve('@electric-sql/pglite')), '..', 'package.json');
  const { version } = JSON.parse(await readFile(manifest, 'utf8')) as { version: string };
  return version;
}
