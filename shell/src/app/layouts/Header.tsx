import { lazy, startTransition, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, NavLink, useLocation, useNavigate } from '@marketplace/ui/router';
import { BRAND, Button, ButtonLink, Logo, logout, useSession } from '@marketplace/ui';
import { landingPath } from '../../session/session';
// The menus' styles come with the header's own, not with the menus' chunk: a stylesheet added after the
// first render made the browser restyle the whole page once more (2 KB against a task of 15-25 ms).
import '../../features/services-menu/components/services-menu.css';

// After the first paint: until it is there, 'Services' is a plain link to /other-services.
const servicesMenu = () =>
  import(/* webpackChunkName: "lazy-services-menu" */ '../../features/services-menu/components/ServicesMenu');
type ServicesMenuModule = Awaited<ReturnType<typeof servicesMenu>>;
// The phone menu's focus trap, after the first paint too (focus-trap and tabbable are no first-view JS).
const focusTrap = () => import(/* webpackChunkName: "lazy-focus-trap" */ '@marketplace/ui/focus-trap');
type FocusTrapModule = Awaited<ReturnType<typeof focusTrap>>;

// Members only: visitors never download the unread badge.
const ChatLink = lazy(
  () => import(/* webpackChunkName: "lazy-chat-link" */ '../../features/chat-unread/components/ChatLink'),
);

// Companies only: the job alerts bell (its own chunk, after the first paint).
const NotificationBell = lazy(
  () =>
    import(
      /* webpackChunkName: "lazy-notification-bell" */ '../../features/notifications/components/NotificationBell'
    ),
);

const SERVICES = '/other-services';
const NAV = [
  { to: '/jobs', label: 'Find jobs' },
  { to: SERVICES, label: 'Services' },
  { to: '/aboutus', label: 'About us' },
  { to: '/contactus', label: 'Contact' },
] as const;

/**
 * The header's links; in place of Services, `services` (loaded after the first paint) when given, with
 * the plain link meanwhile.
 */
function NavLinks({ linkClass, services }: { linkClass: string; services: ReactNode }) {
  return NAV.map((item) => {
    const link = (
      <NavLink key={item.to} to={item.to} className={linkClass}>
        {item.label}
      </NavLink>
    );
    if (item.to !== SERVICES || !services) return link;
    return (
      <Suspense key={item.to} fallback={link}>
        {services}
      </Suspense>
    );
  });
}

export function Header() {
  const { user } = useSession();
  const signedIn = user !== null;
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const postJobTo = signedIn ? '/jobpost' : '/login';

  const panel = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);

  // The menus arrive once, after the first paint. Held as a module (not React.lazy, which suspends at
  // each first render): opening the phone menu then draws the accordion at once, and no link that has
  // keyboard focus in the open menu is swapped for it a moment later.
  const [menus, setMenus] = useState<ServicesMenuModule>();
  const [trap, setTrap] = useState<FocusTrapModule>();
  useEffect(() => {
    let current = true;
    servicesMenu().then(
      (module) => current && startTransition(() => setMenus(module)),
      () => undefined, // Services stays the plain link to /other-services
    );
    focusTrap().then(
      (module) => current && startTransition(() => setTrap(module)),
      () => undefined, // the menu still opens and closes; Tab is not held in it
    );
    return () => {
      current = false;
    };
  }, []);

  useEffect(() => setMenuOpen(false), [pathname]);
  // A link followed from the phone menu closes it at once, not when the next page renders: that page may
  // take a moment to arrive (its chunk), and the loading bar then shows over the page being left. Focus
  // waits on the toggle (the link is hidden now) until the next page's heading takes it.
  useEffect(() => {
    const node = panel.current;
    if (!node) return;
    const onClick = (event: MouseEvent) => {
      if (!(event.target instanceof Element && event.target.closest('a[href]'))) return;
      setMenuOpen(false);
      toggle.current?.focus();
    };
    node.addEventListener('click', onClick);
    return () => node.removeEventListener('click', onClick);
  }, []);

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
          <NavLinks linkClass="site-nav__link" services={menus ? <menus.ServicesDropdown /> : null} />
        </nav>
        {user?.type === 'company' && (
          <Suspense fallback={<span className="site-header__bell-space" aria-hidden="true" />}>
            <NotificationBell className="site-header__bell" />
          </Suspense>
        )}
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
      {menuOpen && trap && (
        <trap.MenuPanelTrap close={() => setMenuOpen(false)} panel={panel} toggle={toggle} />
      )}
      <div id="mobile-menu" className="mobile-menu" hidden={!menuOpen} ref={panel}>
        <nav className="ui-container mobile-menu__inner" aria-label="Mobile">
          <NavLinks
            linkClass="mobile-menu__link"
            services={menuOpen && menus ? <menus.ServicesAccordion /> : null}
          />
          <div className="mobile-menu__actions">
            {accountLinks}
            <ButtonLink to={postJobTo}>Post Job</ButtonLink>
          </div>
        </nav>
      </div>
    </header>
  );
}
