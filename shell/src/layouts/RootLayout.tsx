import { useEffect, useLayoutEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';

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

  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Outlet />
    </>
  );
}
