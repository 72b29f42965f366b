// Jest loads every module of every package anew in each test file, and an ESM-only package it must
// transform is hundreds of small CommonJS files whose exports are getters: typebox alone took ~330 ms of
// each test file's start and kysely ~180 ms (2026-11-28). Each package below is bundled once (esbuild,
// with all its entry points in one file, so `typebox` and `typebox/value` share one copy) and Jest maps
// the package's specifiers to it: one file to read per test file, ~60-80 ms each. What the tests run is the
// package's own code, unchanged.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { buildSync } from 'esbuild';

/** Package -> its entry points used by our code (each mapped; any other subpath is a missing module). */
const PACKAGES = {
  typebox: ['.', 'value', 'compile', 'format'],
  kysely: ['.', 'migration'],
};

/**
 * Builds the bundles (once per set of package versions, in node_modules/.cache) and returns Jest
 * `moduleNameMapper` entries for them.
 */
export function esmBundleMappers(rootDir) {
  const require = createRequire(join(rootDir, 'package.json'));
  const versionOf = (name) =>
    JSON.parse(readFileSync(join(packageDir(require, name), 'package.json'), 'utf8')).version;
  const key = createHash('sha256')
    .update(JSON.stringify([PACKAGES, Object.keys(PACKAGES).map(versionOf), versionOf('esbuild')]))
    .digest('hex')
    .slice(0, 12);
  const outDir = join(rootDir, 'node_modules', '.cache', 'jest-esm-bundles', key);
  if (!existsSync(outDir)) build(rootDir, outDir);

  const mappers = {};
  for (const [name, entries] of Object.entries(PACKAGES)) {
    for (const entry of entries) {
      const specifier = entry === '.' ? name : `${name}/${entry}`;
      mappers[`^${specifier.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`] = join(outDir, shimName(name, entry));
    }
  }
  return mappers;
}

function build(rootDir, outDir) {
  // Written aside and renamed: Jest runs started together (npm test, test:infra) never read half a bundle.
  const partial = `${outDir}.${process.pid}`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true });
  for (const [name, entries] of Object.entries(PACKAGES)) {
    const entryFile = join(partial, `${name}.entry.mjs`);
    writeFileSync(
      entryFile,
      entries
        .map(
          (entry) =>
            `export * as ${exportName(entry)} from '${entry === '.' ? name : `${name}/${entry}`}';\n`,
        )
        .join(''),
    );
    buildSync({
      entryPoints: [entryFile],
      absWorkingDir: rootDir,
      nodePaths: [join(rootDir, 'node_modules')],
      bundle: true,
      format: 'cjs',
      platform: 'node',
      target: 'node20',
      outfile: join(partial, `${name}.bundle.cjs`),
      logLevel: 'warning',
    });
    for (const entry of entries) {
      // An ES module namespace as swc's CommonJS output expects one: `__esModule`, so a default import
      // (`import Format from 'typebox/format'`) reads its `default`.
      writeFileSync(
        join(partial, shimName(name, entry)),
        `const namespace = require('./${name}.bundle.cjs').${exportName(entry)};\n` +
          `module.exports = Object.defineProperty(Object.assign({}, namespace), '__esModule', { value: true });\n`,
      );
    }
  }
  try {
    renameSync(partial, outDir);
  } catch (err) {
    // Another run published the same bundles meanwhile: theirs are as good.
    rmSync(partial, { recursive: true, force: true });
    if (!existsSync(outDir)) throw err;
  }
}

function packageDir(require, name) {
  // The folder holding the package's package.json (which its exports may not list).
  let dir = dirname(require.resolve(name));
  while (
    !existsSync(join(dir, 'package.json')) ||
    JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).name !== name
  ) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`jest esm bundles: no package.json for ${name}`);
    dir = parent;
  }
  return dir;
}

const exportName = (entry) => (entry === '.' ? 'root' : entry.replace(/\W/g, '_'));
const shimName = (name, entry) => `${name}${entry === '.' ? '' : `-${exportName(entry)}`}.cjs`;
