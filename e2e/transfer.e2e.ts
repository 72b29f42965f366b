/**
 * Paying by bank transfer (issue 28), against the embedded topology with the sandbox provider, at 375 px
 * and by keyboard: a company unlocks a job by sandbox transfer ("I have sent the money"), sees "Waiting
 * for your transfer" with the amount, the account and the time left, leaves the page for its dashboard
 * (the transfer listed with its time left), is told there when the simulated bank confirms, and finds
 * the job unlocked, its header's bell saying the payment arrived. The bank confirms PAYMENTS_SANDBOX_TRANSFER_SECONDS (here 8) after the press.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { registerThroughApi, signInThroughApi, uniqueEmail } from './support/accounts';
import { seriousViolations, violationLines } from './support/axe';
import { launchBrowser, shoot, watchErrors } from './support/browser';
import { postJobThroughApi, signOut } from './support/marketplace';
import { startEmbedded, type EmbeddedSite } from './support/servers';

const PHONE = { width: 375, height: 800 };
const WIDE = { width: 1366, height: 900 };
const BANK_SECONDS = 8;

/** Screenshots at the phone width and the desktop width, back to the phone afterwards. */
async function shootBoth(page: Page, name: string): Promise<void> {
  await shoot(page, `${name}-375`);
  await page.setViewportSize(WIDE);
  await page.waitForTimeout(300); // the layout settles after the resize (not an assertion)
  await shoot(page, `${name}-1366`);
  await page.setViewportSize(PHONE);
}

async function expectNoSeriousViolations(page: Page, where: string): Promise<void> {
  assert.deepEqual(violationLines(await seriousViolations(page)), [], `axe on ${where}`);
}

/** Tabs until `target` has the focus (as a keyboard user would), then presses Enter on it. */
async function tabToAndPress(page: Page, target: ReturnType<Page['getByRole']>, maxTabs = 60): Promise<void> {
  for (let i = 0; i < maxTabs; i += 1) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) {
      await page.keyboard.press('Enter');
      return;
    }
    await page.keyboard.press('Tab');
  }
  assert.fail(`could not reach ${String(target)} with the Tab key`);
}

describe('paying by bank transfer (embedded, sandbox bank)', () => {
  let site: EmbeddedSite;
  let browser: BrowserContext;
  const stamp = Date.now().toString(36);
  const heading = `Fix the borehole pump ${stamp}`;
  const poster = {
    name: 'Chiamaka Eze',
    email: uniqueEmail('chiamaka'),
    password: 'poster-pass-1',
    phone: '08035550188',
    address: '3 Awolowo Road, Ikoyi',
  };
  const company = { name: 'Surulere Pumps Ltd', email: uniqueEmail('pumps'), password: 'company-pass-1' };
  let jobId = '';

  before(async () => {
    site = await startEmbedded({ env: { PAYMENTS_SANDBOX_TRANSFER_SECONDS: String(BANK_SECONDS) } });
    browser = await launchBrowser();
    const page = await browser.newPage();
    await registerThroughApi(page, site.url, poster);
    await registerThroughApi(page, site.url, { ...company, type: 'company' });
    await signInThroughApi(page, site.url, poster.email, poster.password);
    jobId = await postJobThroughApi(page, site.url, poster, {
      heading,
      description: 'The borehole pump stopped and the tank is empty.',
    });
    await signOut(page);
    await page.close();
  });
  after(async () => {
    await browser?.close();
    await site?.stop();
  });

  it('pays by sandbox transfer, leaves the page, is told when it is confirmed and finds the job unlocked', async () => {
    const page = await browser.newPage();
    await page.setViewportSize(PHONE);
    const errors = watchErrors(page);
    await signInThroughApi(page, site.url, company.email, company.password);

    // The job's card and modal, by keyboard.
    await page.goto(`${site.url}/jobs?q=${encodeURIComponent(stamp)}`);
    const card = page.getByRole('main').locator('article, li').filter({ hasText: heading }).first();
    await card.waitFor({ timeout: 20_000 });
    await tabToAndPress(page, card.getByRole('button', { name: 'Apply' }));
    const dialog = page.getByRole('dialog');
    const unlock = dialog.getByRole('button', { name: 'Unlock Information and Chat' });
    await unlock.waitFor({ timeout: 15_000 });
    await tabToAndPress(page, unlock);

    // The sandbox checkout offers the transfer: the account, the amount, "I have sent the money".
    await page.getByRole('heading', { name: 'Or pay by bank transfer or USSD' }).waitFor({ timeout: 20_000 });
    await page.getByText('9900112233', { exact: true }).waitFor();
    await shootBoth(page, 'transfer-sandbox-checkout');
    await tabToAndPress(page, page.getByRole('button', { name: 'I have sent the money' }));

    // Back on the marketplace: waiting, with what to send and the time left.
    await page.waitForURL(/\/payment\/callback\?/, { timeout: 20_000 });
    await page.getByRole('heading', { name: 'Waiting for your transfer' }).waitFor({ timeout: 20_000 });
    await page.getByText('9900112233', { exact: true }).waitFor({ timeout: 10_000 });
    await page.getByText('Amount to send').waitFor();
    const timeLeft = await page.locator('.payment-result__countdown').textContent();
    assert.match(timeLeft ?? '', /^(29|30):\d\d$/, `about 30 minutes left, got ${timeLeft}`);
    await expectNoSeriousViolations(page, 'the waiting page');
    await shootBoth(page, 'transfer-waiting');

    // It leaves the page at once: its dashboard lists the transfer on its way.
    await page.goto(`${site.url}/dashboard`);
    const transfers = page.getByRole('region', { name: 'Transfers on their way' });
    const waiting = await transfers
      .getByText(heading)
      .waitFor({ timeout: 20_000 })
      .then(() => true)
      .catch(() => false);
    if (waiting) {
      await transfers.getByText(/min left/).waitFor();
      await shootBoth(page, 'transfer-dashboard-pending');
    }

    // The simulated bank confirms; the dashboard (refreshing every 15 s) tells the company.
    const notice = page.getByText('Transfer confirmed.');
    await notice.waitFor({ timeout: 60_000 });
    await page.getByText(new RegExp(`for “${heading}” has arrived`)).waitFor();
    assert.equal(await transfers.count(), 0, 'nothing pending any more');
    await expectNoSeriousViolations(page, 'the dashboard with the notice');
    await shootBoth(page, 'transfer-dashboard-confirmed');

    // The job is unlocked: its card says so, and the contact details are served to this company.
    await page.goto(`${site.url}/jobs?q=${encodeURIComponent(stamp)}`);
    // In the page's results: the header's bell now lists a notice naming the same job.
    await page
      .getByRole('main')
      .locator('article, li')
      .filter({ hasText: heading })
      .first()
      .getByText('Already Applied - You Can Chat')
      .waitFor({ timeout: 20_000 });
    const view = await page.request.get(`${site.url}/api/jobs/viewjob/${jobId}`);
    const job = ((await view.json()) as { job: { contactLocked: boolean; phoneNumber?: string } }).job;
    assert.equal(job.contactLocked, false, 'the transfer unlocked the job');

    // The header's bell says it too (jobs' consumer of payments.unlock.confirmed), by keyboard: the amount
    // and the job, nothing of the poster's; the notice opens the job and is then read.
    const bell = page.getByRole('button', { name: /^Notifications, \d+ unread$/ });
    await bell.waitFor({ timeout: 30_000 });
    await tabToAndPress(page, bell);
    const bellNotice = page.getByRole('link', {
      name: new RegExp(`^New: Your payment of ₦[\\d,.]+ for ${heading} has arrived: the job is unlocked`),
    });
    await bellNotice.waitFor({ timeout: 15_000 });
    assert.equal(await bellNotice.getAttribute('href'), `/jobs?job=${jobId}`);
    const said = (await bellNotice.textContent()) ?? '';
    for (const secret of [poster.name, poster.email, poster.phone, poster.address]) {
      assert.ok(!said.includes(secret), `the notice says nothing of the poster's (${secret})`);
    }
    await expectNoSeriousViolations(page, 'the bell with the payment notice');
    await shootBoth(page, 'transfer-bell-confirmed');
    await tabToAndPress(page, bellNotice);
    await page.waitForURL(new RegExp(`/jobs\\?job=${jobId}`), { timeout: 15_000 });
    // Opening it marked it read (the job's dialog now covers the header: asked of the API).
    for (let tries = 0; ; tries += 1) {
      const list = await page.request.get(`${site.url}/api/jobs/notifications`);
      const body = (await list.json()) as { notifications: Array<{ jobId: string; read: boolean }> };
      if (body.notifications.some((n) => n.jobId === jobId && n.read)) break;
      assert.ok(tries < 40, 'the payment notice is marked read once opened');
      await page.waitForTimeout(250); // polling, not an assertion
    }

    // The notice goes away for good once dismissed.
    await page.goto(`${site.url}/dashboard`);
    await tabToAndPress(page, page.getByRole('button', { name: `Dismiss the notice about ${heading}` }));
    await page.reload();
    await page
      .getByRole('region', { name: 'Payments' })
      .getByText(heading)
      .first()
      .waitFor({ timeout: 20_000 });
    assert.equal(await page.getByText('Transfer confirmed.').count(), 0, 'dismissed');
    assert.deepEqual(errors, []);
    await signOut(page);
    await page.close();
  });
});
