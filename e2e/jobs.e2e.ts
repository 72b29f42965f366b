/**
 * The jobs journeys against the embedded topology: a poster posts a job with a photo from a category
 * page's form, a visitor sees it with 'Login to Apply', a company finds it by search and sees 'Apply' and
 * the blurred contact panel (no API response it receives holds the contact data), and an admin hides it.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { BrowserContext, Page, Response } from 'playwright-core';
import { E2E_ADMIN, registerThroughApi, signInThroughApi, uniqueEmail } from './support/accounts';
import { launchBrowser, shoot, watchErrors } from './support/browser';
import { postJobThroughApi, signOut, unlockThroughSandbox } from './support/marketplace';
import { startEmbedded, type EmbeddedSite } from './support/servers';

const PHOTO = join(process.cwd(), 'e2e', 'fixtures', 'photo.png');

/** Every /api/ response body the page receives, to scan for data it must not get. */
function recordApi(page: Page): string[] {
  const bodies: string[] = [];
  page.on('response', (response: Response) => {
    if (!new URL(response.url()).pathname.startsWith('/api/')) return;
    void response
      .text()
      .then((text) => bodies.push(`${response.url()}\n${text}`))
      .catch(() => undefined);
  });
  return bodies;
}

describe('jobs journeys (embedded)', () => {
  let site: EmbeddedSite;
  let browser: BrowserContext;
  const stamp = Date.now().toString(36);
  const heading = `Retile the guest bathroom ${stamp}`;
  const poster = {
    name: 'Chiamaka Eze',
    email: uniqueEmail('chiamaka'),
    password: 'poster-pass-1',
    phone: '08035550199',
    address: '14 Bode Thomas Street, Surulere',
  };
  const company = { name: 'Surulere Tiling', email: uniqueEmail('tiling'), password: 'company-pass-1' };

  before(async () => {
    site = await startEmbedded();
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await site?.stop();
  });

  it('a poster posts a job with a photo from the category page form', async () => {
    const page = await browser.newPage();
    const errors = watchErrors(page);
    await registerThroughApi(page, site.url, {
      name: poster.name,
      email: poster.email,
      password: poster.password,
    });
    await signInThroughApi(page, site.url, poster.email, poster.password);

    await page.goto(`${site.url}/category/craftsman`);
    await page.waitForURL(`${site.url}/category/Craftsman`);
    const form = page.getByRole('form', { name: /Get offers/ });
    await form.getByLabel('Title of the project').fill(heading);
    await form
      .getByLabel('What needs to be done')
      .fill('About 12 square metres of wall tiles, old ones to remove.');
    await form.getByRole('button', { name: 'Post Job' }).click();
    await page.waitForURL(/\/jobpost\?/);

    await page.getByLabel('Job heading').waitFor({ timeout: 15_000 });
    assert.equal(await page.getByLabel('Job heading').inputValue(), heading);
    assert.match(await page.getByLabel('Job description').inputValue(), /12 square metres/);
    assert.equal(await page.getByLabel('Name', { exact: true }).inputValue(), poster.name);
    await page.getByLabel('Phone Number').fill(poster.phone);
    await page.getByLabel('State', { exact: true }).selectOption('Lagos');
    await page.getByLabel('Address').fill(poster.address);
    await page.getByLabel('Postal code').fill('101283');
    await page.getByLabel('Category').selectOption('Craftsman');
    await page.getByRole('checkbox', { name: 'Tiler' }).check({ timeout: 10_000 });
    await page.locator('input[type="file"]').first().setInputFiles(PHOTO);
    await shoot(page, 'jobs-post-form');
    await page.getByRole('button', { name: 'Post', exact: true }).click();
    await page.getByText('Job Created Successfully').first().waitFor({ timeout: 15_000 });
    await page.waitForURL(`${site.url}/dashboard`, { timeout: 10_000 });
    await page.getByText(heading).first().waitFor({ timeout: 10_000 });
    await shoot(page, 'jobs-poster-dashboard');
    assert.deepEqual(errors, []);
    await signOut(page);
    await page.close();
  });

  it("a visitor sees the job on the category page with 'Login to Apply' and its photo", async () => {
    const page = await browser.newPage();
    await page.goto(`${site.url}/category/Craftsman`);
    // The jobs come from the jobs remote as the reader scrolls towards them.
    await page.getByRole('heading', { name: 'Explore available Craftsman Jobs' }).scrollIntoViewIfNeeded();
    const card = page.getByRole('main').locator('article, li').filter({ hasText: heading }).first();
    await card.waitFor({ timeout: 15_000 });
    await card.getByRole('link', { name: 'Login to Apply' }).waitFor();
    const src = await card.locator('img').first().getAttribute('src');
    assert.ok(src?.startsWith('/api/jobs/images/'), `the card shows the uploaded photo (${src})`);
    const photo = await page.request.get(`${site.url}${src}`);
    assert.equal(photo.status(), 200);
    await shoot(page, 'jobs-category-visitor');
    await page.close();
  });

  it('a visitor opening /jobs reads the newest jobs before any script, drawn where the page then draws them', async () => {
    const page = await browser.newPage();
    const errors = watchErrors(page);
    // Scripts blocked: the edge's HTML alone draws the band and the first page of cards.
    await page.route('**/*.js', (route) => route.abort());
    const response = await page.goto(`${site.url}/jobs`);
    const html = (await response?.text()) ?? '';
    assert.doesNotMatch(
      html,
      /Bode Thomas|08035550199|chiamaka|Chiamaka Eze|101283/,
      'no poster details in the HTML',
    );
    const pictured = page.locator('.crawler-summary[data-look="jobs"] .jp-card', { hasText: heading });
    assert.ok(await pictured.isVisible(), 'the new job is on the first paint');
    await shoot(page, 'jobs-search-first-paint');
    const boxes = async (scope: string, h1: string, card: string) => {
      const first = page.locator(`${scope} ${card}`).first();
      return {
        heading: await page.locator(`${scope} ${h1}`).boundingBox(),
        card: await first.boundingBox(),
        title: await first.locator('h3').textContent(),
      };
    };
    const drawn = await boxes('.crawler-summary', 'h1', '.jp-card');
    await page.unroute('**/*.js');

    // With scripts: the page replaces the picture where it stood (same heading, same first card).
    await page.goto(`${site.url}/jobs`);
    await page.locator('#main .job-card').first().waitFor({ timeout: 15_000 });
    assert.equal(await page.locator('.crawler-summary').count(), 0);
    assert.equal(await page.locator('h1').count(), 1);
    const real = await boxes('#main', 'h1', '.job-card');
    assert.equal(real.title, drawn.title);
    for (const what of ['heading', 'card'] as const) {
      const [a, b] = [drawn[what], real[what]];
      assert.ok(
        a && b && (['x', 'y', 'width', 'height'] as const).every((k) => Math.abs(a[k] - b[k]) <= 2),
        `${what}: first paint ${JSON.stringify(a)}, page ${JSON.stringify(b)}`,
      );
    }
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('a company finds it by search, sees Apply and the blurred contact panel, and no contact data reaches it', async () => {
    const page = await browser.newPage();
    const errors = watchErrors(page);
    await registerThroughApi(page, site.url, { ...company, type: 'company' });
    await signInThroughApi(page, site.url, company.email, company.password);
    const bodies = recordApi(page);

    await page.goto(`${site.url}/jobs?q=${encodeURIComponent(stamp)}`);
    const card = page.getByRole('main').locator('article, li').filter({ hasText: heading }).first();
    await card.waitFor({ timeout: 15_000 });
    await card.getByRole('button', { name: 'Apply' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Contact details are shown after unlocking').waitFor({ timeout: 10_000 });
    await dialog.getByText('101283').waitFor();
    await shoot(page, 'jobs-company-modal');
    await page.waitForTimeout(500);
    const leaked = bodies.filter(
      (body) =>
        body.includes(poster.phone.slice(1)) || body.includes(poster.email) || body.includes('Bode Thomas'),
    );
    assert.deepEqual(leaked, [], 'no API response holds the poster contact details');
    assert.ok(
      bodies.some((body) => body.includes(heading)),
      'the job was read through the API',
    );
    assert.deepEqual(errors, []);
    await signOut(page);
    await page.close();
  });

  it('the admin finds the job and hides it; it leaves the listings and the poster sees why', async () => {
    const page = await browser.newPage();
    await signInThroughApi(page, site.url, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.goto(`${site.url}/alljobs`);
    await page.locator('#admin-job-search').fill(stamp);
    await page.getByRole('button', { name: `Hide ${heading}` }).click({ timeout: 15_000 });
    await page.getByRole('dialog').getByLabel('Reason').fill('Duplicate of another listing');
    await page.getByRole('button', { name: 'Hide job' }).click();
    await page.getByRole('button', { name: `Unhide ${heading}` }).waitFor({ timeout: 10_000 });
    await shoot(page, 'jobs-admin-hidden');

    const users = await page.request.get(
      `${site.url}/api/user/getall?search=${encodeURIComponent(poster.email)}`,
    );
    const row = (await users.json()).users.find((u: { email: string }) => u.email === poster.email);
    assert.equal(row?.totalPostedJobs, 1, JSON.stringify(row));

    const search = await page.request.get(`${site.url}/api/jobs/search?q=${encodeURIComponent(stamp)}`);
    assert.equal((await search.json()).jobs.length, 0);
    await signOut(page);

    await signInThroughApi(page, site.url, poster.email, poster.password);
    await page.goto(`${site.url}/dashboard`);
    await page
      .getByText(/Hidden by the marketplace team: Duplicate of another listing/)
      .first()
      .waitFor({
        timeout: 15_000,
      });
    await page.close();
  });

  it('a company unlocks a job on the sandbox checkout, the poster completes it and reviews the company, the review shows on its profile', async () => {
    const page = await browser.newPage();
    const errors = watchErrors(page);
    const title = `Fix the kitchen tap ${stamp}`;
    // The poster's job, through the API this time (the form has its own journey above).
    await signInThroughApi(page, site.url, poster.email, poster.password);
    const jobId = await postJobThroughApi(page, site.url, poster, {
      heading: title,
      description: 'The kitchen tap drips and the handle is loose.',
    });
    await signOut(page);

    // The company pays on the sandbox checkout (the same path as Paystack: initialize, redirect, verify).
    await signInThroughApi(page, site.url, company.email, company.password);
    await unlockThroughSandbox(page, site.url, jobId, (checkout) =>
      shoot(checkout, 'payments-sandbox-checkout'),
    );
    const detail = await page.request.get(`${site.url}/api/jobs/viewjob/${jobId}`);
    const job = (await detail.json()).job;
    assert.equal(job.contactLocked, false);
    assert.match(job.phoneNumber, /8035550199$/, 'the paid company now sees the contact details');
    await signOut(page);

    // The poster completes the job on the dashboard and reviews the company.
    await signInThroughApi(page, site.url, poster.email, poster.password);
    await page.goto(`${site.url}/dashboard`);
    await page.getByLabel(`Status of ${title}`).selectOption('completed', { timeout: 15_000 });
    await page.getByRole('button', { name: 'Mark as completed' }).click();
    const review = page.getByRole('dialog');
    await review.getByLabel('Company').selectOption({ label: company.name }, { timeout: 10_000 });
    await review.getByLabel('Description').fill('Came on time and fixed the tap in an hour.');
    await review.getByRole('radio', { name: '4 stars' }).check({ force: true });
    await review.getByRole('button', { name: 'Post Review' }).click();
    await page.getByText('Company Profile Updated Successfully').first().waitFor({ timeout: 10_000 });
    await signOut(page);

    // The review and the new rating on the company's profile, for a visitor.
    const me = await page.request.post(`${site.url}/api/user/login`, {
      data: { email: company.email, password: company.password },
    });
    const companyId = (await me.json()).user._id as string;
    await signOut(page);
    await page.goto(`${site.url}/company-profile/${companyId}`);
    await page.getByText('Came on time and fixed the tap in an hour.').waitFor({ timeout: 15_000 });
    await page.getByText(title).first().waitFor();
    await page.getByText('4.0 (1 review)').first().waitFor({ timeout: 15_000 });
    await shoot(page, 'jobs-company-profile-review');
    assert.deepEqual(errors, []);
    await page.close();
  });
});
