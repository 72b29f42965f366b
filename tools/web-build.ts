/** Knows whether the web builds (shell/dist, mfe-NAME/dist) are missing or older than their sources. */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const apps = ['shell', 'mfe-catalogue', 'mfe-jobs', 'mfe-chat', 'mfe-admin'];
const sourceDirs = [
  ...apps.map((app) => join(app, 'src')),
  'libs/contracts/src',
  'libs/page-head/src',
  'libs/ui/src',
  'tools/webpack',
];

/** Tests sit next to the code but are not built into it. */
const NOT_BUILT = /\.test\.tsx?$|[\\/]testing[\\/]/;

/** Written into each dist folder at the end of a successful production build. */
const BUILD_STAMP = '.built-at';

export function writeBuildStamp(distFolder: string): void {
  writeFileSync(join(distFolder, BUILD_STAMP), `${new Date().toISOString()}\n`);
}

function newestMtime(dir: string): number {
  if (!existsSync(dir)) return 0;
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (NOT_BUILT.test(path)) continue;
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

export function webBuildIsStale(root = process.cwd()): boolean {
  const outputs = apps.map((app) => join(app, 'dist', BUILD_STAMP));
  if (outputs.some((file) => !existsSync(join(root, file)))) return true;
  const oldestOutput = Math.min(...outputs.map((file) => statSync(join(root, file)).mtimeMs));
  return Math.max(...sourceDirs.map((dir) => newestMtime(join(root, dir)))) > oldestOutput;
}

/** Builds the five web apps when needed; exits the process when the build fails. */
export function ensureWebBuild(root = process.cwd()): void {
  if (!webBuildIsStale(root)) return;
  console.log('Building the web apps (first start or changed sources)...');
  const build = spawnSync(process.execPath, ['--import', 'tsx', 'tools/build-web.ts'], {
    stdio: 'inherit',
    cwd: root,
  });
  if (build.status !== 0) {
    console.error('The web build failed; see above.');
    process.exit(1);
  }
}
