// Dependencies shared as singletons between the shell and the remotes. The router is shared as
// @marketplace/ui/router (the exports the pages use) rather than react-router-dom: one router context
// for the shell and every remote, without shipping the parts of react-router nobody uses.
import { createRequire } from 'node:module';
import path from 'node:path';
import { REPO_ROOT } from './apps';

const require = createRequire(path.join(REPO_ROOT, 'package.json'));

/** [import specifier, package that owns its version] */
const SINGLETONS: ReadonlyArray<readonly [string, string]> = [
  ['react', 'react'],
  ['react/jsx-runtime', 'react'],
  ['react-dom', 'react-dom'],
  ['react-dom/client', 'react-dom'],
  ['@marketplace/ui/router', '@marketplace/ui'],
  ['@marketplace/ui', '@marketplace/ui'],
  // One query cache: the client lives in @marketplace/ui/query; both load only when a lazy page needs them.
  ['@marketplace/ui/query', '@marketplace/ui'],
  // Form building blocks and their CSS, once for the shell and every remote; the fields alone are their own
  // entry (the category page's small form loads them without the rules, modal and auth layout).
  ['@marketplace/ui/fields', '@marketplace/ui'],
  ['@marketplace/ui/form', '@marketplace/ui'],
  // Running the field rules (TypeBox): loaded on a form's first check, apart from the blocks.
  ['@marketplace/ui/form-rules', '@marketplace/ui'],
  // One focus trap (one stack of traps) for every dialog, menu and chat panel; lazy chunks load it.
  ['@marketplace/ui/focus-trap', '@marketplace/ui'],
  ['@tanstack/react-query', '@tanstack/react-query'],
];

function installedVersion(pkg: string): string {
  const manifest = require(`${pkg}/package.json`) as { version: string };
  return manifest.version;
}

export interface SharedEntry {
  singleton: true;
  version: string;
  requiredVersion: string;
  strictVersion: false;
}

export function sharedSingletons(): Record<string, SharedEntry> {
  const shared: Record<string, SharedEntry> = {};
  for (const [specifier, pkg] of SINGLETONS) {
    const version = installedVersion(pkg);
    const major = version.split('.')[0] ?? '0';
    // Workspace libs (0.x) accept any 0.x; published packages accept the same major.
    shared[specifier] = {
      singleton: true,
      version,
      requiredVersion: major === '0' ? `>=0.0.0 <1` : `^${major}.0.0`,
      strictVersion: false,
    };
  }
  return shared;
}
