/**
 * `npm run bench`: prints, in one run,
 * - req/s and p99 latency of a service route hit directly and through the edge (autocannon),
 * - the bytes a browser receives for the home page's scripts, as the edge sends them (compressed), and
 * - Lighthouse's mobile figures for the home page, /login, a category page and a company profile.
 * Figures go to the README's performance section; nothing here asserts timings.
 * BENCH_SECONDS (default 10) sets the length of each load run; BENCH_LIGHTHOUSE=off skips Lighthouse.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { chromium } from 'playwright-core';
import jobsService from '@marketplace/jobs-service';
import { EdgeConfigSchema, startEdge } from '@marketplace/edge';
import { loadConfig, startStandaloneService } from '@marketplace/service-kit';
import { ensureWebBuild } from '@marketplace/tools';
import { lighthousePage, type LighthouseFigures } from './lighthouse';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);

async function load(url: string) {
  const result = await autocannon({ url, connections: 20, duration: seconds });
  return {
    reqPerSec: Math.round(result.requests.average),
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

/**
 * Page weight as a browser receives it: open the home page in Chromium and add up the bytes on the wire
 * (compressed bodies, as the edge sends them) of every script it loads, the shell's own apart from each
 * remote's.
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
    const scripts: Array<Promise<{ url: string; bytes: number }>> = [];
    page.on('requestfinished', (request) => {
      if (request.resourceType() !== 'script') return;
      scripts.push(
        request
          .sizes()
          .then((sizes) => ({ url: new URL(request.url()).pathname, bytes: sizes.responseBodySize })),
      );
    });
    await page.goto(`${siteUrl}/`, { waitUntil: 'networkidle' });
    const loaded = await Promise.all(scripts);
    const kb = (bytes: number) => (bytes / 1024).toFixed(1);
    const sum = (filter: (path: string) => boolean) =>
      loaded.filter((s) => filter(s.url)).reduce((total, s) => total + s.bytes, 0);
    const remoteEntry = (remote: string) => loaded.find((s) => s.url === `/remotes/${remote}/remoteEntry.js`);
    const sizes: Record<string, string> = {
      'all JS on the home page (KB transferred)': kb(sum(() => true)),
      'shell JS (KB transferred)': kb(sum((path) => !path.startsWith('/remotes/'))),
      'catalogue JS for the home page (KB transferred)': kb(
        sum((path) => path.startsWith('/remotes/catalogue/')),
      ),
    };
    const entry = remoteEntry('catalogue');
    if (entry) sizes['catalogue remoteEntry.js (KB transferred)'] = kb(entry.bytes);
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
  const lighthouse: Record<string, LighthouseFigures> = {};
  try {
    sizes = await measurePageWeight(site.url);
    if (process.env.BENCH_LIGHTHOUSE !== 'off') {
      for (const path of ['/', '/login', '/category/Craftsman', '/company-profile']) {
        lighthouse[path] = await lighthousePage(`${site.url}${path}`);
      }
    }
  } finally {
    await site.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.log('\nPage weight of the home page, bytes as sent by the edge');
  console.table(sizes);
  if (Object.keys(lighthouse).length > 0) {
    console.log('\nLighthouse 12, mobile, simulated throttling, Debian Chromium');
    console.table(lighthouse);
  }
}

await main();
