/**
 * The contact-leak scanner bites (support/leak-watch.ts, which every journey's browser context runs):
 * on a site that shows a job's contact details to anyone, a journey that lets a company read them fails
 * although it asserts nothing itself; and the scanner sees documents, the pages' own fetches and
 * `page.request` calls, judged by who is signed in, and lets the entitled readers through.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { after, before, describe, it } from 'node:test';
import type { BrowserContext } from 'playwright-core';
import { launchBrowser } from './support/browser';
import { drainContactScans, takeContactLeaks } from './support/leak-watch';
import {
  LEAKY_COMPANY,
  LEAKY_CONTACT,
  LEAKY_JOB,
  LEAKY_POSTER,
  postLeakyJob,
  signAs,
  startLeakySite,
} from './fixtures/leaky-site';

describe('contact-leak scanner', () => {
  let site: Awaited<ReturnType<typeof startLeakySite>>;
  let browser: BrowserContext;
  before(async () => {
    site = await startLeakySite();
    browser = await launchBrowser();
    await postLeakyJob(browser, site.url);
  });
  after(async () => {
    await browser?.close();
    await site?.close();
  });

  it('fails a journey that asserts nothing when a company reads contact details it did not pay for', () => {
    // A test run of its own (without this runner's context it would not run the file).
    const { NODE_TEST_CONTEXT: _nested, ...env } = process.env;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--test', 'e2e/fixtures/leaky-journey.ts'], {
      env,
      encoding: 'utf8',
      timeout: 120_000,
    });
    const output = `${run.stdout}\n${run.stderr}`;
    assert.notEqual(run.status, 0, output);
    assert.match(output, /contact details reached a reader not entitled to them/);
    assert.match(output, /phone "0803 555 0999" of poster poster-leaky .*reached company company-leaky/);
    assert.match(output, /not ok .* a company opens a job page it has not paid for/);
  });

  it("sees the page, the page's own fetch, a WebSocket frame and page.request, judged by the signed-in reader", async () => {
    await signAs(browser, site.url, LEAKY_COMPANY);
    const page = await browser.newPage();
    await page.goto(`${site.url}/job-page`);
    await page.waitForLoadState('networkidle');
    await page.request.get(`${site.url}/api/jobs/viewjob/${LEAKY_JOB}`);
    await page.evaluate(
      (url) =>
        new Promise<void>((resolve) => {
          const socket = new WebSocket(url);
          socket.onmessage = () => {
            socket.close();
            resolve();
          };
        }),
      `${site.url.replace(/^http/, 'ws')}/ws`,
    );
    await browser.clearCookies();
    await page.request.get(`${site.url}/api/jobs/viewjob/${LEAKY_JOB}`);
    await page.close();
    await drainContactScans();
    const leaks = takeContactLeaks().map(
      (leak) => `${leak.reader} ${leak.kind} ${new URL(leak.url).pathname}`,
    );
    const viewJob = `/api/jobs/viewjob/${LEAKY_JOB}`;
    assert.deepEqual(
      new Set(leaks),
      new Set([
        // the HTML page (a document), its fetch (XHR), the same call through page.request
        `company ${LEAKY_COMPANY.sub} phone /job-page`,
        ...['email', 'phone', 'address'].map((kind) => `company ${LEAKY_COMPANY.sub} ${kind} ${viewJob}`),
        // a WebSocket frame
        ...['email', 'phone', 'address'].map((kind) => `company ${LEAKY_COMPANY.sub} ${kind} /ws`),
        // signed out
        ...['email', 'phone', 'address'].map((kind) => `visitor ${kind} ${viewJob}`),
      ]),
    );
    // The company's view-job answer twice: the page's fetch and page.request.
    assert.equal(leaks.length, 13, leaks.join('\n'));
  });

  it('lets the poster, an admin and the company once its unlock is paid read them', async () => {
    const page = await browser.newPage();
    for (const reader of [LEAKY_POSTER, { sub: 'admin-1', type: 'admin' }]) {
      await signAs(browser, site.url, reader);
      await page.request.get(`${site.url}/api/jobs/viewjob/${LEAKY_JOB}`);
    }
    await signAs(browser, site.url, LEAKY_COMPANY);
    await page.request.post(`${site.url}/api/jobs/verifyPayment`, { data: { reference: 'r1' } });
    await page.goto(`${site.url}/job-page`);
    await page.waitForLoadState('networkidle');
    await page.close();
    await drainContactScans();
    assert.deepEqual(takeContactLeaks(), []);
    assert.ok(LEAKY_CONTACT.email);
  });
});
