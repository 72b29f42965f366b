import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';

/**
 * A dump (`dumpDataDir`) of a new, empty PGlite cluster: what initdb makes, before anything else.
 * initdb is most of a PGlite start (~4-5 s against ~0.5-1 s to load a dump), and each test file runs it
 * again, so the dump is made once and kept in the temp folder for every later test file and run. Its
 * name carries PGlite's version: a new PGlite makes a new one. Nothing of a service is in it (no schema,
 * no migration), so a suite still migrates and sees exactly what a fresh database would show it.
 */
export async function emptyClusterDump(): Promise<Blob> {
  const file = join(tmpdir(), 'marketplace-test-pglite', `empty-cluster-${await pgliteVersion()}.tar`);
  const cached = await readFile(file).catch(() => undefined);
  if (cached) return new Blob([cached]);

  const pglite = await PGlite.create();
  const dump = await pglite.dumpDataDir('none');
  await pglite.close();
  const bytes = Buffer.from(await dump.arrayBuffer());
  // Written aside and renamed: test files starting at the same time in other workers never read half a dump.
  await mkdir(dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    await writeFile(partial, bytes);
    await rename(partial, file);
  } finally {
    await rm(partial, { force: true });
  }
  return new Blob([bytes]);
}

async function pgliteVersion(): Promise<string> {
  // The package's main file sits in dist/; its package.json (not in its exports) one folder up.
  const resolve = createRequire(import.meta.url).resolve;
  const manifest = join(dirname(resolve('@electric-sql/pglite')), '..', 'package.json');
  const { version } = JSON.parse(await readFile(manifest, 'utf8')) as { version: string };
  return version;
}
