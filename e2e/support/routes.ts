/** Every remote route of the spec and the remote that must render it. */
export const REMOTE_ROUTES: Array<[path: string, remote: string]> = [
  ['/', 'catalogue'],
  ['/contactus', 'catalogue'],
  ['/privacy-policy', 'catalogue'],
  ['/termsandcondition', 'catalogue'],
  ['/aboutus', 'catalogue'],
  ['/other-services', 'catalogue'],
  ['/category/Craftsman', 'catalogue'],
  ['/sub-category/Cleaning', 'catalogue'],
  ['/company-profile', 'catalogue'],
  ['/jobpost', 'jobs'],
  ['/jobapply/Craftsman', 'jobs'],
  ['/jobs', 'jobs'],
  ['/dashboard', 'jobs'],
  ['/payment/callback?trxref=T1&reference=T1', 'jobs'],
  ['/chat', 'chat'],
  ['/newchat', 'chat'],
  ['/allusers', 'admin'],
  ['/alljobs', 'admin'],
  ['/allpayments', 'admin'],
];

export const SHELL_ROUTES = ['/login', '/signup', '/register'];

/** Visits each route and waits for the remote that must render it. */
export async function expectRemoteRoutes(
  page: import('playwright-core').Page,
  baseUrl: string,
  routes: Array<[path: string, remote: string]>,
): Promise<void> {
  for (const [path, remote] of routes) {
    await page.goto(`${baseUrl}${path}`);
    await page.locator(`[data-remote="${remote}"]`).first().waitFor({ timeout: 15_000 });
  }
}
