// Import circles between the workspace's own modules, type-only imports included: import-x/no-cycle
// (eslint.config.mjs) skips `import type`, so a circle made only of type imports passes lint; this finds
// those too (import-cycles.test.ts runs it over the whole workspace). Relative imports and the
// workspace's packages (@marketplace/*, by their package.json `exports` or `main`) are followed;
// anything else (npm packages, Module Federation remotes) is outside.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

const EXTENSIONS = ['.ts', '.tsx', '.mts', '.js', '.mjs'];
const SKIP_DIRS = new Set(['node_modules', 'dist', 'coverage', '.nx', '.data', 'playwright-report']);

/** Every source file under `dir`. */
function sourcesUnder(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || SKIP_DIRS.has(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...sourcesUnder(path));
    else if (/\.(ts|tsx|mts)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) found.push(path);
  }
  return found;
}

function asFile(base: string): string | undefined {
  if (existsSync(base) && statSync(base).isFile()) return base;
  const stripped = base.replace(/\.(js|mjs)$/, '');
  for (const ext of EXTENSIONS) if (existsSync(`${stripped}${ext}`)) return `${stripped}${ext}`;
  for (const ext of EXTENSIONS) {
    const index = join(base, `index${ext}`);
    if (existsSync(index)) return index;
  }
  return undefined;
}

/** The workspace's packages: name to folder and entry points (`.`, `./testing`, ...). */
function workspacePackages(root: string): Map<string, { dir: string; entries: Record<string, string> }> {
  const packages = new Map<string, { dir: string; entries: Record<string, string> }>();
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { workspaces?: string[] };
  for (const pattern of manifest.workspaces ?? []) {
    const dirs = pattern.endsWith('/*')
      ? readdirSync(join(root, pattern.slice(0, -2)), { withFileTypes: true })
          .filter((entry) => entry.isDirectory())
          .map((entry) => join(root, pattern.slice(0, -2), entry.name))
      : [join(root, pattern)];
    for (const dir of dirs) {
      const file = join(dir, 'package.json');
      if (!existsSync(file)) continue;
      const pkg = JSON.parse(readFileSync(file, 'utf8')) as {
        name: string;
        main?: string;
        exports?: Record<string, string>;
      };
      const entries: Record<string, string> = {};
      if (pkg.main) entries['.'] = pkg.main;
      for (const [key, value] of Object.entries(pkg.exports ?? {})) {
        if (typeof value === 'string') entries[key] = value;
      }
      packages.set(pkg.name, { dir, entries });
    }
  }
  return packages;
}

/** Every module's imports (type-only, re-exports and dynamic imports included), as files. */
export function importGraph(root: string, dirs: readonly string[]): Map<string, string[]> {
  const packages = workspacePackages(root);
  const resolveSpecifier = (from: string, specifier: string): string | undefined => {
    if (specifier.startsWith('.')) return asFile(resolve(dirname(from), specifier));
    const match = /^(@[^/]+\/[^/]+|[^/@][^/]*)(\/.*)?$/.exec(specifier);
    const pkg = match && packages.get(match[1]!);
    if (!pkg) return undefined;
    const sub = match[2] ? `.${match[2]}` : '.';
    const entry = pkg.entries[sub];
    return asFile(join(pkg.dir, entry ?? sub));
  };
  const graph = new Map<string, string[]>();
  for (const dir of dirs) {
    for (const file of sourcesUnder(join(root, dir))) {
      const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
      const targets = importedFiles
        .map((imported) => resolveSpecifier(file, imported.fileName))
        .filter((target): target is string => target !== undefined && target !== file);
      graph.set(file, [...new Set(targets)]);
    }
  }
  return graph;
}

/** The circles of a graph: each strongly connected component of more than one module (Tarjan). */
export function importCycles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (start: string) => {
    // Iterative, so a long import chain cannot overflow the call stack.
    const work: Array<{ node: string; next: number }> = [{ node: start, next: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const edges = graph.get(frame.node) ?? [];
      if (frame.next < edges.length) {
        const target = edges[frame.next++]!;
        if (!index.has(target)) {
          index.set(target, counter);
          low.set(target, counter++);
          stack.push(target);
          onStack.add(target);
          work.push({ node: target, next: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(target)!));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        if (component.length > 1) cycles.push(component.sort());
      }
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return cycles;
}

/** The circles among the workspace's modules, each as paths relative to `root`. */
export function workspaceImportCycles(root: string, dirs: readonly string[]): string[][] {
  return importCycles(importGraph(root, dirs)).map((cycle) => cycle.map((file) => relative(root, file)));
}
