/**
 * Password reset and e-mail verification in a real Chromium against the embedded topology, with the
 * mail read where `npm start` writes it without SMTP: the `.eml` files under DATA_DIR/mail-outbox.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { parseEml } from '@marketplace/service-kit/testing';
import { registerThroughApi, uniqueEmail } from './support/accounts';
import { seriousViolations, violationLines } from './support/axe';
import { launchBrowser, shoot, watchErrors } from './support/browser';
import { startEmbedded, type EmbeddedSite } from './support/servers';

interface Mail {
  to: string;
  subject: string;
  text: string;
  file: string;
}

/** One .eml file as a person reads it: headers unfolded, the body decoded. */
function parseMail(file: string, raw: string): Mail {
  const mail = parseEml(raw);
  return {
    to: (mail.header('To') ?? '').toLowerCase(),
    subject: mail.header('Subject') ?? '',
    text: mail.text,
    file,
  };
}

/** Waits until the outbox holds `count` mails to `to` with `subject`; returns them oldest first. */
async function waitForMails(site: EmbeddedSite, to: string, subject: string, count = 1): Promise<Mail[]> {
  const outbox = join(site.dataDir, 'mail-outbox');
  for (let attempt = 0; ; attempt++) {
    let names: string[] = [];
    try {
      names = readdirSync(outbox)
        .filter((name) => name.endsWith('.eml'))
        .sort();
    } catch {
      // no mail yet
    }
    const mails = names
      .map((name) => parseMail(name, readFileSync(join(outbox, name), 'utf8')))
      .filter((mail) => mail.to === to.toLowerCase() && mail.subject === subject);
    if (mails.length >= count) return mails;
    if (attempt > 100) assert.fail(`no ${count} mail(s) "${subject}" to ${to} in ${outbox}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The link to `page` in a mail, as the person would click it. */
function linkIn(mail: Mail, page: string): string {
  const match = new RegExp(`https?://\\S+${page}#token=[A-Za-z0-9_-]+`).exec(mail.text);
  assert.ok(match, `a ${page} link in:\n${mail.text}`);
  return match[0];
}

async function signInThroughForm(page: Page, site: EmbeddedSite, email: string, password: string) {
  await page.goto(`${site.url}/login`);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** A session of the account elsewhere (a phone app): the login response's refresh token. */
async function apiSession(site: EmbeddedSite, email: string, password: string): Promise<string> {
  const response = await fetch(`${site.url}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = await response.text();
  assert.equal(response.status, 200, body);
  return (JSON.parse(body) as { refreshToken: string }).refreshToken;
}

describe('identity journeys: password reset and verified e-mail', () => {
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

  it('resets a forgotten password through the link in the .eml file; every session ends', async () => {
    const person = { name: 'Amaka Eze', email: uniqueEmail('amaka'), password: 'old-password-1' };
    const page = await browser.newPage();
    const errors = watchErrors(page);
    await registerThroughApi(page, site.url, person);
    const elsewhere = await apiSession(site, person.email, person.password);

    // 'Lost your password?' on /login, with the address typed there.
    await page.goto(`${site.url}/login`);
    await page.getByLabel('Email', { exact: true }).fill(person.email);
    await page.getByRole('link', { name: 'Lost your password?' }).click();
    await page.waitForURL(`${site.url}/forgot-password`);
    assert.equal(await page.getByLabel('Email', { exact: true }).inputValue(), person.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('If an account uses this e-mail address').waitFor({ timeout: 10_000 });
    await shoot(page, 'identity-forgot-password-sent');

    const [mail] = await waitForMails(site, person.email, 'Choose a new password');
    const link = linkIn(mail as Mail, '/reset-password');
    assert.ok(link.startsWith(`${site.url}/reset-password#token=`), link);

    await page.goto(link);
    await page.getByRole('heading', { level: 1, name: 'Choose a new password' }).waitFor();
    await page.getByLabel('New password', { exact: true }).fill('12345');
    await page.getByLabel('Confirm new password', { exact: true }).fill('12345');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.getByText('Password must be at least 6 characters long').first().waitFor();
    await page.getByLabel('New password', { exact: true }).fill('new-password-2');
    await page.getByLabel('Confirm new password', { exact: true }).fill('new-password-2');
    await shoot(page, 'identity-reset-password');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.waitForURL(`${site.url}/login`, { timeout: 10_000 });

    // The other session ended; the old password no longer works, the new one does.
    const refreshed = await fetch(`${site.url}/api/user/refresh`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refreshToken: elsewhere }),
    });
    assert.equal(refreshed.status, 401);
    await signInThroughForm(page, site, person.email, person.password);
    await page.getByText('Invalid User Name / Password!').first().waitFor();
    await signInThroughForm(page, site, person.email, 'new-password-2');
    await page.waitForURL(`${site.url}/dashboard`, { timeout: 10_000 });

    const [notice] = await waitForMails(site, person.email, 'Your password was changed');
    assert.match((notice as Mail).text, /Every device that was signed in has been signed out/);

    // The link worked once: opened again, it says so and offers a new one.
    await page.getByRole('navigation', { name: 'Account' }).getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${site.url}/login`, { timeout: 10_000 });
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill('third-password-3');
    await page.getByLabel('Confirm new password', { exact: true }).fill('third-password-3');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.getByText('This password reset link does not work any more').waitFor({ timeout: 10_000 });
    await page.getByRole('link', { name: 'Ask for a new link' }).click();
    await page.waitForURL(`${site.url}/forgot-password`);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('verifies the address through the link in the .eml file; until then a notice offers a new link', async () => {
    const person = { name: 'Obinna Kalu', email: uniqueEmail('obinna'), password: 'obinna-pass-1' };
    const page = await browser.newPage();
    const errors = watchErrors(page);
    await page.goto(`${site.url}/signup`);
    await page.getByLabel('Name', { exact: true }).fill(person.name);
    await page.getByLabel('Email', { exact: true }).fill(person.email);
    await page.getByLabel('Password', { exact: true }).fill(person.password);
    await page.getByLabel('Confirm Password', { exact: true }).fill(person.password);
    await page.getByRole('button', { name: 'SignUp' }).click();
    await page.waitForURL(`${site.url}/login`, { timeout: 10_000 });
    const [first] = await waitForMails(site, person.email, 'Please verify your e-mail address');

    // Signed in while unverified: the account works, and a slim notice says so.
    await signInThroughForm(page, site, person.email, person.password);
    await page.waitForURL(`${site.url}/dashboard`, { timeout: 10_000 });
    const notice = page.getByRole('complementary', { name: 'E-mail verification' });
    await notice.getByText(person.email).waitFor({ timeout: 10_000 });
    await shoot(page, 'identity-verify-notice');
    await notice.getByRole('button', { name: 'Resend verification e-mail' }).click();
    await notice.getByText('We have sent a new verification link').waitFor({ timeout: 10_000 });
    const mails = await waitForMails(site, person.email, 'Please verify your e-mail address', 2);

    // The first link was replaced by the new one.
    await page.goto(linkIn(first as Mail, '/verify-email'));
    await page.getByText('This verification link does not work any more').waitFor({ timeout: 10_000 });

    await page.goto(linkIn(mails[1] as Mail, '/verify-email'));
    await page.getByText('Your e-mail address is verified.').waitFor({ timeout: 10_000 });
    await shoot(page, 'identity-verified');
    await page.getByRole('link', { name: 'Continue' }).click();
    await page.waitForURL(`${site.url}/dashboard`);
    await page.locator('[data-remote="jobs"]').first().waitFor({ timeout: 15_000 });
    assert.equal(await notice.count(), 0, 'the notice is gone once the address is verified');
    const me = (await (await page.request.get(`${site.url}/api/user/me`)).json()) as {
      user: { emailVerified: boolean };
    };
    assert.equal(me.user.emailVerified, true);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('has no serious accessibility problem on the new pages and the notice, at phone and desktop width', async () => {
    const person = { name: 'Ifeoma Nwosu', email: uniqueEmail('ifeoma'), password: 'ifeoma-pass-1' };
    const page = await browser.newPage();
    const problems: string[] = [];
    const check = async (path: string, ready: string) => {
      for (const width of [375, 1366]) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(`${site.url}${path}`);
        await page.getByText(ready).first().waitFor({ timeout: 15_000 });
        for (const problem of violationLines(await seriousViolations(page)))
          problems.push(`${path} @${width}: ${problem}`);
      }
    };
    await check('/forgot-password', 'Send reset link');
    await check('/reset-password#token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', 'Save new password');
    await check('/reset-password', 'This link is not complete');
    await check('/verify-email#token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', 'does not work any more');
    await registerThroughApi(page, site.url, person);
    await browser.clearCookies(); // the previous journey's member is still signed in
    await signInThroughForm(page, site, person.email, person.password);
    await page.waitForURL(`${site.url}/dashboard`, { timeout: 10_000 });
    await check('/dashboard', 'Please verify your e-mail address');
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`${site.url}/dashboard`);
    await page.getByText('Please verify your e-mail address').waitFor();
    await page.waitForLoadState('networkidle');
    await shoot(page, 'identity-verify-notice-phone');
    assert.deepEqual(problems, []);
    await page.close();
  });
});
