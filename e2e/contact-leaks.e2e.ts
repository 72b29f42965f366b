/**
 * The contact-leak scanner bites (support/leak-watch.ts, which every journey's browser context runs):
 * on a site that shows a job's contact details to anyone, a journey that lets a company read them fails
 * although it asserts nothing itself; and the scanner sees documents, the pages' own fetches and
 * `page.request` calls, judged by who is signed in, and the mail a site writes, judged by its recipient;
 * and it lets the entitled readers through.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { BrowserContext } from 'playwright-core';
import { launchBrowser } from './support/browser';
import {
  drainContactScans,
  scanMailOutboxes,
  takeContactLeaks,
  unwatchMailOutbox,
  watchMailOutbox,
} from './support/leak-watch';
import {
  LEAKY_COMPANY,
  LEAKY_CONTACT,
  LEAKY_JOB,
  LEAKY_POSTER,
  addressOf,
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

  it('reads the mail a site writes, each judged as its recipient', async () => {
    const outbox = mkdtempSync(join(tmpdir(), 'e2e-leaky-mail-'));
    try {
      watchMailOutbox(outbox);
      // The scanner learns who reads which address from the members' own answers.
      const page = await browser.newPage();
      for (const member of [LEAKY_COMPANY, LEAKY_POSTER]) {
        await signAs(browser, site.url, member);
        await page.request.get(`${site.url}/api/user/me`);
      }
      await page.close();
      await drainContactScans();
      // As the accounts service's mailer writes them (quoted-printable), a leaking mail to the company
      // that has not paid and to an address nobody signs in with, and two that may carry the details.
      const mail = (to: string) =>
        [
          'From: Marketplace <no-reply@marketplace.local>',
          `To: ${to}`,
          'Subject: A new job in your category',
          'Content-Type: text/plain; charset=utf-8',
          'Content-Transfer-Encoding: quoted-printable',
          '',
          `Call the poster on ${LEAKY_CONTACT.phoneNumber} or write to leaky.poster=40example.com, a long line =`,
          'that the encoding folded.',
          '',
        ].join('\n');
      const recipients = {
        company: `Leaky Plumbing <${addressOf(LEAKY_COMPANY)}>`,
        stranger: 'stranger@example.com',
        poster: addressOf(LEAKY_POSTER),
        support: 'support@marketplace.local',
      };
      for (const [name, to] of Object.entries(recipients))
        writeFileSync(join(outbox, `${name}.eml`), mail(to));
      scanMailOutboxes();
      const leaks = takeContactLeaks().map((leak) => `${leak.reader} ${leak.kind} ${leak.url}`);
      assert.deepEqual(
        leaks.sort(),
        [
          `company ${LEAKY_COMPANY.sub} email mail ${join(outbox, 'company.eml')} to ${addressOf(LEAKY_COMPANY)}`,
          `company ${LEAKY_COMPANY.sub} phone mail ${join(outbox, 'company.eml')} to ${addressOf(LEAKY_COMPANY)}`,
          `visitor email mail ${join(outbox, 'stranger.eml')} to stranger@example.com`,
          `visitor phone mail ${join(outbox, 'stranger.eml')} to stranger@example.com`,
        ].sort(),
      );
      // Each mail is read once.
      scanMailOutboxes();
      assert.deepEqual(takeContactLeaks(), []);
    } finally {
      unwatchMailOutbox(outbox);
      rmSync(outbox, { recursive: true, force: true });
    }
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
