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
  ['/alldisputes', 'admin'],
  ['/allverifications', 'admin'],
  ['/allreviews', 'admin'],
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

/** Who a signed-in page is for: the account types of the route table's `roles`, all three by default. */
export type AccountRole = 'user' | 'company' | 'admin';

/**
 * Every page of the shell's route table that needs a session (the signed-in layout, or a public page
 * marked signedIn), with the account types that reach it: read from the table, so a page added later is
 * covered without anyone listing it here.
 */
export function signedInRoutes(
  table: ReadonlyArray<{ path: string; layout: string; signedIn?: boolean; roles?: readonly AccountRole[] }>,
): Array<{ path: string; roles: readonly AccountRole[] }> {
  return table
    .filter((spec) => spec.layout === 'app' || spec.signedIn)
    .map((spec) => {
      if (spec.path.includes(':')) throw new Error(`a signed-in page with parameters: ${spec.path}`);
      return { path: spec.path, roles: spec.roles ?? ['user', 'company', 'admin'] };
    });
}
