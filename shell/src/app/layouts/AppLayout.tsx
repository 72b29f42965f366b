import { lazy, Suspense, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, matchPath, NavLink, Outlet, useLocation, useNavigate } from '@marketplace/ui/router';
import { BRAND, ButtonLink, Logo, logout, useSession } from '@marketplace/ui';
import { useMenuPanel } from '@marketplace/ui/focus-trap';
import { QueryProvider } from '@marketplace/ui/query';
import { ACCOUNT_TYPE_LABELS, searchCatalogue } from '@marketplace/contracts';
import { nameInitials } from '@marketplace/page-head';
import { VerifyEmailNotice } from '../../features/auth/components/VerifyEmailNotice';
import { ChatLink } from '../../features/chat-unread/components/ChatLink';
import { MENU, ROUTE_TABLE } from '../routes/route-specs';

export { MENU };

// Companies only: the job alerts bell (its own chunk).
const NotificationBell = lazy(
  () =>
    import(
      /* webpackChunkName: "lazy-notification-bell" */ '../../features/notifications/components/NotificationBell'
    ),
);
import { useDarkMode } from './theme';
import { StrokeIcon } from '../../components/StrokeIcon';
import './app-layout.css';

/** Menu icons by path (presentation only: which entries exist comes from the route table). */
const MENU_ICONS: Record<string, string> = {
  '/': 'M4 11 12 4l8 7v8a1 1 0 0 1-1 1h-4v-6H9v6H5a1 1 0 0 1-1-1z',
  '/jobpost': 'M12 5v14M5 12h14',
  '/dashboard': 'M4 4h7v7H4zM13 4h7v4h-7zM13 10h7v10h-7zM4 13h7v7H4z',
  '/allusers':
    'M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zM3 20c0-3.3 2.7-6 6-6s6 2.7 6 6M16 4.5a3.5 3.5 0 0 1 0 6.5M18 14c1.9.8 3 2.9 3 6',
  '/alljobs': 'M8 6h12M8 12h12M8 18h12M4 6h.01M4 12h.01M4 18h.01',
  '/allpayments': 'M3 7a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2zM3 10h18M7 15h4',
  // A flag: a lead someone raised.
  '/alldisputes': 'M5 21V4M5 4h11l-2 4 2 4H5',
  // A shield with a check: a company whose certificate an admin checked.
  '/allverifications': 'M12 3 5 6v5c0 4.4 3 8.3 7 9.5 4-1.2 7-5.1 7-9.5V6l-7-3zM9 12l2 2 4-4',
  // A star: the reviews people reported.
  '/allreviews': 'M12 4l2.5 5.2 5.5.8-4 3.9.9 5.6-4.9-2.6-4.9 2.6.9-5.6-4-3.9 5.5-.8z',
  '/edit-profile': 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21c0-4.4 3.6-7 8-7s8 2.6 8 7',
  '/chat': 'M4 5h16v11H8l-4 4z',
};

const LOGOUT_ICON = 'M15 4h3a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-3M10 16l-4-4 4-4M6 12h10';

function Avatar({ name, photoUrl }: { name: string; photoUrl: string | null }) {
  const [broken, setBroken] = useState(false);
  useEffect(() => setBroken(false), [photoUrl]);
  return (
    <span className="app-avatar" aria-hidden="true">
      {photoUrl && !broken ? (
        <img src={photoUrl} alt="" width={36} height={36} onError={() => setBroken(true)} />
      ) : (
        nameInitials(name)
      )}
    </span>
  );
}

/** Top-bar search over the service catalogue: opens the best matching category or service. */
function SearchForm({ id, onDone }: { id: string; onDone: () => void }) {
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const [best] = searchCatalogue(query);
    navigate(best ? best.path : '/other-services');
    setQuery('');
    onDone();
  };
  return (
    <form className="app-search" role="search" id={id} onSubmit={submit}>
      <label className="ui-visually-hidden" htmlFor={`${id}-input`}>
        Search services
      </label>
      <StrokeIcon d="M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14zM20 20l-3.5-3.5" size={18} />
      <input
        id={`${id}-input`}
        type="search"
        placeholder="Search services"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        autoComplete="off"
      />
    </form>
  );
}

function NotAllowed() {
  return (
    <section className="status-screen app-not-allowed" role="alert">
      <p className="status-screen__code" aria-hidden="true">
        403
      </p>
      <h1 className="status-screen__title">Not allowed</h1>
      <p className="status-screen__text">
        This page is only for administrators. Your account cannot open it.
      </p>
      <div className="status-screen__actions">
        <ButtonLink to="/" size="lg">
          Go to home
        </ButtonLink>
      </div>
    </section>
  );
}

/** Signed-in area: sidebar + top bar around the page. */
export function AppLayout() {
  const { status, user } = useSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [sidebarOpen, setSidebarOpen] = useState(false);
  const [searchOpen, setSearchOpen] = useState(false);
  const [dark, setDark] = useDarkMode();
  const searchId = useId();
  const sidebar = useRef<HTMLElement>(null);
  const sidebarToggle = useRef<HTMLButtonElement>(null);
  useMenuPanel(sidebarOpen, () => setSidebarOpen(false), sidebar, sidebarToggle);

  useEffect(() => {
    setSidebarOpen(false);
    setSearchOpen(false);
  }, [pathname]);

  // Logout here or in another tab, or a session that could not be refreshed: back to /login.
  useEffect(() => {
    if (status === 'signed-out') navigate('/login', { replace: true });
  }, [status, navigate]);

  if (!user) return null;

  const roles = ROUTE_TABLE.find((spec) => spec.layout === 'app' && matchPath(spec.path, pathname))?.roles;
  const allowed = !roles || roles.includes(user.type);
  const menu = MENU.filter((item) => item.roles.includes(user.type));

  const onLogout = async () => {
    if (await logout()) navigate('/login');
  };

  return (
    <div
      className={['app-layout', sidebarOpen && 'is-sidebar-open', searchOpen && 'is-search-open']
        .filter(Boolean)
        .join(' ')}
    >
      <aside className="app-sidebar" id="app-sidebar" ref={sidebar}>
        <Link to="/" className="app-sidebar__brand" aria-label={`${BRAND.name} home`}>
          <Logo />
        </Link>
        <div className="app-sidebar__account" data-testid="sidebar-account">
          <Avatar name={user.name} photoUrl={user.photoUrl} />
          <span className="app-sidebar__account-text">
            <span className="app-sidebar__account-name">{user.name}</span>
            <span className="app-account__type">{ACCOUNT_TYPE_LABELS[user.type]}</span>
          </span>
        </div>
        <nav aria-label="Account">
          <ul className="app-sidebar__menu">
            {menu.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end className="app-sidebar__link" title={item.label}>
                  <StrokeIcon d={MENU_ICONS[item.to] ?? ''} />
                  <span className="app-sidebar__label">{item.label}</span>
                </NavLink>
              </li>
            ))}
            <li className="app-sidebar__logout">
              <button type="button" className="app-sidebar__link" onClick={onLogout} title="Logout">
                <StrokeIcon d={LOGOUT_ICON} />
                <span className="app-sidebar__label">Logout</span>
              </button>
            </li>
          </ul>
        </nav>
      </aside>
      <div className="app-layout__scrim" onClick={() => setSidebarOpen(false)} aria-hidden="true" />
      <div className="app-layout__main">
        <header className="app-topbar">
          <button
            type="button"
            className="app-topbar__icon-btn app-topbar__toggle"
            ref={sidebarToggle}
            aria-expanded={sidebarOpen}
            aria-controls="app-sidebar"
            onClick={() => setSidebarOpen((open) => !open)}
          >
            <StrokeIcon d="M4 7h16M4 12h16M4 17h16" size={22} />
            <span className="ui-visually-hidden">Menu</span>
          </button>
          <Link to="/" className="app-topbar__brand" aria-label={`${BRAND.name} home`}>
            <Logo wordmark={false} />
          </Link>
          <SearchForm id={searchId} onDone={() => setSearchOpen(false)} />
          <div className="app-topbar__end">
            <button
              type="button"
              className="app-topbar__icon-btn app-topbar__search-toggle"
              aria-expanded={searchOpen}
              aria-controls={searchId}
              onClick={() => setSearchOpen((open) => !open)}
            >
              <StrokeIcon d="M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14zM20 20l-3.5-3.5" />
              <span className="ui-visually-hidden">Search</span>
            </button>
            {user.type === 'company' && (
              <Suspense fallback={<span className="app-topbar__bell-space" aria-hidden="true" />}>
                <NotificationBell />
              </Suspense>
            )}
            <ChatLink />
            <button
              type="button"
              role="switch"
              aria-checked={dark}
              className="app-theme-switch"
              onClick={() => setDark(!dark)}
              title={dark ? 'Dark mode is on' : 'Dark mode is off'}
            >
              <span className="app-theme-switch__track" aria-hidden="true">
                <span className="app-theme-switch__thumb" />
              </span>
              <span className="app-theme-switch__label">Dark mode</span>
            </button>
            {(() => {
              const account = (
                <>
                  <Avatar name={user.name} photoUrl={user.photoUrl} />
                  <span className="app-account__text">
                    <span className="app-account__name">{user.name}</span>
                    <span className="app-account__type">{ACCOUNT_TYPE_LABELS[user.type]}</span>
                  </span>
                </>
              );
              return menu.some((item) => item.to === '/edit-profile') ? (
                <Link to="/edit-profile" className="app-account" title="Profile">
                  {account}
                </Link>
              ) : (
                <span className="app-account">{account}</span>
              );
            })()}
          </div>
        </header>
        <main id="main" className="app-layout__content">
          <QueryProvider>
            <VerifyEmailNotice />
            {allowed ? <Outlet /> : <NotAllowed />}
          </QueryProvider>
        </main>
      </div>
    </div>
  );
}
