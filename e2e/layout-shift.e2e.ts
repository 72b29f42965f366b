/**
 * Layout shift on every signed-in page (issue 27): each page of the shell's route table that needs a
 * session, in each account type that reaches it, loaded cold (no HTTP cache) at phone (375 px) and desktop
 * (1366 px) width, must move by no more than CLS 0.02 while it loads and settles (every shift not caused
 * by input, summed: stricter than Lighthouse's session windows). The site runs with the demo marketplace
 * (`npm start`'s default), so dashboards, chats and admin lists have their real lengths; the customer and
 * the company are the demo job's poster and the company that unlocked it (a conversation, applicants).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { ROUTE_TABLE } from '@marketplace/shell/src/app/routes/route-specs';
import { DEMO_EMAIL_DOMAIN, DEMO_PASSWORD } from '@marketplace/tools/demo/seed';
import { JOBS } from '@marketplace/tools/demo/set';
import { E2E_ADMIN, signInThroughApi } from './support/accounts';
import { launchBrowser, shoot, watchErrors } from './support/browser';
import { signedInRoutes, type AccountRole } from './support/routes';
import { startEmbedded, type EmbeddedSite } from './support/servers';

const WIDTHS = [375, 1366] as const;
const BUDGET = 0.02;

const demoJob = JOBS.find((job) => job.conversation && job.unlockedBy?.length);
if (!demoJob) throw new Error('the demo set has no job with an unlock and a conversation');
const demo = (key: string) => ({ email: `${key}@${DEMO_EMAIL_DOMAIN}`, password: DEMO_PASSWORD });
const ACCOUNTS: Record<AccountRole, { email: string; password: string }> = {
  user: demo(demoJob.poster),
  company: demo(demoJob.unlockedBy![0]!),
  admin: E2E_ADMIN,
};

/** Sums every layout shift not caused by input from the start of the load, with what moved. */
function observeShifts(): void {
  const scope = window as unknown as { layoutShift: number; shifted: string[] };
  scope.layoutShift = 0;
  scope.shifted = [];
  type Rect = { y: number; height: number };
  type Shift = {
    value: number;
    hadRecentInput: boolean;
    sources?: Array<{ node?: Element; previousRect: Rect; currentRect: Rect }>;
  };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as unknown as Shift[]) {
      if (entry.hadRecentInput) continue;
      scope.layoutShift += entry.value;
      // What moved, from where to where (top and height in px): enough to find what pushed it.
      const nodes = (entry.sources ?? []).map((source) => {
        const node = source.node;
        const cls =
          typeof node?.className === 'string' && node.className ? `.${node.className.split(' ')[0]}` : '';
        // (No named helper here: the bundler would wrap it in a __name() the page does not have.)
        const [was, now] = [source.previousRect, source.currentRect].map(
          (r) => `${Math.round(r.y)}+${Math.round(r.height)}`,
        );
        const where = `${was} -> ${now}`;
        return `${node ? node.nodeName.toLowerCase() : '?'}${cls} ${where}`;
      });
      scope.shifted.push(
        `${entry.value.toFixed(3)} at ${Math.round(performance.now())} ms: ${nodes.join(', ')}`,
      );
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

/** Waits for the page to settle: its heading, no pending requests, no loading skeleton, a moment more. */
async function settle(page: Page): Promise<void> {
  await page.locator('h1').first().waitFor({ timeout: 60_000 });
  await page.waitForLoadState('networkidle', { timeout: 30_000 }).catch(() => undefined);
  await page
    .waitForFunction(() => !document.querySelector('[class*="skeleton"], [aria-busy="true"]'), undefined, {
      timeout: 10_000,
    })
    .catch(() => undefined);
  await page.waitForTimeout(750);
}

/** Loads `path` cold at `width` and returns the summed shift and what moved. */
async function measure(
  context: BrowserContext,
  baseUrl: string,
  path: string,
  width: number,
): Promise<{ shift: number; shifted: string[]; errors: string[]; finalPath: string }> {
  const page = await context.newPage();
  try {
    const errors = watchErrors(page);
    await page.setViewportSize({ width, height: 900 });
    // A first visit on a phone: nothing from the HTTP cache, and Lighthouse's mobile conditions (a slow
    // 4G link, a CPU 4 times slower), so late content arrives after the page's first frames as it does
    // there. On this machine's bare speed the answers beat the first frame and hide what would shift.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.addInitScript(observeShifts);
    await page.goto(`${baseUrl}${path}`);
    await settle(page);
    const { shift, shifted } = await page.evaluate(() => {
      const scope = window as unknown as { layoutShift: number; shifted: string[] };
      return { shift: scope.layoutShift, shifted: scope.shifted };
    });
    if (shift > BUDGET) await shoot(page, `cls-${path.replace(/\W+/g, '_')}-${width}`);
    return { shift, shifted, errors, finalPath: new URL(page.url()).pathname };
  } finally {
    await page.close();
  }
}

describe('layout shift on every signed-in page, each role, 375 and 1366 px', () => {
  let site: EmbeddedSite;
  const browsers = new Map<AccountRole, BrowserContext>();

  before(async () => {
    // `npm start`'s entry with its demo set (the edge's own entry does not seed it).
    site = await startEmbedded({ env: { DEMO_DATA: 'on' } });
    for (const role of ['user', 'company', 'admin'] as const) {
      const browser = await launchBrowser();
      browsers.set(role, browser);
      const page = await browser.newPage();
      const { email, password } = ACCOUNTS[role];
      await signInThroughApi(page, site.url, email, password);
      // As after the login form: the shell keeps the account under `user`, so a later load draws the
      // member's chrome at once (a returning member's browser has it).
      const me = await page.request.get(`${site.url}/api/user/me`);
      const { user } = (await me.json()) as { user: unknown };
      await page.goto(`${site.url}/ready`);
      await page.evaluate((value) => localStorage.setItem('user', value), JSON.stringify(user));
      await page.close();
    }
  });
  after(async () => {
    for (const browser of browsers.values()) await browser.close();
    await site?.stop();
  });

  for (const { path, roles } of signedInRoutes(ROUTE_TABLE)) {
    for (const role of roles) {
      it(`${path} as ${role}: CLS <= ${BUDGET} at ${WIDTHS.join(' and ')} px`, async (t) => {
        const report: string[] = [];
        for (const width of WIDTHS) {
          const { shift, shifted, errors, finalPath } = await measure(
            browsers.get(role)!,
            site.url,
            path,
            width,
          );
          assert.equal(finalPath, path, `${path} as ${role} ended on ${finalPath}`);
          assert.deepEqual(errors, [], `${path} as ${role} at ${width} px`);
          // Every figure, and what moved whenever something did (a page near its budget shows why).
          t.diagnostic(`${path} as ${role} at ${width} px: CLS ${shift.toFixed(3)}`);
          for (const moved of shifted) t.diagnostic(`  ${moved}`);
          if (shift > BUDGET)
            report.push(`${width} px: CLS ${shift.toFixed(3)}\n    ${shifted.join('\n    ')}`);
        }
        assert.equal(report.length, 0, `${path} as ${role} shifts:\n${report.join('\n')}`);
      });
    }
  }
});
