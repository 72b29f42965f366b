/**
 * `npm run test:stack`: the production shape for real on this machine. Builds every image (and two
 * extra catalogue versions: one with a visible change, one broken), deploys the Swarm stack from nothing,
 * waits until the site answers through the nginx ingress, runs the stack journeys (e2e/stack.e2e.ts:
 * browser journeys through the ingress, a remote deployed and rolled back, a service rolled under load,
 * metrics scraped), then chat scaled and broken under 2,000 talking sockets (bench/chat-scaling.ts), and
 * prints the figures (image sizes, start time, memory at idle). The stack and its volumes are removed at
 * the end, whatever happened.
 *
 * Needs Docker Engine with Swarm (see NOTES / .ci/run) and the web build (`npm run build:web`).
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BUILDABLE, buildImage, webDistOf } from '../images/build';
import { down, STACK_NAME, stackPaths, up } from './deploy';

const PORT = Number(process.env.STACK_PORT ?? 18080);
const VERSION = 'ci1';
// The same administrator as e2e/support/accounts.ts (infra may not import the journeys).
const E2E_ADMIN = { email: 'admin@e2e.example.com', password: 'e2e-admin-password-42' };
/** The text catalogue v2 changes, on the contact page (an h2 only the remote renders). */
const CHANGED_TEXT = { from: 'Customer service', to: 'Customer service (v2)' };

const seconds = (since: number) => ((Date.now() - since) / 1000).toFixed(1);

/**
 * Runs a part of the run with its output shown as it comes and kept, so the verdict can be printed
 * again at the very end: CI keeps only the tail of a failed run, which the diagnostics below fill.
 */
function runShown(args: string[], env: NodeJS.ProcessEnv): Promise<{ status: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const keep = (chunk: Buffer, to: NodeJS.WriteStream) => {
      to.write(chunk);
      output += chunk.toString('utf8');
    };
    child.stdout.on('data', (chunk: Buffer) => keep(chunk, process.stdout));
    child.stderr.on('data', (chunk: Buffer) => keep(chunk, process.stderr));
    child.on('close', (code) => resolve({ status: code ?? 1, output }));
  });
}

/** What failed, in a few lines: the failed journeys (TAP or spec), or chat scaling's figures. */
function verdictOf(part: 'journeys' | 'chat scaling', output: string): string[] {
  const lines = output.split('\n');
  if (part === 'journeys')
    return lines
      .filter((line) => /^\s*(not ok \d+|✖ )|^# (pass|fail) |^ℹ (pass|fail) /.test(line))
      .slice(0, 20);
  const from = lines.findIndex((line) => line.startsWith('messages: '));
  return (from >= 0 ? lines.slice(from) : lines.slice(-12)).filter(Boolean).slice(0, 24);
}

function removeVolumes() {
  const volumes = execFileSync(
    'docker',
    ['volume', 'ls', '-q', '--filter', `label=com.docker.stack.namespace=${STACK_NAME}`],
    {
      encoding: 'utf8',
    },
  )
    .split('\n')
    .filter(Boolean);
  for (let attempt = 0; attempt < 30 && volumes.length > 0; attempt += 1) {
    const result = spawnSync('docker', ['volume', 'rm', ...volumes], { encoding: 'utf8' });
    if (result.status === 0) return;
    spawnSync('sleep', ['1']);
  }
}

/** Catalogue builds to deploy later: v2 with a visible change, v3 whose entry does not load. */
function catalogueVariants(): { changed: string; broken: string; cleanup(): void } {
  const base = mkdtempSync(join(tmpdir(), 'catalogue-variants-'));
  const changed = join(base, 'v2');
  const broken = join(base, 'v3');
  cpSync(webDistOf('catalogue'), changed, { recursive: true });
  let patched = 0;
  for (const file of readdirSync(changed)) {
    if (!file.endsWith('.js')) continue;
    const text = readFileSync(join(changed, file), 'utf8');
    if (!text.includes(`"${CHANGED_TEXT.from}"`)) continue;
    writeFileSync(join(changed, file), text.replaceAll(`"${CHANGED_TEXT.from}"`, `"${CHANGED_TEXT.to}"`));
    // The precompressed copies would still hold the old text.
    rmSync(join(changed, `${file}.br`), { force: true });
    rmSync(join(changed, `${file}.gz`), { force: true });
    patched += 1;
  }
  if (patched === 0) throw new Error(`no catalogue file holds "${CHANGED_TEXT.from}"`);
  cpSync(webDistOf('catalogue'), broken, { recursive: true });
  for (const file of ['remoteEntry.js', 'remoteEntry.js.br', 'remoteEntry.js.gz'])
    rmSync(join(broken, file), { force: true });
  writeFileSync(join(broken, 'remoteEntry.js'), 'throw new Error("a broken catalogue build");\n');
  return { changed, broken, cleanup: () => rmSync(base, { recursive: true, force: true }) };
}

async function waitForSite(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const checks = [
    '/api/jobs/viewalljobs',
    '/api/user/me',
    '/api/chat/unread',
    '/api/payments/mine',
    '/',
    '/static/index.html',
  ];
  let last = '';
  while (Date.now() < deadline) {
    const results = await Promise.all(
      checks.map((path) =>
        fetch(`${url}${path}`, { signal: AbortSignal.timeout(3000) }).then(
          (r) => `${path} ${r.status}`,
          (err: unknown) => `${path} ${err instanceof Error ? err.message : 'failed'}`,
        ),
      ),
    );
    // Signed-out answers are fine (401 from chat): the service answered.
    if (results.every((line) => / (200|401)$/.test(line))) return;
    last = results.join(', ');
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
  throw new Error(`the stack was not ready after ${timeoutMs / 1000} s: ${last}`);
}

/** One-off tasks (schema provisioning, migrations) end by design: they never count as a replica short. */
const ONE_OFF = /(^|_)(db-provision|[a-z]+-migrate)$/;

/**
 * Every long-running service at its full replica count. The site answers as soon as one replica of each
 * part does; a second replica still restarting (its database was not provisioned when it first started)
 * would otherwise meet the journeys halfway.
 */
async function waitForReplicas(timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let short: string[] = [];
  while (Date.now() < deadline) {
    const listing = spawnSync(
      'docker',
      [
        'service',
        'ls',
        '--filter',
        `label=com.docker.stack.namespace=${STACK_NAME}`,
        '--format',
        '{{.Name}} {{.Replicas}}',
      ],
      { encoding: 'utf8' },
    ).stdout;
    short = listing
      .split('\n')
      .map((line) => line.trim().split(/\s+/))
      .filter(([name, replicas]) => name && replicas && !ONE_OFF.test(name))
      .filter(([, replicas]) => {
        const [running, wanted] = (replicas ?? '').split(' ')[0]!.split('/').map(Number);
        return running !== wanted;
      })
      .map(([name, replicas]) => `${name} ${replicas}`);
    if (short.length === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
  throw new Error(`services short of replicas after ${timeoutMs / 1000} s: ${short.join(', ')}`);
}

function figures() {
  const images = execFileSync(
    'docker',
    ['images', '--format', '{{.Repository}}:{{.Tag}} {{.Size}}', '--filter', 'reference=marketplace/*'],
    {
      encoding: 'utf8',
    },
  );
  console.log(
    `\nimage sizes:\n${images
      .split('\n')
      .filter((l) => l.includes(`:${VERSION} `) || l.includes(':v'))
      .map((l) => `  ${l}`)
      .join('\n')}`,
  );
  const stats = execFileSync('docker', ['stats', '--no-stream', '--format', '{{.Name}} {{.MemUsage}}'], {
    encoding: 'utf8',
  });
  console.log(
    `memory of each container at idle:\n${stats
      .split('\n')
      .filter(Boolean)
      .sort()
      .map((l) => `  ${l.replace(/\.\d+\.[a-z0-9]+ /, ' ')}`)
      .join('\n')}`,
  );
}

/** The web apps' production builds (a clean checkout has none). */
function ensureWebBuilds() {
  const apps = ['shell', 'catalogue', 'jobs', 'chat', 'admin'];
  if (apps.every((app) => existsSync(join(webDistOf(app), '.built-at')))) return;
  const build = spawnSync('npm', ['run', 'build:web'], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('npm run build:web failed');
}

async function main(): Promise<number> {
  ensureWebBuilds();
  const paths = stackPaths(mkdtempSync(join(tmpdir(), 'stack-')));
  mkdirSync(paths.secrets, { recursive: true, mode: 0o700 });
  // The journeys sign in as this administrator (accounts makes it at start from ADMIN_EMAIL/_PASSWORD).
  writeFileSync(join(paths.secrets, 'admin-password'), E2E_ADMIN.password, { mode: 0o600 });
  const variants = catalogueVariants();
  let status = 1;
  const failures: Array<{ part: 'journeys' | 'chat scaling' | 'setup'; output: string }> = [];
  try {
    let started = Date.now();
    for (const part of BUILDABLE) await buildImage(part, { version: VERSION });
    await buildImage('web-catalogue', { version: 'v2', webDist: variants.changed });
    await buildImage('web-catalogue', { version: 'v3', webDist: variants.broken });
    console.log(`images built in ${seconds(started)} s`);

    down();
    removeVolumes();
    started = Date.now();
    // Every client reaches the services from the ingress's side of Docker's port publishing here, so the
    // per-address limits would count all journeys as one person.
    up(paths, VERSION, {
      port: PORT,
      env: {
        ADMIN_EMAIL: E2E_ADMIN.email,
        // No Paystack account here: the journeys pay on the sandbox, switched on explicitly (the images
        // run with NODE_ENV=production, where payments otherwise refuses to start without a key).
        PAYMENTS_SANDBOX: 'on',
        RATE_LIMIT_REGISTER_PER_IP: '500',
        RATE_LIMIT_LOGIN_PER_IP: '500',
      },
    });
    await waitForSite(`http://127.0.0.1:${PORT}`, 300_000);
    await waitForReplicas(120_000);
    console.log(`stack started from nothing to ready in ${seconds(started)} s`);
    // Let the services settle (first scrapes, caches) before reading idle memory.
    await new Promise((resolve) => setTimeout(resolve, 10_000));
    figures();

    const journeys = await runShown(
      ['--import', 'tsx', '--test', '--test-concurrency=1', 'e2e/stack.e2e.ts'],
      {
        ...process.env,
        STACK_URL: `http://127.0.0.1:${PORT}`,
        STACK_DIR: paths.dir,
        STACK_PORT: String(PORT),
        STACK_VERSION: VERSION,
      },
    );
    if (journeys.status !== 0) failures.push({ part: 'journeys', output: journeys.output });
    status = journeys.status;

    // Chat scaled 2 -> 4 -> 1 -> 3 and broken (a replica stopped, one killed, a NATS node lost,
    // PostgreSQL restarted) under 2,000 sockets in conversation: every message once, in order.
    // In CI on 2 shared cores: 2,000 sockets (the issue's floor) writing one message each every 40 s
    // (50/s, a quarter of the benchmark's default), and 6 minutes to come back after the load. Every
    // message is work for the whole stack, not only chat (NATS stores and hands it to accounts' and
    // payments' consumers, each a transaction): on the slowest machine seen (2026-11-29), 100/s alone
    // kept the two cores busy before any fault (steady delivery p99 18 s), and the faults then left
    // clients away for more than 6 minutes; 50/s passed there with every client back 42 s after the
    // load. What is judged is unchanged: every acknowledged message delivered once, in order, and
    // every client back.
    const scaling = await runShown(['--import', 'tsx', 'bench/chat-scaling.ts'], {
      CHAT_SCALING_RATE: '50',
      CHAT_SCALING_FINISH: '360',
      ...process.env,
      STACK_URL: `http://127.0.0.1:${PORT}`,
      STACK_DIR: paths.dir,
    });
    if (scaling.status !== 0) failures.push({ part: 'chat scaling', output: scaling.output });
    if (scaling.status !== 0) status = 1;
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    failures.push({ part: 'setup', output: err instanceof Error ? err.message : String(err) });
    status = 1;
  } finally {
    if (status !== 0) {
      spawnSync('docker', ['service', 'ls'], { stdio: 'inherit' });
      for (const service of [
        'ingress',
        'edge',
        'accounts',
        'jobs',
        'chat',
        'payments',
        'db-provision',
        'jobs-migrate',
      ]) {
        console.log(`\n--- last log lines of ${service}`);
        spawnSync('sh', ['-c', `docker service logs --raw --tail 15 ${STACK_NAME}_${service} 2>&1`], {
          stdio: 'inherit',
        });
      }
      // Last, where a cut output still shows it: which tasks ended, and why (exit code, unhealthy).
      console.log('\n--- tasks that ended other than by an update');
      spawnSync(
        'sh',
        [
          '-c',
          `docker stack ps ${STACK_NAME} --no-trunc --format '{{.Name}} {{.CurrentState}} {{.Error}}' | grep -E 'Failed|Rejected|unhealthy|exit' | head -40`,
        ],
        { stdio: 'inherit' },
      );
    }
    down();
    removeVolumes();
    variants.cleanup();
    rmSync(paths.dir, { recursive: true, force: true });
  }
  if (failures.length) {
    console.log('\n=== test:stack FAILED in:');
    for (const failure of failures)
      console.log(
        `--- ${failure.part}\n${(failure.part === 'setup' ? [failure.output] : verdictOf(failure.part, failure.output)).join('\n')}`,
      );
  }
  return status;
}

process.exit(await main());
