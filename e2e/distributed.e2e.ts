/**
 * Browser journeys against the distributed topology: each service its own process on PostgreSQL
 * and NATS, two chat instances, the edge proxying.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { BrowserContext } from 'playwright-core';
import type { Distributed } from '@marketplace/infra';
import { launchBrowser, shoot, watchErrors } from './support/browser';
import { E2E_ADMIN, signInThroughApi } from './support/accounts';
import { chatInstancesOf, liveConversation, unlockedPair } from './support/chat';
import { startDistributedSite, type DistributedSite } from './support/distributed';
import { expectRemoteRoutes, REMOTE_ROUTES } from './support/routes';

describe('distributed topology', () => {
  let distributed: DistributedSite;
  let site: Distributed;
  let browser: BrowserContext;

  before(async () => {
    distributed = await startDistributedSite('dist');
    site = distributed.site;
    browser = await launchBrowser();
  });

  after(async () => {
    await browser?.close();
    await distributed?.close();
  });

  it('serves every remote through the proxying edge', async () => {
    const page = await browser.newPage();
    const errors = watchErrors(page);
    await signInThroughApi(page, site.url, E2E_ADMIN.email, E2E_ADMIN.password);
    await expectRemoteRoutes(page, site.url, REMOTE_ROUTES);
    await shoot(page, 'distributed-admin');
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('carries an event from accounts to jobs over NATS', async () => {
    const page = await browser.newPage();
    await page.goto(site.url);
    const email = `nats-${Date.now()}@example.com`;
    const registered = await page.request.post(`${site.url}/api/user`, {
      data: { email, name: 'Nats Journey', password: 'secret1' },
    });
    assert.equal(registered.status(), 200);
    const { user } = (await registered.json()) as { user: { _id: string } };
    // Signed in (cookies in this context): a member's own poster card is the jobs service's read model.
    const signedIn = await page.request.post(`${site.url}/api/user/login`, {
      data: { email, password: 'secret1' },
    });
    assert.equal(signedIn.status(), 200);
    const deadline = Date.now() + 15_000;
    let poster: { name?: string } = {};
    while (Date.now() < deadline) {
      const res = await page.request.get(`${site.url}/api/jobs/posters/${user._id}`);
      if (res.status() === 200) {
        poster = (await res.json()) as { name: string };
        break;
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    assert.equal(poster.name, 'Nats Journey', 'the jobs service learned of the new account');
    await page.close();
  });

  it('spreads realtime connections over both chat instances', async () => {
    const page = await browser.newPage();
    await page.goto(site.url);
    // /ws takes the session cookie at the upgrade (a visitor is refused before it).
    await signInThroughApi(page, site.url, E2E_ADMIN.email, E2E_ADMIN.password);
    const instances = await chatInstancesOf(page, 4);
    assert.deepEqual([...new Set(instances)].sort(), ['chat-1', 'chat-2']);
    await page.close();
  });

  it('poster and company chat live over two chat instances: read receipts and the unread count follow', async () => {
    const companyBrowser = await launchBrowser();
    try {
      const pair = await unlockedPair(site.url, { poster: browser, company: companyBrowser }, 'distributed');
      await liveConversation(site.url, pair, 'distributed-chat');
    } finally {
      await companyBrowser.close();
    }
  });
});
