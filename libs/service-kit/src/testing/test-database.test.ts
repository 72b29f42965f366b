import { sql } from 'kysely';
import { createTestDatabase } from './test-database';

type Shared = () => Promise<{ pgliteWasmModule: WebAssembly.Module; fsBundle: Blob }>;

describe('test databases on embedded defaults', () => {
  it('start PGlite from the compiled pglite.wasm the worker keeps, one for every test file', async () => {
    const shared = (globalThis as { __pgliteArtifacts?: Shared }).__pgliteArtifacts;
    expect(shared).toBeDefined();
    const first = await shared!();
    expect(await shared!()).toBe(first);
    expect(WebAssembly.Module.exports(first.pgliteWasmModule).length).toBeGreaterThan(0);

    const a = await createTestDatabase();
    const b = await createTestDatabase();
    try {
      await sql`create table t (id int)`.execute(a.raw);
      await sql`insert into t values (1)`.execute(a.raw);
      // Each is a database of its own.
      await expect(sql`select * from t`.execute(b.raw)).rejects.toThrow('relation "t" does not exist');
      expect((await sql<{ id: number }>`select id from t`.execute(a.raw)).rows).toEqual([{ id: 1 }]);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
