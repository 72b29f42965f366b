import assert from 'node:assert/strict';
import type { BrowserContext, Page } from 'playwright-core';
import { registerThroughApi, signInThroughApi, uniqueEmail } from './accounts';
import { shoot, watchErrors } from './browser';
import { myId, postJobThroughApi, unlockThroughSandbox, type Poster } from './marketplace';

/** Two members of one conversation, each in their own browser (own cookies), and the unlocked job. */
export interface ChatPair {
  poster: Poster & { id: string; page: Page };
  company: { name: string; email: string; password: string; id: string; page: Page };
  jobId: string;
  heading: string;
  chatId: string;
}

/**
 * A poster posts a job and a company unlocks it on the sandbox checkout: the conversation the paid
 * unlock opens, found as the company sees it (GET the inbox), with each member signed in in `contexts`.
 */
export async function unlockedPair(
  baseUrl: string,
  contexts: { poster: BrowserContext; company: BrowserContext },
  label: string,
): Promise<ChatPair> {
  const stamp = `${label}-${Date.now().toString(36)}`;
  const poster = {
    name: 'Ngozi Okafor',
    email: uniqueEmail('ngozi'),
    password: 'poster-pass-1',
    phone: '08035550123',
    address: '7 Allen Avenue, Ikeja',
  };
  const company = { name: 'Ikeja Pipe Masters', email: uniqueEmail('pipes'), password: 'company-pass-1' };
  const heading = `Fix the burst pipe ${stamp}`;

  const posterPage = await contexts.poster.newPage();
  await registerThroughApi(posterPage, baseUrl, poster);
  await signInThroughApi(posterPage, baseUrl, poster.email, poster.password);
  const posterId = await myId(posterPage, baseUrl);
  const jobId = await postJobThroughApi(posterPage, baseUrl, poster, {
    heading,
    description: 'Water is leaking under the kitchen sink since this morning.',
  });

  const companyPage = await contexts.company.newPage();
  await registerThroughApi(companyPage, baseUrl, { ...company, type: 'company' });
  await signInThroughApi(companyPage, baseUrl, company.email, company.password);
  const companyId = await myId(companyPage, baseUrl);
  await unlockThroughSandbox(companyPage, baseUrl, jobId);

  // The conversation is opened from payments.unlock.paid (an event): wait for it to reach chat.
  let chatId = '';
  for (let attempt = 0; attempt < 100 && !chatId; attempt++) {
    const inbox = await companyPage.request.get(`${baseUrl}/api/jobs/user/chat/${companyId}`);
    if (inbox.ok()) {
      const chats = (await inbox.json()) as Array<{ _id: string; jobId: { _id: string } }>;
      chatId = chats.find((chat) => chat.jobId._id === jobId)?._id ?? '';
    }
    if (!chatId) await new Promise((resolve) => setTimeout(resolve, 200));
  }
  assert.ok(chatId, 'the paid unlock opened a conversation');
  return {
    poster: { ...poster, id: posterId, page: posterPage },
    company: { ...company, id: companyId, page: companyPage },
    jobId,
    heading,
    chatId,
  };
}

/** The member's own message with this text, showing this delivery state (sending, sent, read, ...). */
export function ownMessageIn(page: Page, text: string, status: string) {
  return page.locator('li.chat-msg--own').filter({ hasText: text }).locator(`[data-status="${status}"]`);
}

/** A message with this text in the open conversation (not its preview in the inbox). */
export function messageIn(page: Page, text: string) {
  return page.locator('li.chat-msg .chat-msg__text').filter({ hasText: text });
}

/** Opens /chat and the conversation with `counterpart` from the inbox; returns the text box. */
export async function openConversation(page: Page, baseUrl: string, counterpart: string) {
  await page.goto(`${baseUrl}/chat`);
  const inbox = page.getByRole('complementary', { name: 'Inbox' });
  await inbox.getByRole('button', { name: new RegExp(counterpart) }).click({ timeout: 20_000 });
  const box = page.getByRole('textbox', { name: `Message to ${counterpart}` });
  await box.waitFor({ timeout: 15_000 });
  return box;
}

/**
 * Poster and company chat live: the company writes first, the poster's header counts it, the poster
 * opens it (the company sees 'Read' without reloading), answers, and the company sees the answer arrive.
 */
export async function liveConversation(baseUrl: string, pair: ChatPair, shots: string): Promise<void> {
  const { poster, company } = pair;
  const errors = [...watchErrors(poster.page), ...watchErrors(company.page)];
  const first = `Good morning, I can come today at 2pm ${pair.chatId.slice(0, 6)}`;
  const answer = `2pm is fine, the gate code is 4410 ${pair.chatId.slice(0, 6)}`;

  const companyBox = await openConversation(company.page, baseUrl, poster.name);
  await company.page.getByText(pair.heading).first().waitFor();
  await companyBox.fill(first);
  await company.page.getByRole('button', { name: 'Send', exact: true }).click();
  await ownMessageIn(company.page, first, 'sent').waitFor({ timeout: 15_000 });

  // The poster, elsewhere on the site, sees the count in the header.
  await poster.page.goto(`${baseUrl}/dashboard`);
  await poster.page.getByRole('link', { name: 'Chat, 1 unread' }).waitFor({ timeout: 20_000 });

  const posterBox = await openConversation(poster.page, baseUrl, company.name);
  await messageIn(poster.page, first).waitFor({ timeout: 15_000 });
  // Opening the conversation marks it read: the company's tick turns to 'Read' live.
  await ownMessageIn(company.page, first, 'read').waitFor({ timeout: 15_000 });

  await posterBox.fill(answer);
  await posterBox.press('Enter');
  await messageIn(company.page, answer).waitFor({ timeout: 15_000 });
  await shoot(company.page, `${shots}-company`);
  await shoot(poster.page, `${shots}-poster`);

  // Each message once on both sides, in order.
  for (const page of [company.page, poster.page]) {
    const texts = await page.locator('li.chat-msg .chat-msg__text').allTextContents();
    assert.deepEqual(
      texts.filter((text) => text === first || text === answer),
      [first, answer],
    );
  }
  assert.deepEqual(errors, []);
}

/**
 * Opens `count` sockets to /ws one after another from the page (signed in: the session cookie goes with
 * the upgrade) and returns the chat instance that welcomed each.
 */
export async function chatInstancesOf(page: Page, count: number): Promise<string[]> {
  // A string, not a function: tsx would wrap named functions in a helper the page does not have.
  return (await page.evaluate(`(async () => {
    const seen = [];
    for (let i = 0; i < ${count}; i++) {
      seen.push(await new Promise((resolve, reject) => {
        const socket = new WebSocket(location.origin.replace('http', 'ws') + '/ws');
        socket.onmessage = (event) => {
          const frame = JSON.parse(String(event.data));
          if (frame.type === 'welcome') { resolve(frame.instance); socket.close(); }
        };
        socket.onerror = () => reject(new Error('websocket failed'));
      }));
    }
    return seen;
  })()`)) as string[];
}
