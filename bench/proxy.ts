/**
 * The cost of the edge in the distributed topology, measured as that topology runs: the jobs service in
 * its own process, the edge in its own process proxying to it, and the load generator (autocannon) here.
 * Each round loads the same route directly and through the edge, one after the other (the order swaps
 * every round), so both figures of a round saw the same machine; the ratio is taken per round.
 *
 * BENCH_SECONDS (default 10) is the length of each load run, BENCH_ROUNDS (default 3) the number of
 * rounds, BENCH_CONNECTIONS (default 20) the connections autocannon keeps open. BENCH_RATE=<req/s>
 * loads at that fixed rate instead of as fast as it can: every target then serves the same rate and the
 * CPU each process spends per request (µs/req, from /proc) compares them even on a busy machine.
 * BENCH_PROFILE=<dir> writes a V8 CPU profile of the jobs service and of the edge when they stop.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { freePort } from '@marketplace/service-kit/testing';

export interface LoadFigures {
  reqPerSec: number;
  p50: number;
  p99: number;
  errors: number;
  /** CPU used during the run in % of one core (user + system): the jobs service, the edge, autocannon. */
  jobsCpu: number;
  edgeCpu: number;
  benchCpu: number;
  /** CPU time per request (µs) of the jobs service and of the edge. */
  jobsUsPerReq: number;
  edgeUsPerReq: number;
}

/** One round: the route loaded directly and through each edge, one run after another. */
export type ProxyRound = Record<string, LoadFigures & { ratio: number }>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** CPU seconds a process used so far (user + system), from /proc; 0 when it is gone. */
export function cpuSecondsOf(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** Every child this bench started, killed if the bench exits without stopping them. */
const children = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => process.exit(130));
}

export interface Child {
  name: string;
  url: string;
  process: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

/** A Node process of the topology on a free port, once its /ready answers (killed if the bench exits). */
export async function startNode(name: string, entry: string, env: NodeJS.ProcessEnv): Promise<Child> {
  const port = await freePort();
  const profile = process.env.BENCH_PROFILE;
  if (profile) mkdirSync(join(profile, name), { recursive: true });
  const flags = profile ? ['--cpu-prof', '--cpu-prof-dir', join(profile, name)] : [];
  const child = spawn(process.execPath, [...flags, '--import', 'tsx', entry], {
    env: { ...process.env, DATABASE_URL: '', NATS_URL: '', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await gone;
      clearTimeout(force);
    }
    children.delete(child);
  };
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited (${child.exitCode}):\n${output}`);
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`${name} was not ready in time:\n${output}`);
    }
    const ok = await fetch(`${url}/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) break;
    await sleep(250);
  }
  return { name, url, process: child, output: () => output, stop };
}

async function load(
  url: string,
  seconds: number,
  connections: number,
  processes: { jobs: ChildProcess; edge?: ChildProcess },
): Promise<LoadFigures> {
  const jobsBefore = cpuSecondsOf(processes.jobs.pid);
  const edgeBefore = processes.edge ? cpuSecondsOf(processes.edge.pid) : 0;
  const benchBefore = process.cpuUsage();
  const startedAt = process.hrtime.bigint();
  const rate = Number(process.env.BENCH_RATE ?? 0);
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    ...(rate > 0 ? { overallRate: rate } : {}),
  });
  const elapsed = Number(process.hrtime.bigint() - startedAt) / 1e9;
  const bench = process.cpuUsage(benchBefore);
  const jobsCpu = cpuSecondsOf(processes.jobs.pid) - jobsBefore;
  const edgeCpu = processes.edge ? cpuSecondsOf(processes.edge.pid) - edgeBefore : 0;
  const percent = (cpuSeconds: number) => Math.round((cpuSeconds / elapsed) * 100);
  const perRequest = (cpuSeconds: number) =>
    Math.round((cpuSeconds * 1e6) / Math.max(1, result.requests.total));
  return {
    reqPerSec: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    jobsCpu: percent(jobsCpu),
    edgeCpu: percent(edgeCpu),
    benchCpu: percent((bench.user + bench.system) / 1e6),
    jobsUsPerReq: perRequest(jobsCpu),
    edgeUsPerReq: perRequest(edgeCpu),
  };
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** `median (min–max)` of a figure over the rounds. */
export function spread(values: number[], digits = 0): string {
  const fixed = (value: number) => value.toFixed(digits);
  return `${fixed(median(values))} (${fixed(Math.min(...values))}–${fixed(Math.max(...values))})`;
}

/**
 * Starts the jobs service (PGlite, local bus) and an edge in the distributed topology in processes of
 * their own, loads `route` directly and through the edge for BENCH_ROUNDS rounds, prints every round and
 * the medians, and stops the processes.
 *
 * BENCH_EDGES=label=path/to/main.ts,... starts more edges (e.g. a copy of an older proxy.ts) and loads
 * the route through each of them in every round too, to compare changes to the edge in one run.
 */
export async function benchProxy(route = '/api/jobs/viewalljobs'): Promise<ProxyRound[]> {
  const seconds = Number(process.env.BENCH_SECONDS ?? 10);
  const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
  const edges = [
    { label: 'through edge', entry: 'services/edge/src/main.ts' },
    ...(process.env.BENCH_EDGES ?? '')
      .split(',')
      .filter(Boolean)
      .map((pair) => {
        const [label, entry] = pair.split('=');
        if (!label || !entry) throw new Error('BENCH_EDGES is label=path,label=path');
        return { label: `through ${label}`, entry };
      }),
  ];
  const work = mkdtempSync(join(tmpdir(), 'bench-proxy-'));
  const started: Child[] = [];
  try {
    const jobs = await startNode('jobs', 'services/jobs/src/main.ts', {
      DATA_DIR: join(work, 'jobs'),
      LOG_LEVEL: 'warn',
      // As the distributed launcher runs it: only the edge on this machine may name the client.
      TRUST_PROXY: '127.0.0.1',
    });
    started.push(jobs);
    mkdirSync(join(work, 'web'));
    const targets: Array<{ label: string; url: string; edge?: ChildProcess }> = [
      { label: 'direct', url: jobs.url },
    ];
    for (const [i, { label, entry }] of edges.entries()) {
      const edge = await startNode(`edge-${i}`, entry, {
        DATA_DIR: join(work, `edge-${i}`),
        WEB_ROOT: join(work, 'web'),
        LOG_LEVEL: 'warn',
        TRUST_PROXY: '',
        // Every service at the jobs process: /ready of the edge asks each of them.
        ACCOUNTS_URL: jobs.url,
        JOBS_URL: jobs.url,
        CHAT_URLS: jobs.url,
        PAYMENTS_URL: jobs.url,
      });
      started.push(edge);
      targets.push({ label, url: edge.url, edge: edge.process });
    }
    const run = (target: (typeof targets)[number], duration: number) =>
      load(`${target.url}${route}`, duration, connections, { jobs: jobs.process, edge: target.edge });

    // Warm every path up (JIT, the listing cache, the edge's upstream connections); not counted.
    for (const target of targets) await run(target, Math.min(3, seconds));

    const results: ProxyRound[] = [];
    for (let round = 0; round < rounds; round++) {
      // Each round starts with another target, so none is always first or last.
      const order = targets.map((_, i) => targets[(i + round) % targets.length]!);
      const figures = new Map<string, LoadFigures>();
      for (const target of order) figures.set(target.label, await run(target, seconds));
      const direct = figures.get('direct')!.reqPerSec;
      results.push(
        Object.fromEntries(
          targets.map(({ label }) => {
            const f = figures.get(label)!;
            return [label, { ...f, ratio: f.reqPerSec / direct }];
          }),
        ),
      );
    }

    console.log(
      `\nGET ${route}: jobs service and edge in processes of their own, autocannon in this one ` +
        `(${seconds} s per run, ${connections} connections, PGlite, ${rounds} rounds, order rotated each round)`,
    );
    const percent = (ratio: number) => `${(ratio * 100).toFixed(1)} %`;
    console.table(
      Object.fromEntries(
        results.flatMap((round, i) =>
          targets.map(({ label, edge }) => {
            const { ratio, edgeCpu, edgeUsPerReq, ...f } = round[label]!;
            return [`${i + 1} ${label}`, edge ? { ...f, edgeCpu, edgeUsPerReq, ratio: percent(ratio) } : f];
          }),
        ),
      ),
    );
    console.log('median (min–max) over the rounds');
    console.table(
      Object.fromEntries(
        targets.map(({ label, edge }) => {
          const all = (figure: keyof LoadFigures | 'ratio') => results.map((round) => round[label]![figure]);
          return [
            label,
            {
              'req/s': spread(all('reqPerSec')),
              'of direct %': edge
                ? spread(
                    all('ratio').map((r) => r * 100),
                    1,
                  )
                : '',
              'p99 ms': spread(all('p99')),
              'jobs CPU %': spread(all('jobsCpu')),
              'edge CPU %': edge ? spread(all('edgeCpu')) : '',
              'autocannon CPU %': spread(all('benchCpu')),
              'jobs µs/req': spread(all('jobsUsPerReq')),
              'edge µs/req': edge ? spread(all('edgeUsPerReq')) : '',
            },
          ];
        }),
      ),
    );
    const failed = results.reduce(
      (sum, round) => sum + Object.values(round).reduce((n, f) => n + f.errors, 0),
      0,
    );
    if (failed > 0) console.warn(`warning: ${failed} requests failed or were not 2xx`);
    return results;
  } finally {
    for (const child of started.reverse()) await child.stop();
    rmSync(work, { recursive: true, force: true });
  }
}
