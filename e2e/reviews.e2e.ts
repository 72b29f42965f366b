/**
 * The verified review journey against the embedded topology, at 375 px and by keyboard: a poster reviews
 * the company hired for a completed job (the review modal offers only that company, "Verified hire"); the
 * company replies on its profile; another member reports the review; an admin hides it from the reported
 * reviews (/allreviews, from the menu) and the profile's review count drops. axe runs on the profile with
 * the report dialog open and on the admins' queue.
 * The hire is the poster accepting the company's offer (through the API: the offers' own journey drives
 * those screens).
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import {
  JOB_API,
  lagosToday,
  MESSAGES,
  REVIEW_MODERATION_MESSAGES,
  REVIEW_REPORT_REASON_LABELS,
} from '@marketplace/contracts';
import { E2E_ADMIN, registerThroughApi, signInThroughApi, uniqueEmail } from './support/accounts';
import { seriousViolations, violationLines } from './support/axe';
import { launchBrowser, shoot, watchErrors } from './support/browser';
import { csrfToken, myId, postJobThroughApi, signOut, unlockThroughSandbox } from './support/marketplace';
import { startEmbedded, type EmbeddedSite } from './support/servers';

const PHONE = { width: 375, height: 812 };
const WIDE = { width: 1366, height: 900 };

async function eventually(what: string, check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) assert.fail(`not in time: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function expectNoSeriousViolations(page: Page, where: string): Promise<void> {
  const lines = violationLines(await seriousViolations(page));
  assert.deepEqual(lines, [], `axe on ${where}`);
}

async function shootBoth(page: Page, name: string): Promise<void> {
  await shoot(page, `${name}-375`);
  await page.setViewportSize(WIDE);
  await page.waitForTimeout(300); // let the layout settle after the resize (not an assertion)
  await shoot(page, `${name}-1366`);
  await page.setViewportSize(PHONE);
  await page.waitForTimeout(300);
}

/** The company's rating count as the directory (accounts) has it: what cards and the profile show. */
async function ratingCount(page: Page, baseUrl: string, companyId: string): Promise<number> {
  const response = await page.request.get(`${baseUrl}/api/accounts/companies/${companyId}`);
  assert.equal(response.status(), 200);
  return ((await response.json()) as { company: { rating: { count: number } } }).company.rating.count;
}

/** How many reviews the public list (jobs) shows for the company: what the profile's list renders. */
async function publicReviewCount(page: Page, baseUrl: string, companyId: string): Promise<number> {
  const response = await page.request.get(`${baseUrl}${JOB_API.reviews(companyId)}`);
  assert.equal(response.status(), 200);
  return ((await response.json()) as { reviews: unknown[] }).reviews.length;
}

describe('verified review journey (embedded, 375 px, keyboard)', () => {
  let site: EmbeddedSite;
  let browser: BrowserContext;
  const dataDir = mkdtempSync(join(tmpdir(), 'e2e-reviews-'));
  const stamp = Date.now().toString(36);
  const heading = `Replace the kitchen tap ${stamp}`;
  const poster = {
    name: 'Ngozi Eze',
    email: uniqueEmail('ngozi'),
    password: 'poster-pass-1',
    phone: '08035550177',
    address: '9 Bourdillon Road, Ikoyi',
  };
  const company = { name: 'Tapmasters Lagos', email: uniqueEmail('tapmasters'), password: 'company-pass-1' };
  const reporter = { name: 'Yusuf Bello', email: uniqueEmail('yusuf'), password: 'customer-pass-1' };
  const reviewText = 'Fixed the tap in under an hour and cleaned up after. Would hire again.';
  const replyText = 'Thank you, Ngozi! It was a pleasure.';
  let jobId = '';
  let companyId = '';

  before(async () => {
    site = await startEmbedded({ dataDir });
    browser = await launchBrowser();
    const page = await browser.newPage();
    await registerThroughApi(page, site.url, poster);
    await registerThroughApi(page, site.url, { ...company, type: 'company' });
    await registerThroughApi(page, site.url, reporter);
    await signInThroughApi(page, site.url, poster.email, poster.password);
    jobId = await postJobThroughApi(page, site.url, poster, {
      heading,
      description: 'The kitchen tap drips day and night; it needs replacing.',
    });
    await signOut(page);
    await signInThroughApi(page, site.url, company.email, company.password);
    companyId = await myId(page, site.url);
    await unlockThroughSandbox(page, site.url, jobId);
    // The company's offer, and the poster's acceptance below: the hire that makes the review verified.
    const offered = await page.request.post(`${site.url}/api/jobs/offers`, {
      headers: { 'x-csrf-token': await csrfToken(page) },
      data: { jobId, priceNaira: 12_000, startDate: lagosToday(), validDays: 7, note: 'A new mixer tap.' },
    });
    assert.equal(offered.status(), 201, await offered.text());
    const offerId = ((await offered.json()) as { offer: { _id: string } }).offer._id;
    await signOut(page);
    await signInThroughApi(page, site.url, poster.email, poster.password);
    const accepted = await page.request.post(`${site.url}/api/jobs/offers/${offerId}/accept`, {
      headers: { 'x-csrf-token': await csrfToken(page) },
    });
    assert.equal(accepted.status(), 200, await accepted.text());
    const completed = await page.request.put(`${site.url}/api/jobs/complete/${jobId}`, {
      headers: { 'x-csrf-token': await csrfToken(page) },
      data: { status: 'completed' },
    });
    assert.equal(completed.status(), 200, await completed.text());
    await signOut(page);
    await page.close();
  });
  after(async () => {
    await browser?.close();
    await site?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('the poster reviews the hire, the company replies, a member reports, an admin hides it', async () => {
    const page = await browser.newPage();
    await page.setViewportSize(PHONE);
    const errors = watchErrors(page);

    // ---- The poster: the review modal offers only the hired company, labelled "Verified hire".
    await signInThroughApi(page, site.url, poster.email, poster.password);
    await page.goto(`${site.url}/dashboard`);
    const reviewButton = page.getByRole('button', { name: `Review a company for ${heading}` });
    await reviewButton.waitFor({ timeout: 20_000 });
    await reviewButton.focus();
    await page.keyboard.press('Enter');
    const modal = page.getByRole('dialog', { name: 'Review a company' });
    const select = modal.getByRole('combobox', { name: 'Company' });
    await select.waitFor({ timeout: 20_000 });
    assert.equal(await select.inputValue(), companyId, 'the hired company is chosen');
    assert.deepEqual(
      (await select.locator('option').allTextContents()).filter((text) => text !== 'Choose a company'),
      [`${company.name} (${REVIEW_MODERATION_MESSAGES.verifiedHire})`],
    );
    // The stars by keyboard (their radios are visually hidden behind the star icons).
    await modal.getByRole('radio', { name: '5 stars' }).focus();
    await page.keyboard.press('Space');
    assert.equal(await modal.getByRole('radio', { name: '5 stars' }).isChecked(), true);
    await modal.getByRole('textbox', { name: 'Description' }).fill(reviewText);
    await shootBoth(page, 'reviews-poster-modal');
    await page.getByRole('button', { name: MESSAGES.postReview }).focus();
    await page.keyboard.press('Enter');
    await modal.waitFor({ state: 'detached', timeout: 20_000 });
    await signOut(page);

    // ---- The company: its profile shows the verified review; it replies by keyboard.
    await signInThroughApi(page, site.url, company.email, company.password);
    await page.goto(`${site.url}/company-profile/${companyId}`);
    const review = page.getByRole('listitem').filter({ hasText: reviewText });
    await review.waitFor({ timeout: 20_000 });
    await review.getByText(REVIEW_MODERATION_MESSAGES.verifiedHire).waitFor();
    const replyButton = review.getByRole('button', { name: 'Reply' });
    await replyButton.focus();
    await page.keyboard.press('Enter');
    const replyField = review.getByRole('textbox', { name: 'Your public reply' });
    await eventually('focus in the reply', async () =>
      replyField.evaluate((el) => el === document.activeElement),
    );
    await page.keyboard.type(replyText);
    await review.getByRole('button', { name: 'Publish reply' }).focus();
    await page.keyboard.press('Enter');
    await review.getByText(replyText).waitFor({ timeout: 20_000 });
    await review.getByText(REVIEW_MODERATION_MESSAGES.replyFrom(company.name)).waitFor();
    assert.equal(await review.getByRole('button', { name: 'Reply' }).count(), 0, 'one reply per review');
    await shootBoth(page, 'reviews-company-replied');
    await signOut(page);

    // ---- Another member reports it, by keyboard.
    await signInThroughApi(page, site.url, reporter.email, reporter.password);
    await page.goto(`${site.url}/company-profile/${companyId}`);
    await review.waitFor({ timeout: 20_000 });
    await eventually(
      'the profile counts the review',
      async () => (await ratingCount(page, site.url, companyId)) === 1,
    );
    const report = review.getByRole('button', { name: 'Report' });
    await report.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Report this review' });
    await dialog.waitFor();
    const firstReason = dialog.getByRole('radio', {
      name: REVIEW_REPORT_REASON_LABELS['false-or-misleading'],
    });
    await eventually('focus in the dialog', async () =>
      firstReason.evaluate((el) => el === document.activeElement),
    );
    await page.keyboard.press('Space');
    assert.equal(await firstReason.isChecked(), true);
    await dialog.getByRole('textbox', { name: 'Note (optional)' }).fill('I know this job; it was not done.');
    await expectNoSeriousViolations(page, 'the profile with the report dialog at 375 px');
    await shootBoth(page, 'reviews-report-dialog');
    await dialog.getByRole('button', { name: 'Send report' }).focus();
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached', timeout: 20_000 });
    await review.getByText('Reported. Thank you.').waitFor();
    await signOut(page);

    // ---- The admin: the menu leads to the reported reviews; hide by keyboard with a reason.
    await signInThroughApi(page, site.url, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.goto(`${site.url}/allusers`);
    const menuButton = page.getByRole('button', { name: 'Menu', exact: true });
    await menuButton.waitFor({ timeout: 20_000 });
    await menuButton.focus();
    await page.keyboard.press('Enter');
    const link = page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Reviews' });
    await link.waitFor({ timeout: 10_000 });
    await link.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(`${site.url}/allreviews`);
    const card = page.getByRole('article').filter({ hasText: reviewText });
    await card.waitFor({ timeout: 20_000 });
    await card.getByText(REVIEW_REPORT_REASON_LABELS['false-or-misleading']).waitFor();
    await card.getByText('To decide').waitFor();
    await expectNoSeriousViolations(page, 'the reported reviews at 375 px');
    await shootBoth(page, 'reviews-admin-queue');
    const hide = card.getByRole('button', { name: /^Hide the review by/ });
    await hide.focus();
    await page.keyboard.press('Enter');
    const hideDialog = page.getByRole('dialog', { name: 'Hide this review' });
    await hideDialog.waitFor();
    await hideDialog
      .getByRole('textbox', { name: 'Reason' })
      .fill('A member who knows the job says it is false.');
    await hideDialog.getByRole('button', { name: 'Hide review' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText(REVIEW_MODERATION_MESSAGES.hidden).first().waitFor({ timeout: 20_000 });
    await hideDialog.waitFor({ state: 'detached', timeout: 10_000 });
    await card.getByText('Hidden', { exact: true }).waitFor({ timeout: 20_000 });
    await shootBoth(page, 'reviews-admin-hidden');
    await signOut(page);

    // ---- The profile: the review is gone and the company's count dropped.
    await eventually(
      'the rating no longer counts it',
      async () => (await ratingCount(page, site.url, companyId)) === 0,
    );
    // The public list (jobs) drops it at once: an admin's hide clears the service's cache of it.
    assert.equal(await publicReviewCount(page, site.url, companyId), 0, 'the public list still has it');
    await page.goto(`${site.url}/company-profile/${companyId}`);
    await page
      .getByText('No reviews yet.')
      .waitFor({ timeout: 20_000 })
      .catch(async (err: unknown) => {
        // What the page shows instead (a stale list, a skeleton, an error), for the run's log.
        await shoot(page, 'reviews-profile-after-failed');
        const main = await page
          .locator('main')
          .innerText()
          .catch(() => '(no main)');
        assert.fail(`${String(err)}\nThe profile showed:\n${main.slice(0, 1500)}`);
      });
    assert.equal(await page.getByText(reviewText).count(), 0);
    assert.equal(await page.locator('.profile-rating').count(), 0, 'no rating line without a shown review');
    await shootBoth(page, 'reviews-profile-after');
    assert.deepEqual(errors, []);
    await page.close();
  });
});
