/**
 * `npm run bench`: prints, in one run,
 * - req/s and p99 latency of a service route hit directly and through the edge (autocannon), and
 * - the gzipped size of the shell's initial JS and of each remote's remoteEntry.js.
 * Figures go to the README's performance section; nothing here asserts timings.
 * BENCH_SECONDS (default 10) sets the length of each load run.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { chromium } from 'playwright-core';
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

/**
 * Page weight as a browser sees it: open the home page in Chromium and add up the gzipped size of every
 * script it loads, the shell's own (initial JS, served from the site root) apart from each remote's.
 */
async function measurePageWeight(siteUrl: string): Promise<Record<string, string>> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
    ],
  });
  try {
    const page = await browser.newPage();
    const scripts: Array<{ url: string; gzip: number }> = [];
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      const body = await response.body().catch(() => undefined);
      if (body)
        scripts.push({ url: new URL(response.url()).pathname, gzip: gzipSync(body, { level: 9 }).length });
    });
    await page.goto(`${siteUrl}/`, { waitUntil: 'networkidle' });
    const kb = (bytes: number) => (bytes / 1024).toFixed(1);
    const sum = (filter: (path: string) => boolean) =>
      scripts.filter((s) => filter(s.url)).reduce((total, s) => total + s.gzip, 0);
    const sizes: Record<string, string> = {
      'shell initial JS (gzip KB)': kb(sum((path) => !path.startsWith('/remotes/'))),
    };
    for (const remote of ['catalogue', 'jobs', 'chat', 'admin']) {
      const entry = join(root, `mfe-${remote}`, 'dist', 'remoteEntry.js');
      sizes[`${remote} remoteEntry.js (gzip KB)`] = kb(gzipSync(readFileSync(entry), { level: 9 }).length);
    }
    sizes['catalogue JS loaded for home (gzip KB)'] = kb(
      sum((path) => path.startsWith('/remotes/catalogue/')),
    );
    return sizes;
  } finally {
    await browser.close();
  }
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
  }

  const site = await startEdge(
    loadConfig(EdgeConfigSchema, { PORT: '0', LOG_LEVEL: 'warn', DATA_DIR: dataDir }),
  );
  let sizes: Record<string, string>;
  try {
    sizes = await measurePageWeight(site.url);
  } finally {
    await site.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.log('\nPage weight (budget: shell initial JS <= 170 KB gzip)');
  console.table(sizes);
}

await main();
