/**
 * The company directory under load (`npm run bench:directory`, also part of `npm run bench`): the first
 * page of a sub-category with 5,000 companies, from the accounts service in a process of its own as the
 * distributed topology runs it (PostgreSQL, NATS, NODE_ENV=production), against a bare Fastify route
 * returning the same JSON in a process of its own, in the same run. Each round loads every target one
 * after another (the order rotates every round), so the figures of a round saw the same machine; the
 * ratio to the bare route is taken per round. Nothing here asserts timings.
 *
 * Targets: the bare route (the body as an object, serialized per request: the yardstick of the ratio),
 * the bare route sending the JSON text as it is (the floor), the accounts service as configured by default
 * (directory cache on), the same with the client revalidating (If-None-Match: 304, no body), and a second
 * accounts process with DIRECTORY_CACHE_SECONDS=0 (every request a query), so the gain of the cache shows.
 *
 * BENCH_SECONDS (default 10) per load run, BENCH_ROUNDS (default 3), BENCH_CONNECTIONS (default 20),
 * BENCH_COMPANIES (default 5000). DATABASE_URL is the PostgreSQL server (default
 * postgres://postgres@127.0.0.1:5432/postgres): the bench creates a database of its own and drops it.
 * A private nats-server (NATS_SERVER_BIN, default /usr/sbin/nats-server) carries the accounts events, so
 * the 5,000 registrations stay out of any shared stream.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { importCompanies, type ImportedCompany } from '@marketplace/accounts-service';
import { openDatabase } from '@marketplace/service-kit';
import { sql } from 'kysely';
import pg from 'pg';
import { cpuSecondsOf, median, spread, startNode, type Child } from './proxy';
import { createScratchDatabase, startPrivateNats, type PrivateNats } from './support/scratch';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const COMPANIES = Number(process.env.BENCH_COMPANIES ?? 5000);
const SERVER_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SUBCATEGORY = 'Tiler';
const ROUTE = `/api/jobs/getcompaniesbysubCategory/${SUBCATEGORY}`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Figures {
  reqPerSec: number;
  p50: number;
  p99: number;
  /** Bytes of one response body as sent (0 for a 304). */
  bodyBytes: number;
  errors: number;
  /** CPU of the loaded server during the run, % of one core, and per request (µs). */
  serverCpu: number;
  serverUsPerReq: number;
}

interface Target {
  label: string;
  url: string;
  server: ChildProcess;
  headers?: Record<string, string>;
}

/** Companies as an import (the demo set) writes them, all in one sub-category, names spread over the alphabet. */
function companies(count: number): ImportedCompany[] {
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  return Array.from({ length: count }, (_, i) => ({
    email: `tiler-${i}@bench.example`,
    name: `${letters.charAt((i * 7) % 26)}${letters.charAt((i * 11) % 26).toLowerCase()} Tiling Works ${i}`,
    phone: `0803 ${String(i).padStart(7, '0').slice(0, 3)} ${String(i).padStart(7, '0').slice(3)}`,
    cac: `RC ${100_000 + i}`,
    state: 'Lagos',
    address: `${(i % 200) + 1} Allen Avenue, Ikeja`,
    pincode: '100001',
    category: ['Craftsman'],
    subcategory: [SUBCATEGORY],
    description:
      'Floor and wall tiling for kitchens, bathrooms and terraces; porcelain, ceramic and granite, ' +
      'laid level and grouted clean, with the old tiles taken away.',
  }));
}

async function load(target: Target, seconds: number): Promise<Figures> {
  const before = cpuSecondsOf(target.server.pid);
  const startedAt = process.hrtime.bigint();
  const result = await autocannon({
    url: target.url,
    connections: CONNECTIONS,
    duration: seconds,
    ...(target.headers ? { headers: target.headers } : {}),
  });
  const elapsed = Number(process.hrtime.bigint() - startedAt) / 1e9;
  const cpu = cpuSecondsOf(target.server.pid) - before;
  const expected = target.headers?.['if-none-match'] ? '3xx' : '2xx';
  const good = result[expected];
  return {
    reqPerSec: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    bodyBytes: 0,
    errors: result.errors + result.timeouts + (result.requests.total - good),
    serverCpu: Math.round((cpu / elapsed) * 100),
    serverUsPerReq: Math.round((cpu * 1e6) / Math.max(1, result.requests.total)),
  };
}

async function bodyBytes(target: Target): Promise<number> {
  const response = await fetch(target.url, { headers: target.headers ?? {} });
  return (await response.arrayBuffer()).byteLength;
}

async function main() {
  const work = mkdtempSync(join(tmpdir(), 'bench-directory-'));
  const scratch = await createScratchDatabase(SERVER_URL, 'bench_directory');
  const databaseUrl = scratch.url;

  const started: Child[] = [];
  let nats: PrivateNats | undefined;
  try {
    nats = await startPrivateNats(work);
    const natsUrl = nats.url;
    const accountsEnv = (name: string, extra: NodeJS.ProcessEnv = {}) => ({
      // As deployed: the kit checks event payloads against their schemas only outside production.
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      NATS_URL: natsUrl,
      DATA_DIR: join(work, name),
      LOG_LEVEL: 'warn',
      ...extra,
    });

    // The first instance migrates the schema; the companies go in through accounts' own bulk writer
    // (one transaction, `accounts.user.registered` each) before anyone reads the directory.
    const cached = await startNode('accounts', 'services/accounts/src/main.ts', accountsEnv('accounts'));
    started.push(cached);
    const seedStart = Date.now();
    const db = await openDatabase({ url: databaseUrl, poolSize: 2 });
    try {
      const inserted = await importCompanies(db, join(work, 'seed'), companies(COMPANIES), 'bench');
      if (inserted !== COMPANIES) throw new Error(`seeded ${inserted} of ${COMPANIES} companies`);
      // Fresh statistics, as a table that size has in production.
      await sql`analyze accounts.users`.execute(db.raw);
    } finally {
      await db.close();
    }
    console.log(
      `seeded ${COMPANIES} companies in '${SUBCATEGORY}' in ${((Date.now() - seedStart) / 1000).toFixed(1)} s`,
    );
    const uncached = await startNode(
      'accounts-uncached',
      'services/accounts/src/main.ts',
      accountsEnv('accounts-uncached', { DIRECTORY_CACHE_SECONDS: '0' }),
    );
    started.push(uncached);

    // Wait until the relays have published the registrations: the runs measure reads, not the relay.
    const check = new pg.Client({ connectionString: databaseUrl });
    await check.connect();
    for (const deadline = Date.now() + 180_000; ;) {
      const { rows } = await check.query<{ n: string }>(
        'select count(*) as n from accounts.outbox where published_at is null',
      );
      if (rows[0]?.n === '0') break;
      if (Date.now() > deadline) throw new Error('the outbox did not drain');
      await sleep(500);
    }
    await check.end();

    const firstPage = await fetch(`${cached.url}${ROUTE}`);
    const pageText = await firstPage.text();
    const etag = firstPage.headers.get('etag');
    const page = JSON.parse(pageText) as { total: number; company: unknown[] };
    if (page.total !== COMPANIES || page.company.length !== 20 || !etag) {
      throw new Error(`unexpected first page: total ${page.total}, ${page.company.length} companies`);
    }
    const bodyFile = join(work, 'first-page.json');
    writeFileSync(bodyFile, pageText);
    const bare = await startNode('bare', 'bench/bare-json-server.ts', { BARE_BODY_FILE: bodyFile });
    started.push(bare);

    const targets: Target[] = [
      { label: 'bare Fastify', url: `${bare.url}/bare`, server: bare.process },
      { label: 'bare Fastify, prebuilt string', url: `${bare.url}/bare-string`, server: bare.process },
      { label: 'accounts, cached', url: `${cached.url}${ROUTE}`, server: cached.process },
      {
        label: 'accounts, cached, If-None-Match (304)',
        url: `${cached.url}${ROUTE}`,
        server: cached.process,
        headers: { 'if-none-match': etag },
      },
      { label: 'accounts, no cache', url: `${uncached.url}${ROUTE}`, server: uncached.process },
    ];
    const sizes = new Map<string, number>();
    for (const target of targets) sizes.set(target.label, await bodyBytes(target));

    // Warm every path up (JIT, pools); not counted.
    for (const target of targets) await load(target, Math.min(3, SECONDS));

    const rounds: Array<Map<string, Figures & { ratio: number }>> = [];
    for (let round = 0; round < ROUNDS; round++) {
      const order = targets.map((_, i) => targets[(i + round) % targets.length]!);
      const figures = new Map<string, Figures>();
      for (const target of order) {
        figures.set(target.label, { ...(await load(target, SECONDS)), bodyBytes: sizes.get(target.label)! });
      }
      const bareRate = figures.get('bare Fastify')!.reqPerSec;
      rounds.push(
        new Map(
          targets.map(({ label }) => [
            label,
            { ...figures.get(label)!, ratio: figures.get(label)!.reqPerSec / bareRate },
          ]),
        ),
      );
    }

    console.log(
      `\nGET ${ROUTE} (first page, 20 of ${COMPANIES} companies): accounts on PostgreSQL + NATS and a bare ` +
        `Fastify route, each in a process of its own, autocannon in this one (${SECONDS} s per run, ` +
        `${CONNECTIONS} connections, ${ROUNDS} rounds, order rotated each round; load average before: ` +
        `${loadavg()[0]!.toFixed(1)})`,
    );
    console.table(
      Object.fromEntries(
        rounds.flatMap((round, i) =>
          targets.map(({ label }) => {
            const { ratio, ...f } = round.get(label)!;
            return [`${i + 1} ${label}`, { ...f, 'of bare %': (ratio * 100).toFixed(1) }];
          }),
        ),
      ),
    );
    console.log('median (min–max) over the rounds');
    console.table(
      Object.fromEntries(
        targets.map(({ label }) => {
          const all = (figure: keyof Figures | 'ratio') => rounds.map((round) => round.get(label)![figure]);
          return [
            label,
            {
              'req/s': spread(all('reqPerSec')),
              'of bare %': spread(
                all('ratio').map((r) => r * 100),
                1,
              ),
              'p99 ms': spread(all('p99')),
              'body bytes': sizes.get(label),
              'server CPU %': spread(all('serverCpu')),
              'server µs/req': spread(all('serverUsPerReq')),
            },
          ];
        }),
      ),
    );
    const cachedRatio = median(rounds.map((round) => round.get('accounts, cached')!.ratio));
    console.log(
      `accounts, cached / bare Fastify: ${(cachedRatio * 100).toFixed(1)} % (median of the rounds' ratios)`,
    );
    const failed = rounds.reduce(
      (sum, round) => sum + [...round.values()].reduce((n, f) => n + f.errors, 0),
      0,
    );
    if (failed > 0) console.warn(`warning: ${failed} requests failed or had an unexpected status`);
  } finally {
    for (const child of started.reverse()) await child.stop();
    nats?.process.kill('SIGTERM');
    await scratch.drop();
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
