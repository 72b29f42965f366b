/**
 * The offers journey against the embedded topology, at 375 px and by keyboard: two companies pay to
 * unlock a job and send offers (through the API, with their sessions); the poster opens the dashboard,
 * compares the offers side by side and hires one after a confirmation; the other company's bell says the
 * poster chose someone else; the poster opens the offers again from the chat's link
 * (/dashboard?offers=<jobId>) and undoes the hire. axe runs on the offers, the hire and the bell.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { addCalendarDays, lagosToday, OFFER_MESSAGES } from '@marketplace/contracts';
import { registerThroughApi, signInThroughApi, uniqueEmail } from './support/accounts';
import { seriousViolations, violationLines } from './support/axe';
import { launchBrowser, shoot, watchErrors } from './support/browser';
import { csrfToken, myId, postJobThroughApi, signOut, unlockThroughSandbox } from './support/marketplace';
import { startEmbedded, type EmbeddedSite } from './support/servers';

const PHONE = { width: 375, height: 812 };
const WIDE = { width: 1366, height: 900 };

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

/** Tabs until `target` has focus (the keyboard's way there), or fails. */
async function tabTo(page: Page, target: ReturnType<Page['locator']>, max = 80): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  assert.fail('could not reach the control with Tab');
}

describe('offers journey (embedded, 375 px, keyboard)', () => {
  let site: EmbeddedSite;
  let browser: BrowserContext;
  const stamp = Date.now().toString(36);
  const heading = `Install a water heater ${stamp}`;
  const poster = {
    name: 'Ngozi Eze',
    email: uniqueEmail('ngozi'),
    password: 'poster-pass-1',
    phone: '08035550177',
    address: '9 Bourdillon Road, Ikoyi',
  };
  const first = { name: 'Lekki Heat and Plumbing', email: uniqueEmail('lekki'), password: 'company-pass-1' };
  const second = { name: 'Yaba Pipe Masters', email: uniqueEmail('yaba'), password: 'company-pass-2' };
  let jobId = '';

  async function sendOffer(page: Page, body: Record<string, unknown>): Promise<void> {
    const sent = await page.request.post(`${site.url}/api/jobs/offers`, {
      headers: { 'x-csrf-token': await csrfToken(page) },
      data: { jobId, validDays: 7, startDate: addCalendarDays(lagosToday(), 2), ...body },
    });
    assert.equal(sent.status(), 201, await sent.text());
  }

  before(async () => {
    site = await startEmbedded();
    browser = await launchBrowser();
    const page = await browser.newPage();
    await registerThroughApi(page, site.url, poster);
    await registerThroughApi(page, site.url, { ...first, type: 'company' });
    await registerThroughApi(page, site.url, { ...second, type: 'company' });
    await signInThroughApi(page, site.url, poster.email, poster.password);
    jobId = await postJobThroughApi(page, site.url, poster, {
      heading,
      description: 'A 50-litre heater to mount and connect in the upstairs bathroom.',
    });
    await signOut(page);
    // Each company pays to unlock the job, then sends its offer from its own session.
    await signInThroughApi(page, site.url, first.email, first.password);
    await unlockThroughSandbox(page, site.url, jobId);
    await sendOffer(page, { priceNaira: 65_000, note: 'We bring the fittings and valves.' });
    await signOut(page);
    await signInThroughApi(page, site.url, second.email, second.password);
    assert.ok(await myId(page, site.url));
    await unlockThroughSandbox(page, site.url, jobId);
    await sendOffer(page, { priceNaira: null, note: 'We would like to see the wiring first.' });
    await signOut(page);
    await page.close();
  });
  after(async () => {
    await browser?.close();
    await site?.stop();
  });

  it('the poster compares, hires one by keyboard, the other is told, the hire is undone', async () => {
    const page = await browser.newPage();
    await page.setViewportSize(PHONE);
    const errors = watchErrors(page);

    // ---- The poster's dashboard shows the job's offers; by keyboard they open side by side.
    await signInThroughApi(page, site.url, poster.email, poster.password);
    await page.goto(`${site.url}/dashboard`);
    const offersButton = page.getByRole('button', { name: `Offers (2) for ${heading}` });
    await offersButton.waitFor({ timeout: 20_000 });
    await shootBoth(page, 'offers-dashboard');
    await tabTo(page, offersButton);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Offers' });
    await dialog.getByRole('link', { name: first.name }).waitFor({ timeout: 15_000 });
    await dialog.getByRole('link', { name: second.name }).waitFor();
    await dialog.getByText('₦65,000').waitFor();
    await dialog.getByText(OFFER_MESSAGES.byInspection).first().waitFor();
    await dialog.getByText('No reviews yet').first().waitFor({ timeout: 15_000 });
    await expectNoSeriousViolations(page, 'the offers side by side');
    await shootBoth(page, 'offers-compare');

    // ---- Hires the second company, by keyboard, after the confirmation.
    const accept = dialog.getByRole('button', { name: `Accept the offer of ${second.name}` });
    await tabTo(page, accept);
    await page.keyboard.press('Enter');
    const yes = dialog.getByRole('button', { name: `Yes, hire ${second.name}` });
    await yes.waitFor();
    assert.equal(
      await yes.evaluate((element) => element === document.activeElement),
      true,
      'focus on the confirm',
    );
    await expectNoSeriousViolations(page, 'the hire confirmation');
    await page.keyboard.press('Enter');
    await dialog.getByText('Hired', { exact: true }).waitFor({ timeout: 15_000 });
    await dialog.getByText('Not chosen').waitFor();
    await dialog.getByRole('button', { name: 'Undo hire' }).waitFor();
    await expectNoSeriousViolations(page, 'the hired offer');
    await shootBoth(page, 'offers-hired');
    await page.keyboard.press('Escape');
    await signOut(page);

    // ---- The company not chosen sees it in its bell.
    await signInThroughApi(page, site.url, first.email, first.password);
    await page.goto(`${site.url}/`);
    const bell = page.getByRole('button', { name: 'Notifications, 1 unread' });
    await bell.waitFor({ timeout: 30_000 });
    await tabTo(page, bell);
    await page.keyboard.press('Enter');
    const panel = page.getByRole('region', { name: 'Notifications' });
    await panel
      .getByRole('link', { name: new RegExp(`The poster of ${heading} chose another company`) })
      .waitFor({ timeout: 15_000 });
    await expectNoSeriousViolations(page, 'the bell with the notice');
    await shootBoth(page, 'offers-declined-bell');
    await page.keyboard.press('Escape');
    await signOut(page);

    // ---- The poster opens the offers from the chat's link and undoes the hire before work starts.
    await signInThroughApi(page, site.url, poster.email, poster.password);
    await page.goto(`${site.url}/dashboard?offers=${jobId}`);
    const again = page.getByRole('dialog', { name: 'Offers' });
    const undo = again.getByRole('button', { name: 'Undo hire' });
    await undo.waitFor({ timeout: 20_000 });
    await tabTo(page, undo);
    await page.keyboard.press('Enter');
    await again
      .getByRole('button', { name: `Accept the offer of ${first.name}` })
      .waitFor({ timeout: 15_000 });
    await again.getByRole('button', { name: `Accept the offer of ${second.name}` }).waitFor();
    const job = await page.request.get(`${site.url}/api/jobs/viewjob/${jobId}`);
    assert.equal(((await job.json()) as { job: { status: string } }).job.status, 'open');
    await expectNoSeriousViolations(page, 'the offers after the undo');

    assert.deepEqual(errors, []);
    await page.close();
  });
});
