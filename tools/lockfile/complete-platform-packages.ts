/**
 * The npm registry reachable from our build machines serves only the Linux builds of packages that
 * ship one native binary per platform (@swc/core-*, @rspack/binding-*, @unrs/resolver-binding-*).
 * npm therefore leaves the other platforms' optional packages out of package-lock.json, and then
 * `npm ci` refuses the lock file ("Missing: ... from lock file"). This script adds the missing entries
 * (version from the parent's optionalDependencies, os/cpu from the package name) so `npm ci` works
 * here and on any other platform. Run it after `npm install` changed the lock file:
 *   npx tsx tools/lockfile/complete-platform-packages.ts
 */
import { readFileSync, writeFileSync } from 'node:fs';

interface LockEntry {
  version?: string;
  optional?: boolean;
  peer?: boolean;
  dev?: boolean;
  os?: string[];
  cpu?: string[];
  optionalDependencies?: Record<string, string>;
}

const OS = ['darwin', 'win32', 'linux', 'android', 'freebsd', 'openharmony'];
const CPU = ['arm64', 'x64', 'ia32', 'arm', 'ppc64', 'riscv64', 's390x', 'loong64'];

function platformOf(name: string): Pick<LockEntry, 'os' | 'cpu'> {
  const tokens = name.split('/').pop()!.split('-');
  if (tokens.includes('wasm32')) return { cpu: ['wasm32'] };
  const os = tokens.find((token) => OS.includes(token));
  const cpu =
    tokens.find((token) => CPU.includes(token)) ??
    (tokens.includes('gnueabihf') || tokens.includes('eabi') ? 'arm' : undefined);
  return { ...(os ? { os: [os] } : {}), ...(cpu ? { cpu: [cpu] } : {}) };
}

const path = 'package-lock.json';
const lock = JSON.parse(readFileSync(path, 'utf8')) as { packages: Record<string, LockEntry> };
let added = 0;
for (const [parentPath, parent] of Object.entries(lock.packages)) {
  for (const [name, version] of Object.entries(parent.optionalDependencies ?? {})) {
    const key = `node_modules/${name}`;
    if (lock.packages[key]) continue;
    const platform = platformOf(name);
    if (!platform.os && !platform.cpu) continue; // not a platform package: leave it to npm
    lock.packages[key] = {
      version,
      ...(parent.dev ? { dev: true } : {}),
      optional: true,
      ...(parent.peer ? { peer: true } : {}),
      ...platform,
    };
    added++;
    void parentPath;
  }
}
lock.packages = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
writeFileSync(path, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`added ${added} platform package entries to ${path}`);
