/**
 * Accessibility journeys against the embedded topology: axe-core on every route of the route table, at
 * phone (375 px) and desktop (1366 px) width, for a visitor and each account type; and the keyboard-only
 * journeys of sign-up, sign-in, company registration with its category dialog, and the phone menus.
 */
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { after, before, describe, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { E2E_ADMIN, registerThroughApi, signInThroughApi, uniqueEmail } from './support/accounts';
import { launchBrowser, shoot, watchErrors } from './support/browser';
import { REMOTE_ROUTES, SHELL_ROUTES } from './support/routes';
import { startEmbedded, type EmbeddedSite } from './support/servers';

const require = createRequire(import.meta.url);
const AXE_SOURCE: string = (require('axe-core') as { source: string }).source;

const WIDTHS = [375, 1366] as const;
const ROUTES = [
  ...SHELL_ROUTES,
  ...REMOTE_ROUTES.map(([path]) => path),
  '/edit-profile',
  '/facebook/callback?status=error',
  '/no/such/page',
];

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[]; failureSummary?: string }>;
}

/** Waits for the page to settle: a main heading, no pending requests, skeletons gone. */
async function settle(page: Page): Promise<void> {
  await page.locator('h1').first().waitFor({ timeout: 20_000 });
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
  // Lists show their loading skeleton for 1-1.5 s (spec section 9): judge the loaded page.
  await page
    .waitForFunction(() => !document.querySelector('[class*="skeleton"], [aria-busy="true"]'), undefined, {
      timeout: 5000,
    })
    .catch(() => undefined);
}

/** Serious and critical axe violations on the current page. */
async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE_SOURCE });
  const results = (await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(o: unknown): Promise<{ violations: unknown[] }> } }).axe;
    return axe.run({ resultTypes: ['violations'] });
  })) as { violations: AxeViolation[] };
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

function describeViolations(where: string, violations: AxeViolation[]): string {
  return violations
    .map(
      (v) =>
        `${where}: ${v.id} (${v.impact}) ${v.help}\n` +
        v.nodes
          .slice(0, 3)
          .map((n) => `    ${n.target.join(' ')}`)
          .join('\n'),
    )
    .join('\n');
}

/** Presses Tab until the focused element satisfies `matches` (fails after `max` presses). */
async function tabTo(
  page: Page,
  matches: (el: { tag: string; label: string; role: string | null }) => boolean,
  max = 40,
): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const el = await focused(page);
    if (el && matches(el)) return;
  }
  throw new Error(
    `could not reach the element by keyboard; focus is on ${JSON.stringify(await focused(page))}`,
  );
}

async function focused(page: Page): Promise<{ tag: string; label: string; role: string | null } | null> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    const labelled =
      (el as HTMLInputElement).labels?.[0]?.textContent ??
      el.getAttribute('aria-label') ??
      el.textContent ??
      '';
    return {
      tag: el.tagName.toLowerCase(),
      label: labelled.replace(/\s+/g, ' ').trim(),
      role: el.getAttribute('role'),
    };
  });
}

const labelled = (text: string | RegExp) => (el: { label: string }) =>
  typeof text === 'string' ? el.label === text : text.test(el.label);

describe('accessibility: axe on every route, both widths, every role', () => {
  let site: EmbeddedSite;
  let browser: BrowserContext;
  const poster = { name: 'Chiamaka Eze', email: uniqueEmail('a11y-poster'), password: 'poster-pass-1' };
  const company = {
    name: 'Abuja Sparkle Cleaning',
    email: uniqueEmail('a11y-co'),
    password: 'company-pass-1',
  };

  before(async () => {
    site = await startEmbedded();
    browser = await launchBrowser();
    const page = await browser.newPage();
    await registerThroughApi(page, site.url, poster);
    await registerThroughApi(page, site.url, { ...company, type: 'company' });
    await page.close();
  });
  after(async () => {
    await browser?.close();
    await site?.stop();
  });

  const roles: Array<[role: string, account: { email: string; password: string } | null]> = [
    ['visitor', null],
    ['poster', poster],
    ['company', company],
    ['admin', E2E_ADMIN],
  ];

  for (const [role, account] of roles.map(([r, a]) => [r, a] as const)) {
    it(`finds no serious or critical violation for a ${role}`, async () => {
      await browser.clearCookies();
      const page = await browser.newPage();
      const errors = watchErrors(page);
      const effective = account ?? null;
      if (effective) await signInThroughApi(page, site.url, effective.email, effective.password);
      const report: string[] = [];
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        for (const path of ROUTES) {
          await page.goto(`${site.url}${path}`);
          await settle(page);
          const violations = await seriousViolations(page);
          if (violations.length > 0)
            report.push(describeViolations(`${role} ${width}px ${path}`, violations));
        }
      }
      await page.close();
      assert.equal(report.length, 0, `axe found serious or critical violations:\n${report.join('\n')}`);
      assert.deepEqual(errors, []);
    });
  }
});

describe('accessibility: keyboard-only journeys', () => {
  let site: EmbeddedSite;
  let browser: BrowserContext;
  const stamp = Date.now().toString(36);

  before(async () => {
    site = await startEmbedded();
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await site?.stop();
  });

  it('signs up and signs in with the keyboard alone', async () => {
    await browser.clearCookies();
    const page = await browser.newPage();
    const errors = watchErrors(page);
    const email = `keys-${stamp}@example.com`;
    await page.goto(`${site.url}/signup`);
    await settle(page);
    await tabTo(page, labelled('Name'));
    await page.keyboard.type('Emeka Nwosu');
    await tabTo(page, labelled('Email'));
    await page.keyboard.type(email);
    await tabTo(page, labelled('Password'));
    await page.keyboard.type('keyboard-1');
    await tabTo(page, labelled('Confirm Password'));
    await page.keyboard.type('keyboard-1');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${site.url}/login`, { timeout: 10_000 });

    await settle(page);
    await tabTo(page, labelled('Email'));
    await page.keyboard.type(email);
    await tabTo(page, labelled('Password'));
    await page.keyboard.type('wrong-password');
    await page.keyboard.press('Enter');
    // A wrong password is said on the form, and the fields are marked.
    await page.getByText('Invalid User Name / Password!').first().waitFor({ timeout: 10_000 });
    assert.equal(await page.getByLabel('Password', { exact: true }).getAttribute('aria-invalid'), 'true');
    await page.getByLabel('Password', { exact: true }).focus();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('keyboard-1');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${site.url}/dashboard`, { timeout: 10_000 });
    await page.locator('[data-remote="jobs"]').first().waitFor();
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('registers a company with the category dialog by keyboard; Escape after Change keeps the choice', async () => {
    await browser.clearCookies();
    const page = await browser.newPage();
    const errors = watchErrors(page);
    await page.goto(`${site.url}/register`);
    await settle(page);
    for (const [label, value] of [
      ['Company Name', 'Keyboard Tilers'],
      ['Email', `tilers-${stamp}@example.com`],
      ['Contact Number', '08031234567'],
      ['CAC Number', 'RC654321'],
      ['Address', '7 Awolowo Road, Ikoyi'],
    ] as const) {
      await tabTo(page, labelled(label));
      await page.keyboard.type(value);
    }
    await tabTo(page, labelled('State'));
    await page.keyboard.type('Lagos');
    await tabTo(page, labelled('Postal code'));
    await page.keyboard.type('101233');
    await tabTo(page, labelled('Password'));
    await page.keyboard.type('company-pass-1');
    await tabTo(page, labelled('Choose Category and Sub-Category'));
    await page.keyboard.press('Space');

    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    assert.ok(
      await dialog.evaluate((d) => d.contains(document.activeElement)),
      'focus moved into the dialog',
    );
    await tabTo(page, labelled('Craftsman'));
    await page.keyboard.press('Space');
    await tabTo(page, labelled('Choose Category'));
    await page.keyboard.press('Enter');
    await dialog.getByRole('checkbox', { name: 'Tiler' }).waitFor({ timeout: 5000 });
    await tabTo(page, labelled('Tiler'));
    await page.keyboard.press('Space');
    await tabTo(page, labelled('Save Changes'));
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });

    // Change, then Escape: the saved choice stays and focus returns to the page, not the top.
    await tabTo(page, labelled('Change'));
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    assert.notEqual(await focused(page), null, 'focus returned to the page');
    await page.getByText('Tiler').first().waitFor();

    await tabTo(page, (el) => el.tag === 'button' && el.label === 'Post');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${site.url}/login`, { timeout: 10_000 });
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('opens, walks and closes the phone menu with the keyboard', async () => {
    await browser.clearCookies();
    const page = await browser.newPage();
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`${site.url}/`);
    await settle(page);
    const toggle = page.locator('button[aria-controls="mobile-menu"]');
    await tabTo(page, (el) => el.tag === 'button' && /menu/i.test(el.label));
    await page.keyboard.press('Enter');
    assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
    const menu = page.locator('#mobile-menu');
    await menu.waitFor();
    // Focus moved into the panel and Tab stays inside it (or on its toggle).
    for (let i = 0; i < 25; i++) {
      const inside = await page.evaluate(() => {
        const panel = document.getElementById('mobile-menu');
        const toggleButton = document.querySelector('button[aria-controls="mobile-menu"]');
        const active = document.activeElement;
        return Boolean(active && (panel?.contains(active) || active === toggleButton));
      });
      assert.ok(inside, `focus left the open menu after ${i} Tab presses`);
      await page.keyboard.press('Tab');
    }
    await shoot(page, 'a11y-mobile-menu-open');
    await page.keyboard.press('Escape');
    assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
    assert.ok(
      await toggle.evaluate((el) => el === document.activeElement),
      'Escape returns focus to the toggle',
    );
    await page.close();
  });
});
