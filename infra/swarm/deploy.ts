/**
 * Deploys and changes the marketplace on Docker Swarm (one command each; the runbook, infra/README.md,
 * says when to use which):
 *
 *   npx tsx infra/swarm/deploy.ts up [--version V] [--port P] [--admin-email E]
 *                                    [--uploads-nfs ADDR:/PATH [--uploads-nfs-options O]]
 *                                                                 deploy (or update) the whole stack; the first
 *                                                                 admin's e-mail is needed once (then kept);
 *                                                                 uploads on an NFS export on several nodes
 *   npx tsx infra/swarm/deploy.ts remote <name> <version>         deploy a remote's version and switch to it
 *   npx tsx infra/swarm/deploy.ts rollback-remote <name>          switch a remote back to its previous version
 *   npx tsx infra/swarm/deploy.ts service <name> <version>        roll a service (or the edge, a web app) to an image
 *   npx tsx infra/swarm/deploy.ts down                             remove the stack (volumes are kept)
 *
 * STACK_DIR (default .data/swarm) keeps the release (which image and remote versions are deployed) and
 * the secrets made on the first `up` (database passwords, the access-token keys); nothing secret is in
 * the repository or in an image. The ingress is published on 127.0.0.1 only (see publishOnLoopback).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadOrCreateSigningKeys } from '@marketplace/service-kit';
import { DB_PROVISION, NATS_NODES, REMOTE_NAMES, SERVICES, type RemoteName } from '../topology';
import {
  imageOf,
  prometheusConfig,
  RELEASE_PARTS,
  REMOTE_VERSION,
  stackYaml,
  unchangedImages,
  type Release,
  type UploadsNfs,
} from './stack';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const STACK_NAME = 'marketplace';

export interface StackPaths {
  dir: string;
  secrets: string;
  release: string;
}

export function stackPaths(dir = process.env.STACK_DIR ?? join(REPO_ROOT, '.data', 'swarm')): StackPaths {
  return {
    dir: resolve(dir),
    secrets: join(resolve(dir), 'secrets'),
    release: join(resolve(dir), 'release.json'),
  };
}

/** The settings of the last deploy: a later change (a remote, a service) keeps them, so nothing else moves. */
export function savedOptions(paths: StackPaths): DeployOptions | undefined {
  const file = join(paths.dir, 'deploy-options.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as DeployOptions) : undefined;
}

function run(command: string, args: string[], options: { quiet?: boolean } = {}): string {
  const result = spawnSync(command, args, { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} failed:\n${result.stderr || result.stdout}`);
  }
  if (!options.quiet && result.stderr.trim()) process.stderr.write(result.stderr);
  return result.stdout;
}

const password = () => randomBytes(24).toString('base64url');

/** Secret files made once per stack folder (mode 0600); kept across deploys so nothing is rotated by accident. */
export function ensureSecrets(paths: StackPaths): void {
  mkdirSync(paths.secrets, { recursive: true, mode: 0o700 });
  const file = (name: string, make: () => string) => {
    const path = join(paths.secrets, name);
    if (!existsSync(path)) writeFileSync(path, make(), { mode: 0o600 });
    return readFileSync(path, 'utf8');
  };
  const admin = file('postgres-password', password);
  file('database-admin-url', () => `postgres://postgres:${admin}@postgres:5432/marketplace`);
  for (const service of SERVICES) {
    const app = file(`${service.name}-app-password`, password);
    const migrator = file(`${service.name}-migrator-password`, password);
    file(
      `${service.name}-database-url`,
      () => `postgres://${service.name}_app:${app}@postgres:5432/marketplace`,
    );
    file(
      `${service.name}-migrator-database-url`,
      () => `postgres://${service.name}_migrator:${migrator}@postgres:5432/marketplace`,
    );
  }
  file('admin-password', password);
  // The access-token keys: accounts signs with the private one, every service checks with the public one.
  const keys = loadOrCreateSigningKeys(join(paths.dir, 'signing'));
  file('jwt-private-key', () => keys.privateKey ?? '');
  file('jwt-public-key', () => keys.publicKey);
}

export function readRelease(paths: StackPaths): Release | undefined {
  return existsSync(paths.release) ? (JSON.parse(readFileSync(paths.release, 'utf8')) as Release) : undefined;
}

function writeRelease(paths: StackPaths, release: Release) {
  writeFileSync(paths.release, `${JSON.stringify(release, null, 2)}\n`);
}

export interface DeployOptions {
  port: number;
  publicUrl?: string;
  env?: Record<string, string>;
  /** The uploads volumes on an NFS export (several nodes); unset: local volumes (one node). */
  uploadsNfs?: UploadsNfs;
}

/** `--uploads-nfs <address>:<path>`, e.g. `10.0.0.5:/exports/marketplace`. */
export function parseUploadsNfs(value: string, options?: string): UploadsNfs {
  const match = /^([^:/\s]+):(\/\S*)$/.exec(value);
  if (!match) throw new Error(`--uploads-nfs takes <address>:<exported path>, not '${value}'`);
  return { address: match[1]!, path: match[2]!, ...(options ? { options } : {}) };
}

/**
 * Deploys a release. On a running stack, the services whose image changes get their migrations first:
 * their migrate tasks run the new image beside the code still running, and the code rolls only once
 * every one of them completed. Rolled together, a new replica in `verify` mode could start before its
 * migration was in, refuse to start, and be rolled back by Swarm (seen when a migrate task's first
 * attempts could not resolve the database yet). A migration that does not complete stops the deploy
 * with its error, the code and the release file untouched.
 */
export function applyRelease(paths: StackPaths, release: Release, options: DeployOptions): void {
  const previous = readRelease(paths);
  const migrating = previous
    ? SERVICES.map((service) => service.name).filter(
        (name) => imageOf(previous, name) !== imageOf(release, name),
      )
    : [];
  const running = previous !== undefined && stackRunning();
  if (previous && running && migrating.length > 0) {
    deployStack(paths, previous, options, release.images);
    for (const name of migrating) waitForMigration(name, imageOf(release, name));
  }
  writeRelease(paths, release);
  const deployedAt = Date.now();
  deployStack(paths, release, options);
  publishOnLoopback(options.port);
  if (!previous || !running) return;
  // Swarm rolls each changed service and rolls it back alone if its new replicas fail; the deploy
  // waits for the outcome so that it can say so, and puts the whole previous release back on a failure.
  try {
    waitForRollout(rolledServices(previous, release), deployedAt);
  } catch (err) {
    writeRelease(paths, previous);
    // The migrate tasks stay on the new images: their migrations are in, and an older migrator would
    // refuse a schema with migrations it does not know (Kysely: "corrupted migrations"). The previous
    // code runs on the newer schema, which migrations must allow (add, then remove in a later release).
    deployStack(paths, previous, options, release.images);
    throw new Error(
      `${err instanceof Error ? err.message : String(err)}; the previous release is deployed again`,
    );
  }
}

/** The stack's services whose image differs between two releases (the NATS part runs as three). */
export function rolledServices(previous: Release, release: Release): string[] {
  return RELEASE_PARTS.filter(
    (part) => part !== DB_PROVISION.name && imageOf(previous, part) !== imageOf(release, part),
  ).flatMap((part) =>
    part === 'nats' ? Array.from({ length: NATS_NODES }, (_, i) => `nats-${i + 1}`) : [part],
  );
}

/** What Swarm says of a service's update (`docker service inspect --format '{{json .UpdateStatus}}'`). */
export type RolloutState = 'waiting' | 'done' | { failed: string };

/**
 * Reads one service's update status against the deploy's start: an update that began before it is
 * another deploy's; none at all after a grace period means Swarm had nothing to roll.
 */
export function rolloutState(statusJson: string, deployedAt: number, now: number): RolloutState {
  const graceMs = 30_000;
  const status = parseUpdateStatus(statusJson);
  const startedAt = status?.StartedAt ? Date.parse(status.StartedAt) : Number.NaN;
  // Swarm's clock and this process's may differ by a little.
  if (!status || !(startedAt >= deployedAt - 1000)) return now - deployedAt > graceMs ? 'done' : 'waiting';
  if (status.State === 'completed') return 'done';
  if (status.State === 'updating') return 'waiting';
  return { failed: `${status.State ?? 'unknown state'}: ${status.Message ?? ''}`.trim() };
}

interface UpdateStatus {
  State?: string;
  StartedAt?: string;
  Message?: string;
}

function parseUpdateStatus(json: string): UpdateStatus | null {
  try {
    const parsed: unknown = JSON.parse(json);
    return typeof parsed === 'object' && parsed !== null ? (parsed as UpdateStatus) : null;
  } catch {
    return null;
  }
}

/** Waits until every one of `services` finished rolling (ten minutes at most); throws on a rollback. */
export function waitForRollout(services: readonly string[], deployedAt: number, timeoutMs = 600_000): void {
  const pending = new Set(services);
  const ends = Date.now() + timeoutMs;
  while (pending.size > 0) {
    for (const service of [...pending]) {
      const json = run(
        'docker',
        ['service', 'inspect', `${STACK_NAME}_${service}`, '--format', '{{json .UpdateStatus}}'],
        { quiet: true },
      );
      const state = rolloutState(json, deployedAt, Date.now());
      if (state === 'done') {
        pending.delete(service);
        console.error(`${service}: rolled`);
      } else if (state !== 'waiting') {
        throw new Error(
          `${service}: Swarm did not roll the new release (${state.failed}). ` +
            `Its tasks: docker service ps ${STACK_NAME}_${service} --no-trunc`,
        );
      }
    }
    if (pending.size === 0) return;
    if (Date.now() > ends)
      throw new Error(`still rolling after ${timeoutMs / 1000} s: ${[...pending].join(', ')}`);
    spawnSync('sleep', ['2']);
  }
}

/** Writes the stack and Prometheus files from the release and applies them (only changed services move). */
function deployStack(
  paths: StackPaths,
  release: Release,
  options: DeployOptions,
  migrateImages?: Release['images'],
): void {
  writeFileSync(join(paths.dir, 'deploy-options.json'), `${JSON.stringify(options, null, 2)}\n`);
  const prometheus = join(paths.dir, 'prometheus.yml');
  writeFileSync(prometheus, prometheusConfig());
  const stack = join(paths.dir, 'stack.yml');
  writeFileSync(
    stack,
    stackYaml(release, {
      publishPort: options.port,
      publicUrl: options.publicUrl ?? `http://127.0.0.1:${options.port}`,
      secretsDir: paths.secrets,
      prometheusConfig: prometheus,
      ...(options.env ? { env: options.env } : {}),
      ...(options.uploadsNfs ? { uploadsNfs: options.uploadsNfs } : {}),
      ...(migrateImages ? { migrateImages } : {}),
    }),
  );
  run('docker', ['stack', 'deploy', '--prune', '--resolve-image', 'never', '-c', stack, STACK_NAME]);
}

const stackRunning = () =>
  run('docker', ['stack', 'ls', '--format', '{{.Name}}'], { quiet: true }).split('\n').includes(STACK_NAME);

/** Waits until `<service>-migrate` completed once with `image` (five minutes at most). */
export function waitForMigration(service: string, image: string, timeoutMs = 300_000): void {
  const ends = Date.now() + timeoutMs;
  let lastError = '';
  for (;;) {
    const tasks = run(
      'docker',
      [
        'service',
        'ps',
        `${STACK_NAME}_${service}-migrate`,
        '--no-trunc',
        '--format',
        '{{.Image}}\t{{.CurrentState}}\t{{.Error}}',
      ],
      { quiet: true },
    )
      .split('\n')
      .filter(Boolean)
      .map((line) => line.split('\t'))
      .filter(([taskImage]) => taskImage === image);
    if (tasks.some(([, state]) => state?.startsWith('Complete'))) {
      console.error(`${service}: migrations of ${image} applied`);
      return;
    }
    lastError = tasks.find(([, , error]) => error)?.[2] ?? lastError;
    if (Date.now() > ends) {
      throw new Error(
        `${service}-migrate with ${image} did not complete in ${timeoutMs / 1000} s` +
          `${lastError ? ` (last error: ${lastError})` : ''}; the running version is untouched. ` +
          `Its log: docker service logs ${STACK_NAME}_${service}-migrate`,
      );
    }
    spawnSync('sleep', ['2']);
  }
}

/**
 * Swarm publishes a port on every address of the node. On this machine the site must be reachable from
 * 127.0.0.1 only: connections to the published port that arrive from anywhere else are dropped before
 * Docker forwards them (DOCKER-USER is the chain Docker leaves to the operator).
 */
export function publishOnLoopback(port: number): void {
  const rule = [
    'DOCKER-USER',
    '-p',
    'tcp',
    '-m',
    'conntrack',
    '--ctorigdstport',
    String(port),
    '!',
    '-s',
    '127.0.0.0/8',
    '-j',
    'DROP',
  ];
  const present = spawnSync('iptables', ['-C', ...rule], { stdio: 'ignore' }).status === 0;
  if (!present) run('iptables', ['-I', ...rule]);
}

/** The id of a local image (undefined when there is no such image). */
function localImageId(image: string): string | undefined {
  const result = spawnSync('docker', ['image', 'inspect', '--format', '{{.Id}}', image], {
    encoding: 'utf8',
  });
  return result.status === 0 ? result.stdout.trim() || undefined : undefined;
}

export function up(paths: StackPaths, version: string, options: DeployOptions): Release {
  if (!/Swarm: active/.test(run('docker', ['info'], { quiet: true }))) {
    run('docker', ['swarm', 'init', '--advertise-addr', '127.0.0.1']);
  }
  ensureSecrets(paths);
  const previous = readRelease(paths);
  const release: Release = {
    // A part whose image did not change keeps running as it is (not restarted under a new name).
    images: { ...(previous ? unchangedImages(previous, version, localImageId) : {}), default: version },
    remotes:
      previous?.remotes ??
      (Object.fromEntries(
        REMOTE_NAMES.map((name) => [name, { live: version, deployed: [version] }]),
      ) as Release['remotes']),
  };
  applyRelease(paths, release, options);
  return release;
}

/** A remote's new version: its own service beside the live one, then the edge's manifest points at it. */
export function deployRemote(
  paths: StackPaths,
  name: RemoteName,
  version: string,
  options: DeployOptions,
): Release {
  const release = readRelease(paths);
  if (!release) throw new Error('no stack deployed yet: run `up` first');
  if (!REMOTE_VERSION.test(version)) throw new Error(`version must match ${REMOTE_VERSION}`);
  const remote = release.remotes[name];
  // Two versions run: the new live one and the one a rollback returns to.
  release.remotes[name] =
    version === remote.live
      ? remote
      : { live: version, deployed: [remote.live, version], previous: remote.live };
  applyRelease(paths, release, options);
  return release;
}

export function rollbackRemote(paths: StackPaths, name: RemoteName, options: DeployOptions): Release {
  const release = readRelease(paths);
  if (!release) throw new Error('no stack deployed yet');
  const remote = release.remotes[name];
  const back = remote.previous;
  if (!back || !remote.deployed.includes(back))
    throw new Error(`${name} has no earlier version to go back to`);
  release.remotes[name] = { live: back, deployed: remote.deployed, previous: remote.live };
  applyRelease(paths, release, options);
  return release;
}

export function deployServiceImage(
  paths: StackPaths,
  part: string,
  version: string,
  options: DeployOptions,
): Release {
  const release = readRelease(paths);
  if (!release) throw new Error('no stack deployed yet');
  release.images[part] = version;
  applyRelease(paths, release, options);
  return release;
}

export function down(): void {
  spawnSync('docker', ['stack', 'rm', STACK_NAME], { stdio: 'ignore' });
  // Networks go last; wait until Swarm has let go of them.
  for (let i = 0; i < 60; i += 1) {
    const left = execFileSync(
      'docker',
      ['network', 'ls', '-q', '--filter', `label=com.docker.stack.namespace=${STACK_NAME}`],
      {
        encoding: 'utf8',
      },
    ).trim();
    if (!left) return;
    spawnSync('sleep', ['1']);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const take = (flag: string) => {
    const at = args.indexOf(flag);
    return at < 0 ? undefined : args.splice(at, 2)[1];
  };
  const paths = stackPaths();
  const port = take('--port');
  const nfs = take('--uploads-nfs');
  const nfsOptions = take('--uploads-nfs-options');
  const saved = savedOptions(paths);
  const options: DeployOptions = {
    ...saved,
    port: Number(port ?? saved?.port ?? process.env.STACK_PORT ?? 18080),
    // This machine's stack has no Paystack account: it takes test payments on the sandbox, said
    // explicitly (the images run with NODE_ENV=production, where payments refuses to start otherwise).
    env: { PAYMENTS_SANDBOX: 'on', ...saved?.env },
    // Kept with the deploy's options: later commands keep the volumes where they are.
    ...(nfs ? { uploadsNfs: parseUploadsNfs(nfs, nfsOptions) } : {}),
  };
  const [command, a, b] = args;
  const isRemote = (name: string | undefined): name is RemoteName =>
    (REMOTE_NAMES as readonly string[]).includes(name ?? '');
  if (command === 'up') {
    const version = take('--version') ?? a ?? 'latest';
    const adminEmail = take('--admin-email') ?? options.env?.ADMIN_EMAIL;
    // accounts makes the first admin from ADMIN_EMAIL and the admin-password secret, and refuses to
    // start with a password and no e-mail.
    if (!adminEmail) {
      console.error("up: give the first admin's e-mail once: --admin-email ops@example.com");
      process.exit(2);
    }
    up(paths, version, { ...options, env: { ...options.env, ADMIN_EMAIL: adminEmail } });
  } else if (command === 'remote' && isRemote(a) && b) {
    deployRemote(paths, a, b, options);
  } else if (command === 'rollback-remote' && isRemote(a)) {
    rollbackRemote(paths, a, options);
  } else if (command === 'service' && a && b) {
    deployServiceImage(paths, a, b, options);
  } else if (command === 'down') {
    down();
  } else {
    console.error(readFileSync(fileURLToPath(import.meta.url), 'utf8').split('*/')[0]);
    process.exit(2);
  }
}
