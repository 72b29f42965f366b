/**
 * The verified company journey against the embedded topology, at 375 px and by keyboard: a company asks to
 * be verified from its profile page (its CAC number and a small PNG of its certificate), an admin finds the
 * request in the queue (/allverifications, from the menu), sees the registry's answer, opens nothing but
 * approves it by keyboard; the company's card on its category page and its public profile then show the
 * "Verified" badge with the date. axe runs on the profile page, the queue and the category page.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { GET_VERIFIED_COPY, VERIFICATION_MESSAGES, VERIFICATION_QUEUE_COPY } from '@marketplace/contracts';
import { E2E_ADMIN, registerThroughApi, signInThroughApi, uniqueEmail } from './support/accounts';
import { seriousViolations, violationLines } from './support/axe';
import { launchBrowser, shoot, watchErrors } from './support/browser';
import { myId, signOut } from './support/marketplace';
import { startEmbedded, type EmbeddedSite } from './support/servers';

const PHONE = { width: 375, height: 812 };
const WIDE = { width: 1366, height: 900 };

/** A 1x1 PNG: the smallest certificate photo there is (the server re-encodes it). */
const CERTIFICATE_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

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

/** Presses Enter on an element reached by focus (the keyboard path). */
async function pressOn(page: Page, target: ReturnType<Page['getByRole']>): Promise<void> {
  await target.focus();
  await page.keyboard.press('Enter');
}

describe('verified company journey (embedded, 375 px, keyboard)', () => {
  let site: EmbeddedSite;
  let browser: BrowserContext;
  const stamp = Date.now().toString(36).replace(/\d/g, '');
  // A state of its own, so its card is on the first page of the category whatever else is listed.
  const company = {
    name: `Ekiti Verified Works ${stamp}`,
    email: uniqueEmail('ekitiverified'),
    password: 'company-pass-1',
    type: 'company' as const,
    state: 'Ekiti',
  };
  let companyId = '';

  before(async () => {
    site = await startEmbedded();
    browser = await launchBrowser();
    const page = await browser.newPage();
    await registerThroughApi(page, site.url, company);
    await signInThroughApi(page, site.url, company.email, company.password);
    companyId = await myId(page, site.url);
    await signOut(page);
    await page.close();
  });
  after(async () => {
    await browser?.close();
    await site?.stop();
  });

  it('a company asks, an admin approves by keyboard, the badge shows on the card and the profile', async () => {
    const page = await browser.newPage();
    await page.setViewportSize(PHONE);
    const errors = watchErrors(page);

    // ---- The company: "Get verified" on its profile page.
    await signInThroughApi(page, site.url, company.email, company.password);
    await page.goto(`${site.url}/edit-profile`);
    const section = page.getByRole('region', { name: GET_VERIFIED_COPY.heading });
    const cac = section.getByLabel(GET_VERIFIED_COPY.cacLabel);
    await cac.waitFor({ timeout: 20_000 });
    assert.equal(await cac.inputValue(), 'RC123456', 'the registered CAC number is offered');
    await cac.focus();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('RC 123456');
    await section
      .getByLabel(GET_VERIFIED_COPY.fileLabel)
      .setInputFiles({ name: 'cac-certificate.png', mimeType: 'image/png', buffer: CERTIFICATE_PNG });
    await expectNoSeriousViolations(page, 'the profile page with Get verified at 375 px');
    await pressOn(page, section.getByRole('button', { name: GET_VERIFIED_COPY.submit }));
    await page.getByText(VERIFICATION_MESSAGES.requested).first().waitFor({ timeout: 20_000 });
    await section.getByText(GET_VERIFIED_COPY.pending).waitFor({ timeout: 20_000 });
    await section.scrollIntoViewIfNeeded();
    await shootBoth(page, 'verification-company-pending');
    await signOut(page);

    // ---- The admin: the menu leads to the queue; approve by keyboard.
    await signInThroughApi(page, site.url, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.goto(`${site.url}/allusers`);
    const menuButton = page.getByRole('button', { name: 'Menu', exact: true });
    await menuButton.waitFor({ timeout: 20_000 });
    await pressOn(page, menuButton);
    const link = page
      .getByRole('navigation', { name: 'Account' })
      .getByRole('link', { name: VERIFICATION_QUEUE_COPY.heading });
    await link.waitFor({ timeout: 10_000 });
    await pressOn(page, link);
    await page.waitForURL(`${site.url}/allverifications`);
    const card = page.getByRole('article').filter({ hasText: company.name });
    await card.waitFor({ timeout: 20_000 });
    await card.getByText('RC 123456').waitFor();
    await card.getByText(VERIFICATION_MESSAGES.registryNotConnected).waitFor();
    const certificate = card.getByRole('link', { name: /Open the certificate/ });
    const href = await certificate.getAttribute('href');
    const file = await page.request.get(`${site.url}${href}`);
    assert.equal(file.status(), 200);
    assert.equal(file.headers()['content-type'], 'image/webp');
    assert.equal(file.headers()['x-content-type-options'], 'nosniff');
    await expectNoSeriousViolations(page, 'the verification queue at 375 px');
    await shootBoth(page, 'verification-admin-queue');
    await pressOn(page, card.getByRole('button', { name: `Approve ${company.name}` }));
    const confirm = page.getByRole('dialog', { name: 'Approve this company' });
    await confirm.waitFor();
    await expectNoSeriousViolations(page, 'the approve dialog at 375 px');
    await pressOn(page, confirm.getByRole('button', { name: 'Approve and verify' }));
    await page.getByText(VERIFICATION_MESSAGES.approved).first().waitFor({ timeout: 20_000 });
    await confirm.waitFor({ state: 'detached', timeout: 10_000 });
    await card.getByRole('button', { name: `Revoke ${company.name}` }).waitFor({ timeout: 20_000 });
    await shootBoth(page, 'verification-admin-approved');
    await signOut(page);

    // ---- A visitor: the badge on the category page's card and on the profile.
    await page.goto(`${site.url}/category/Craftsman?state=Ekiti`);
    const companyCard = page.locator('li.company-card').filter({ hasText: company.name });
    await companyCard.waitFor({ timeout: 20_000 });
    const badge = companyCard.locator('.verified-badge');
    await badge.waitFor({ timeout: 20_000 });
    assert.match((await badge.getAttribute('title')) ?? '', /^Verified since \d{1,2} \w+ \d{4}$/);
    assert.match(await badge.innerText(), /Verified/);
    await expectNoSeriousViolations(page, 'the category page with a verified company at 375 px');
    await companyCard.scrollIntoViewIfNeeded();
    await shootBoth(page, 'verification-card');
    await pressOn(page, companyCard.getByRole('link', { name: `View More about ${company.name}` }));
    await page.waitForURL(`${site.url}/company-profile/${companyId}`);
    await page.getByRole('heading', { level: 1, name: company.name }).waitFor({ timeout: 20_000 });
    await page.locator('.company-profile .verified-badge').waitFor({ timeout: 20_000 });
    await page
      .getByText(/^Verified since /)
      .first()
      .waitFor({ state: 'attached' });
    await expectNoSeriousViolations(page, 'the company profile at 375 px');
    await shootBoth(page, 'verification-profile');
    assert.deepEqual(errors, []);
    await page.close();
  });
});
