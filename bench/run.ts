/**
 * `npm run bench`: prints, in one run,
 * - req/s and p99 latency of a service route hit directly and through the edge (autocannon), and
 * - the gzipped size of the shell's initial JS and of each remote's remoteEntry.js.
 * Figures go to the README's performance section; nothing here asserts timings.
 * BENCH_SECONDS (default 10) sets the length of each load run.
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import jobsService from '@marketplace/jobs-service';
import { EdgeConfigSchema, startEdge } from '@marketplace/edge';
import { loadConfig, startStandaloneService } from '@marketplace/service-kit';
import { ensureWebBuild } from '@marketplace/tools';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const root = process.cwd();

async function load(url: string) {
  const result = await autocannon({ url, connections: 20, duration: seconds });
  return {
    reqPerSec: Math.round(result.requests.average),
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

function gzipKb(path: string): string {
  return (gzipSync(readFileSync(path), { level: 9 }).length / 1024).toFixed(1);
}

function shellInitialScripts(): string[] {
  const html = readFileSync(join(root, 'shell', 'dist', 'index.html'), 'utf8');
  return [...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) =>
    join(root, 'shell', 'dist', (m[1] ?? '').replace(/^\//, '')),
  );
}

async function main() {
  ensureWebBuild();
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-'));
  const jobs = await startStandaloneService({
    name: 'jobs',
    defaultPort: 0,
    plugin: jobsService,
    env: { DATA_DIR: dataDir, LOG_LEVEL: 'warn', PORT: '0' },
  });
  const edge = await startEdge(
    loadConfig(EdgeConfigSchema, {
      PORT: '0',
      LOG_LEVEL: 'warn',
      ACCOUNTS_URL: jobs.url,
      JOBS_URL: jobs.url,
      CHAT_URLS: jobs.url,
      PAYMENTS_URL: jobs.url,
    }),
  );
  const route = '/api/jobs/viewalljobs';
  try {
    const direct = await load(`${jobs.url}${route}`);
    const proxied = await load(`${edge.url}${route}`);
    console.log(`\nGET ${route} (${seconds}s, 20 connections, PGlite, one machine)`);
    console.table({ direct, 'through edge': proxied });
  } finally {
    await edge.stop();
    await jobs.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }

  const scripts = shellInitialScripts();
  const shellTotal = scripts.reduce(
    (sum, file) => sum + gzipSync(readFileSync(file), { level: 9 }).length,
    0,
  );
  const sizes: Record<string, string> = { 'shell initial JS (gzip KB)': (shellTotal / 1024).toFixed(1) };
  for (const remote of ['catalogue', 'jobs', 'chat', 'admin']) {
    const entry = join(root, `mfe-${remote}`, 'dist', 'remoteEntry.js');
    sizes[`${remote} remoteEntry.js (gzip KB)`] = statSync(entry, { throwIfNoEntry: false })
      ? gzipKb(entry)
      : 'missing';
  }
  console.log('\nPage weight (budget: shell initial JS <= 170 KB gzip)');
  console.table(sizes);
}

await main();
