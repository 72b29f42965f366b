/**
 * One team's pipeline, callable from any CI: a change builds, tests and ships only the parts it affects
 * (Nx's project graph: a part is affected when its project or one it depends on changed).
 *
 *   npx tsx infra/ship.ts affected [--base REF]           the parts a change since REF affects
 *   npx tsx infra/ship.ts ship <part> [--base REF] [--version V] [--push REGISTRY] [--force]
 *
 * `ship` does nothing when the part is not affected (unless --force); otherwise it lints and tests the
 * part's project, builds it (a web app's production build), builds its image tagged with its version
 * (default: the project's package version and the commit) and, with --push, pushes it. The whole-site
 * suites (npm test, test:infra, test:e2e, test:stack) still run before a release.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { PARTS } from './topology';

/** The workspace root (where nx.json is), from wherever the command was started inside it. */
function repoRoot(): string {
  for (let dir = resolve(process.cwd()); ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'nx.json'))) return dir;
    if (dirname(dir) === dir) throw new Error('run this inside the marketplace repository');
  }
}
const REPO_ROOT = repoRoot();

/** The Nx project each deployable part is built from. */
export const PROJECT_OF_PART: Record<string, string> = {
  ...Object.fromEntries(
    PARTS.map((part) => [
      part.name,
      part.kind === 'service'
        ? `@marketplace/${part.name}-service`
        : part.kind === 'edge'
          ? '@marketplace/edge'
          : part.name === 'web-shell'
            ? '@marketplace/shell'
            : `@marketplace/mfe-${part.name.slice('web-'.length)}`,
    ]),
  ),
  // Written from the topology and infra's own code.
  ingress: '@marketplace/infra',
  'db-provision': '@marketplace/infra',
};

function nx(args: string[]): string {
  const result = spawnSync('npx', ['nx', ...args], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' },
  });
  if (result.status !== 0) throw new Error(`nx ${args.join(' ')} failed:\n${result.stderr}`);
  return result.stdout;
}

/** The parts affected by a change: named by the files changed, or by the commits since a base ref. */
export function affectedParts(change: { files: string[] } | { base: string }): string[] {
  const selector = 'files' in change ? `--files=${change.files.join(',')}` : `--base=${change.base}`;
  const projects = new Set(
    nx(['show', 'projects', '--affected', selector])
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
  );
  return Object.entries(PROJECT_OF_PART)
    .filter(([, project]) => projects.has(project))
    .map(([part]) => part)
    .sort();
}

function run(command: string, args: string[]) {
  console.log(`\n$ ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { cwd: REPO_ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`);
}

function projectRoot(project: string): string {
  return (JSON.parse(nx(['show', 'project', project, '--json'])) as { root: string }).root;
}

function versionOf(project: string): string {
  const root = projectRoot(project);
  const pkg = JSON.parse(readFileSync(join(REPO_ROOT, root, 'package.json'), 'utf8')) as { version: string };
  const commit = spawnSync('git', ['rev-parse', '--short=10', 'HEAD'], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
  }).stdout.trim();
  return `${pkg.version}-${commit || 'dev'}`;
}

export async function ship(
  part: string,
  options: { base?: string; version?: string; push?: string; force?: boolean },
): Promise<string | undefined> {
  const project = PROJECT_OF_PART[part];
  if (!project)
    throw new Error(`no part named '${part}' (known: ${Object.keys(PROJECT_OF_PART).join(', ')})`);
  if (!options.force && !affectedParts({ base: options.base ?? 'origin/main' }).includes(part)) {
    console.log(`${part}: not affected since ${options.base ?? 'origin/main'}; nothing to ship`);
    return undefined;
  }
  const root = projectRoot(project);
  run('npx', ['eslint', root]);
  run('npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']);
  run('npx', ['jest', root, '--selectProjects', 'unit-node', 'unit-web', '--passWithNoTests']);
  if (part.startsWith('web-')) run('npx', ['tsx', 'tools/build-web.ts', '--app', part.slice('web-'.length)]);
  const version = options.version ?? versionOf(project);
  // Loaded here: the image build is an ES module script (it finds its Dockerfiles beside itself).
  const { buildImage } = await import('./images/build');
  const tag = await buildImage(part, { version });
  if (options.push) {
    const remote = `${options.push.replace(/\/+$/, '')}/${tag}`;
    run('docker', ['tag', tag, remote]);
    run('docker', ['push', remote]);
    return remote;
  }
  return tag;
}
