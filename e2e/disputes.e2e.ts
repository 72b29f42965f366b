/**
 * The dispute journey against the embedded topology, at 375 px and by keyboard: a company that paid to
 * unlock a job disputes it from its dashboard (a fixed reason and a note), an admin finds it in the
 * disputes queue (/alldisputes, from the menu) and refunds it; the company's dashboard shows the refund,
 * the job's contact details are locked for it again, its bell says the dispute was accepted, and the
 * conversation turns read-only. axe runs on the dashboard with the dispute dialog open, on the bell and
 * on the queue.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import {
  CHAT_MESSAGES,
  DISPUTE_MESSAGES,
  DISPUTE_REASON_LABELS,
  DISPUTE_RULE_SUMMARY,
  REFUND_REASON_MESSAGES,
} from '@marketplace/contracts';
import { E2E_ADMIN, registerThroughApi, signInThroughApi, uniqueEmail } from './support/accounts';
import { seriousViolations, violationLines } from './support/axe';
import { launchBrowser, shoot, watchErrors } from './support/browser';
import { myId, postJobThroughApi, signOut, unlockThroughSandbox } from './support/marketplace';
import { startEmbedded, type EmbeddedSite } from './support/servers';

const PHONE = { width: 375, height: 812 };
const WIDE = { width: 1366, height: 900 };

/** Waits (polling, no timing assertion) until `check` holds; fails with `what` otherwise. */
async function eventually(what: string, check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) assert.fail(`not in time: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function contactLocked(page: Page, baseUrl: string, jobId: string): Promise<boolean> {
  const response = await page.request.get(`${baseUrl}/api/jobs/viewjob/${jobId}`);
  assert.equal(response.status(), 200);
  return ((await response.json()) as { job: { contactLocked: boolean } }).job.contactLocked;
}

async function expectNoSeriousViolations(page: Page, where: string): Promise<void> {
  const lines = violationLines(await seriousViolations(page));
  assert.deepEqual(lines, [], `axe on ${where}`);
}

/** Screenshots at the phone width (the journey's) and the desktop width, back to the phone. */
async function shootBoth(page: Page, name: string): Promise<void> {
  await shoot(page, `${name}-375`);
  await page.setViewportSize(WIDE);
  await page.waitForTimeout(300); // let the layout settle after the resize (not an assertion)
  await shoot(page, `${name}-1366`);
  await page.setViewportSize(PHONE);
  await page.waitForTimeout(300);
}

describe('dispute journey (embedded, 375 px, keyboard)', () => {
  let site: EmbeddedSite;
  let browser: BrowserContext;
  const stamp = Date.now().toString(36);
  const heading = `Fix the gate motor ${stamp}`;
  const poster = {
    name: 'Funmi Adebayo',
    email: uniqueEmail('funmi'),
    password: 'poster-pass-1',
    phone: '08035550199',
    address: '3 Awolowo Road, Ikoyi',
  };
  const company = {
    name: 'Gatekeepers Nigeria',
    email: uniqueEmail('gatekeepers'),
    password: 'company-pass-1',
  };
  let jobId = '';
  let companyId = '';

  before(async () => {
    site = await startEmbedded();
    browser = await launchBrowser();
    const page = await browser.newPage();
    await registerThroughApi(page, site.url, poster);
    await registerThroughApi(page, site.url, { ...company, type: 'company' });
    await signInThroughApi(page, site.url, poster.email, poster.password);
    jobId = await postJobThroughApi(page, site.url, poster, {
      heading,
      description: 'The sliding gate motor stopped; it needs a look before the weekend.',
    });
    await signOut(page);
    await signInThroughApi(page, site.url, company.email, company.password);
    companyId = await myId(page, site.url);
    await unlockThroughSandbox(page, site.url, jobId);
    assert.equal(await contactLocked(page, site.url, jobId), false, 'the company paid and sees the contact');
    await signOut(page);
    await page.close();
  });
  after(async () => {
    await browser?.close();
    await site?.stop();
  });

  it('the company disputes, the admin refunds; the access ends and the chat turns read-only', async () => {
    const page = await browser.newPage();
    await page.setViewportSize(PHONE);
    const errors = watchErrors(page);

    // The rule is stated before payment: the terms have the section.
    await page.goto(`${site.url}/termsandcondition#disputing-a-bad-lead`);
    await page.getByRole('heading', { level: 2, name: 'Disputing a bad lead' }).waitFor({ timeout: 20_000 });
    await page.getByText(/within 14 days of the payment/).waitFor();
    await shootBoth(page, 'disputes-terms');

    // ---- The company disputes from its dashboard, by keyboard.
    await signInThroughApi(page, site.url, company.email, company.password);
    await page.goto(`${site.url}/dashboard`);
    const payments = page.getByRole('region', { name: 'Payments' });
    const row = payments.getByRole('row').filter({ hasText: heading });
    const disputeButton = row.getByRole('button', { name: `Dispute this lead: ${heading}` });
    await disputeButton.waitFor({ timeout: 20_000 });
    await disputeButton.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Dispute this lead' });
    await dialog.waitFor();
    // Focus starts in the dialog on the first reason; the arrow keys move through the fixed reasons.
    const firstReason = dialog.getByRole('radio', { name: DISPUTE_REASON_LABELS['phone-unreachable'] });
    await eventually('focus in the dialog', async () =>
      firstReason.evaluate((el) => el === document.activeElement),
    );
    await page.keyboard.press('Space');
    assert.equal(await firstReason.isChecked(), true);
    await page.keyboard.press('Tab');
    await page.keyboard.type('Called six times over two days; the number is switched off.');
    await expectNoSeriousViolations(page, 'the dispute dialog at 375 px');
    await shootBoth(page, 'disputes-company-dialog');
    await dialog.getByRole('button', { name: 'Send dispute' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText(DISPUTE_MESSAGES.opened).first().waitFor({ timeout: 20_000 });
    await dialog.waitFor({ state: 'detached', timeout: 10_000 });
    await row.getByText(/You disputed this unlock on/).waitFor({ timeout: 20_000 });
    assert.equal(
      await row.getByRole('button', { name: /Dispute this lead/ }).count(),
      0,
      'one dispute per unlock',
    );
    await shootBoth(page, 'disputes-company-open');
    await signOut(page);

    // ---- The admin: the menu leads to the queue; refund by keyboard.
    await signInThroughApi(page, site.url, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.goto(`${site.url}/allusers`);
    // At 375 px the menu is behind the top bar's Menu button.
    const menuButton = page.getByRole('button', { name: 'Menu', exact: true });
    await menuButton.waitFor({ timeout: 20_000 });
    await menuButton.focus();
    await page.keyboard.press('Enter');
    const link = page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Disputes' });
    await link.waitFor({ timeout: 10_000 });
    await link.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(`${site.url}/alldisputes`);
    const card = page.getByRole('article').filter({ hasText: heading });
    await card.waitFor({ timeout: 20_000 });
    await card.getByText(DISPUTE_REASON_LABELS['phone-unreachable']).waitFor();
    await card.getByText('No answer in the chat').waitFor();
    await card.getByText(/1 of 1 unlocks/).waitFor();
    await expectNoSeriousViolations(page, 'the disputes queue at 375 px');
    await shootBoth(page, 'disputes-admin-queue');
    const refund = card.getByRole('button', { name: `Refund ${company.name} for ${heading}` });
    await refund.focus();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: 'Refund this unlock' });
    await confirm.getByText(REFUND_REASON_MESSAGES.dispute).waitFor();
    await shootBoth(page, 'disputes-admin-refund-dialog');
    await confirm.getByRole('button', { name: 'Refund ₦1,000' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText(DISPUTE_MESSAGES.refunded).first().waitFor({ timeout: 20_000 });
    await confirm.waitFor({ state: 'detached', timeout: 10_000 });
    await page.getByText(/No disputes to decide/).waitFor({ timeout: 20_000 });
    await page.getByLabel('Show').selectOption('refunded');
    await page
      .getByRole('article')
      .filter({ hasText: heading })
      .getByText('Refunded')
      .first()
      .waitFor({ timeout: 20_000 });
    await shootBoth(page, 'disputes-admin-refunded');
    await signOut(page);

    // ---- The company: the refund on its dashboard, the contact locked, the chat read-only.
    await signInThroughApi(page, site.url, company.email, company.password);
    await eventually('the unlock is taken back', () => contactLocked(page, site.url, jobId));
    await page.goto(`${site.url}/dashboard`);
    await row.getByText('Refunded', { exact: true }).waitFor({ timeout: 20_000 });
    await row.getByText(REFUND_REASON_MESSAGES.dispute).waitFor();
    await shootBoth(page, 'disputes-company-refunded');

    // The bell tells it too (jobs' consumer of payments.dispute.decided), by keyboard: the decision in
    // plain words with the amount, leading to the dashboard's payments, nothing of the poster's.
    const bell = page.getByRole('button', { name: /^Notifications, \d+ unread$/ });
    await bell.waitFor({ timeout: 30_000 });
    await bell.focus();
    await page.keyboard.press('Enter');
    const notice = page.getByRole('link', {
      name: new RegExp(`^New: Your dispute about ${heading} was accepted: ₦[\\d,.]+ is being refunded`),
    });
    await notice.waitFor({ timeout: 15_000 });
    assert.equal(await notice.getAttribute('href'), '/dashboard#payments');
    const said = (await notice.textContent()) ?? '';
    for (const secret of [poster.name, poster.email, poster.phone, poster.address]) {
      assert.ok(!said.includes(secret), `the notice says nothing of the poster's (${secret})`);
    }
    await expectNoSeriousViolations(page, 'the bell with the dispute notice');
    await shootBoth(page, 'disputes-company-bell');
    await page.keyboard.press('Escape');

    let chatId = '';
    await eventually('the conversation is listed', async () => {
      const inbox = await page.request.get(`${site.url}/api/jobs/user/chat/${companyId}`);
      if (!inbox.ok()) return false;
      const chats = (await inbox.json()) as Array<{ _id: string; jobId: { _id: string } }>;
      chatId = chats.find((chat) => chat.jobId._id === jobId)?._id ?? '';
      return chatId !== '';
    });
    await eventually('the conversation is read-only', async () => {
      const thread = await page.request.get(`${site.url}/api/jobs/chat/${chatId}`);
      return ((await thread.json()) as { readOnly?: boolean }).readOnly === true;
    });
    await page.goto(`${site.url}/chat?chat=${chatId}`);
    await page.getByText(CHAT_MESSAGES.readOnly).waitFor({ timeout: 20_000 });
    assert.equal(await page.getByRole('textbox', { name: /Message to/ }).count(), 0, 'no way to write');
    await shootBoth(page, 'disputes-company-chat-closed');
    assert.deepEqual(errors, []);
    await signOut(page);
    await page.close();
  });

  it('the pay button has the dispute rule beside it, before payment', async () => {
    const page = await browser.newPage();
    await page.setViewportSize(PHONE);
    const other = { name: 'Second Gate Co', email: uniqueEmail('secondgate'), password: 'company-pass-2' };
    await registerThroughApi(page, site.url, { ...other, type: 'company' });
    await signInThroughApi(page, site.url, other.email, other.password);
    await page.goto(`${site.url}/jobs?q=${encodeURIComponent(stamp)}`);
    const jobCard = page.getByRole('main').locator('article, li').filter({ hasText: heading }).first();
    await jobCard.waitFor({ timeout: 20_000 });
    await jobCard.getByRole('button', { name: 'Apply' }).focus();
    await page.keyboard.press('Enter');
    const modal = page.getByRole('dialog');
    await modal.getByText(DISPUTE_RULE_SUMMARY).waitFor({ timeout: 20_000 });
    await shootBoth(page, 'disputes-unlock-modal');
    await signOut(page);
    await page.close();
  });
});
