import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { importCycles, workspaceImportCycles } from './import-cycles';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

describe('import circles', () => {
  it('finds a circle made only of type imports, and one through a package entry', () => {
    const dir = mkdtempSync(join(tmpdir(), 'import-cycles-'));
    try {
      writeFileSync(
        join(dir, 'package.json'),
        JSON.stringify({ name: 'fixture', private: true, workspaces: ['libs/*', 'app'] }),
      );
      mkdirSync(join(dir, 'app'));
      writeFileSync(join(dir, 'app', 'package.json'), JSON.stringify({ name: '@fixture/app' }));
      writeFileSync(join(dir, 'app', 'a.ts'), "import type { B } from './b';\nexport interface A { b: B }\n");
      writeFileSync(join(dir, 'app', 'b.ts'), "import { type A } from './a';\nexport type B = A[];\n");
      writeFileSync(join(dir, 'app', 'c.ts'), "import { A } from './a';\nexport const c = (a: A) => a;\n");
      mkdirSync(join(dir, 'libs', 'kit', 'src'), { recursive: true });
      writeFileSync(
        join(dir, 'libs', 'kit', 'package.json'),
        JSON.stringify({ name: '@fixture/kit', main: './src/index.ts' }),
      );
      writeFileSync(join(dir, 'libs', 'kit', 'src', 'index.ts'), "export * from './x';\n");
      writeFileSync(join(dir, 'libs', 'kit', 'src', 'x.ts'), "export type { Y } from '@fixture/kit';\n");
      const cycles = workspaceImportCycles(dir, ['app', 'libs']);
      expect(cycles).toEqual(
        expect.arrayContaining([
          ['app/a.ts', 'app/b.ts'],
          ['libs/kit/src/index.ts', 'libs/kit/src/x.ts'],
        ]),
      );
      expect(cycles).toHaveLength(2);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('finds the members of a longer circle once', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a', 'd']],
      ['d', []],
    ]);
    expect(importCycles(graph)).toEqual([['a', 'b', 'c']]);
  });

  it('are none in the workspace, type-only imports included', () => {
    const dirs = readdirSync(ROOT, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.') && entry.name !== 'node_modules')
      .map((entry) => entry.name);
    expect(workspaceImportCycles(ROOT, dirs)).toEqual([]);
  });
});
