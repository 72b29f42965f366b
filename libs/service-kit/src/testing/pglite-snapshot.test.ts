import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { BytesBlob, emptyClusterDump, seedPGliteDataDir } from './pglite-snapshot';

// Schemas a new cluster has of its own; anything else would be state one suite left for the next.
const userSchemas = `select schema_name from information_schema.schemata
  where schema_name not in ('public', 'information_schema') and schema_name not like 'pg\\_%' escape '\\'`;

describe('the kept empty PGlite cluster', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'pglite-snapshot-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('starts an in-memory database as new as initdb makes it: no schema, no table of anyone', async () => {
    const pglite = await PGlite.create({ loadDataDir: await emptyClusterDump() });
    try {
      expect((await pglite.query(userSchemas)).rows).toEqual([]);
      // Only sizes differ from initdb's defaults (a start spent most of its time on them).
      expect((await pglite.query('show shared_buffers')).rows).toEqual([{ shared_buffers: '8MB' }]);
      expect((await pglite.query('show wal_segment_size')).rows).toEqual([{ wal_segment_size: '1MB' }]);
      expect(
        (await pglite.query(`select tablename from pg_tables where schemaname = 'public'`)).rows,
      ).toEqual([]);
      await pglite.exec('create schema demo; create table demo.t (id int)');
      expect((await pglite.query(userSchemas)).rows).toEqual([{ schema_name: 'demo' }]);
    } finally {
      await pglite.close();
    }
  });

  it('seeds a data folder that PGlite opens as its own, and leaves the kept copy as it was', async () => {
    const first = join(dir, 'first', 'pglite');
    await seedPGliteDataDir(first);
    const pglite = await PGlite.create({ dataDir: first });
    try {
      expect((await pglite.query(userSchemas)).rows).toEqual([]);
      // On disk, initdb's sizes: fewer buffers would mean more file writes.
      expect((await pglite.query('show shared_buffers')).rows).toEqual([{ shared_buffers: '128MB' }]);
      await pglite.exec('create schema written_by_first');
    } finally {
      await pglite.close();
    }

    const second = join(dir, 'second', 'pglite');
    await seedPGliteDataDir(second);
    const again = await PGlite.create({ dataDir: second });
    try {
      expect((await again.query(userSchemas)).rows).toEqual([]);
    } finally {
      await again.close();
    }
  });

  it('refuses to seed over a cluster already there', async () => {
    const target = join(dir, 'taken', 'pglite');
    await seedPGliteDataDir(target);
    await expect(seedPGliteDataDir(target)).rejects.toThrow();
  });
});

describe('BytesBlob', () => {
  it('is a Blob of its bytes whose arrayBuffer() is a copy of its own', async () => {
    const bytes = new Uint8Array([1, 2, 3]);
    const blob = new BytesBlob(bytes);
    expect(blob).toBeInstanceOf(Blob);
    expect(blob.size).toBe(3);
    const copy = new Uint8Array(await blob.arrayBuffer());
    expect([...copy]).toEqual([1, 2, 3]);
    copy[0] = 9;
    expect([...new Uint8Array(await blob.arrayBuffer())]).toEqual([1, 2, 3]);
    expect([...new Uint8Array(await new Response(blob.stream()).arrayBuffer())]).toEqual([1, 2, 3]);
  });
});
