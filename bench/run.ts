/**
 * `npm run bench`: prints, in one run,
 * - req/s and p99 latency of a service route hit directly and through the edge in the distributed
 *   topology, each in a process of its own (bench/proxy.ts: several rounds, medians and spread),
 * - the bytes a browser receives for the home page's scripts, as the edge sends them (compressed), and
 * - Lighthouse's mobile figures for the home page, /login, a category page and a company profile.
 * Figures go to the README's performance section; nothing here asserts timings.
 * BENCH_SECONDS (default 10) sets the length of each load run, BENCH_ROUNDS (default 3) the rounds of
 * direct and proxied runs; BENCH_LIGHTHOUSE=off skips Lighthouse; BENCH_ONLY=proxy runs only the proxy
 * part, BENCH_ONLY=pages only the page weight and Lighthouse; BENCH_SCRIPTS=on lists the home page's
 * scripts one by one.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { COMPANY_API, type CompanyListResponse } from '@marketplace/contracts';
import { EdgeConfigSchema, startEdge } from '@marketplace/edge';
import { loadConfig } from '@marketplace/service-kit';
import { ensureWebBuild } from '@marketplace/tools';
import { demoDataStartTask } from '@marketplace/tools/demo/seed';
import { lighthousePage, type LighthouseFigures } from './lighthouse';
import { benchProxy } from './proxy';

const only = process.env.BENCH_ONLY;

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
    // The shell starts after the first frame; a slow start can leave the network quiet before the
    // catalogue's page is asked for. The edge's first paint gives way when that page is there.
    await page.locator('.crawler-summary').waitFor({ state: 'detached' });
    await page.waitForLoadState('networkidle');
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
    // Which files make up the figure (to see what the first view pulls in that it should not).
    if (process.env.BENCH_SCRIPTS === 'on') {
      console.table(
        Object.fromEntries(
          loaded.sort((a, b) => b.bytes - a.bytes).map((s) => [s.url, `${kb(s.bytes)} KB`] as const),
        ),
      );
    }
    return sizes;
  } finally {
    await browser.close();
  }
}

/** A demo company's profile address, one with a photo (the heaviest profile a visitor meets). */
async function companyWithPhoto(siteUrl: string): Promise<string> {
  const response = await fetch(`${siteUrl}${COMPANY_API.bySubcategory('Plumber')}`);
  const { company } = (await response.json()) as CompanyListResponse;
  const chosen = company.find((c) => c.photoUrl) ?? company[0];
  if (!chosen) throw new Error('the demo set has no plumbers: is DEMO_DATA on?');
  return `/company-profile/${chosen._id}`;
}

async function main() {
  if (only && only !== 'proxy' && only !== 'pages') throw new Error('BENCH_ONLY is proxy or pages');
  if (only !== 'pages') await benchProxy('/api/jobs/viewalljobs');
  if (only === 'proxy') return;

  ensureWebBuild();
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-'));
  const site = await startEdge(
    loadConfig(EdgeConfigSchema, { PORT: '0', LOG_LEVEL: 'warn', DATA_DIR: dataDir }),
    // The demo marketplace, so the pages are measured with their real content (companies, photos).
    { startTasks: [demoDataStartTask()] },
  );
  let sizes: Record<string, string>;
  const lighthouse: Record<string, LighthouseFigures> = {};
  try {
    sizes = await measurePageWeight(site.url);
    if (process.env.BENCH_LIGHTHOUSE !== 'off') {
      const profile = await companyWithPhoto(site.url);
      for (const path of ['/', '/login', '/category/Craftsman', profile]) {
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
