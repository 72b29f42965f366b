/**
 * Browser journeys against the embedded topology, started exactly as `npm start` starts it.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { BrowserContext } from 'playwright-core';
import { launchBrowser, shoot, watchErrors } from './support/browser';
import { REMOTE_ROUTES, SHELL_ROUTES } from './support/routes';
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

  it('renders every remote route inside the shell', async () => {
    const page = await browser.newPage();
    const errors = watchErrors(page);
    // Signed in, so the guarded /jobpost renders too.
    await page.goto(site.url);
    await page.evaluate(() => localStorage.setItem('accessToken', 'e2e-token'));
    for (const [path, remote] of REMOTE_ROUTES) {
      await page.goto(`${site.url}${path}`);
      const root = page.locator(`[data-remote="${remote}"]`).first();
      await root.waitFor({ timeout: 15_000 });
      assert.ok(await page.locator('h1').first().isVisible(), `${path} has a heading`);
    }
    await page.evaluate(() => localStorage.clear());
    for (const path of SHELL_ROUTES) {
      await page.goto(`${site.url}${path}`);
      await page.locator('h1').first().waitFor({ timeout: 10_000 });
      assert.equal(await page.locator('[data-remote]').count(), 0, `${path} is the shell's own page`);
    }
    await page.goto(`${site.url}/no/such/page`);
    await page.getByText('Page Not Found').first().waitFor({ timeout: 10_000 });
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('sends a signed-out visitor from /jobpost to the home page', async () => {
    const page = await browser.newPage();
    await page.goto(`${site.url}/jobpost`);
    await page.waitForURL(`${site.url}/`);
    await page.locator('[data-remote="catalogue"]').first().waitFor();
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
        ['/chat', 'chat'],
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
    for (const path of ['/allusers', '/chat']) {
      await page.goto(`${site.url}${path}`);
      const fallback = page.locator('[data-testid="remote-fallback"]');
      await fallback.waitFor({ timeout: 20_000 });
      assert.ok(await fallback.getByRole('button').first().isVisible(), 'the fallback offers a retry');
    }
    await shoot(page, 'fallback-desktop');
    // Client-side navigation from a broken remote to a working one.
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
