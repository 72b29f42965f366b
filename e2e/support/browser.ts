import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { watchContactLeaks } from './leak-watch';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const ARTIFACTS = join(process.cwd(), 'e2e', 'artifacts');

/**
 * A fresh Chromium profile per suite; nothing is written outside a temp folder. `javaScriptEnabled: false`
 * sees pages as a crawler that runs no scripts does. The context is watched for contact leaks.
 */
export async function launchBrowser(options: { javaScriptEnabled?: boolean } = {}): Promise<BrowserContext> {
  const home = mkdtempSync(join(tmpdir(), 'e2e-chromium-'));
  process.env.HOME = home;
  process.env.XDG_CONFIG_HOME = join(home, '.config');
  process.env.XDG_CACHE_HOME = join(home, '.cache');
  mkdirSync(ARTIFACTS, { recursive: true });
  const context = await chromium.launchPersistentContext(join(home, 'profile'), {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 1280, height: 800 },
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  // Every answer this context receives is read for a poster's contact details (support/leak-watch.ts).
  watchContactLeaks(context);
  return context;
}

/**
 * Collects uncaught page errors so a journey fails on a crashing screen, not only a missing one, and
 * anything the edge's Content-Security-Policy refused (a script, style or call it would silently block).
 */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) {
      errors.push(message.text());
    }
  });
  return errors;
}

export async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
}
