/**
 * Browser journeys against the embedded topology, started exactly as `npm start` starts it.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { E2E_ADMIN, signInThroughApi } from './support/accounts';
import { launchBrowser, shoot, watchErrors } from './support/browser';
import { expectRemoteRoutes, REMOTE_ROUTES, SHELL_ROUTES } from './support/routes';
import { freePort, startEmbedded, webRootWithout, type EmbeddedSite } from './support/servers';

describe('embedded topology (npm start)', () => {
  let site: EmbeddedSite;
  let browser: BrowserContext;

  before(async () => {
    site = await startEmbedded();
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await site?.stop();
  });

  it("renders the shell's own pages and Page Not Found to a visitor", async () => {
    const page = await browser.newPage();
    const errors = watchErrors(page);
    for (const path of SHELL_ROUTES) {
      await page.goto(`${site.url}${path}`);
      await page.locator('h1').first().waitFor({ timeout: 10_000 });
      assert.equal(await page.locator('[data-remote]').count(), 0, `${path} is the shell's own page`);
    }
    const unknown = await page.goto(`${site.url}/no/such/page`);
    assert.equal(unknown?.status(), 404, 'an unknown address is a 404');
    await page.getByText('Page Not Found').first().waitFor({ timeout: 10_000 });
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('sends a visitor from /jobpost and from signed-in pages to /login, remembering where they were going', async () => {
    const page = await browser.newPage();
    await page.goto(`${site.url}/jobpost`);
    await page.waitForURL(`${site.url}/login?next=%2Fjobpost`);
    await page.goto(`${site.url}/dashboard`);
    await page.waitForURL(`${site.url}/login?next=%2Fdashboard`);
    await page.close();
  });

  it('starts loading a page when its link is pointed at, and shows the loading bar while the move waits for it', async () => {
    const page = await browser.newPage();
    await page.goto(`${site.url}/`);
    await page.locator('.crawler-summary').waitFor({ state: 'detached', timeout: 15_000 });
    const network = await page.context().newCDPSession(page);
    // A first visit: earlier journeys in this browser opened /login, and a sign-in page already in the
    // cache is rightly shown at once, with no loading bar to see.
    await network.send('Network.enable');
    await network.send('Network.setCacheDisabled', { cacheDisabled: true });
    // A slow phone connection: the sign-in page's chunks take well over a second to arrive.
    await network.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 800,
      downloadThroughput: 50_000,
      uploadThroughput: 50_000,
    });
    // Pointing at the link starts the sign-in page's download, before the click.
    const signIn = page.getByRole('link', { name: 'Sign In' }).first();
    const chunkAsked = page.waitForRequest(/\/lazy-login\.[0-9a-f]+\.js$/, { timeout: 5_000 });
    await signIn.hover();
    await chunkAsked;
    await signIn.click();
    await page.waitForURL(`${site.url}/login`);
    const bar = page.getByRole('progressbar', { name: 'Loading page' });
    await bar.waitFor({ timeout: 1_000 });
    assert.equal(
      await page.locator('#main h1').first().textContent(),
      'Find trusted professionals for every job at home',
      'the page being left stays while the next one loads',
    );
    await page.locator('#main h1', { hasText: 'Sign in' }).waitFor({ timeout: 30_000 });
    assert.equal(await bar.count(), 0);
    await network.detach();
    await page.close();
  });

  it('renders every remote route inside the shell for a signed-in admin', async () => {
    const page = await browser.newPage();
    const errors = watchErrors(page);
    await signInThroughApi(page, site.url, E2E_ADMIN.email, E2E_ADMIN.password);
    await expectRemoteRoutes(page, site.url, REMOTE_ROUTES);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('takes screenshots of the foundation screens at desktop and phone widths', async () => {
    const page = await browser.newPage();
    for (const [width, label] of [
      [1280, 'desktop'],
      [375, 'phone'],
    ] as const) {
      await page.setViewportSize({ width, height: 800 });
      for (const [path, name] of [
        ['/', 'home'],
        ['/login', 'login'],
        ['/nope', 'not-found'],
      ] as const) {
        await page.goto(`${site.url}${path}`);
        await page.locator('h1').first().waitFor();
        await shoot(page, `embedded-${name}-${label}`);
      }
    }
    await page.close();
  });
});

/** The sign-in page has replaced the page before it (its heading, in the page's main area). */
async function signInPageShown(page: Page): Promise<void> {
  await page
    .locator('#main')
    .getByRole('heading', { level: 1, name: 'Sign in' })
    .waitFor({ timeout: 10_000 });
}

describe('accounts and identity journeys', () => {
  let site: EmbeddedSite;
  let browser: BrowserContext;
  const stamp = Date.now().toString(36);
  const poster = { name: 'Ngozi Adeyemi', email: `ngozi-${stamp}@example.com`, password: 'poster-pass-1' };
  const company = {
    name: 'Lekki Build and Tile',
    email: `lekki-${stamp}@example.com`,
    password: 'company-pass-1',
  };

  before(async () => {
    site = await startEmbedded();
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await site?.stop();
  });

  it('signs up a poster, logs in and out through the forms', async () => {
    const page = await browser.newPage();
    const errors = watchErrors(page);
    await page.goto(`${site.url}/signup`);
    await page.getByLabel('Name', { exact: true }).fill(poster.name);
    await page.getByLabel('Email', { exact: true }).fill(poster.email);
    await page.getByLabel('Password', { exact: true }).fill(poster.password);
    await page.getByLabel('Confirm Password', { exact: true }).fill(poster.password);
    await page.getByRole('button', { name: 'SignUp' }).click();
    await page.waitForURL(`${site.url}/login`, { timeout: 10_000 });
    // The address changes as the navigation starts; the form left stays until the sign-in page is there.
    await signInPageShown(page);

    await page.getByLabel('Email', { exact: true }).fill(poster.email);
    await page.getByLabel('Password', { exact: true }).fill(poster.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${site.url}/dashboard`, { timeout: 10_000 });
    await page.locator('[data-remote="jobs"]').first().waitFor();
    await shoot(page, 'identity-poster-dashboard');
    await page.getByRole('navigation', { name: 'Account' }).getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${site.url}/login`, { timeout: 10_000 });
    await page.goto(`${site.url}/dashboard`);
    await page.waitForURL(`${site.url}/login?next=%2Fdashboard`);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('registers a company with categories, logs in and edits the profile with a photo', async () => {
    const page = await browser.newPage();
    const errors = watchErrors(page);
    await page.goto(`${site.url}/register`);
    await page.getByLabel('Company Name', { exact: true }).fill(company.name);
    await page.getByLabel('Email', { exact: true }).fill(company.email);
    await page.getByLabel('Contact Number', { exact: true }).fill('08031234567');
    await page.getByLabel('CAC Number', { exact: true }).fill('RC123456');
    await page.getByLabel('Address', { exact: true }).fill('4 Admiralty Way, Lekki');
    await page.getByLabel('State', { exact: true }).selectOption('Lagos');
    await page.getByLabel('Postal code', { exact: true }).fill('105102');
    await page.getByLabel('Password', { exact: true }).fill(company.password);
    await page.getByRole('checkbox', { name: 'Choose Category and Sub-Category' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('checkbox', { name: 'Craftsman' }).click();
    await dialog.getByRole('button', { name: 'Choose Category' }).click();
    await dialog.getByRole('checkbox', { name: 'Tiler' }).click({ timeout: 5000 });
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByRole('button', { name: 'Post' }).click();
    await page.waitForURL(`${site.url}/login`, { timeout: 10_000 });
    // The address changes as the navigation starts; the form left stays until the sign-in page is there.
    await signInPageShown(page);

    await page.getByLabel('Email', { exact: true }).fill(company.email);
    await page.getByLabel('Password', { exact: true }).fill(company.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${site.url}/dashboard`, { timeout: 10_000 });

    // The company now appears in the directory of its trade.
    const directory = await page.request.get(`${site.url}/api/jobs/getcompaniesbysubCategory/Tiler`);
    const listed = ((await directory.json()) as { company: Array<{ email: string }> }).company.map(
      (c) => c.email,
    );
    assert.ok(listed.includes(company.email), 'the company is listed under Tiler');

    await page.goto(`${site.url}/edit-profile`);
    // The profile photo's input (the page also has Get verified's certificate input).
    await page
      .locator('input[type="file"][accept="image/*"]')
      .setInputFiles(join(process.cwd(), 'e2e', 'fixtures', 'photo.png'));
    await page.getByLabel('Name', { exact: true }).fill('Lekki Build and Tiles');
    await page.getByRole('button', { name: 'Update Profile' }).click();
    await page.getByText('Company Profile Updated Successfully').first().waitFor({ timeout: 10_000 });
    const account = page.getByRole('navigation', { name: 'Account' });
    await page.getByText('Lekki Build and Tiles').first().waitFor();
    const me = (await (await page.request.get(`${site.url}/api/user/me`)).json()) as {
      user: { name: string; photoUrl: string; phoneNumber: string };
    };
    assert.equal(me.user.name, 'Lekki Build and Tiles');
    assert.equal(me.user.phoneNumber, '+2348031234567');
    const photo = await page.request.get(`${site.url}${me.user.photoUrl}`);
    assert.equal(photo.status(), 200);
    assert.match(photo.headers()['content-type'] ?? '', /^image\//);
    await shoot(page, 'identity-company-profile');
    await account.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${site.url}/login`, { timeout: 10_000 });
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('shows the admin both new accounts in the users list', async () => {
    const page = await browser.newPage();
    await signInThroughApi(page, site.url, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.goto(`${site.url}/allusers`);
    const table = page.locator('[data-remote="admin"]');
    await table.getByText(poster.email).waitFor({ timeout: 15_000 });
    await table.getByText(company.email).waitFor();
    await shoot(page, 'identity-admin-users');
    await page.close();
  });

  it('delivers the contact form to the mail outbox', async () => {
    const page = await browser.newPage();
    await page.goto(`${site.url}/contactus`);
    const message = `Please call me about my kitchen ${stamp}`;
    await page.getByLabel(/^Name/).fill('  Tunde Bakare  ');
    await page.getByLabel(/^Email/).fill('tunde@example.com');
    await page.getByLabel(/^Message/).fill(message);
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByText("Message sent. We'll get back to you shortly.").first().waitFor({ timeout: 10_000 });
    const outbox = join(site.dataDir, 'mail-outbox');
    let delivered = '';
    for (let i = 0; i < 50 && !delivered; i++) {
      const files = (() => {
        try {
          return readdirSync(outbox);
        } catch {
          return [];
        }
      })();
      delivered =
        // The sign-ups above also left verification mails to addresses carrying the stamp.
        files
          .map((f) => readFileSync(join(outbox, f), 'utf8'))
          .find((m) => m.includes(stamp) && m.includes('Please call me about my kitchen')) ?? '';
      if (!delivered) await new Promise((r) => setTimeout(r, 200));
    }
    assert.ok(delivered.includes('Tunde Bakare'), 'the message reached the outbox, trimmed');
    await page.close();
  });

  it('shows the API document of the four services at /api/docs under its own CSP, refusing nothing', async () => {
    const page = await browser.newPage();
    const errors = watchErrors(page);
    await page.goto(`${site.url}/api/docs`);
    await page.locator('.opblock').first().waitFor({ timeout: 20_000 });
    const tags = (await page.locator('.opblock-tag').allInnerTexts()).map((tag) => tag.split('\n')[0]);
    assert.deepEqual(tags, ['accounts', 'jobs', 'chat', 'payments']);
    await page.getByText('/api/user/login', { exact: true }).first().waitFor();
    assert.deepEqual(errors, []);
    await shoot(page, 'api-docs');
    await page.close();
  });
});

describe('a remote that is missing or down', () => {
  let site: EmbeddedSite;
  let browser: BrowserContext;
  let web: { dir: string; cleanup(): void };

  before(async () => {
    web = webRootWithout('admin');
    const closedPort = await freePort(); // nothing listens there: the chat remote's server is "down"
    site = await startEmbedded({
      env: { WEB_ROOT: web.dir, REMOTE_CHAT_URL: `http://127.0.0.1:${closedPort}/mf-manifest.json` },
    });
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await site?.stop();
    web?.cleanup();
  });

  it('shows a fallback with a retry for that remote and keeps the rest of the site working', async () => {
    const page = await browser.newPage();
    const errors = watchErrors(page);
    await signInThroughApi(page, site.url, E2E_ADMIN.email, E2E_ADMIN.password);
    for (const path of ['/allusers', '/chat']) {
      await page.goto(`${site.url}${path}`);
      const fallback = page.locator('[data-testid="remote-fallback"]');
      await fallback.waitFor({ timeout: 20_000 });
      assert.ok(await fallback.getByRole('button').first().isVisible(), 'the fallback offers a retry');
    }
    await shoot(page, 'fallback-desktop');
    await page.goto(`${site.url}/`);
    await page.locator('[data-remote="catalogue"]').first().waitFor({ timeout: 15_000 });
    await page.goto(`${site.url}/dashboard`);
    await page.locator('[data-remote="jobs"]').first().waitFor({ timeout: 15_000 });
    assert.deepEqual(errors, []);
    await page.close();
  });
});

describe('restarting npm start', () => {
  it('keeps the data of the previous run', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'e2e-restart-'));
    try {
      const first = await startEmbedded({ dataDir });
      const registered = await fetch(`${first.url}/api/user`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'kept@example.com', name: 'Kept User', password: 'secret1' }),
      });
      assert.equal(registered.status, 200);
      await first.stop();
      const second = await startEmbedded({ dataDir });
      try {
        const login = await fetch(`${second.url}/api/user/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'kept@example.com', password: 'secret1' }),
        });
        assert.equal(login.status, 200);
      } finally {
        await second.stop();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
