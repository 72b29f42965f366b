/**
 * The receipt journey (issue 28, item 3), at 375 px and by keyboard: a company pays for an unlock on the
 * sandbox, finds the receipt on its dashboard, opens the printable page and downloads the PDF. axe runs on
 * both screens. Another company is told the receipt does not exist; a visitor must sign in.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { E2E_ADMIN, registerThroughApi, signInThroughApi, uniqueEmail } from './support/accounts';
import { seriousViolations, violationLines } from './support/axe';
import { launchBrowser, shoot, watchErrors } from './support/browser';
import { postJobThroughApi, signOut, unlockThroughSandbox } from './support/marketplace';
import { startEmbedded, type EmbeddedSite } from './support/servers';

const PHONE = { width: 375, height: 800 };
const WIDE = { width: 1366, height: 900 };
const SELLER = {
  RECEIPT_SELLER_NAME: 'Ọjà Marketplace Nigeria Ltd',
  RECEIPT_SELLER_ADDRESS: '12 Adeola Odeku Street, Victoria Island, Lagos',
  RECEIPT_SELLER_RC_NUMBER: 'RC1234567',
  RECEIPT_SELLER_VAT_TIN: '23456789-0001',
};

/** Presses Tab until `target` has the focus (as a keyboard user moves through the page). */
async function tabTo(
  page: Page,
  target: ReturnType<Page['locator']>,
  what: string,
  most = 120,
): Promise<void> {
  for (let i = 0; i < most; i += 1) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  assert.fail(`${what} never took the focus by Tab`);
}

async function axeClean(page: Page, what: string): Promise<void> {
  assert.deepEqual(violationLines(await seriousViolations(page)), [], `axe on ${what}`);
}

describe('receipts journey (embedded)', () => {
  let site: EmbeddedSite;
  let browser: BrowserContext;
  const stamp = Date.now().toString(36);
  const heading = `Fix the borehole pump ${stamp}`;
  const poster = {
    name: 'Ngozi Eze',
    email: uniqueEmail('ngozi'),
    password: 'poster-pass-1',
    phone: '08035550188',
    address: '3 Awolowo Road, Ikoyi',
  };
  const company = { name: 'Segun Pumps Ltd', email: uniqueEmail('segun'), password: 'company-pass-1' };
  const other = { name: 'Kano Karfe Works', email: uniqueEmail('kano'), password: 'company-pass-2' };
  let jobId = '';

  before(async () => {
    site = await startEmbedded({ env: SELLER });
    browser = await launchBrowser();
    const page = await browser.newPage();
    await registerThroughApi(page, site.url, poster);
    await registerThroughApi(page, site.url, { ...company, type: 'company' });
    await registerThroughApi(page, site.url, { ...other, type: 'company' });
    await signInThroughApi(page, site.url, poster.email, poster.password);
    jobId = await postJobThroughApi(page, site.url, poster, {
      heading,
      description: 'The borehole pump stopped and the tank is empty; it needs a look this week.',
    });
    await signOut(page);
    await page.close();
  });
  after(async () => {
    await browser?.close();
    await site?.stop();
  });

  it('a company pays, opens its receipt from the dashboard by keyboard and downloads the PDF', async () => {
    const page = await browser.newPage();
    await page.setViewportSize(PHONE);
    const errors = watchErrors(page);
    await signInThroughApi(page, site.url, company.email, company.password);
    const reference = await unlockThroughSandbox(page, site.url, jobId);

    // The dashboard lists the payment with its receipt.
    await page.goto(`${site.url}/dashboard`);
    const payments = page.getByRole('region', { name: 'Payments' });
    const row = payments.getByRole('row').filter({ hasText: heading });
    const receiptLink = row.getByRole('link', { name: /^Receipt RCT-\d{6}$/ });
    await receiptLink.waitFor({ timeout: 30_000 });
    const number = (await receiptLink.textContent())!.replace('Receipt ', '').trim();
    await axeClean(page, 'the dashboard with a receipt');
    await shoot(page, 'receipts-dashboard-375');
    await page.setViewportSize(WIDE);
    await shoot(page, 'receipts-dashboard-1366');
    await page.setViewportSize(PHONE);

    // By keyboard: to the receipt, open it.
    await page.locator('h1').first().focus();
    await tabTo(page, receiptLink, 'the receipt link');
    await Promise.all([
      page.waitForURL(`**/api/payments/receipts/${number}/print`),
      page.keyboard.press('Enter'),
    ]);
    await page.getByRole('heading', { level: 1, name: 'Receipt' }).waitFor();
    const body = await page.locator('main').innerText();
    for (const words of [
      number,
      SELLER.RECEIPT_SELLER_NAME,
      SELLER.RECEIPT_SELLER_RC_NUMBER,
      SELLER.RECEIPT_SELLER_VAT_TIN,
      company.name,
      'RC123456',
      heading,
      reference,
      'Sandbox (test payment, no real money)',
      '₦1,000.00',
      '₦930.23',
      '₦69.77',
      'WAT',
    ]) {
      assert.ok(body.includes(words), `the receipt shows ${words}`);
    }
    await axeClean(page, 'the printable receipt');
    await shoot(page, 'receipts-page-375');
    await page.setViewportSize(WIDE);
    await shoot(page, 'receipts-page-1366');
    await page.emulateMedia({ media: 'print' });
    await shoot(page, 'receipts-page-print');
    await page.emulateMedia({ media: 'screen' });
    await page.setViewportSize(PHONE);

    // By keyboard: the PDF downloads.
    const download = page.getByRole('link', { name: 'Download PDF' });
    await page.locator('h1').focus();
    await tabTo(page, download, 'the Download PDF link');
    const [file] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    assert.equal(file.suggestedFilename(), `${number}.pdf`);
    const pdf = readFileSync((await file.path())!);
    assert.equal(pdf.subarray(0, 5).toString('latin1'), '%PDF-');
    assert.ok(pdf.toString('latin1').includes(`(Receipt ${number})`), 'the PDF carries the number');
    assert.ok(/\/FontName \/[A-Z]{6}\+DejaVuSans/.test(pdf.toString('latin1')), 'DejaVu Sans embedded');
    assert.deepEqual(errors, []);

    // Nobody else reads it: another company is told it does not exist, a visitor must sign in; admins may.
    await signOut(page);
    assert.equal((await page.request.get(`${site.url}/api/payments/receipts/${number}`)).status(), 401);
    await signInThroughApi(page, site.url, other.email, other.password);
    assert.equal((await page.request.get(`${site.url}/api/payments/receipts/${number}/pdf`)).status(), 404);
    await signOut(page);
    await signInThroughApi(page, site.url, E2E_ADMIN.email, E2E_ADMIN.password);
    const asAdmin = await page.request.get(`${site.url}/api/payments/receipts/${number}`);
    assert.equal(asAdmin.status(), 200);
    assert.equal(asAdmin.headers()['cache-control'], 'no-store');
    await page.goto(`${site.url}/allpayments?reference=${reference}`);
    await page
      .getByRole('link', { name: `Receipt ${number} for ${company.name}` })
      .waitFor({ timeout: 30_000 });
    await axeClean(page, "the admins' payments list");
    await shoot(page, 'receipts-admin-list-375');
    await page.setViewportSize(WIDE);
    await shoot(page, 'receipts-admin-list-1366');
    await signOut(page);
    await page.close();
  });
});
