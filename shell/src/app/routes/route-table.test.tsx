import { act, render, screen, waitFor, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import {
  keepPrerenderedPage,
  resetPrerenderedPageForTests,
  resetSessionForTests,
  type RemoteName,
  type RemoteRoutesModule,
} from '@marketplace/ui';
import {
  account,
  createApiServer,
  installMatchMedia,
  resetBrowserState,
  type FakeAccountsApi,
} from '../../testing/api';
import { createFakeLoader, fakeRemoteModule } from '../testing/fake-remotes';
import { heldLoginPage, renderApp } from '../testing/render-app';
import type { RemoteLoader } from '../federation/remote-loader';
import { describeRouteError } from './RouteErrorScreen';
import { steppedUser, onSteppedClock } from '@marketplace/ui/testing/clock';

// The page's own waits (skeletons, pauses, polls) stepped over, not sat through.
onSteppedClock();

let scrollTo: jest.SpyInstance;
const state: FakeAccountsApi = { account: null, calls: [] };
const server = createApiServer(state);

beforeAll(() => {
  installMatchMedia();
  server.listen({ onUnhandledRequest: 'error' });
});
afterAll(() => server.close());

beforeEach(async () => {
  await resetBrowserState();
  state.account = null;
  state.calls = [];
  scrollTo = jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  server.resetHandlers();
  jest.restoreAllMocks();
});

/** The server has a session for this account (GET /api/user/me answers 200). */
const signIn = (type: 'user' | 'company' | 'admin' = 'user') => {
  state.account = account({ type });
};

async function pageHeading() {
  // The first visit of a lazy page compiles its module (and react-hook-form) in this process: allow time.
  return screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
}

function layoutOf(): 'public' | 'app' | 'bare' {
  const hasFooter = screen.queryByRole('contentinfo') !== null;
  const hasSiteHeader = document.querySelector('.site-header') !== null;
  const hasSidebar = screen.queryByRole('navigation', { name: 'Account' }) !== null;
  if (hasFooter && hasSiteHeader && !hasSidebar) return 'public';
  if (hasSidebar && !hasFooter && !hasSiteHeader) return 'app';
  if (!hasFooter && !hasSiteHeader && !hasSidebar) return 'bare';
  throw new Error(`mixed chrome: footer=${hasFooter} header=${hasSiteHeader} sidebar=${hasSidebar}`);
}

describe('route table and chrome placement', () => {
  // [path, layout, expected h1, remote that renders it (undefined = the shell)]
  const table: Array<[string, 'public' | 'app' | 'bare', string, RemoteName | undefined]> = [
    ['/', 'public', 'catalogue:home', 'catalogue'],
    ['/login', 'app', 'jobs:dashboard', 'jobs'], // signed in: the landing page (see below)
    ['/signup', 'public', 'Post your job. Let trusted companies handle the rest.', undefined],
    ['/register', 'public', 'Register Company', undefined],
    ['/contactus', 'public', 'catalogue:contactUs', 'catalogue'],
    ['/privacy-policy', 'public', 'catalogue:privacyPolicy', 'catalogue'],
    ['/termsandcondition', 'public', 'catalogue:terms', 'catalogue'],
    ['/aboutus', 'public', 'catalogue:aboutUs', 'catalogue'],
    ['/other-services', 'public', 'catalogue:otherServices', 'catalogue'],
    ['/jobpost', 'public', 'jobs:jobPost', 'jobs'],
    ['/jobapply/Plumber', 'public', 'jobs:jobApply', 'jobs'],
    ['/category/Craftsman', 'public', 'catalogue:category', 'catalogue'],
    ['/category/House%20and%20Garden', 'public', 'catalogue:category', 'catalogue'],
    ['/sub-category/Cleaning', 'public', 'catalogue:subCategory', 'catalogue'],
    ['/company-profile', 'public', 'catalogue:companyProfile', 'catalogue'],
    ['/dashboard', 'app', 'jobs:dashboard', 'jobs'],
    ['/allusers', 'app', 'Not allowed', undefined], // admins only; see "admin pages" below
    ['/alljobs', 'app', 'Not allowed', undefined],
    ['/allpayments', 'app', 'Not allowed', undefined],
    ['/alldisputes', 'app', 'Not allowed', undefined],
    ['/allverifications', 'app', 'Not allowed', undefined],
    ['/allreviews', 'app', 'Not allowed', undefined],
    ['/edit-profile', 'app', 'Edit profile', undefined],
    ['/chat', 'app', 'chat:chat', 'chat'],
    ['/newchat', 'app', 'chat:newChat', 'chat'],
    ['/payment/callback?trxref=1&reference=2', 'bare', 'jobs:paymentCallback', 'jobs'],
    ['/no/such/page', 'bare', 'Page Not Found', undefined],
  ];

  it('a signed-in member opening /login goes to their landing page; an admin to /allusers', async () => {
    signIn('admin');
    const { router } = await renderApp('/login', { loader: createFakeLoader() });
    await waitFor(() => expect(router.location.pathname).toBe('/allusers'), { timeout: 5000 });
  });

  it.each(table)('%s uses the %s layout and shows "%s"', async (path, layout, title, remote) => {
    signIn(); // so /jobpost is reachable; the guard has its own tests
    await renderApp(path, { loader: createFakeLoader() });
    const heading = await pageHeading();
    expect(heading).toHaveTextContent(title);
    expect(layoutOf()).toBe(layout);
    const owner = heading.closest('[data-remote]');
    if (remote) expect(owner).toHaveAttribute('data-remote', remote);
    else expect(owner).toBeNull();
  });

  it('header links: Sign In, Register Company, and Post Job to /login when signed out', async () => {
    await renderApp('/aboutus', { loader: createFakeLoader() });
    await pageHeading();
    const header = document.querySelector('.site-header') as HTMLElement;
    expect(within(header).getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    expect(within(header).getByRole('link', { name: 'Register Company' })).toHaveAttribute(
      'href',
      '/register',
    );
    expect(within(header).getByRole('link', { name: 'Post Job' })).toHaveAttribute('href', '/login');
  });

  it('header Post Job goes to /jobpost and Dashboard + Logout replace Sign In when signed in', async () => {
    signIn();
    await renderApp('/aboutus', { loader: createFakeLoader() });
    await pageHeading();
    const header = document.querySelector('.site-header') as HTMLElement;
    await waitFor(() =>
      expect(within(header).getByRole('link', { name: 'Post Job' })).toHaveAttribute('href', '/jobpost'),
    );
    expect(within(header).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(within(header).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(within(header).queryByRole('link', { name: 'Sign In' })).toBeNull();
  });

  it('header Logout ends the session and goes to /login', async () => {
    const user = steppedUser();
    signIn();
    const { router } = await renderApp('/aboutus', { loader: createFakeLoader() });
    await pageHeading();
    const header = document.querySelector('.site-header') as HTMLElement;
    await user.click(await within(header).findByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(router.location.pathname).toBe('/login'));
    expect(state.calls.some((c) => c.method === 'POST' && c.path === '/api/user/logout')).toBe(true);
    expect(within(header).getByRole('link', { name: 'Sign In' })).toBeInTheDocument();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('the mobile menu toggle shows and hides the mobile navigation', async () => {
    const user = steppedUser();
    await renderApp('/aboutus', { loader: createFakeLoader() });
    await pageHeading();
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(screen.getByRole('navigation', { name: 'Mobile' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Close menu' }));
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).toBeNull();
  });

  it('footer has the six service links, the static pages, the support e-mail and weekday hours', async () => {
    await renderApp('/contactus', { loader: createFakeLoader() });
    await pageHeading();
    const footer = screen.getByRole('contentinfo');
    const services = within(
      within(footer).getByRole('navigation', { name: 'Popular services' }),
    ).getAllByRole('link');
    expect(services.map((a) => a.getAttribute('href'))).toEqual([
      '/sub-category/Cleaning',
      '/sub-category/Gardening',
      '/sub-category/Refurbish%20the%20kitchen',
      '/sub-category/Pipe%20and%20chimney',
      '/sub-category/Renovate%20the%20bathroom',
      '/sub-category/Building%20application',
    ]);
    const company = within(within(footer).getByRole('navigation', { name: 'Company' })).getAllByRole('link');
    expect(company.map((a) => a.getAttribute('href')).sort()).toEqual(
      ['/', '/aboutus', '/contactus', '/privacy-policy', '/termsandcondition'].sort(),
    );
    expect(within(footer).getByRole('link', { name: /@/ })).toHaveAttribute(
      'href',
      expect.stringMatching(/^mailto:/),
    );
    expect(footer).toHaveTextContent('09:00 - 18:00');
    expect(footer).toHaveTextContent(/closed on weekends/i);
  });
});

describe('scroll reset and body class', () => {
  it('scrolls to the top on every path change, not on a query change', async () => {
    const { router } = await renderApp('/', { loader: createFakeLoader() });
    await pageHeading();
    expect(scrollTo).toHaveBeenCalledWith(0, 0);

    scrollTo.mockClear();
    await act(() => router.navigate('/aboutus'));
    await screen.findByRole('heading', { name: 'catalogue:aboutUs' });
    expect(scrollTo).toHaveBeenCalledWith(0, 0);

    scrollTo.mockClear();
    await act(() => router.navigate('/category/Craftsman'));
    await screen.findByRole('heading', { name: 'catalogue:category' });
    expect(scrollTo).toHaveBeenCalledWith(0, 0);

    scrollTo.mockClear();
    await act(() => router.navigate('/category/Craftsman?page=2'));
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('adds the dashboard body class on /dashboard only', async () => {
    signIn();
    const { router } = await renderApp('/dashboard', { loader: createFakeLoader() });
    await screen.findByRole('heading', { name: 'jobs:dashboard' });
    expect(document.body).toHaveClass('dashboard');

    await act(() => router.navigate('/chat'));
    await screen.findByRole('heading', { name: 'chat:chat' });
    expect(document.body).not.toHaveClass('dashboard');
  });
});

describe('sign-in guard', () => {
  it('sends a signed-out visitor from /jobpost to /login, remembering the form address', async () => {
    const { router } = await renderApp('/jobpost?title=Fix%20sink&description=Leaks', {
      loader: createFakeLoader(),
    });
    expect(await pageHeading()).toHaveTextContent('Sign in');
    expect(router.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.location.search).get('next')).toBe(
      '/jobpost?title=Fix%20sink&description=Leaks',
    );
  });

  it('redirects when navigating to /jobpost after signing out', async () => {
    const user = steppedUser();
    signIn();
    const { router } = await renderApp('/aboutus', { loader: createFakeLoader() });
    await pageHeading();
    const header = document.querySelector('.site-header') as HTMLElement;
    await user.click(await within(header).findByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(router.location.pathname).toBe('/login'));
    await act(() => router.navigate('/jobpost'));
    await waitFor(() => expect(router.location.search).toBe('?next=%2Fjobpost'));
    expect(router.location.pathname).toBe('/login');
  });

  it.each([
    ['/jobpost?title=Tiles', '/jobpost'],
    ['//evil.example/x', '/dashboard'],
    ['https://evil.example/', '/dashboard'],
    ['/\\evil.example', '/dashboard'],
  ])('a signed-in member opening /login?next=%s goes to %s', async (next, expected) => {
    signIn();
    const { router } = await renderApp(`/login?next=${encodeURIComponent(next)}`, {
      loader: createFakeLoader(),
    });
    await waitFor(() => expect(router.location.pathname).toBe(expected));
  });

  it.each([
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
  ])('sends a signed-out visitor from %s to /login', async (path) => {
    const { router } = await renderApp(path, { loader: createFakeLoader() });
    expect(await pageHeading()).toHaveTextContent('Sign in');
    expect(router.location.pathname).toBe('/login');
    expect(layoutOf()).toBe('public');
  });

  it('trusts the server, not a cached account: a stale `user` in localStorage is not a session', async () => {
    localStorage.setItem('user', JSON.stringify(account()));
    resetSessionForTests(); // a fresh page load that finds the cached account
    const { router } = await renderApp('/dashboard', { loader: createFakeLoader() });
    expect(await pageHeading()).toHaveTextContent('Sign in');
    expect(router.location.pathname).toBe('/login');
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('keeps no token in localStorage', async () => {
    signIn();
    await renderApp('/dashboard', { loader: createFakeLoader() });
    await screen.findByRole('heading', { name: 'jobs:dashboard' });
    expect(Object.keys(localStorage)).toEqual(['user']);
    expect(localStorage.getItem('user')).not.toMatch(/token/i);
  });

  it('lets a signed-in user open /jobpost', async () => {
    signIn();
    const { router } = await renderApp('/jobpost', { loader: createFakeLoader() });
    expect(await pageHeading()).toHaveTextContent('jobs:jobPost');
    expect(router.location.pathname).toBe('/jobpost');
  });
});

describe('admin pages', () => {
  it.each([
    ['/allusers', 'admin:allUsers'],
    ['/alljobs', 'admin:allJobs'],
    ['/allpayments', 'admin:allPayments'],
    ['/alldisputes', 'admin:allDisputes'],
    ['/allverifications', 'admin:allVerifications'],
    ['/allreviews', 'admin:allReviews'],
  ])('%s renders the admin remote for an admin', async (path, title) => {
    signIn('admin');
    await renderApp(path, { loader: createFakeLoader() });
    const heading = await pageHeading();
    expect(heading).toHaveTextContent(title);
    expect(heading.closest('[data-remote]')).toHaveAttribute('data-remote', 'admin');
  });

  it.each([
    ['user', '/allusers'],
    ['company', '/allusers'],
    ['company', '/allpayments'],
    ['company', '/alldisputes'],
    ['company', '/allverifications'],
    ['user', '/allreviews'],
    ['company', '/allreviews'],
  ] as const)('a %s account sees "Not allowed" on %s', async (type, path) => {
    signIn(type);
    const loader = createFakeLoader();
    const { router } = await renderApp(path, { loader });
    expect(await pageHeading()).toHaveTextContent('Not allowed');
    expect(router.location.pathname).toBe(path);
    expect(loader.loads).not.toContain('admin');
  });
});

describe('Page Not Found', () => {
  it('shows for unknown paths, signed in or not, with a link home', async () => {
    signIn();
    await renderApp('/definitely-not-a-page', { loader: createFakeLoader() });
    expect(await pageHeading()).toHaveTextContent('Page Not Found');
    expect(screen.getByRole('link', { name: 'Go to home' })).toHaveAttribute('href', '/');
  });
});

describe('first paint of a shell page', () => {
  it("keeps the edge's picture of /login, bar included, until the page's own chunk is there", async () => {
    window.history.replaceState(null, '', '/login');
    const root = document.createElement('div');
    root.innerHTML =
      '<div class="crawler-summary" data-look="auth"><header><a href="/">Naija Marketplace</a></header>' +
      '<main><div class="crawler-summary__hero"><div class="crawler-summary__inner">' +
      '<div class="crawler-summary__copy"><h1>Sign in</h1></div></div></div></main></div>';
    keepPrerenderedPage(root);
    const { login, arrive } = heldLoginPage();
    try {
      await renderApp('/login', { loader: createFakeLoader(), shellPages: { login } });
      const picture = document.querySelector('.ui-prerendered');
      expect(picture).toHaveClass('ui-prerendered--standalone');
      expect(picture?.querySelector('h1')).toHaveTextContent('Sign in');
      expect(screen.getByRole('status')).toHaveTextContent('Loading page');
      arrive();
      expect(await screen.findByLabelText('Email', {}, { timeout: 5000 })).toBeInTheDocument();
      expect(document.querySelector('.ui-prerendered')).toBeNull();
      expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    } finally {
      resetPrerenderedPageForTests();
      window.history.replaceState(null, '', '/');
    }
  });
});

describe('a move whose page is on its way', () => {
  it('keeps the page being left and shows the loading bar until the next page can render', async () => {
    const { login, arrive } = heldLoginPage();
    const { router } = await renderApp('/', { loader: createFakeLoader(), shellPages: { login } });
    expect(await pageHeading()).toHaveTextContent('catalogue:home');
    expect(screen.queryByRole('progressbar')).toBeNull();

    // A click in an awaited act: React resumes a move that suspended inside act only when it is awaited.
    const signIn = screen.getAllByRole('link', { name: 'Sign In' })[0]!;
    await act(async () => signIn.click());
    expect(screen.getByRole('progressbar', { name: 'Loading page' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('catalogue:home');

    await act(async () => arrive());
    expect(await screen.findByRole('heading', { name: 'Sign in' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(router.location.pathname).toBe('/login');
  });

  it('shows no bar for a move whose page is already there', async () => {
    const { router } = await renderApp('/', { loader: createFakeLoader() });
    expect(await pageHeading()).toHaveTextContent('catalogue:home');
    await act(() => router.navigate('/aboutus'));
    expect(await screen.findByRole('heading', { name: 'catalogue:aboutUs' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});

describe('router error screen', () => {
  it('shows "Unexpected Application Error" with the message when a route fails', async () => {
    await renderApp('/login', {
      loader: createFakeLoader(),
      shellPages: { login: () => Promise.reject(new Error('Loading chunk 42 failed')) },
    });
    expect(await pageHeading()).toHaveTextContent('Unexpected Application Error');
    expect(screen.getByText('Loading chunk 42 failed')).toBeInTheDocument();
  });

  it('describes unknown errors', () => {
    expect(describeRouteError('boom')).toBe('boom');
    expect(describeRouteError({})).toBe('Unknown error');
  });
});

describe('remote fallback', () => {
  it('shows the fallback inside the layout when a remote fails, while other routes work', async () => {
    signIn();
    const loader = createFakeLoader(['catalogue']);
    const { router } = await renderApp('/', { loader });
    const fallback = await screen.findByTestId('remote-fallback');
    expect(fallback).toHaveAttribute('data-unavailable-remote', 'catalogue');
    expect(within(fallback).getByRole('heading', { level: 1 })).toHaveTextContent(
      'This section is unavailable',
    );
    expect(layoutOf()).toBe('public');

    await act(() => router.navigate('/dashboard'));
    expect(await screen.findByRole('heading', { name: 'jobs:dashboard' })).toBeInTheDocument();

    await act(() => router.navigate('/signup'));
    expect(
      await screen.findByRole('heading', { name: 'Post your job. Let trusted companies handle the rest.' }),
    ).toBeInTheDocument();
  });

  it('recovers on "Try again" once the remote is back, without reloading', async () => {
    const user = steppedUser();
    signIn();
    const loader = createFakeLoader(['jobs']);
    await renderApp('/dashboard', { loader });
    const fallback = await screen.findByTestId('remote-fallback');
    expect(layoutOf()).toBe('app');

    // Still down: trying again shows the fallback again.
    await user.click(within(fallback).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('remote-fallback')).toBeInTheDocument();
    expect(loader.resets).toEqual(['jobs']);

    loader.down.delete('jobs');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'jobs:dashboard' })).toBeInTheDocument();
    expect(screen.queryByTestId('remote-fallback')).toBeNull();
    expect(loader.resets).toEqual(['jobs', 'jobs']);
  });

  it('catches a remote page that throws while rendering, and retries it', async () => {
    const user = steppedUser();
    signIn();
    let broken = true;
    const Flaky: ComponentType = () => {
      if (broken) throw new Error('remote bug');
      return (
        <section data-remote="chat">
          <h1>Chat works</h1>
        </section>
      );
    };
    const base = createFakeLoader();
    const loader: RemoteLoader = {
      ...base,
      async load<R extends RemoteName>(remote: R) {
        if (remote !== 'chat') return base.load(remote);
        return { pages: { chat: Flaky, newChat: Flaky } } as unknown as RemoteRoutesModule<R>;
      },
      peek: () => undefined,
    };
    await renderApp('/chat', { loader });
    expect(await screen.findByTestId('remote-fallback')).toBeInTheDocument();
    expect(layoutOf()).toBe('app');

    broken = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Chat works' })).toBeInTheDocument();
  });

  it('treats a remote that lacks the routed page as unavailable', async () => {
    signIn('admin');
    const loader: RemoteLoader = {
      ...createFakeLoader(),
      async load<R extends RemoteName>() {
        return { pages: {} } as unknown as RemoteRoutesModule<R>;
      },
      peek: () => undefined,
    };
    await renderApp('/alljobs', { loader });
    expect(await screen.findByTestId('remote-fallback')).toBeInTheDocument();
  });

  it('does not show a loading state when moving between pages of a loaded remote', async () => {
    const loader = createFakeLoader();
    const { router } = await renderApp('/aboutus', { loader });
    await screen.findByRole('heading', { name: 'catalogue:aboutUs' });
    await act(() => router.navigate('/contactus'));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('catalogue:contactUs');
    await waitFor(() => expect(loader.loads).toEqual(['catalogue']));
  });
});

// Keep the fake honest: it is what the other tests rely on.
it('fake remote pages are identifiable', () => {
  const Page = fakeRemoteModule('admin').pages.allUsers;
  render(<Page />);
  expect(screen.getByRole('heading')).toHaveTextContent('admin:allUsers');
});
