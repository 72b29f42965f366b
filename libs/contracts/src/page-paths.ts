// The page addresses the shell knows (its route table, shell/src/app/routes/route-specs.ts, whose test
// checks that the two agree). The edge answers any other page address with HTTP 404 and the shell's
// page, which shows 'Page Not Found': a person sees the site, a crawler or a link checker the status.
// Also the address of a company's profile and the paths robots.txt keeps crawlers out of.

/** Every page path of the shell's route table; `:name` is one path segment (react-router's syntax). */
export const PAGE_PATHS: readonly string[] = /* @__PURE__ */ Object.freeze([
  '/',
  '/login',
  '/signup',
  '/register',
  '/facebook/callback',
  '/forgot-password',
  '/reset-password',
  '/verify-email',
  '/contactus',
  '/privacy-policy',
  '/termsandcondition',
  '/aboutus',
  '/other-services',
  '/jobpost',
  '/jobapply/:type',
  '/jobs',
  '/category/:type',
  '/sub-category/:type',
  '/company-profile',
  '/company-profile/:id',
  '/payment/callback',
  '/dashboard',
  '/allusers',
  '/alljobs',
  '/allpayments',
  '/alldisputes',
  '/allverifications',
  '/allreviews',
  '/edit-profile',
  '/chat',
  '/newchat',
]);

const segmentsOf = (path: string) => path.split('/').filter((segment) => segment !== '');

/**
 * True when the shell has a page for `pathname` (no query), matched as react-router matches it: letters
 * in any case, one trailing slash allowed, a `:name` segment standing for any one non-empty segment.
 */
export function isPagePath(pathname: string, paths: readonly string[] = PAGE_PATHS): boolean {
  if (!pathname.startsWith('/') || pathname.includes('//')) return false;
  const segments = segmentsOf(pathname.toLowerCase());
  return paths.some((pattern) => {
    const parts = segmentsOf(pattern.toLowerCase());
    return (
      parts.length === segments.length &&
      parts.every((part, index) => part.startsWith(':') || part === segments[index])
    );
  });
}

/** The one address of a company's profile. */
export function companyProfilePath(companyId: string): string {
  return `/company-profile/${encodeURIComponent(companyId)}`;
}

/**
 * What robots.txt keeps crawlers out of: the signed-in area, the payment and login returns, the API and
 * the WebSocket. The shell's route table test checks that every signed-in route is listed.
 */
export const CRAWLER_DISALLOWED_PATHS: readonly string[] = /* @__PURE__ */ Object.freeze([
  '/api/',
  '/ws',
  '/dashboard',
  '/jobpost',
  '/allusers',
  '/alljobs',
  '/allpayments',
  '/alldisputes',
  '/allverifications',
  '/allreviews',
  '/edit-profile',
  '/chat',
  '/newchat',
  '/payment/',
  '/facebook/',
  '/reset-password',
  '/verify-email',
]);
