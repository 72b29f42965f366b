/**
 * Builds the images of the parts named (default: every part, the ingress and the stack's own servers):
 *
 *   npx tsx infra/images/build.ts [--version V] [--base-node IMAGE --base-debian IMAGE] [part...]
 *
 * Parts: accounts, jobs, chat, payments, edge, web-shell, web-catalogue, web-jobs, web-chat, web-admin,
 * ingress, postgres, nats, prometheus. Images are tagged `marketplace/<part>:<version>` (the version
 * defaults to the commit). Without --base-* the bases are made here from Debian packages
 * (debootstrap) and this machine's Node, since no image registry is reachable; production passes
 * `--base-node node:20-bookworm-slim --base-debian debian:bookworm-slim`.
 * A web app's files come from its build (`npm run build:web`); a remote's go under its version's path.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundlePart } from './bundle';
import { ingressConfig, upstreamsEnv } from '../nginx/ingress';
import { EDGE, SERVICES, WEB_APPS, UPLOADS_DIR } from '../topology';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const HERE = join(REPO_ROOT, 'infra', 'images');
const LOCAL_DEBIAN = 'marketplace/base-debian:bookworm';
const LOCAL_NODE = 'marketplace/base-node:20';

export const SERVER_IMAGES = ['postgres', 'nats', 'prometheus'] as const;
export const BUILDABLE = [
  ...SERVICES.map((s) => s.name),
  EDGE.name,
  'db-provision',
  ...WEB_APPS.map((w) => w.name),
  'ingress',
  ...SERVER_IMAGES,
];

export interface BuildOptions {
  version: string;
  baseNode?: string;
  baseDebian?: string;
  /** A web app's files from this folder instead of its build (a patched copy, in tests). */
  webDist?: string;
  log?: (line: string) => void;
}

function docker(args: string[], options: { input?: string; quiet?: boolean } = {}): string {
  const result = spawnSync('docker', args, {
    encoding: 'utf8',
    input: options.input,
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, DOCKER_BUILDKIT: '0', DOCKER_CLI_HINTS: 'false' },
  });
  if (result.status !== 0) {
    throw new Error(`docker ${args.slice(0, 3).join(' ')} failed:\n${result.stderr || result.stdout}`);
  }
  return result.stdout;
}

const imageExists = (image: string) =>
  spawnSync('docker', ['image', 'inspect', image], { stdio: 'ignore' }).status === 0;

/** The Debian mirror apt already uses on this machine. */
function debianMirror(): string {
  try {
    const sources = execFileSync(
      'sh',
      ['-c', 'cat /etc/apt/sources.list.d/*.sources /etc/apt/sources.list 2>/dev/null'],
      {
        encoding: 'utf8',
      },
    );
    const match = /URIs:\s*(\S+\/debian)\s*$/m.exec(sources) ?? /^deb\s+(\S+\/debian)\s/m.exec(sources);
    if (match?.[1]) return match[1];
  } catch {
    // fall through
  }
  return 'http://deb.debian.org/debian';
}

/** The local bases: Debian bookworm from Debian's packages, and the same with this machine's Node 20. */
export function ensureLocalBases(log: (line: string) => void): { node: string; debian: string } {
  if (!imageExists(LOCAL_DEBIAN)) {
    const root = mkdtempSync(join(tmpdir(), 'bookworm-'));
    try {
      log(`base: debootstrap bookworm (minbase) from ${debianMirror()}`);
      execFileSync(
        'debootstrap',
        ['--variant=minbase', '--include=ca-certificates', 'bookworm', root, debianMirror()],
        { stdio: ['ignore', 'ignore', 'inherit'] },
      );
      // Smaller and reproducible: no apt lists, caches or docs in the base.
      execFileSync('sh', [
        '-c',
        `rm -rf ${root}/var/lib/apt/lists/* ${root}/var/cache/apt/* ${root}/usr/share/doc/* ${root}/usr/share/man/*`,
      ]);
      execFileSync('sh', ['-c', `tar -C ${root} -c . | docker import - ${LOCAL_DEBIAN}`], {
        stdio: 'ignore',
      });
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  }
  if (!imageExists(LOCAL_NODE)) {
    const context = mkdtempSync(join(tmpdir(), 'node-base-'));
    try {
      const node = execFileSync('sh', ['-c', 'readlink -f "$(command -v node)"'], {
        encoding: 'utf8',
      }).trim();
      const version = execFileSync(node, ['--version'], { encoding: 'utf8' }).trim();
      if (!version.startsWith('v20.'))
        throw new Error(`the local Node base needs Node 20, this machine has ${version}`);
      copyFileSync(node, join(context, 'node'));
      chmodSync(join(context, 'node'), 0o755);
      log(`base: ${LOCAL_NODE} with this machine's Node ${version}`);
      docker([
        'build',
        '-q',
        '-f',
        join(HERE, 'node-base.Dockerfile'),
        '--build-arg',
        `BASE=${LOCAL_DEBIAN}`,
        '-t',
        LOCAL_NODE,
        context,
      ]);
    } finally {
      rmSync(context, { recursive: true, force: true });
    }
  }
  return { node: LOCAL_NODE, debian: LOCAL_DEBIAN };
}

export function webDistOf(app: string): string {
  return join(REPO_ROOT, app === 'shell' ? 'shell' : `mfe-${app}`, 'dist');
}

function webSiteInto(app: string, version: string, site: string, dist = webDistOf(app)) {
  if (!existsSync(dist)) throw new Error(`${dist} is missing: run npm run build:web first`);
  const filter = (path: string) => !path.endsWith('.map') && !path.endsWith('.built-at');
  if (app === 'shell') {
    cpSync(join(dist, 'static'), join(site, 'static'), { recursive: true, filter });
    // The edge reads the shell's page from here (WEB_ORIGIN/static/index.html) and writes each page from it,
    // and the names of its lazy chunks (chunk-files.json) for each page's preload hints.
    for (const file of ['index.html', 'index.html.br', 'index.html.gz', 'chunk-files.json']) {
      if (existsSync(join(dist, file))) copyFileSync(join(dist, file), join(site, 'static', file));
    }
  } else {
    cpSync(dist, join(site, 'remotes', app, version), { recursive: true, filter });
  }
}

/** Builds one part's image; returns its tag. */
export async function buildImage(part: string, options: BuildOptions): Promise<string> {
  const log = options.log ?? ((line: string) => console.log(line));
  const bases =
    options.baseNode && options.baseDebian
      ? { node: options.baseNode, debian: options.baseDebian }
      : ensureLocalBases(log);
  const tag = `marketplace/${part}:${options.version}`;
  const context = mkdtempSync(join(tmpdir(), `image-${part}-`));
  const started = Date.now();
  try {
    let dockerfile: string;
    const args: string[] = ['--build-arg', `VERSION=${options.version}`];
    if (SERVICES.some((s) => s.name === part) || part === EDGE.name || part === 'db-provision') {
      await bundlePart(part, join(context, 'app'));
      dockerfile = 'service.Dockerfile';
      args.push('--build-arg', `BASE=${bases.node}`, '--build-arg', `PART=${part}`);
      // The folder its shared uploads volume is mounted on, owned by the service's user.
      if (SERVICES.find((s) => s.name === part)?.uploads)
        args.push('--build-arg', `UPLOADS_DIR=${UPLOADS_DIR}`);
    } else if (part.startsWith('web-')) {
      const app = part.slice('web-'.length);
      webSiteInto(app, options.version, join(context, 'site'), options.webDist);
      copyFileSync(join(HERE, 'web-nginx.conf'), join(context, 'web-nginx.conf'));
      dockerfile = 'web.Dockerfile';
      args.push('--build-arg', `BASE=${bases.debian}`, '--build-arg', `APP=${app}`);
    } else if (part === 'ingress') {
      writeFileSync(join(context, 'ingress.conf'), ingressConfig());
      copyFileSync(
        join(REPO_ROOT, 'infra', 'nginx', 'ingress-upstreams.sh'),
        join(context, 'ingress-upstreams.sh'),
      );
      chmodSync(join(context, 'ingress-upstreams.sh'), 0o755);
      const upstreams = upstreamsEnv();
      dockerfile = 'ingress.Dockerfile';
      args.push('--build-arg', `BASE=${bases.debian}`, '--build-arg', `UPSTREAMS=${upstreams}`);
    } else if ((SERVER_IMAGES as readonly string[]).includes(part)) {
      cpSync(join(HERE, part), context, { recursive: true });
      dockerfile = `${part}.Dockerfile`;
      args.push('--build-arg', `BASE=${bases.debian}`);
    } else {
      throw new Error(`no image named '${part}' (known: ${BUILDABLE.join(', ')})`);
    }
    mkdirSync(context, { recursive: true });
    docker(['build', '-q', '-f', join(HERE, dockerfile), ...args, '-t', tag, context]);
    const size = Number(docker(['image', 'inspect', tag, '--format', '{{.Size}}']).trim());
    log(`${tag}: ${(size / 1e6).toFixed(0)} MB, built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return tag;
  } finally {
    rmSync(context, { recursive: true, force: true });
  }
}

function defaultVersion(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short=10', 'HEAD'], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
    }).trim();
  } catch {
    return 'dev';
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const take = (flag: string) => {
    const at = args.indexOf(flag);
    if (at < 0) return undefined;
    const [value] = args.splice(at, 2).slice(1);
    if (!value) throw new Error(`${flag} needs a value`);
    return value;
  };
  const version = take('--version') ?? defaultVersion();
  const baseNode = take('--base-node');
  const baseDebian = take('--base-debian');
  const parts = args.length > 0 ? args : BUILDABLE;
  for (const part of parts) {
    await buildImage(part, {
      version,
      ...(baseNode ? { baseNode } : {}),
      ...(baseDebian ? { baseDebian } : {}),
    });
  }
}
