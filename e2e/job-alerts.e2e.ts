/**
 * The job alerts journey (issue 29, item 4), embedded topology, at 375 px and by keyboard: a company
 * chooses its alerts on its dashboard (Craftsman jobs in Lagos, e-mailed at once); a customer posts a
 * matching job; the company's header shows the bell with one unread alert, the company opens the list
 * from the keyboard and the alert opens the job. axe runs on each screen; screenshots at 375 and 1280.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { ALERT_MESSAGES } from '@marketplace/contracts';
import { registerThroughApi, signInThroughApi, uniqueEmail } from './support/accounts';
import { seriousViolations, violationLines } from './support/axe';
import { launchBrowser, shoot, watchErrors } from './support/browser';
import { postJobThroughApi, signOut } from './support/marketplace';
import { freePort, startEmbedded, type EmbeddedSite } from './support/servers';

const PHONE = { width: 375, height: 800 };
const WIDE = { width: 1280, height: 800 };

async function expectNoSeriousViolations(page: Page, what: string): Promise<void> {
  assert.deepEqual(violationLines(await seriousViolations(page)), [], `axe on ${what}`);
}

async function shootBoth(page: Page, name: string): Promise<void> {
  await page.setViewportSize(WIDE);
  await page.waitForTimeout(300); // the layout settles after the resize (not an assertion)
  await shoot(page, `${name}-1280`);
  await page.setViewportSize(PHONE);
  await page.waitForTimeout(300);
  await shoot(page, `${name}-375`);
}

/** Presses Tab until `target` has focus (at most `max` times): how a keyboard user gets there. */
async function tabTo(page: Page, target: ReturnType<Page['locator']>, max = 60): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  assert.fail('could not reach the control with Tab');
}

describe('job alerts (embedded, 375 px, keyboard)', () => {
  let site: EmbeddedSite;
  let browser: BrowserContext;
  const stamp = Date.now().toString(36);
  const heading = `Replace a burst pipe ${stamp}`;
  const company = { name: 'Surulere Plumbing', email: uniqueEmail('surulere'), password: 'company-pass-1' };
  const poster = {
    name: 'Tolu Bakare',
    email: uniqueEmail('tolu'),
    password: 'poster-pass-1',
    phone: '08035550199',
    address: '3 Adeniran Ogunsanya Street, Surulere',
  };
  let dataDir = '';

  before(async () => {
    // PUBLIC_URL: alert mails carry the job's and the unsubscribe link's full address.
    const port = await freePort();
    site = await startEmbedded({ port, env: { PUBLIC_URL: `http://127.0.0.1:${port}` } });
    dataDir = site.dataDir;
    browser = await launchBrowser();
    const page = await browser.newPage();
    await registerThroughApi(page, site.url, { ...company, type: 'company' });
    await registerThroughApi(page, site.url, poster);
    await page.close();
  });
  after(async () => {
    await browser?.close();
    await site?.stop();
  });

  it('a company sets alerts, a matching job is posted, the bell shows it and opens the job', async () => {
    const page = await browser.newPage();
    const errors = watchErrors(page);
    await page.setViewportSize(PHONE);
    await signInThroughApi(page, site.url, company.email, company.password);

    // 1. The dashboard's Job alerts, by keyboard: every Craftsman job, in Lagos, e-mailed at once.
    await page.goto(`${site.url}/dashboard#job-alerts`);
    const section = page.getByRole('region', { name: 'Job alerts' });
    const form = section.getByRole('form', { name: 'Job alert choices' });
    await form.waitFor({ timeout: 30_000 });
    const craftsman = form.locator('summary', { hasText: 'Craftsman' });
    await craftsman.focus();
    await page.keyboard.press('Enter');
    await tabTo(page, form.getByRole('checkbox', { name: 'Every Craftsman job' }));
    await page.keyboard.press('Space');
    const states = form.locator('summary', { hasText: 'All of Nigeria' });
    await tabTo(page, states);
    await page.keyboard.press('Enter');
    await tabTo(page, form.getByRole('checkbox', { name: 'Lagos' }));
    await page.keyboard.press('Space');
    await tabTo(page, form.getByRole('radio', { name: /At once/ }));
    assert.equal(await form.getByRole('radio', { name: /At once/ }).isChecked(), true);
    await form.getByText('1 trade chosen, in 1 state.').waitFor();
    await expectNoSeriousViolations(page, 'the job alerts form');
    await shootBoth(page, 'job-alerts-form');
    await tabTo(page, form.getByRole('button', { name: 'Save job alerts' }));
    await page.keyboard.press('Enter');
    await page.getByText(ALERT_MESSAGES.preferencesSaved).first().waitFor({ timeout: 15_000 });
    const saved = await page.request.get(`${site.url}/api/jobs/alerts/preferences`);
    assert.deepEqual(((await saved.json()) as { preferences: unknown }).preferences, {
      categories: ['Craftsman'],
      subcategories: [],
      states: ['Lagos'],
      email: 'instant',
    });

    // 2. A customer posts a matching job (Craftsman / Plumber in Lagos).
    await signOut(page);
    await signInThroughApi(page, site.url, poster.email, poster.password);
    const jobId = await postJobThroughApi(page, site.url, poster, {
      heading,
      description: 'The pipe under the kitchen floor burst this morning and needs replacing.',
    });
    await signOut(page);

    // 3. The company's header shows one unread alert; by keyboard it opens the list and the job.
    await signInThroughApi(page, site.url, company.email, company.password);
    await page.goto(`${site.url}/`);
    const bell = page.getByRole('button', { name: 'Notifications, 1 unread' });
    await bell.waitFor({ timeout: 30_000 });
    await tabTo(page, bell);
    await page.keyboard.press('Enter');
    const panel = page.getByRole('region', { name: 'Notifications' });
    const alertLink = panel.getByRole('link', { name: new RegExp(heading) });
    await alertLink.waitFor();
    await expectNoSeriousViolations(page, 'the open bell');
    await shootBoth(page, 'job-alerts-bell');
    await page.setViewportSize(PHONE);
    await tabTo(page, alertLink, 10);
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`/jobs\\?job=${jobId}`), { timeout: 15_000 });
    const dialog = page.getByRole('dialog');
    await dialog
      .getByText('The pipe under the kitchen floor burst this morning')
      .waitFor({ timeout: 20_000 });
    await expectNoSeriousViolations(page, 'the job opened from the alert');
    await shootBoth(page, 'job-alerts-job');
    await page.setViewportSize(PHONE);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Notifications', exact: true }).waitFor({ timeout: 15_000 });

    // 4. The instant mail went out: the job, its link, the signed unsubscribe link, no poster details.
    const outbox = join(dataDir, 'mail-outbox');
    const mails = readdirSync(outbox)
      .filter((name) => name.endsWith('.eml'))
      .map((name) => readFileSync(join(outbox, name), 'utf8'))
      .filter((mail) => mail.includes(company.email) && /^Subject: New job:/m.test(mail));
    assert.equal(mails.length, 1, 'one alert mail');
    const mail = mails[0]!.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    assert.ok(mail.includes(`${site.url}/jobs?job=${jobId}`), 'the job link');
    for (const secret of [poster.phone, poster.email, 'Adeniran']) assert.ok(!mail.includes(secret), secret);
    // In the text (the header's copy of it is in angle brackets: List-Unsubscribe, RFC 8058).
    const unsubscribe = /^(http:\/\/\S+\/api\/jobs\/alerts\/unsubscribe\?company=\S+)$/m.exec(mail)?.[1];
    assert.ok(unsubscribe, 'the signed unsubscribe link');
    assert.ok(
      mail.replace(/\r?\n[ \t]+/g, ' ').includes(`List-Unsubscribe: <${unsubscribe}>`),
      'the one-click header with the same link',
    );

    // 5. Opening it (no session needed) asks first: a scanner that opens links stops nothing. The
    //    button, by keyboard, stops alert mails only; the in-app alert stays.
    await signOut(page);
    await page.goto(unsubscribe.replace(/&amp;/g, '&'));
    await page.getByRole('heading', { name: 'Stop job alert e-mails?' }).waitFor();
    const before = await page.request.get(unsubscribe.replace(/&amp;/g, '&'));
    assert.equal(before.status(), 200, await before.text());
    await shootBoth(page, 'job-alerts-unsubscribe');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Job alert e-mails stopped' }).waitFor();
    await expectNoSeriousViolations(page, 'the unsubscribe page');
    await signInThroughApi(page, site.url, company.email, company.password);
    const after = await page.request.get(`${site.url}/api/jobs/alerts/preferences`);
    assert.equal(((await after.json()) as { preferences: { email: string } }).preferences.email, 'none');
    const list = await page.request.get(`${site.url}/api/jobs/notifications`);
    assert.equal(((await list.json()) as { notifications: unknown[] }).notifications.length, 1);
    assert.deepEqual(errors, []);
  });
});
