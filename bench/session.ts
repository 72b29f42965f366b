// A real signed-in load for Lighthouse: the browser Lighthouse drives signs in through the site's API
// (POST /api/user/login, as the login form does), so the session's httpOnly cookies land in its cookie
// store, and keeps the account in local storage under `user` as the shell does after a sign-in (a
// returning member's browser has both: the chrome shows the member's links before /me answers). Lighthouse
// 12 clears neither before its run (only the HTTP cache, service workers, cache storage and file
// systems), so the page loads as it does for that member. Cookies rather than an `extraHeaders` Cookie
// header: a header would hide the readable CSRF cookie from the page and outlive a refreshed session.
import { API_PATHS } from '@marketplace/contracts';
import { chromium } from 'playwright-core';

/** The shell's key for the cached account (@marketplace/ui's USER_STORAGE_KEY, the spec's local key `user`;
 * that module is browser code with styles, not imported here). */
const USER_STORAGE_KEY = 'user';

export interface Credentials {
  email: string;
  password: string;
}

/** Signs the Chromium at `debuggingPort` in to `siteUrl` as `account` (a new session each time). */
export async function signInBrowser(
  debuggingPort: number,
  siteUrl: string,
  account: Credentials,
): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${debuggingPort}`);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error('bench: the Chromium has no default context');
    // The context's request client shares the browser's cookie store: Set-Cookie lands there.
    const response = await context.request.post(`${siteUrl}${API_PATHS.login}`, {
      data: { email: account.email, password: account.password },
    });
    if (response.status() !== 200) {
      throw new Error(
        `bench: signing in as ${account.email} answered ${response.status()}: ${await response.text()}`,
      );
    }
    const { user } = (await response.json()) as { user: unknown };
    const cookies = await context.cookies(siteUrl);
    if (!cookies.some((cookie) => cookie.httpOnly))
      throw new Error('bench: the sign-in set no session cookie');
    // Local storage needs a document of the site's origin: its readiness answer, which is not a page and
    // leaves nothing in the HTTP cache that the measured page would use.
    const page = await context.newPage();
    try {
      await page.goto(`${siteUrl}/ready`);
      await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
        USER_STORAGE_KEY,
        JSON.stringify(user),
      ] as const);
    } finally {
      await page.close();
    }
  } finally {
    // Disconnects only: the browser and its default context stay for Lighthouse.
    await browser.close();
  }
}
