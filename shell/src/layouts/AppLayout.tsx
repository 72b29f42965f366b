import { useEffect, useState } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router-dom';
import { BRAND, Logo } from '@marketplace/ui';

/** Spec "Sidebar and layout": the signed-in menu. Filtering by account type comes with the session work. */
const MENU = [
  { to: '/', label: 'Home', icon: 'M4 11 12 4l8 7v8a1 1 0 0 1-1 1h-4v-6H9v6H5a1 1 0 0 1-1-1z' },
  { to: '/dashboard', label: 'Dashboard', icon: 'M4 4h7v7H4zM13 4h7v4h-7zM13 10h7v10h-7zM4 13h7v7H4z' },
  { to: '/jobpost', label: 'Post Job', icon: 'M12 5v14M5 12h14' },
  {
    to: '/allusers',
    label: 'Users',
    icon: 'M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zM3 20c0-3.3 2.7-6 6-6s6 2.7 6 6M16 4.5a3.5 3.5 0 0 1 0 6.5M18 14c1.9.8 3 2.9 3 6',
  },
  { to: '/alljobs', label: 'Job List', icon: 'M8 6h12M8 12h12M8 18h12M4 6h.01M4 12h.01M4 18h.01' },
  {
    to: '/edit-profile',
    label: 'Profile',
    icon: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21c0-4.4 3.6-7 8-7s8 2.6 8 7',
  },
  { to: '/chat', label: 'Chat', icon: 'M4 5h16v11H8l-4 4z' },
] as const;

/** Signed-in area: sidebar + top bar around the page. */
export function AppLayout() {
  const { pathname } = useLocation();
  const [sidebarOpen, setSidebarOpen] = useState(false);

  useEffect(() => setSidebarOpen(false), [pathname]);

  return (
    <div className={sidebarOpen ? 'app-layout is-sidebar-open' : 'app-layout'}>
      <aside className="app-sidebar" id="app-sidebar">
        <Link to="/" className="app-sidebar__brand" aria-label={`${BRAND.name} home`}>
          <Logo />
        </Link>
        <nav aria-label="Account">
          <ul className="app-sidebar__menu">
            {MENU.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end className="app-sidebar__link">
                  <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                    <path
                      d={item.icon}
                      fill="none"
                      stroke="currentColor"
                      strokeWidth="1.8"
                      strokeLinecap="round"
                      strokeLinejoin="round"
                    />
                  </svg>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </aside>
      <div className="app-layout__scrim" onClick={() => setSidebarOpen(false)} aria-hidden="true" />
      <div className="app-layout__main">
        <header className="app-topbar">
          <button
            type="button"
            className="app-topbar__toggle"
            aria-expanded={sidebarOpen}
            aria-controls="app-sidebar"
            onClick={() => setSidebarOpen((open) => !open)}
          >
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
              <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
            <span className="ui-visually-hidden">Menu</span>
          </button>
          <Link to="/" className="app-topbar__brand" aria-label={`${BRAND.name} home`}>
            <Logo />
          </Link>
          <div className="app-topbar__search" aria-hidden="true" />
          <span className="app-topbar__avatar" aria-hidden="true" />
        </header>
        <main id="main" className="app-layout__content">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
