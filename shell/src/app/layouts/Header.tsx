import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import { BRAND, Button, ButtonLink, Logo, logout, useMenuPanel, useSession } from '@marketplace/ui';
import { landingPath } from '../../session/session';

// Members only: visitors never download the unread badge.
const ChatLink = lazy(
  () => import(/* webpackChunkName: "lazy-chat-link" */ '../../features/chat-unread/components/ChatLink'),
);

const NAV = [
  { to: '/jobs', label: 'Find jobs' },
  { to: '/other-services', label: 'Services' },
  { to: '/aboutus', label: 'About us' },
  { to: '/contactus', label: 'Contact' },
] as const;

export function Header() {
  const { user } = useSession();
  const signedIn = user !== null;
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const postJobTo = signedIn ? '/jobpost' : '/login';

  const panel = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  useMenuPanel(menuOpen, () => setMenuOpen(false), panel, toggle);

  useEffect(() => setMenuOpen(false), [pathname]);

  const onLogout = async () => {
    if (await logout()) navigate('/login');
  };

  const accountLinks = signedIn ? (
    <>
      <ButtonLink to={user ? landingPath(user.type) : '/dashboard'} variant="ghost">
        Dashboard
      </ButtonLink>
      <Button variant="ghost" onClick={onLogout}>
        Logout
      </Button>
    </>
  ) : (
    <>
      <ButtonLink to="/login" variant="ghost">
        Sign In
      </ButtonLink>
      <ButtonLink to="/register" variant="secondary">
        Register Company
      </ButtonLink>
    </>
  );

  return (
    <header className="site-header">
      <div className="ui-container site-header__bar">
        <Link to="/" className="site-header__brand" aria-label={`${BRAND.name} home`}>
          <Logo />
        </Link>
        <nav className="site-nav" aria-label="Main">
          {NAV.map((item) => (
            <NavLink key={item.to} to={item.to} className="site-nav__link">
              {item.label}
            </NavLink>
          ))}
        </nav>
        {signedIn && (
          <Suspense fallback={null}>
            <ChatLink className="site-header__chat" />
          </Suspense>
        )}
        <div className="site-header__actions">
          {accountLinks}
          <ButtonLink to={postJobTo}>Post Job</ButtonLink>
        </div>
        <button
          type="button"
          className="site-header__toggle"
          ref={toggle}
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          onClick={() => setMenuOpen((open) => !open)}
        >
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
            <path
              d={menuOpen ? 'M6 6l12 12M18 6 6 18' : 'M4 7h16M4 12h16M4 17h16'}
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            />
          </svg>
          <span className="ui-visually-hidden">{menuOpen ? 'Close menu' : 'Open menu'}</span>
        </button>
      </div>
      <div id="mobile-menu" className="mobile-menu" hidden={!menuOpen} ref={panel}>
        <nav className="ui-container mobile-menu__inner" aria-label="Mobile">
          {NAV.map((item) => (
            <NavLink key={item.to} to={item.to} className="mobile-menu__link">
              {item.label}
            </NavLink>
          ))}
          <div className="mobile-menu__actions">
            {accountLinks}
            <ButtonLink to={postJobTo}>Post Job</ButtonLink>
          </div>
        </nav>
      </div>
    </header>
  );
}
