/**
 * The payments journeys against the embedded topology with a cap of 2 unlocks per job (UNLOCK_CAP=2):
 * a declined payment on the sandbox checkout shows the spec's failure message and unlocks nothing; once two
 * companies have paid, the third meets a full job (the card and the modal say so and the service refuses to
 * start a payment); the admin sees the payments on /allpayments and refunds one, after which the company's
 * dashboard shows the refund and the job's contact details are locked for it again.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { jobFullMessage } from '@marketplace/contracts';
import { E2E_ADMIN, registerThroughApi, signInThroughApi, uniqueEmail } from './support/accounts';
import { launchBrowser, shoot, watchErrors } from './support/browser';
import { csrfToken, postJobThroughApi, signOut, unlockThroughSandbox } from './support/marketplace';
import { startEmbedded, type EmbeddedSite } from './support/servers';

const CAP = 2;
const WIDE = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 800 };

interface ViewJob {
  contactLocked: boolean;
  phoneNumber?: string | null;
  email?: string | null;
}

/** GET /api/jobs/viewjob/{id} as the signed-in member of `page`: the job and its raw body. */
async function viewJob(page: Page, baseUrl: string, jobId: string): Promise<{ job: ViewJob; raw: string }> {
  const response = await page.request.get(`${baseUrl}/api/jobs/viewjob/${jobId}`);
  const raw = await response.text();
  assert.equal(response.status(), 200, raw);
  return { job: (JSON.parse(raw) as { job: ViewJob }).job, raw };
}

/** Waits (polling, no timing assertion) until `check` holds; fails with `what` otherwise. */
async function eventually(what: string, check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) assert.fail(`not in time: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Screenshots of the current page at the desktop and the phone width. */
async function shootBoth(page: Page, name: string): Promise<void> {
  await page.setViewportSize(WIDE);
  await shoot(page, `${name}-1280`);
  await page.setViewportSize(PHONE);
  await page.waitForTimeout(300); // let the layout settle after the resize (not an assertion)
  await shoot(page, `${name}-375`);
  await page.setViewportSize(WIDE);
}

describe('payments journeys (embedded, cap 2)', () => {
  let site: EmbeddedSite;
  let browser: BrowserContext;
  const stamp = Date.now().toString(36);
  const heading = `Rewire the shop front ${stamp}`;
  const poster = {
    name: 'Adaeze Nwosu',
    email: uniqueEmail('adaeze'),
    password: 'poster-pass-1',
    phone: '08035550177',
    address: '7 Allen Avenue, Ikeja',
  };
  const companies = [
    { name: 'Ikeja Sparks Ltd', email: uniqueEmail('sparks'), password: 'company-pass-1' },
    { name: 'Bright Wire Nigeria', email: uniqueEmail('brightwire'), password: 'company-pass-2' },
    { name: 'Lekki Electricals', email: uniqueEmail('lekki'), password: 'company-pass-3' },
  ] as const;
  const [first, second, third] = companies;
  let jobId = '';
  const references: Record<string, string> = {};

  before(async () => {
    site = await startEmbedded({ env: { UNLOCK_CAP: String(CAP) } });
    browser = await launchBrowser();
    const page = await browser.newPage();
    await registerThroughApi(page, site.url, poster);
    for (const company of companies) {
      await registerThroughApi(page, site.url, { ...company, type: 'company' });
    }
    await signInThroughApi(page, site.url, poster.email, poster.password);
    jobId = await postJobThroughApi(page, site.url, poster, {
      heading,
      description: 'Three sockets and the shop sign need new wiring before the opening.',
    });
    await signOut(page);
    await page.close();
  });
  after(async () => {
    await browser?.close();
    await site?.stop();
  });

  /** Opens the job's modal from its card on /jobs as the signed-in company. */
  async function openJobModal(page: Page) {
    await page.goto(`${site.url}/jobs?q=${encodeURIComponent(stamp)}`);
    const card = page.getByRole('main').locator('article, li').filter({ hasText: heading }).first();
    await card.waitFor({ timeout: 20_000 });
    return card;
  }

  it('a declined payment on the sandbox checkout shows the failure message and unlocks nothing', async () => {
    const page = await browser.newPage();
    const errors = watchErrors(page);
    await signInThroughApi(page, site.url, first.email, first.password);

    // Through the screens: the card's Apply, the modal's unlock button, the provider's page.
    const card = await openJobModal(page);
    await card.getByRole('button', { name: 'Apply' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(`of ${CAP} companies`).waitFor({ timeout: 15_000 });
    await dialog.getByRole('button', { name: 'Unlock Information and Chat' }).click();
    await page
      .getByText(/test payment/i)
      .first()
      .waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Decline' }).click();
    await page.waitForURL(/\/payment\/callback\?/, { timeout: 20_000 });
    await page
      .getByRole('heading', { name: 'Payment Failed. Please try again.' })
      .waitFor({ timeout: 20_000 });
    await shootBoth(page, 'payments-declined');

    const { job, raw } = await viewJob(page, site.url, jobId);
    assert.equal(job.contactLocked, true, 'a declined payment unlocks nothing');
    assert.ok(!raw.includes(poster.phone.slice(1)) && !raw.includes(poster.email), 'no contact details');

    // The company's dashboard lists the failed payment in plain words.
    await page.goto(`${site.url}/dashboard`);
    const payments = page.getByRole('region', { name: 'Payments' });
    const row = payments.getByRole('row').filter({ hasText: heading });
    await row.getByText('Failed', { exact: true }).waitFor({ timeout: 20_000 });
    await row.getByText(/nothing was unlocked and you were not charged/).waitFor();
    assert.deepEqual(errors, []);
    await signOut(page);
    await page.close();
  });

  it(`with a cap of ${CAP}, the third company meets a full job`, async () => {
    const page = await browser.newPage();
    const errors = watchErrors(page);
    for (const company of [first, second]) {
      await signInThroughApi(page, site.url, company.email, company.password);
      references[company.name] = await unlockThroughSandbox(page, site.url, jobId);
      const { job } = await viewJob(page, site.url, jobId);
      assert.equal(job.contactLocked, false, `${company.name} paid and sees the contact details`);
      await signOut(page);
    }

    await signInThroughApi(page, site.url, third.email, third.password);
    const card = await openJobModal(page);
    await card.getByText(`${CAP} companies unlocked`).waitFor({ timeout: 20_000 });
    await card.getByRole('button', { name: 'Apply' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(`0 of ${CAP} companies`).waitFor({ timeout: 15_000 });
    await dialog.getByText(jobFullMessage(2)).waitFor();
    assert.equal(
      await dialog.getByRole('button', { name: 'Unlock Information and Chat' }).isDisabled(),
      true,
      'the unlock button is off',
    );
    await shoot(page, 'payments-job-full-modal');

    // The service refuses it too, whatever the browser does.
    const refused = await page.request.post(`${site.url}/api/jobs/initializePayment`, {
      headers: { 'x-csrf-token': await csrfToken(page) },
      data: { jobId },
    });
    assert.equal(refused.status(), 409);
    const body = (await refused.json()) as { errorMessage?: string; message?: string };
    assert.equal(
      body.errorMessage ?? body.message,
      `This job already has ${CAP} companies, the most it can have. It cannot be unlocked.`,
    );
    assert.equal((await viewJob(page, site.url, jobId)).job.contactLocked, true);
    assert.deepEqual(errors, []);
    await signOut(page);
    await page.close();
  });

  it('the admin sees the payments and refunds one; the company sees the refund and is locked out again', async () => {
    assert.ok(references[second.name], 'the second company paid in the journey before');
    const page = await browser.newPage();
    const errors = watchErrors(page);
    await signInThroughApi(page, site.url, E2E_ADMIN.email, E2E_ADMIN.password);

    // The menu leads there.
    await page.goto(`${site.url}/allusers`);
    await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Payments' }).click();
    await page.waitForURL(`${site.url}/allpayments`);
    const table = page.getByRole('table');
    await table.waitFor({ timeout: 20_000 });
    // The declined one and the two paid ones, newest first.
    const rows = table.getByRole('row').filter({ hasText: heading });
    await eventually('three payments listed', async () => (await rows.count()) === 3);
    await table.getByRole('row').filter({ hasText: references[second.name] }).getByText('Paid').waitFor();
    await table.getByRole('row').filter({ hasText: 'Declined at checkout' }).waitFor();
    await shootBoth(page, 'payments-admin-list');

    // The filters live in the address.
    await page.getByLabel('Status').selectOption('paid');
    await page.waitForURL(/[?&]status=paid/);
    await eventually('only the paid ones', async () => (await rows.count()) === 2);

    await page.getByRole('button', { name: `Refund ${second.name} for ${heading}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Refund this payment' });
    await dialog.getByText(references[second.name]!).waitFor();
    await dialog.getByRole('radio', { name: /Dead lead/ }).check();
    await shoot(page, 'payments-admin-refund-dialog');
    await dialog.getByRole('button', { name: 'Refund ₦1,000' }).click();
    await page.getByText('Payment refunded.').first().waitFor({ timeout: 20_000 });
    await dialog.waitFor({ state: 'detached', timeout: 10_000 });
    // Only paid ones are listed: the refunded one leaves; as 'Refunded' it is there with its reason.
    await eventually('the refunded payment left the paid list', async () => (await rows.count()) === 1);
    await page.getByLabel('Status').selectOption('refunded');
    const refundedRow = table.getByRole('row').filter({ hasText: references[second.name] });
    await refundedRow.getByText('Money returned').waitFor({ timeout: 20_000 });
    await refundedRow.getByText(/poster could not be reached/).waitFor();
    await shoot(page, 'payments-admin-refunded');
    assert.deepEqual(errors, []);
    await signOut(page);

    // The company: the refund on its dashboard, and the contact details locked again.
    await signInThroughApi(page, site.url, second.email, second.password);
    await eventually('the unlock is taken back', async () => {
      const { job } = await viewJob(page, site.url, jobId);
      return job.contactLocked;
    });
    const { raw } = await viewJob(page, site.url, jobId);
    assert.ok(!raw.includes(poster.phone.slice(1)) && !raw.includes(poster.email), 'no contact details');

    await page.goto(`${site.url}/dashboard`);
    const payments = page.getByRole('region', { name: 'Payments' });
    const row = payments.getByRole('row').filter({ hasText: heading });
    await row.getByText('Refunded', { exact: true }).waitFor({ timeout: 20_000 });
    await row.getByText(/poster could not be reached/).waitFor();
    await row.getByText(/The money has been returned to you/).waitFor();
    await shootBoth(page, 'payments-company-dashboard');
    assert.deepEqual(errors, []);
    await signOut(page);
    await page.close();
  });
});
