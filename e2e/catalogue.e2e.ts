/**
 * The catalogue journeys (issue #9) against the embedded topology, with companies registered through the
 * API (one with a photo uploaded through the profile edit, one without): the home search by keyboard to a
 * sub-category page and on to a company's profile; an unknown category key; casing and underscore
 * variants of a key; a company with no photo; the State filter narrowing a trade's companies; and a
 * visitor's project title carried through sign-in into the job form; and loading skeletons that animate by
 * transform alone. The phone menu is in accessibility.e2e.ts, the crawler's view in catalogue-seo.e2e.ts
 * and the signed-in poster's project form in jobs.e2e.ts.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { registerThroughApi, signInThroughApi, uniqueEmail } from './support/accounts';
import { seriousViolations, violationLines } from './support/axe';
import { launchBrowser, shoot, watchErrors } from './support/browser';
import { csrfToken, signOut } from './support/marketplace';
import { startEmbedded, webRootCopy, type EmbeddedSite } from './support/servers';

const PHOTO = join(process.cwd(), 'e2e', 'fixtures', 'photo.png');
const WIDTHS = [375, 1366] as const;

interface SeededCompany {
  id: string;
  name: string;
  phoneNumber: string;
}

/**
 * Every request of the page that failed or was answered with an error, as "status URL". A request the
 * page itself cancelled (a query dropped on navigation) is not a failure.
 */
function watchNetwork(page: Page): string[] {
  const failures: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) failures.push(`${response.status()} ${response.url()}`);
  });
  page.on('requestfailed', (request) => {
    const reason = request.failure()?.errorText ?? 'failed';
    if (reason !== 'net::ERR_ABORTED' || request.resourceType() === 'image') {
      failures.push(`${reason} ${request.url()}`);
    }
  });
  return failures;
}

/** Waits until the page has its heading, nothing is loading and every image it shows has loaded. */
async function settle(page: Page): Promise<void> {
  await page.locator('#main h1').first().waitFor({ timeout: 20_000 });
  // A section from another remote (a category page's jobs) loads as the reader scrolls towards it.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.waitForFunction(
    () => !document.querySelector('[aria-busy="true"], [class*="skeleton"]'),
    undefined,
    { timeout: 15_000 },
  );
  // Lazy images load once scrolled to: bring each into view, then wait for all to be decoded.
  for (const image of await page.locator('#main img').all()) await image.scrollIntoViewIfNeeded();
  await page.waitForFunction(
    () => [...document.querySelectorAll<HTMLImageElement>('#main img')].every((img) => img.complete),
    undefined,
    { timeout: 15_000 },
  );
  await page.evaluate(() => window.scrollTo(0, 0));
}

/**
 * axe at phone and desktop width (serious and critical only), no sideways scrolling, a full-page
 * screenshot at each; leaves the page at desktop width.
 */
async function checkScreen(page: Page, name: string): Promise<void> {
  const report: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await settle(page);
    const violations = await seriousViolations(page);
    report.push(...violationLines(violations).map((line) => `${width}px: ${line}`));
    // Nothing wider than the screen: a page that scrolls sideways on a phone looks broken.
    const sideways = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    if (sideways > 0) report.push(`${width}px: the page is ${sideways}px wider than the screen`);
    await shoot(page, `${name}-${width}`);
  }
  assert.deepEqual(report, [], `axe on ${name}`);
}

/**
 * Waits for the page's main heading to read `text`. After a client-side navigation the address changes
 * first and the old page stays on screen while the new one loads, so the heading is awaited, never read.
 */
async function expectHeading(page: Page, text: string): Promise<void> {
  await page
    .locator('[data-remote="catalogue"]')
    .getByRole('heading', { level: 1, name: text, exact: true })
    .first()
    .waitFor({ timeout: 15_000 });
}

/** The images of the main area that did not load (a broken picture shows as an empty box or an icon). */
async function brokenImages(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLImageElement>('#main img')]
      .filter((img) => !img.complete || img.naturalWidth === 0)
      .map((img) => img.currentSrc || img.src),
  );
}

describe('catalogue journeys (embedded)', () => {
  let site: EmbeddedSite;
  let browser: BrowserContext;
  let web: { dir: string; cleanup(): void };
  let withPhoto: SeededCompany;
  let withoutPhoto: SeededCompany;
  let builder: SeededCompany;
  let kanoElectric: SeededCompany;
  let lagosElectric: SeededCompany;
  let photoUrl: string;
  const poster = { name: 'Funke Adebayo', email: uniqueEmail('cat-poster'), password: 'poster-pass-1' };

  /** Registers a company through the API as the registration form does; returns its id and phone. */
  async function registerCompany(
    page: Page,
    company: {
      name: string;
      phone: string;
      category: string[];
      subcategory: string[];
      state?: string;
      address?: string;
    },
  ): Promise<SeededCompany & { email: string; password: string }> {
    const email = uniqueEmail('cat-company');
    const password = 'company-pass-1';
    const response = await page.request.post(`${site.url}/api/user`, {
      data: {
        email,
        name: company.name,
        password,
        type: 'company',
        cacnumber: 'RC 765432',
        phoneNumber: company.phone,
        address: company.address ?? '21 Allen Avenue, Ikeja',
        state: company.state ?? 'Lagos',
        pincode: '100271',
        category: company.category,
        subcategory: company.subcategory,
      },
    });
    assert.equal(response.status(), 200, await response.text());
    const { user } = (await response.json()) as { user: { _id: string; phoneNumber: string } };
    return { id: user._id, name: company.name, phoneNumber: user.phoneNumber, email, password };
  }

  before(async () => {
    web = await webRootCopy();
    site = await startEmbedded({ webRoot: web.dir });
    browser = await launchBrowser();
    const page = await browser.newPage();

    const photographed = await registerCompany(page, {
      name: 'Ikeja Flow Plumbing',
      phone: '0803 555 0101',
      category: ['Craftsman'],
      subcategory: ['Plumber', 'Tiler'],
    });
    // The photo through the profile edit, as the company would upload it on /edit-profile.
    await signInThroughApi(page, site.url, photographed.email, photographed.password);
    const edited = await page.request.put(`${site.url}/api/user/editcompany`, {
      headers: { 'x-csrf-token': await csrfToken(page) },
      multipart: {
        description: 'Leaks, blocked drains and new bathroom pipework across Ikeja and Maryland.',
        photo: { name: 'photo.png', mimeType: 'image/png', buffer: readFileSync(PHOTO) },
      },
    });
    assert.equal(edited.status(), 200, await edited.text());
    photoUrl = ((await edited.json()) as { user: { photoUrl: string } }).user.photoUrl;
    assert.match(photoUrl, /^\/api\/user\/photos\//);
    await page.context().clearCookies();

    withPhoto = photographed;
    withoutPhoto = await registerCompany(page, {
      name: 'Yaba Pipe Masters',
      phone: '0812 444 0202',
      category: ['Craftsman'],
      subcategory: ['Plumber'],
    });
    builder = await registerCompany(page, {
      name: 'Lekki Builders',
      phone: '0703 222 0303',
      category: ['Build New'],
      subcategory: ['Contractor', 'Architect'],
    });
    // Two electricians in different states, for the State filter.
    kanoElectric = await registerCompany(page, {
      name: 'Sabon Gari Electric',
      phone: '0803 666 0404',
      category: ['Craftsman'],
      subcategory: ['Electrician'],
      state: 'kano', // as typed: stored as 'Kano'
      address: '14 Murtala Mohammed Way, Kano',
    });
    lagosElectric = await registerCompany(page, {
      name: 'Surulere Sparks',
      phone: '0803 666 0505',
      category: ['Craftsman'],
      subcategory: ['Electrician'],
      address: '3 Adeniran Ogunsanya Street, Surulere',
    });
    await registerThroughApi(page, site.url, poster);
    await page.close();
  });
  after(async () => {
    await browser?.close();
    await site?.stop();
    web?.cleanup();
  });

  it('finds plumbers from the home search by keyboard and opens a company profile from its card', async () => {
    await browser.clearCookies();
    const page = await browser.newPage();
    const errors = watchErrors(page);
    const failures = watchNetwork(page);
    await page.goto(`${site.url}/`);
    await page.locator('#main h1').waitFor({ timeout: 20_000 });

    // The hero search: type, ArrowDown to the first match, Enter.
    const search = page.getByRole('searchbox', { name: 'What do you need help with?' });
    await search.focus();
    await page.keyboard.type('plumb');
    const results = page.getByRole('list', { name: 'Matching services' });
    await results.getByRole('link', { name: /Plumber/ }).waitFor();
    await checkScreen(page, 'catalogue-home-search');
    await search.focus();
    await page.keyboard.press('ArrowDown');
    assert.match(
      (await page.evaluate(() => document.activeElement?.textContent)) ?? '',
      /^Plumber/,
      'ArrowDown moves to the first match',
    );
    await page.keyboard.press('Enter');
    await page.waitForURL(`${site.url}/sub-category/Plumber`);

    // The sub-category page: its copy and the two plumbing companies, the builder not among them.
    await expectHeading(page, 'Hire a trusted plumber near you');
    const grid = page.getByRole('region', { name: 'Explore the companies doing Plumber' });
    await grid.getByText(withPhoto.name).waitFor({ timeout: 15_000 });
    await grid.getByText(withoutPhoto.name).waitFor();
    assert.equal(await grid.getByText(builder.name).count(), 0);
    await grid.getByText('Showing 2 of 2 companies').waitFor();
    const card = grid.getByRole('listitem').filter({ hasText: withPhoto.name });
    assert.equal(await card.locator('img').getAttribute('src'), photoUrl, 'the uploaded photo on the card');
    await checkScreen(page, 'catalogue-sub-category-plumber');
    assert.deepEqual(await brokenImages(page), []);

    // The card's View More opens the profile; the reviews come from the jobs service.
    const reviews = page.waitForResponse((r) => r.url().includes(`/api/jobs/getreviews/${withPhoto.id}`));
    await card.getByRole('link', { name: `View More about ${withPhoto.name}` }).click();
    await page.waitForURL(`${site.url}/company-profile/${withPhoto.id}`);
    assert.equal((await reviews).status(), 200);
    await expectHeading(page, withPhoto.name);
    await page.getByText('No reviews yet.').waitFor({ timeout: 15_000 });
    await page.getByText('Leaks, blocked drains and new bathroom pipework').waitFor();
    const call = page.getByRole('link', { name: 'Get call from the company' });
    assert.equal(await call.getAttribute('href'), `tel:${withPhoto.phoneNumber}`);
    assert.match(withPhoto.phoneNumber, /^\+2348035550101$/);
    const services = page.getByRole('region', { name: 'Services' });
    assert.deepEqual(await services.getByRole('link').allTextContents(), ['Plumber', 'Tiler']);
    assert.equal(await page.locator('.profile-hero img').getAttribute('src'), photoUrl);
    await page.waitForFunction(() => document.title.startsWith('Ikeja Flow Plumbing'));
    await checkScreen(page, 'catalogue-company-profile-photo');
    assert.deepEqual(await brokenImages(page), []);

    assert.deepEqual(errors, []);
    assert.deepEqual(failures, []);
    await page.close();
  });

  it('shows the initials, never a broken picture or a failing request, for a company with no photo', async () => {
    await browser.clearCookies();
    const page = await browser.newPage();
    const errors = watchErrors(page);
    const failures = watchNetwork(page);
    const photoRequests: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'image') photoRequests.push(request.url());
    });
    await page.goto(`${site.url}/sub-category/Plumber`);
    const grid = page.getByRole('region', { name: 'Explore the companies doing Plumber' });
    const card = grid.getByRole('listitem').filter({ hasText: withoutPhoto.name });
    await card.waitFor({ timeout: 15_000 });
    await settle(page);
    assert.equal(await card.locator('img').count(), 0, 'no <img> for a company without a photo');
    assert.equal(await card.locator('.company-card__photo--placeholder').textContent(), 'YP');
    assert.ok(await card.locator('.company-card__photo--placeholder').isVisible());
    assert.deepEqual(await brokenImages(page), []);

    await card.getByRole('link', { name: `View More about ${withoutPhoto.name}` }).click();
    await page.waitForURL(`${site.url}/company-profile/${withoutPhoto.id}`);
    await page.getByText('No reviews yet.').waitFor({ timeout: 15_000 });
    await expectHeading(page, withoutPhoto.name);
    assert.equal(await page.locator('.profile-hero img').count(), 0);
    assert.equal(await page.locator('.profile-hero__fallback').textContent(), 'YP');
    assert.equal(
      await page.getByRole('link', { name: 'Get call from the company' }).getAttribute('href'),
      `tel:${withoutPhoto.phoneNumber}`,
    );
    await checkScreen(page, 'catalogue-company-profile-no-photo');
    assert.deepEqual(await brokenImages(page), []);

    // The only images the pages asked for are the other company's uploaded photo and the site's own.
    const fetched = photoRequests.map((url) => new URL(url).pathname);
    assert.ok(
      fetched.every((path) => path === photoUrl || !path.startsWith('/api/')),
      `image requests: ${fetched.join(', ')}`,
    );
    assert.deepEqual(errors, []);
    assert.deepEqual(failures, []);
    await page.close();
  });

  it('shows the pest-control fallback for an unknown category key, and the page works', async () => {
    await browser.clearCookies();
    const page = await browser.newPage();
    const errors = watchErrors(page);
    const failures = watchNetwork(page);
    await page.goto(`${site.url}/category/snail_farming`);
    await expectHeading(page, 'snail farming: get rid of pests for good');
    // The address stays as typed (nothing to canonicalize to) and the page says what it is.
    assert.equal(page.url(), `${site.url}/category/snail_farming`);
    await page.getByText('Pest control', { exact: true }).first().waitFor();
    await page.getByRole('heading', { name: 'How pest control works' }).waitFor();
    const companies = page.getByRole('region', { name: 'Explore the companies doing snail farming' });
    await companies.getByText('No Data Found').waitFor();
    await page.getByRole('heading', { name: 'Explore available snail farming Jobs' }).waitFor();
    await checkScreen(page, 'catalogue-unknown-category');

    // It works: the services list leads on, and the project form still starts a job.
    const form = page.getByRole('form', { name: /Get offers/ });
    await form.getByLabel('Title of the project').fill('Snails in the garden');
    await form.getByRole('button', { name: 'Post Job' }).click();
    await page.waitForURL(
      `${site.url}/login?next=${encodeURIComponent('/jobpost?title=Snails+in+the+garden')}`,
    );
    await page.goBack();
    await page.waitForURL(`${site.url}/category/snail_farming`);
    await page
      .getByRole('complementary', { name: 'More services' })
      .getByRole('link', { name: 'Cleaning', exact: true })
      .click();
    await page.waitForURL(`${site.url}/sub-category/Cleaning`);
    await expectHeading(page, 'Cleaning you can rely on');

    assert.deepEqual(errors, []);
    assert.deepEqual(failures, []);
    await page.close();
  });

  it("animates its loading skeletons by transform alone, which the compositor runs without the page's main thread", async () => {
    await browser.clearCookies();
    const page = await browser.newPage();
    await page.goto(`${site.url}/category/Craftsman`);
    // The jobs section keeps its skeleton until the reader nears it, for as long as the page is open: an
    // animation that repaints (a moving background) would cost the main thread every frame meanwhile.
    await page
      .getByRole('heading', { name: /Explore available .* Jobs/ })
      .locator('xpath=ancestor::section[1]')
      .locator('.ui-skeleton__line')
      .first()
      .waitFor();
    const animated = await page.evaluate(() =>
      document
        .getAnimations()
        .flatMap((animation) =>
          ((animation.effect as KeyframeEffect | null)?.getKeyframes() ?? []).flatMap((frame) =>
            Object.keys(frame).filter(
              (key) => !['offset', 'computedOffset', 'easing', 'composite'].includes(key),
            ),
          ),
        ),
    );
    assert.ok(animated.length > 0, 'the skeleton is animating');
    assert.deepEqual(
      [...new Set(animated)].filter((property) => property !== 'transform' && property !== 'opacity'),
      [],
    );
    await page.close();
  });

  it('moves other casings and underscore forms of a key to its one address, with the same page', async () => {
    await browser.clearCookies();
    const page = await browser.newPage();
    const errors = watchErrors(page);
    const failures = watchNetwork(page);

    const variants: Array<[visited: string, canonical: string, h1: string, company: string]> = [
      [
        '/sub-category/PLUMBER',
        '/sub-category/Plumber',
        'Hire a trusted plumber near you',
        withoutPhoto.name,
      ],
      ['/category/plumber', '/sub-category/Plumber', 'Hire a trusted plumber near you', withoutPhoto.name],
      [
        '/category/build_new',
        '/category/Build%20New',
        'Build New: plan it, price it, build it',
        builder.name,
      ],
      [
        '/category/BUILD%20NEW',
        '/category/Build%20New',
        'Build New: plan it, price it, build it',
        builder.name,
      ],
    ];
    for (const [visited, canonical, h1, company] of variants) {
      await page.goto(`${site.url}/`);
      await page.locator('#main h1').waitFor({ timeout: 20_000 });
      await page.goto(`${site.url}${visited}?ref=variant`);
      // The address bar ends on the canonical address (the query kept), with the canonical page.
      await page.waitForURL(`${site.url}${canonical}?ref=variant`);
      await expectHeading(page, h1);
      await page.locator('#main').getByText(company).waitFor({ timeout: 30_000 });
      // The head follows the page after it rendered: wait for its canonical address.
      await page.waitForFunction(
        (href) => document.querySelector('link[rel="canonical"]')?.getAttribute('href') === href,
        `${site.url}${canonical}`,
        { timeout: 10_000 },
      );
      // Replaced, not pushed: Back leaves the page instead of landing on the variant again.
      await page.goBack();
      await page.waitForURL(`${site.url}/`);
    }

    await page.goto(`${site.url}/category/build_new`);
    await page.waitForURL(`${site.url}/category/Build%20New`);
    await checkScreen(page, 'catalogue-category-build-new');
    assert.deepEqual(errors, []);
    assert.deepEqual(failures, []);
    await page.close();
  });

  it("narrows a trade's companies to one state with the State filter, kept in the address", async () => {
    await browser.clearCookies();
    const page = await browser.newPage();
    const errors = watchErrors(page);
    const failures = watchNetwork(page);
    await page.goto(`${site.url}/sub-category/Electrician`);
    const grid = page.getByRole('region', { name: 'Explore the companies doing Electrician' });
    await grid.getByText('Showing 2 of 2 companies').waitFor({ timeout: 15_000 });
    await grid.getByText(kanoElectric.name).waitFor();
    await grid.getByText(lagosElectric.name).waitFor();

    // Choosing Kano: only the Kano company, the state in the address and on the card.
    const select = grid.getByRole('combobox', { name: 'State' });
    const asked = page.waitForResponse((r) => new URL(r.url()).searchParams.get('state') === 'Kano');
    await select.selectOption('Kano');
    assert.equal((await asked).status(), 200);
    await page.waitForURL(`${site.url}/sub-category/Electrician?state=Kano`);
    await grid.getByText('Showing 1 of 1 company in Kano').waitFor();
    assert.equal(await grid.getByText(lagosElectric.name).count(), 0);
    const card = grid.getByRole('listitem').filter({ hasText: kanoElectric.name });
    assert.match((await card.locator('.company-card__state').textContent()) ?? '', /Kano$/);
    await checkScreen(page, 'catalogue-state-filter');

    // Kept on reload (and so in a shared link).
    await page.reload();
    await grid.getByText('Showing 1 of 1 company in Kano').waitFor({ timeout: 15_000 });
    assert.equal(await select.inputValue(), 'Kano');

    // A state with nobody: 'No Data Found'; 'All states' brings both back and clears the address.
    await select.selectOption('Zamfara');
    await grid.getByText('No Data Found').waitFor();
    await select.selectOption('');
    await page.waitForURL(`${site.url}/sub-category/Electrician`);
    await grid.getByText('Showing 2 of 2 companies').waitFor();

    assert.deepEqual(errors, []);
    assert.deepEqual(failures, []);
    await page.close();
  });

  it("carries a visitor's project title and description through sign-in into the job form", async () => {
    await browser.clearCookies();
    const page = await browser.newPage();
    const errors = watchErrors(page);
    const title = 'Replace the leaking kitchen pipe';
    const description = 'The pipe under the kitchen sink leaks; about 2 metres to replace.';
    await page.goto(`${site.url}/sub-category/Plumber`);
    const form = page.getByRole('form', { name: 'Get offers for your plumber job' });
    await form.getByLabel('Title of the project').fill(title);
    await form.getByLabel('What needs to be done').fill(description);
    await form.getByRole('button', { name: 'Post Job' }).click();

    // Not signed in: the login form, which remembers the job form and what was typed.
    await page.waitForURL(/\/login\?next=/);
    const next = new URL(page.url()).searchParams.get('next') ?? '';
    const expected = new URLSearchParams({ title, description });
    assert.equal(next, `/jobpost?${expected}`);
    await page.getByLabel('Email', { exact: true }).fill(poster.email);
    await page.getByLabel('Password', { exact: true }).fill(poster.password);
    await page.getByRole('button', { name: 'Sign In' }).click();

    await page.waitForURL(`${site.url}/jobpost?${expected}`, { timeout: 15_000 });
    await page.getByLabel('Job heading').waitFor({ timeout: 15_000 });
    assert.equal(await page.getByLabel('Job heading').inputValue(), title);
    assert.equal(await page.getByLabel('Job description').inputValue(), description);
    assert.equal(await page.getByLabel('Name', { exact: true }).inputValue(), poster.name);
    await checkScreen(page, 'catalogue-jobpost-prefilled');
    assert.deepEqual(errors, []);
    await signOut(page);
    await page.close();
  });
});
