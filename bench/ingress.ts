/**
 * The cost of the production ingress: the jobs service in its own process, Debian's nginx with the
 * ingress configuration the stack uses (infra/nginx/ingress.ts: same routing, keep-alive upstreams,
 * JSON access log, one worker) in front of it. Each round loads the route directly and through nginx at
 * saturation (order swapped every round) and then both at a fixed rate of half the direct run's, where
 * latency is compared without queueing.
 *
 * Both are driven by wrk (Debian's `wrk`, written in C) when it is installed: the load generator shares
 * the two cores with the service and nginx, and autocannon (Node) spends about as much CPU per request as
 * the service itself, so with it the saturated figure measured how much CPU was left over rather than
 * what the ingress costs, and its fixed rate (2026-11-27: 280-370 ms "added" at half load) measured its
 * own bursts. wrk has no fixed rate: each connection waits between requests (bench/support/wrk.ts).
 *
 *   npm run bench:ingress        (BENCH_SECONDS, BENCH_ROUNDS, BENCH_CONNECTIONS as for bench/proxy.ts;
 *                                 BENCH_GENERATOR=autocannon to drive both with autocannon as before)
 */
import { execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { freePort } from '@marketplace/service-kit/testing';
import { ingressConfig, upstreamParts } from '@marketplace/infra/ingress';
import { median, spread, startNode } from './proxy';
import { parseWrk, wrkPacingScript, type WrkRun } from './support/wrk';

const NGINX = '/usr/sbin/nginx';
const WRK = '/usr/bin/wrk';
const ROUTE = '/api/jobs/viewalljobs';

type Run = WrkRun;

async function load(url: string, seconds: number, connections: number, rate?: number): Promise<Run> {
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    ...(rate ? { overallRate: rate } : {}),
  });
  return {
    reqPerSec: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

const wrkDrives = () => process.env.BENCH_GENERATOR !== 'autocannon' && existsSync(WRK);

/** Saturated (no `rate`) or paced at about `rate` requests/s, by wrk when it is there. */
async function drive(
  url: string,
  seconds: number,
  connections: number,
  work: string,
  rate?: number,
): Promise<Run> {
  if (!wrkDrives()) return load(url, seconds, connections, rate);
  const args = ['-t1', `-c${connections}`, `-d${seconds}s`, '--latency'];
  if (rate) {
    const script = join(work, `paced-${rate}.lua`);
    writeFileSync(script, wrkPacingScript(connections, rate));
    args.push('-s', script);
  }
  const { stdout } = await promisify(execFile)(WRK, [...args, url]);
  return parseWrk(stdout);
}

async function startNginx(dir: string, jobsUrl: string): Promise<{ url: string; stop(): Promise<void> }> {
  if (!existsSync(NGINX)) throw new Error(`${NGINX} is missing: apt-get install nginx-light`);
  const port = await freePort();
  const jobs = new URL(jobsUrl);
  mkdirSync(dir, { recursive: true });
  // The stack's file, with the container's paths moved here and the jobs upstream at the bench's process.
  writeFileSync(
    join(dir, 'nginx.conf'),
    ingressConfig({ port })
      .replaceAll('/tmp/nginx/', `${dir}/`)
      .replace('include /etc/nginx/modules-enabled/*.conf;', '')
      .replace('resolver 127.0.0.11', 'resolver 127.0.0.1')
      .replace('access_log /dev/stdout main', `access_log ${dir}/access.log main`)
      .replace('reuseport;', ';'),
  );
  writeFileSync(
    join(dir, 'upstreams.conf'),
    upstreamParts()
      .map((part) => {
        const server = part === 'jobs' ? `${jobs.hostname}:${jobs.port}` : '127.0.0.1:9';
        return `upstream ${part} {\n  least_conn;\n  server ${server} max_fails=1 fail_timeout=2s;\n  keepalive 64;\n}\n`;
      })
      .join(''),
  );
  const child = spawn(NGINX, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-g', 'daemon off;'], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i += 1) {
    if (child.exitCode !== null) throw new Error('nginx exited at start');
    if (
      await fetch(`${url}/ingress-health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGQUIT');
      }),
  };
}

export async function benchIngress(): Promise<void> {
  const seconds = Number(process.env.BENCH_SECONDS ?? 10);
  const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
  const work = mkdtempSync(join(tmpdir(), 'bench-ingress-'));
  const jobs = await startNode('jobs', 'services/jobs/src/main.ts', {
    DATA_DIR: join(work, 'jobs'),
    LOG_LEVEL: 'warn',
    TRUST_PROXY: '127.0.0.1',
  });
  const nginx = await startNginx(join(work, 'nginx'), jobs.url);
  try {
    const targets = { direct: `${jobs.url}${ROUTE}`, 'through nginx': `${nginx.url}${ROUTE}` };
    for (const url of Object.values(targets)) await load(url, Math.min(3, seconds), connections);
    const saturated: Array<Record<string, Run>> = [];
    const halfLoad: Array<Record<string, Run>> = [];
    for (let round = 0; round < rounds; round += 1) {
      const order =
        round % 2 === 0 ? (['direct', 'through nginx'] as const) : (['through nginx', 'direct'] as const);
      const full: Record<string, Run> = {};
      for (const label of order) full[label] = await drive(targets[label], seconds, connections, work);
      saturated.push(full);
      const rate = Math.round(full.direct!.reqPerSec / 2);
      const half: Record<string, Run> = {};
      for (const label of order) half[label] = await drive(targets[label], seconds, connections, work, rate);
      halfLoad.push(half);
    }
    const ratios = saturated.map((r) => r['through nginx']!.reqPerSec / r.direct!.reqPerSec);
    const added = halfLoad.map((r) => r['through nginx']!.p99 - r.direct!.p99);
    const generator = wrkDrives()
      ? 'wrk (one thread; half rate paced per connection, bench/support/wrk.ts)'
      : 'autocannon';
    console.log(
      `\nGET ${ROUTE}: the jobs service (PGlite) alone and behind nginx with the stack's ingress configuration; ` +
        `${seconds} s per run, ${connections} connections, ${rounds} rounds; driven by ${generator}`,
    );
    console.table(
      Object.fromEntries(
        saturated.flatMap((round, i) => [
          [`${i + 1} direct, saturated`, round.direct],
          [`${i + 1} nginx, saturated`, round['through nginx']],
          [`${i + 1} direct, half rate`, halfLoad[i]!.direct],
          [`${i + 1} nginx, half rate`, halfLoad[i]!['through nginx']],
        ]),
      ),
    );
    console.log(
      `through nginx at saturation: ${spread(
        ratios.map((r) => r * 100),
        1,
      )} % of direct (median (min–max))`,
    );
    console.log(`p99 added by nginx at half the direct saturation rate: ${spread(added, 1)} ms`);
    console.log(`median ratio ${median(ratios).toFixed(3)}, median p99 added ${median(added).toFixed(1)} ms`);
  } finally {
    await nginx.stop();
    await jobs.stop();
    if (process.env.BENCH_KEEP) console.log(`kept ${work}`);
    else rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1]?.endsWith('ingress.ts')) await benchIngress();
