/**
 * Chat journeys against the embedded topology (npm start): a paid unlock opens the conversation, poster
 * and company (two browsers) chat live with read receipts and the header's unread count, the phone layout
 * with its Inbox and Details panels, and a message written offline is delivered once on reconnect.
 * distributed.e2e.ts runs the live conversation again over two chat instances on PostgreSQL and NATS.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { BrowserContext } from 'playwright-core';
import { launchBrowser, shoot, watchErrors } from './support/browser';
import {
  liveConversation,
  messageIn,
  openConversation,
  ownMessageIn,
  unlockedPair,
  type ChatPair,
} from './support/chat';
import { startEmbedded, type EmbeddedSite } from './support/servers';

describe('chat journeys (embedded)', () => {
  let site: EmbeddedSite;
  let posterBrowser: BrowserContext;
  let companyBrowser: BrowserContext;
  let pair: ChatPair;

  before(async () => {
    site = await startEmbedded();
    posterBrowser = await launchBrowser();
    companyBrowser = await launchBrowser();
    pair = await unlockedPair(site.url, { poster: posterBrowser, company: companyBrowser }, 'embedded');
  });
  after(async () => {
    await posterBrowser?.close();
    await companyBrowser?.close();
    await site?.stop();
  });

  it('poster and company chat live; read receipts and the unread count follow', async () => {
    await liveConversation(site.url, pair, 'chat-live');
  });

  it('on a phone (375 px) the inbox and the details are panels', async () => {
    const page = await companyBrowser.newPage();
    await page.setViewportSize({ width: 375, height: 740 });
    const errors = watchErrors(page);
    await page.goto(`${site.url}/chat?chat=${pair.chatId}`);
    await page.getByRole('heading', { level: 1, name: pair.poster.name }).waitFor({ timeout: 20_000 });
    await page.getByRole('textbox', { name: `Message to ${pair.poster.name}` }).waitFor();
    await shoot(page, 'chat-mobile');

    await page.getByRole('button', { name: 'Details', exact: true }).click();
    const details = page.getByRole('complementary', { name: 'Details' });
    await details.waitFor();
    // The company paid: the poster's phone is there (from the jobs API, which decides).
    await page
      .getByText(/8035550123/)
      .first()
      .waitFor({ timeout: 15_000 });
    await shoot(page, 'chat-mobile-details');
    await page.keyboard.press('Escape');
    await details
      .first()
      .waitFor({ state: 'hidden', timeout: 5_000 })
      .catch(() => undefined);

    await page.getByRole('button', { name: 'Inbox', exact: true }).click();
    const inbox = page.getByRole('complementary', { name: 'Inbox' });
    await inbox.getByRole('button', { name: new RegExp(pair.poster.name) }).waitFor();
    await shoot(page, 'chat-mobile-inbox');
    await inbox.getByRole('button', { name: new RegExp(pair.poster.name) }).click();
    await page.getByRole('textbox', { name: `Message to ${pair.poster.name}` }).waitFor();
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('a message written offline waits, then is delivered exactly once when the connection is back', async () => {
    const page = pair.company.page;
    const box = await openConversation(page, site.url, pair.poster.name);
    const text = `Written in the lift, no signal ${pair.chatId.slice(0, 6)}`;
    await companyBrowser.setOffline(true);
    try {
      await box.fill(text);
      await page.getByRole('button', { name: 'Send', exact: true }).click();
      await ownMessageIn(page, text, 'queued').waitFor({ timeout: 10_000 });
      await shoot(page, 'chat-offline-queued');
    } finally {
      await companyBrowser.setOffline(false);
    }
    await ownMessageIn(page, text, 'sent')
      .or(ownMessageIn(page, text, 'read'))
      .waitFor({ timeout: 30_000 });

    // The poster gets it once; the server stored it once.
    const posterPage = pair.poster.page;
    await openConversation(posterPage, site.url, pair.company.name);
    await messageIn(posterPage, text).waitFor({ timeout: 15_000 });
    const shown = await posterPage.locator('li.chat-msg .chat-msg__text').allTextContents();
    assert.equal(shown.filter((t) => t === text).length, 1);
    const thread = await page.request.get(`${site.url}/api/jobs/chat/${pair.chatId}`);
    const stored = ((await thread.json()) as { messages: Array<{ message: string }> }).messages;
    assert.equal(stored.filter((m) => m.message === text).length, 1);
  });
});
