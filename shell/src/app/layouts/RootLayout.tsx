import { useEffect, useLayoutEffect, useRef } from 'react';
import { BRAND, clearPageHead } from '@marketplace/ui';
import { Outlet, useLocation, useNavigationType } from '@marketplace/ui/router';

/** Class set on <body> while the dashboard is shown (spec: "the dashboard path adds a dashboard body style"). */
export const DASHBOARD_BODY_CLASS = 'dashboard';

/** Every page: scroll to top on each path change, dashboard body class, skip link. */
export function RootLayout() {
  const { pathname } = useLocation();

  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  useEffect(() => {
    document.body.classList.toggle(DASHBOARD_BODY_CLASS, pathname === '/dashboard');
  }, [pathname]);

  useEffect(() => () => document.body.classList.remove(DASHBOARD_BODY_CLASS), []);

  // The head the edge wrote into the HTML (title aside) belongs to the first page. Pages set and take away
  // their own, but a reader who moves on before the first page has mounted (a slow phone) would keep its
  // canonical address and Open Graph tags on every page after. The first move takes them away; the next
  // page sets its own afterwards (its effects run after this one). A redirect to the first page's own
  // canonical address (a replace) is not a move.
  const firstPath = useRef<string | null>(pathname);
  const navigationType = useNavigationType();
  useLayoutEffect(() => {
    if (firstPath.current === null || firstPath.current === pathname) return;
    if (navigationType === 'REPLACE') {
      firstPath.current = pathname;
      return;
    }
    firstPath.current = null;
    clearPageHead();
  }, [pathname, navigationType]);

  // Each page's title is its main heading; after a route change (not on first load) focus moves to it,
  // so a screen reader announces the new page. Lazy pages and remotes render their h1 a little later.
  // A redirect of the first page (e.g. a category page moving to its canonical address) is still the
  // first load: only once the reader has moved does a later page change move focus.
  const shownPath = useRef<string | null>(null);
  const moved = useRef(false);
  useEffect(() => {
    const changed = shownPath.current !== null && shownPath.current !== pathname;
    if (changed && navigationType !== 'REPLACE') moved.current = true;
    const moveFocus = changed && moved.current;
    shownPath.current = pathname;
    // Someone quick (or a password manager) may already be in the new page's form: leave them there.
    const focusedAtChange = document.activeElement;
    let tries = 0;
    const timer = setInterval(() => {
      const h1 = document.querySelector<HTMLElement>('#main h1');
      if (!h1 && ++tries < 50) return;
      clearInterval(timer);
      if (!h1) return;
      const title = h1.textContent?.trim();
      document.title = title ? `${title} | ${BRAND.name}` : BRAND.name;
      const active = document.activeElement;
      const alreadyInPage =
        active !== focusedAtChange && active !== h1 && !!active && !!h1.closest('#main')?.contains(active);
      if (moveFocus && !alreadyInPage) {
        if (!h1.hasAttribute('tabindex')) h1.setAttribute('tabindex', '-1');
        h1.focus({ preventScroll: true });
      }
    }, 50);
    return () => clearInterval(timer);
  }, [pathname, navigationType]);

  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Outlet />
    </>
  );
}
