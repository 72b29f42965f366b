/**
 * Offers in the chat against the embedded topology, at 375 px and by keyboard: a company with a paid
 * unlock sends an offer from the conversation (the form dialog), the poster - in another browser, with
 * the conversation open - sees the offer card arrive live, accepts it from the card after the
 * confirmation, and the company's card turns "Accepted" without reloading, with the notice beneath it.
 * axe runs on the form, on the poster's card and on the company's accepted card.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { CHAT_OFFER_NOTICES, OFFER_MESSAGES } from '@marketplace/contracts';
import { seriousViolations, violationLines } from './support/axe';
import { launchBrowser, shoot, watchErrors } from './support/browser';
import { unlockedPair, type ChatPair } from './support/chat';
import { startEmbedded, type EmbeddedSite } from './support/servers';

const PHONE = { width: 375, height: 812 };
const WIDE = { width: 1366, height: 900 };

async function expectNoSeriousViolations(page: Page, where: string): Promise<void> {
  const lines = violationLines(await seriousViolations(page));
  assert.deepEqual(lines, [], `axe on ${where}`);
}

/** Tabs until `target` has focus (the keyboard's way there), or fails. */
async function tabTo(page: Page, target: Locator, max = 80): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  assert.fail('could not reach the control with Tab');
}

/** The offer card in the open conversation (not the inbox preview). */
const offerCard = (page: Page, company: string) =>
  page.getByRole('list', { name: /^Messages with/ }).getByRole('article', { name: `Offer from ${company}` });

describe('offers in the chat (embedded, 375 px, keyboard)', () => {
  let site: EmbeddedSite;
  let posterBrowser: BrowserContext;
  let companyBrowser: BrowserContext;
  let pair: ChatPair;

  before(async () => {
    site = await startEmbedded();
    posterBrowser = await launchBrowser();
    companyBrowser = await launchBrowser();
    pair = await unlockedPair(site.url, { poster: posterBrowser, company: companyBrowser }, 'offer-chat');
  });
  after(async () => {
    await posterBrowser?.close();
    await companyBrowser?.close();
    await site?.stop();
  });

  it('the company sends an offer by keyboard, the poster sees it live and accepts it, the company sees "Accepted"', async () => {
    const company = pair.company.page;
    const poster = pair.poster.page;
    await company.setViewportSize(PHONE);
    await poster.setViewportSize(PHONE);
    const companyErrors = watchErrors(company);
    const posterErrors = watchErrors(poster);

    // Both have the conversation open (the poster's stays open: the card must arrive live).
    await poster.goto(`${site.url}/chat?chat=${pair.chatId}`);
    await poster
      .getByRole('textbox', { name: `Message to ${pair.company.name}` })
      .waitFor({ timeout: 20_000 });
    await company.goto(`${site.url}/chat?chat=${pair.chatId}`);
    await company
      .getByRole('textbox', { name: `Message to ${pair.poster.name}` })
      .waitFor({ timeout: 20_000 });

    // ---- The company opens the form by keyboard and fills it in.
    const open = company.getByRole('button', { name: 'Send an offer' });
    await tabTo(company, open);
    await company.keyboard.press('Enter');
    const form = company.getByRole('dialog', { name: 'Send an offer' });
    await form.waitFor();
    const price = form.getByRole('textbox', { name: 'Price (₦)' });
    await tabTo(company, price);
    await company.keyboard.type('45000');
    const note = form.getByRole('textbox', { name: 'Note (optional)' });
    await tabTo(company, note);
    await company.keyboard.type('Pipes and fittings included.');
    await expectNoSeriousViolations(company, 'the offer form');
    await shoot(company, 'offer-chat-form-375');
    await tabTo(company, form.getByRole('button', { name: 'Send offer' }));
    await company.keyboard.press('Enter');
    await form.waitFor({ state: 'hidden', timeout: 15_000 });
    await company.getByText(OFFER_MESSAGES.sent).first().waitFor({ timeout: 15_000 });
    const ownCard = offerCard(company, pair.company.name);
    await ownCard.getByText('Active', { exact: true }).waitFor({ timeout: 20_000 });
    await ownCard.getByRole('button', { name: 'Withdraw' }).waitFor();

    // ---- The poster's open conversation shows the card, live.
    const card = offerCard(poster, pair.company.name);
    await card.getByText('₦45,000').waitFor({ timeout: 20_000 });
    await card.getByText('Pipes and fittings included.').waitFor();
    await card.getByText('Active', { exact: true }).waitFor();
    assert.equal(
      await card.getByRole('link', { name: 'Compare all offers' }).getAttribute('href'),
      `/dashboard?offers=${pair.jobId}`,
    );
    await expectNoSeriousViolations(poster, "the poster's offer card");
    await shoot(poster, 'offer-chat-card-375');
    await poster.setViewportSize(WIDE);
    await poster.waitForTimeout(300); // let the layout settle after the resize (not an assertion)
    await shoot(poster, 'offer-chat-card-1366');
    await poster.setViewportSize(PHONE);
    await poster.waitForTimeout(300);

    // ---- The poster accepts it from the card, by keyboard, after the confirmation.
    await tabTo(poster, card.getByRole('button', { name: 'Accept offer' }));
    await poster.keyboard.press('Enter');
    const confirm = poster.getByRole('dialog', { name: 'Accept this offer?' });
    await confirm.waitFor();
    await expectNoSeriousViolations(poster, 'the accept confirmation');
    await tabTo(poster, confirm.getByRole('button', { name: 'Accept offer' }));
    await poster.keyboard.press('Enter');
    await confirm.waitFor({ state: 'hidden', timeout: 15_000 });
    await card.getByText('Accepted', { exact: true }).waitFor({ timeout: 20_000 });

    // ---- The company sees it without reloading: the card says Accepted, the notice is beneath.
    await ownCard.getByText('Accepted', { exact: true }).waitFor({ timeout: 20_000 });
    await company
      .getByRole('list', { name: /^Messages with/ })
      .locator('li.chat-notice')
      .filter({ hasText: CHAT_OFFER_NOTICES.accepted })
      .waitFor();
    assert.equal(await ownCard.getByRole('button', { name: 'Withdraw' }).count(), 0);
    await expectNoSeriousViolations(company, "the company's accepted offer");
    await shoot(company, 'offer-chat-accepted-375');

    // The hire is the jobs service's: the job is in progress with this company.
    const job = await poster.request.get(`${site.url}/api/jobs/viewjob/${pair.jobId}`);
    const detail = ((await job.json()) as { job: { status: string; hiredCompanyId?: string | null } }).job;
    assert.equal(detail.hiredCompanyId, pair.company.id);

    assert.deepEqual(companyErrors, []);
    assert.deepEqual(posterErrors, []);
  });
});
