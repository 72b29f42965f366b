/**
 * `npm run bench`: prints, in one run,
 * - req/s and p99 latency of a service route hit directly and through the edge in the distributed
 *   topology, each in a process of its own (bench/proxy.ts: several rounds, medians and spread),
 * - the bytes a browser receives for the home page's scripts, as the edge sends them (compressed), and
 * - Lighthouse's mobile figures for every route of the shell's route table in every role that reaches it
 *   (bench/pages.ts: visitors on public pages, a customer, a company and the admin, each with a session
 *   of its own made through the API, on signed-in ones), checked against issue 27's budgets: a table
 *   per route and role with a pass/miss column, then the misses. The budgets are judged here, in the
 *   bench's output, not in timed tests; a miss does not fail the run (the machine's speed varies).
 * Figures go to the README's performance section.
 * BENCH_SECONDS (default 10) sets the length of each load run, BENCH_ROUNDS (default 3) the rounds of
 * direct and proxied runs; BENCH_LIGHTHOUSE=off skips Lighthouse; BENCH_ONLY=proxy runs only the proxy
 * part, BENCH_ONLY=pages only the page weight and Lighthouse; BENCH_ROUTES=<terms> measures only the
 * pages matching one of the comma-separated terms (`/dashboard`, `category`, `/chat@company`, `@admin`;
 * see bench/pages.ts); BENCH_LIGHTHOUSE_RUNS (default 3) loads each page that many times and reports the
 * median run; BENCH_SCRIPTS=on lists the home page's scripts one by one.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { randomBytes } from 'node:crypto';
import { COMPANY_API, type CompanyListResponse } from '@marketplace/contracts';
import { EdgeConfigSchema, startEdge } from '@marketplace/edge';
import { loadConfig } from '@marketplace/service-kit';
import { ROUTE_TABLE } from '@marketplace/shell/src/app/routes/route-specs';
import { ensureWebBuild } from '@marketplace/tools';
import { DEMO_EMAIL_DOMAIN, DEMO_PASSWORD, demoDataStartTask } from '@marketplace/tools/demo/seed';
import { JOBS } from '@marketplace/tools/demo/set';
import { lighthousePage, type LighthouseFigures, type LighthouseRun } from './lighthouse';
import {
  BUDGETS,
  budgetMisses,
  lighthouseRuns,
  medianRun,
  planVisits,
  type DemoFacts,
  type Role,
  type Visit,
} from './pages';
import { benchProxy } from './proxy';
import { signInBrowser, type Credentials } from './session';

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

/**
 * The demo job with an unlock and a conversation: its poster (the customer) and the company that unlocked
 * it sign in for the signed-in pages, so their dashboards and chats have content; its category and trade
 * fill the routes' parameters.
 */
const DEMO_JOB = JOBS.find((job) => job.conversation && job.unlockedBy?.length);
if (!DEMO_JOB) throw new Error('bench: the demo set has no job with an unlock and a conversation');
const demoAccount = (key: string): Credentials => ({
  email: `${key}@${DEMO_EMAIL_DOMAIN}`,
  password: DEMO_PASSWORD,
});
/** The admin the bench's site is started with (from configuration, as a deployment makes its first one). */
const ADMIN: Credentials = {
  email: 'bench-admin@example.com',
  password: randomBytes(18).toString('base64url'),
};
const ACCOUNTS: Record<Exclude<Role, 'visitor'>, Credentials> = {
  user: demoAccount(DEMO_JOB.poster),
  company: demoAccount(DEMO_JOB.unlockedBy![0]!),
  admin: ADMIN,
};

/** Real values for the routes' parameters: the demo job's category and trade, and one of its companies. */
async function demoFacts(siteUrl: string): Promise<DemoFacts> {
  const subcategory = DEMO_JOB!.subcategory[0]!;
  const response = await fetch(`${siteUrl}${COMPANY_API.bySubcategory(subcategory)}`);
  const { company } = (await response.json()) as CompanyListResponse;
  // One with a photo: the heaviest profile a visitor meets.
  const chosen = company.find((c) => c.photoUrl) ?? company[0];
  if (!chosen) throw new Error(`the demo set has no ${subcategory}: is DEMO_DATA on?`);
  return { category: DEMO_JOB!.category, subcategory, companyId: chosen._id };
}

interface Measured {
  visit: Visit;
  /** The median run's figures (see medianRun). */
  figures: LighthouseFigures;
  misses: string[];
  /** The TBT of the fastest and the slowest run, in ms. */
  tbtSpread: string;
}

/** Lighthouse on one page in one role; a signed-in role gets a new session of its own first. */
async function measure(siteUrl: string, visit: Visit): Promise<Measured> {
  const account = visit.role === 'visitor' ? undefined : ACCOUNTS[visit.role];
  const url = `${siteUrl}${visit.url}`;
  const reportName = `${visit.url.replace(/[^\w-]+/g, '_').replace(/^_$/, 'home')}-${visit.role}`;
  const runs: Array<LighthouseRun & { performance: number; tbtMs: number }> = [];
  for (let index = 0; index < lighthouseRuns(); index += 1) {
    const options = {
      ...(account ? { prepare: (port: number) => signInBrowser(port, siteUrl, account) } : {}),
      // One report per run (BENCH_LIGHTHOUSE_REPORTS): -1, -2, ... in the order they ran.
      reportName: `${reportName}-${index + 1}`,
    };
    let run = await lighthousePage(url, options);
    // A run Lighthouse could not record (NO_NAVSTART on a busy machine: "run Lighthouse again") is run
    // again, twice at most; a page that still cannot be measured shows as a miss with its NaN figures.
    for (let retry = 0; retry < 2 && run.runtimeError; retry += 1) {
      console.log(`  ${run.runtimeError}: measuring ${visit.url} as ${visit.role} again`);
      run = await lighthousePage(url, options);
    }
    runs.push({ ...run, performance: run.figures.performance, tbtMs: run.figures['TBT (ms)'] });
  }
  const { figures } = medianRun(runs);
  const tbts = runs.map((run) => run.tbtMs);
  const spread = runs.length > 1 ? `${Math.min(...tbts)}-${Math.max(...tbts)}` : String(tbts[0]);
  const misses = budgetMisses({
    performance: figures.performance,
    lcpSeconds: Number(figures['LCP (s)']),
    tbtMs: figures['TBT (ms)'],
    cls: Number(figures.CLS),
  });
  // A page that ended elsewhere (a session that did not hold ends on /login) measured the wrong page.
  const expected = new URL(url);
  for (const ended of new Set(runs.map((run) => run.finalUrl))) {
    const { pathname, search } = new URL(ended);
    if (pathname !== expected.pathname) misses.push(`ended on ${pathname}${search}`);
  }
  return { visit, figures, misses, tbtSpread: spread };
}

/** The per-page table as Markdown (what the README's performance section shows). */
function markdownTable(results: Measured[]): string {
  const rows = results.map(({ visit, figures, misses }) => [
    `\`${visit.url.replace(/#.*/, '')}\``,
    visit.role,
    String(figures.performance),
    `${figures['LCP (s)']} s`,
    `${figures['TBT (ms)']} ms`,
    figures.CLS,
    String(figures.accessibility),
    String(figures['best practices']),
    `${figures['transferred (KB)']} KB`,
    String(figures['benchmark index']),
    misses.length === 0 ? 'pass' : `miss: ${misses.join(', ')}`,
  ]);
  const head = [
    'page',
    'role',
    'performance',
    'LCP',
    'TBT',
    'CLS',
    'a11y',
    'best pr.',
    'transferred',
    'index',
    'budgets',
  ];
  return [head, head.map(() => '---'), ...rows].map((cells) => `| ${cells.join(' | ')} |`).join('\n');
}

async function main() {
  if (only && only !== 'proxy' && only !== 'pages') throw new Error('BENCH_ONLY is proxy or pages');
  if (only !== 'pages') await benchProxy('/api/jobs/viewalljobs');
  if (only === 'proxy') return;

  ensureWebBuild();
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-'));
  const site = await startEdge(
    loadConfig(EdgeConfigSchema, {
      PORT: '0',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      // Each signed-in page gets a session of its own: more sign-ins from one address than a person makes.
      RATE_LIMIT_LOGIN_PER_ACCOUNT_IP: '1000',
      RATE_LIMIT_LOGIN_PER_IP: '1000',
    }),
    // The demo marketplace, so the pages are measured with their real content (companies, photos).
    { startTasks: [demoDataStartTask()] },
  );
  let sizes: Record<string, string>;
  const results: Measured[] = [];
  let skipped: ReturnType<typeof planVisits>['skipped'] = [];
  try {
    // The plan first: a route the bench cannot build an address for fails before anything is measured.
    const plan = planVisits(ROUTE_TABLE, await demoFacts(site.url), process.env.BENCH_ROUTES);
    skipped = plan.skipped;
    sizes = await measurePageWeight(site.url);
    if (process.env.BENCH_LIGHTHOUSE !== 'off') {
      for (const [index, visit] of plan.visits.entries()) {
        console.log(`lighthouse ${index + 1}/${plan.visits.length}: ${visit.url} as ${visit.role}`);
        results.push(await measure(site.url, visit));
      }
    }
  } finally {
    await site.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.log('\nPage weight of the home page, bytes as sent by the edge');
  console.table(sizes);
  if (results.length > 0) {
    console.log(
      `\nLighthouse 12, mobile, simulated throttling, Debian Chromium, the median of ${lighthouseRuns()} runs a page; ` +
        `budgets: performance >= ${BUDGETS.performance}, ` +
        `LCP <= ${BUDGETS.lcpSeconds} s, CLS <= ${BUDGETS.cls}, TBT <= ${BUDGETS.tbtMs} ms`,
    );
    console.table(
      results.map(({ visit, figures, misses, tbtSpread }) => ({
        page: visit.url,
        role: visit.role,
        ...figures,
        'TBT of the runs (ms)': tbtSpread,
        budgets: misses.length === 0 ? 'pass' : 'MISS',
      })),
    );
    console.log(`\n${markdownTable(results)}`);
    const missed = results.filter((result) => result.misses.length > 0);
    console.log(
      `\nBudgets: ${results.length - missed.length} of ${results.length} pages pass` +
        (missed.length > 0
          ? `; misses:\n${missed.map((m) => `  ${m.visit.url} as ${m.visit.role}: ${m.misses.join(', ')}`).join('\n')}`
          : ''),
    );
  }
  if (skipped.length > 0) {
    console.log('\nNot measured (no one lands on these pages):');
    for (const skip of skipped) console.log(`  ${skip.route}: ${skip.reason}`);
  }
}

await main();
