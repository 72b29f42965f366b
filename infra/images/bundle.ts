/**
 * The production build of a service or the edge: its TypeScript and the libs it uses bundled by esbuild
 * into plain JavaScript (`main.mjs`, and `migrate.mjs` for a service's one-off migration task), plus the
 * few packages that cannot be bundled (native code, files read from their own folder) copied with their
 * dependencies from the workspace's node_modules. No tsx, no devDependencies, nothing else.
 *
 *   npx tsx infra/images/bundle.ts <part> <out-dir>
 */
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * Packages left out of the bundle and shipped as they are installed: native addons (sharp, argon2 and
 * their per-platform builds), swagger-ui's page files, pino (its transports start worker threads by file).
 * `@electric-sql/pglite` is neither bundled nor shipped: only the embedded topology loads it.
 */
const SHIPPED_AS_INSTALLED = ['sharp', '@node-rs/argon2', '@fastify/swagger-ui', 'pino', 'pdfkit'];
/**
 * Packages of files only, which code finds by name at run time (`createRequire(...).resolve('<name>/...')`,
 * no import for esbuild to see): shipped as installed when the bundle names them. The DejaVu fonts of
 * payments' receipt PDFs (pdfkit itself reads its AFM data files from its own folder: shipped above).
 */
const RESOLVED_BY_NAME = ['dejavu-fonts-ttf'];
const NOT_SHIPPED = ['@electric-sql/pglite'];

export interface BundleTarget {
  /** Folder under the repo root. */
  dir: string;
  /** Entry files (relative to dir) -> output names. */
  entries: Record<string, string>;
}

export function bundleTargetOf(part: string): BundleTarget {
  if (part === 'edge') return { dir: 'services/edge', entries: { main: 'src/main.ts' } };
  // The one-off task that makes each service's roles and schema (infra/postgres/provision.ts).
  if (part === 'db-provision') return { dir: 'infra/postgres', entries: { provision: 'provision.ts' } };
  const dir = `services/${part}`;
  if (!existsSync(join(REPO_ROOT, dir, 'src', 'main.ts'))) throw new Error(`no service named '${part}'`);
  const entries: Record<string, string> = { main: 'src/main.ts' };
  if (existsSync(join(REPO_ROOT, dir, 'src', 'migrate.ts'))) entries.migrate = 'src/migrate.ts';
  return { dir, entries };
}

/**
 * Files a module finds next to itself (`new URL('../assets/x.png', import.meta.url)`) are copied into
 * `assets/` beside the bundle and the reference rewritten to it, so the bundle does not depend on where
 * its sources sat in the repository.
 */
function assetsBesideBundle(outDir: string): Plugin {
  const PATTERN = /new URL\((['"])(\.{1,2}\/[^'"]+)\1,\s*import\.meta\.url\)/g;
  return {
    name: 'assets-beside-bundle',
    setup(pluginBuild) {
      pluginBuild.onLoad({ filter: /\.ts$/ }, (args) => {
        if (args.path.includes('node_modules')) return undefined;
        const source = readFileSync(args.path, 'utf8');
        if (!source.includes('import.meta.url')) return undefined;
        const contents = source.replace(PATTERN, (_match, quote: string, relativePath: string) => {
          const target = resolve(dirname(args.path), relativePath);
          const name = `${basename(target)}${relativePath.endsWith('/') ? '/' : ''}`;
          cpSync(target, join(outDir, 'assets', basename(target)), { recursive: true });
          return `new URL(${quote}./assets/${name}${quote}, import.meta.url)`;
        });
        return { contents, loader: 'ts' };
      });
    },
  };
}

interface PackageJson {
  name: string;
  version: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

/** The installed folder of a package as Node would find it from `fromDir`. */
function packageDir(name: string, fromDir: string): string | undefined {
  let dir = fromDir;
  for (;;) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

/**
 * Copies packages and, transitively, their dependencies into `<outDir>/node_modules`, flat (the first
 * version found wins; a second version of the same name is nested under the package that needs it).
 */
function copyInstalled(names: string[], outDir: string): string[] {
  const copied: string[] = [];
  const visit = (name: string, fromDir: string, into: string) => {
    const source = packageDir(name, fromDir);
    if (!source) return; // an optional dependency for another platform
    const target = join(into, 'node_modules', name);
    if (existsSync(target)) return;
    const pkg = JSON.parse(readFileSync(join(source, 'package.json'), 'utf8')) as PackageJson;
    cpSync(source, target, {
      recursive: true,
      dereference: true,
      // Nested node_modules are visited as dependencies; type declarations and source maps stay behind.
      filter: (path) => {
        const inside = relative(source, path);
        return !/(^|\/)node_modules(\/|$)|\.(map|d\.ts)$/.test(inside);
      },
    });
    copied.push(`${pkg.name}@${pkg.version}`);
    for (const dependency of Object.keys({ ...pkg.dependencies, ...pkg.optionalDependencies })) {
      visit(dependency, source, into);
    }
  };
  for (const name of names) visit(name, REPO_ROOT, outDir);
  return copied.sort();
}

export async function bundlePart(
  part: string,
  outDir: string,
  /** More entries (relative to the part's folder -> output names), e.g. a test's script run from the bundle. */
  extraEntries: Record<string, string> = {},
): Promise<{ files: string[]; packages: string[] }> {
  const base = bundleTargetOf(part);
  const target = { ...base, entries: { ...base.entries, ...extraEntries } };
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const result = await build({
    absWorkingDir: join(REPO_ROOT, target.dir),
    entryPoints: Object.fromEntries(Object.entries(target.entries).map(([out, entry]) => [out, entry])),
    outdir: outDir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Both entries share the service code: one copy in a chunk, not two.
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    sourcemap: 'linked',
    minifySyntax: true,
    legalComments: 'linked',
    external: [...SHIPPED_AS_INSTALLED, ...NOT_SHIPPED],
    // Bundled CommonJS packages call require() for Node's built-ins: give the ESM bundle one.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    plugins: [assetsBesideBundle(outDir)],
    logLevel: 'warning',
    metafile: true,
  });
  // Ship only the packages this bundle imports.
  const imported = new Set(
    Object.values(result.metafile.outputs).flatMap((output) =>
      output.imports.filter((entry) => entry.external).map((entry) => entry.path),
    ),
  );
  const bundled = Object.keys(result.metafile.outputs)
    .filter((file) => file.endsWith('.mjs'))
    .map((file) => readFileSync(resolve(join(REPO_ROOT, target.dir), file), 'utf8'));
  const packages = copyInstalled(
    [
      ...SHIPPED_AS_INSTALLED.filter((name) =>
        [...imported].some((path) => path === name || path.startsWith(`${name}/`)),
      ),
      ...RESOLVED_BY_NAME.filter((name) => bundled.some((code) => code.includes(`${name}/`))),
    ],
    outDir,
  );
  writeFileSync(
    join(outDir, 'package.json'),
    `${JSON.stringify({ name: `@marketplace/${part}-image`, private: true, type: 'module' }, null, 2)}\n`,
  );
  return { files: Object.keys(result.metafile.outputs), packages };
}

async function cli(part: string | undefined, out: string | undefined): Promise<void> {
  if (!part || !out) {
    console.error(
      'usage: tsx infra/images/bundle.ts <accounts|jobs|chat|payments|edge|db-provision> <out-dir>',
    );
    process.exit(2);
  }
  const started = Date.now();
  const { packages } = await bundlePart(part, resolve(out));
  console.log(
    `bundled ${part} into ${out} in ${Date.now() - started} ms; shipped as installed: ${packages.join(', ')}`,
  );
}

// No top-level await: the image test imports this module under Jest (CommonJS).
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [part, out] = process.argv.slice(2);
  cli(part, out).catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
