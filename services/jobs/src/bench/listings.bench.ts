/**
 * The jobs listings under load (`npm run bench -w @marketplace/jobs-service`): a category page and a
 * search with a state filter (and a word search, and the category page as a signed-in company), at 50
 * connections, on PostgreSQL at 10,000, 100,000 and 1,000,000 jobs and on PGlite at 10,000 and 100,000,
 * beside a bare Fastify 'hello' route measured just before each, with the listing cache (as deployed)
 * and without it (every request a query). Each server runs in its own process;
 * the load generator (autocannon) runs here. Prints the figures and the query plans; asserts nothing.
 *
 * BENCH_SECONDS (default 10) per load run; BENCH_PG_SIZES / BENCH_PGLITE_SIZES (comma lists, empty to
 * skip); DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) is the server a throw-away
 * database is made on.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..', '..', '..');
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = 50;
const sizes = (value: string | undefined, fallback: string) =>
  (value ?? fallback)
    .split(',')
    .map((s) => Number(s.trim()))
    .filter((n) => n > 0);
const pgSizes = sizes(process.env.BENCH_PG_SIZES, '10000,100000,1000000');
const pgliteSizes = sizes(process.env.BENCH_PGLITE_SIZES, '10000,100000');
const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

interface Server {
  url: string;
  token?: string;
  plans?: Record<string, string>;
  child: ChildProcess;
}

async function startServer(mode: 'hello' | 'jobs', env: Record<string, string> = {}): Promise<Server> {
  const child = spawn(
    process.execPath,
    [join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), join(here, 'server.ts'), mode],
    {
      env: { ...process.env, ...env, NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const lines = createInterface({ input: child.stdout! });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`bench server (${mode}) exited with ${code}`)));
    lines.once('line', (line) => resolve({ ...(JSON.parse(line) as Omit<Server, 'child'>), child }));
  });
}

async function stopServer(server: Server): Promise<void> {
  server.child.removeAllListeners('exit');
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  if (server.child.exitCode === null) server.child.kill('SIGKILL');
}

interface Figures {
  'req/s': number;
  'p50 (ms)': number;
  'p99 (ms)': number;
  errors: number;
}

async function load(url: string, headers: Record<string, string> = {}): Promise<Figures> {
  await autocannon({ url, connections, duration: 2, headers }); // warm-up
  const result = await autocannon({ url, connections, duration: seconds, headers });
  return {
    'req/s': Math.round(result.requests.average),
    'p50 (ms)': result.latency.p50,
    'p99 (ms)': result.latency.p99,
    errors: result.errors + result.non2xx + result.timeouts,
  };
}

const ROUTES = [
  { name: 'category page', path: '/api/jobs/getjobsbycategory/Craftsman/' },
  { name: 'category page, signed-in company', path: '/api/jobs/getjobsbycategory/Craftsman/', company: true },
  { name: 'search state=Lagos', path: '/api/jobs/search?state=Lagos' },
  { name: 'search q=pipe state=Lagos', path: '/api/jobs/search?q=pipe&state=Lagos' },
];

async function measureHello(): Promise<Figures> {
  const hello = await startServer('hello');
  try {
    return await load(`${hello.url}/hello`);
  } finally {
    await stopServer(hello);
  }
}

/** Measured again with the listing cache off: every request a query (the database's own figures). */
const UNCACHED = ['category page', 'search state=Lagos'];

interface Result {
  label: string;
  rows: Record<string, Figures>;
  plans: Record<string, string>;
}

async function measureJobs(label: string, env: Record<string, string>): Promise<Result> {
  // The yardstick right before: the machine is shared and its load changes from minute to minute.
  const rows: Record<string, Figures> = { hello: await measureHello() };
  let plans: Record<string, string> = {};
  for (const cache of ['1000', '0']) {
    const server = await startServer('jobs', { ...env, BENCH_CACHE_MS: cache });
    try {
      for (const route of ROUTES) {
        if (cache === '0' && !UNCACHED.includes(route.name)) continue;
        rows[cache === '0' ? `${route.name}, no cache` : route.name] = await load(
          `${server.url}${route.path}`,
          route.company && server.token ? { authorization: `Bearer ${server.token}` } : {},
        );
      }
      plans = server.plans ?? plans;
    } finally {
      await stopServer(server);
    }
  }
  return { label: `${label} (load average ${loadavg()[0]!.toFixed(1)})`, rows, plans };
}

async function withDatabase<T>(run: (url: string) => Promise<T>): Promise<T> {
  const name = `bench_jobs_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  try {
    return await run(url.toString());
  } finally {
    const dropper = new pg.Client({ connectionString: serverUrl });
    await dropper.connect();
    await dropper.query(`drop database if exists ${name} with (force)`);
    await dropper.end();
  }
}

const share = (figures: Figures, hello: Figures) =>
  `${Math.round((figures['req/s'] / hello['req/s']) * 100)} %`;

function print(result: Result) {
  console.log(`\n${result.label}`);
  const hello = result.rows.hello!;
  const table: Record<string, Figures & { 'of hello': string }> = {};
  for (const [route, figures] of Object.entries(result.rows))
    table[route] = { ...figures, 'of hello': share(figures, hello) };
  console.table(table);
  for (const [name, plan] of Object.entries(result.plans)) console.log(`\nplan: ${name}\n${plan}`);
}

async function main() {
  console.log(`jobs listings bench: ${seconds} s per run, ${connections} connections, 2 shared cores`);
  const results: Result[] = [];
  if (pgSizes.length > 0) {
    await withDatabase(async (url) => {
      for (const size of pgSizes) {
        const result = await measureJobs(`PostgreSQL, ${size.toLocaleString('en')} jobs`, {
          BENCH_DATABASE_URL: url,
          BENCH_JOBS: String(size),
        });
        results.push(result);
        print(result);
      }
    });
  }
  if (pgliteSizes.length > 0) {
    const dataDir = mkdtempSync(join(tmpdir(), 'bench-pglite-'));
    try {
      for (const size of pgliteSizes) {
        const result = await measureJobs(`PGlite, ${size.toLocaleString('en')} jobs`, {
          BENCH_DATA_DIR: dataDir,
          BENCH_JOBS: String(size),
        });
        results.push(result);
        print(result);
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }

  console.log('\nsummary: p99 ms / req/s (share of the hello route measured just before)');
  const summary: Record<string, Record<string, string>> = {};
  for (const result of results) {
    summary[result.label] = Object.fromEntries(
      Object.entries(result.rows).map(([route, figures]) => [
        route,
        `${figures['p99 (ms)']} / ${figures['req/s']} (${share(figures, result.rows.hello!)})`,
      ]),
    );
  }
  console.table(summary);
  const postgres = results.filter((r) => r.label.startsWith('PostgreSQL'));
  const first = postgres[0];
  const last = postgres[postgres.length - 1];
  if (first && last && first !== last) {
    for (const route of ['category page', 'search state=Lagos', ...UNCACHED.map((r) => `${r}, no cache`)]) {
      const ratio = last.rows[route]!['p99 (ms)'] / Math.max(1, first.rows[route]!['p99 (ms)']);
      console.log(`${route}: p99 at ${last.label} / at ${first.label} = ${ratio.toFixed(2)}`);
    }
  }
}

await main();
