// What draws each page of the shell, for the edge's preload hints (services/edge page-hints.ts): its layout
// (the signed-in one is a chunk of its own), and the remote or the shell's lazy chunk that renders it.
// The shell's route table owns this; the edge cannot import the shell, so the table is repeated here and a
// shell test keeps the two equal (shell/src/app/routes/page-paths.test.tsx), as for PAGE_PATHS. The shell's
// build fails when a chunk named here is missing from it (tools/webpack chunk-files.ts).
import { isPagePath } from './page-paths';

export type PageLayout = 'public' | 'app' | 'bare';
export type PageRemote = 'catalogue' | 'jobs' | 'chat' | 'admin';

export type PageSource =
  { layout: PageLayout; remote: PageRemote } | { layout: PageLayout; shellChunk: string };

/**
 * The shell build's file (beside its index.html) naming the files of the chunks below, the hashed names
 * the edge cannot guess: `{ "<chunk>": { "js": ["/static/…"], "css": […] } }`.
 */
export const CHUNK_FILES_NAME = 'chunk-files.json';

/** The shell's chunk of the signed-in layout (sidebar + top bar), loaded before any page in it. */
export const APP_LAYOUT_CHUNK = 'lazy-app-layout';

const pub = (remote: PageRemote): PageSource => ({ layout: 'public', remote });
const app = (remote: PageRemote): PageSource => ({ layout: 'app', remote });
const shellPage = (shellChunk: string, layout: PageLayout = 'public'): PageSource => ({ layout, shellChunk });

export const PAGE_SOURCES: Readonly<Record<string, PageSource>> = /* @__PURE__ */ Object.freeze({
  '/': pub('catalogue'),
  '/login': shellPage('lazy-login'),
  '/signup': shellPage('lazy-signup'),
  '/register': shellPage('lazy-register'),
  '/facebook/callback': shellPage('lazy-facebook-callback', 'bare'),
  '/forgot-password': shellPage('lazy-forgot-password'),
  '/reset-password': shellPage('lazy-reset-password'),
  '/verify-email': shellPage('lazy-verify-email'),
  '/contactus': pub('catalogue'),
  '/privacy-policy': pub('catalogue'),
  '/termsandcondition': pub('catalogue'),
  '/aboutus': pub('catalogue'),
  '/other-services': pub('catalogue'),
  '/jobpost': pub('jobs'),
  '/jobapply/:type': pub('jobs'),
  '/jobs': pub('jobs'),
  '/category/:type': pub('catalogue'),
  '/sub-category/:type': pub('catalogue'),
  '/company-profile': pub('catalogue'),
  '/company-profile/:id': pub('catalogue'),
  '/payment/callback': { layout: 'bare', remote: 'jobs' },
  '/dashboard': app('jobs'),
  '/allusers': app('admin'),
  '/alljobs': app('admin'),
  '/allpayments': app('admin'),
  '/alldisputes': app('admin'),
  '/allverifications': app('admin'),
  '/allreviews': app('admin'),
  '/edit-profile': shellPage('lazy-edit-profile', 'app'),
  '/chat': app('chat'),
  '/newchat': app('chat'),
});

/** The shell's lazy chunks the pages name (the build must have each: see the top of this file). */
export function pageShellChunks(): string[] {
  const names = new Set([APP_LAYOUT_CHUNK]);
  for (const source of Object.values(PAGE_SOURCES)) if ('shellChunk' in source) names.add(source.shellChunk);
  return [...names].sort();
}

/** What draws the page at `pathname` (matched as isPagePath matches), or undefined for no page. */
export function pageSourceOf(pathname: string): PageSource | undefined {
  for (const [pattern, source] of Object.entries(PAGE_SOURCES)) {
    if (isPagePath(pathname, [pattern])) return source;
  }
  return undefined;
}
