import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createFakeLoader } from '../testing/fake-remotes';
import { renderApp } from '../testing/render-app';
import {
  account,
  api,
  createApiServer,
  installMatchMedia,
  resetBrowserState,
  setCsrfCookie,
  type FakeAccountsApi,
} from '../../testing/api';
import { http, HttpResponse } from 'msw';
import { CHAT_UNREAD_EVENT } from '@marketplace/contracts';
import { refreshSession } from '@marketplace/ui';
import { refreshUnreadTotal } from '../../lib/chat-unread';
import { nameInitials as initials } from '@marketplace/page-head';

const state: FakeAccountsApi = { account: null, calls: [] };
const server = createApiServer(state);

beforeAll(() => {
  installMatchMedia();
  server.listen({ onUnhandledRequest: 'error' });
});
afterAll(() => server.close());
beforeEach(async () => {
  await resetBrowserState();
  state.calls = [];
  jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});
afterEach(() => {
  server.resetHandlers();
  jest.restoreAllMocks();
});

async function openAs(type: 'user' | 'company' | 'admin', path = '/chat', overrides = {}) {
  state.account = account({ type, ...overrides });
  const utils = await renderApp(path, { loader: createFakeLoader() });
  const sidebar = await screen.findByRole('navigation', { name: 'Account' }, { timeout: 5000 });
  return { ...utils, sidebar };
}

const menuOf = (sidebar: HTMLElement) =>
  within(sidebar)
    .getAllByRole('listitem')
    .map((item) => {
      const control = within(item).queryByRole('link') ?? within(item).getByRole('button');
      return [control.textContent, control.getAttribute('href')];
    });

describe('signed-in layout: sidebar by account type', () => {
  it('user: Home, Dashboard, Post Job, Profile, Chat, Logout', async () => {
    const { sidebar } = await openAs('user');
    expect(menuOf(sidebar)).toEqual([
      ['Home', '/'],
      ['Dashboard', '/dashboard'],
      ['Post Job', '/jobpost'],
      ['Profile', '/edit-profile'],
      ['Chat', '/chat'],
      ['Logout', null],
    ]);
  });

  it('company: Home, Dashboard, Profile, Chat, Logout', async () => {
    const { sidebar } = await openAs('company');
    expect(menuOf(sidebar)).toEqual([
      ['Home', '/'],
      ['Dashboard', '/dashboard'],
      ['Profile', '/edit-profile'],
      ['Chat', '/chat'],
      ['Logout', null],
    ]);
  });

  it('admin: Home, Users, Job List, Payments, Disputes, Company verification, Reviews, Chat, Logout', async () => {
    const { sidebar } = await openAs('admin');
    expect(menuOf(sidebar)).toEqual([
      ['Home', '/'],
      ['Users', '/allusers'],
      ['Job List', '/alljobs'],
      ['Payments', '/allpayments'],
      ['Disputes', '/alldisputes'],
      ['Company verification', '/allverifications'],
      ['Reviews', '/allreviews'],
      ['Chat', '/chat'],
      ['Logout', null],
    ]);
  });

  it('marks the current page', async () => {
    const { sidebar } = await openAs('user', '/dashboard');
    expect(within(sidebar).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    expect(within(sidebar).getByRole('link', { name: 'Chat' })).not.toHaveAttribute('aria-current');
  });
});

describe('signed-in layout: top bar', () => {
  it("shows the account's name and initials, or its photo", async () => {
    await openAs('company', '/chat', { name: 'Ada Builders Limited' });
    const topbar = document.querySelector('.app-topbar') as HTMLElement;
    expect(within(topbar).getByText('Ada Builders Limited')).toBeInTheDocument();
    expect(within(topbar).getByText('AB')).toBeInTheDocument();
    expect(initials('ngozi  eze okafor')).toBe('NE');
  });

  it('names the account type as people say it: a customer, not a "user"', async () => {
    await openAs('user');
    const topbar = document.querySelector('.app-topbar') as HTMLElement;
    expect(within(topbar).getByText('Customer')).toBeInTheDocument();
    expect(within(topbar).queryByText(/^user$/i)).toBeNull();
  });

  it('shows the photo when the account has one', async () => {
    await openAs('user', '/chat', { photoUrl: '/media/ada.jpg' });
    const topbar = document.querySelector('.app-topbar') as HTMLElement;
    expect(topbar.querySelector('img')).toHaveAttribute('src', '/media/ada.jpg');
  });

  it('the search form opens the best matching service', async () => {
    const user = userEvent.setup();
    const { router } = await openAs('user');
    // A navigation started inside a submit handler makes React build `new FormData(form)`; this test
    // environment's FormData is Node's, which takes no form element. Browsers are fine.
    const NodeFormData = globalThis.FormData;
    globalThis.FormData = class extends NodeFormData {
      constructor() {
        super();
      }
    } as typeof FormData;
    try {
      await user.type(screen.getByRole('searchbox', { name: 'Search services' }), 'plumb{Enter}');
      await waitFor(() => expect(router.location.pathname).toBe('/sub-category/Plumber'));
    } finally {
      globalThis.FormData = NodeFormData;
    }
  });
});

describe('signed-in layout: unread chat messages', () => {
  it('shows the unread total from the chat service and follows what the chat screen pushes', async () => {
    state.unread = 3;
    try {
      await openAs('company', '/dashboard');
      const topbar = document.querySelector('.app-topbar') as HTMLElement;
      const link = await within(topbar).findByRole('link', { name: 'Chat, 3 unread' });
      expect(link).toHaveAttribute('href', '/chat');
      expect(link).toHaveTextContent('3');

      act(() => {
        window.dispatchEvent(new CustomEvent(CHAT_UNREAD_EVENT, { detail: { total: 120 } }));
      });
      expect(within(topbar).getByRole('link', { name: 'Chat, 120 unread' })).toHaveTextContent('99+');

      act(() => {
        window.dispatchEvent(new CustomEvent(CHAT_UNREAD_EVENT, { detail: { total: 0 } }));
      });
      const read = within(topbar).getByRole('link', { name: 'Chat' });
      expect(read).toHaveTextContent('');
    } finally {
      delete state.unread;
    }
  });

  it('keeps the last figure when the chat service cannot be reached', async () => {
    state.unread = 2;
    try {
      await openAs('user', '/dashboard');
      const topbar = document.querySelector('.app-topbar') as HTMLElement;
      await within(topbar).findByRole('link', { name: 'Chat, 2 unread' });
      server.use(http.get(api('/api/chat/unread'), () => HttpResponse.error()));
      await act(async () => {
        await refreshUnreadTotal();
      });
      expect(within(topbar).getByRole('link', { name: 'Chat, 2 unread' })).toBeInTheDocument();
    } finally {
      delete state.unread;
    }
  });
});

describe('signed-in layout: dark mode', () => {
  it('the switch adds/removes the dark class on <body> and persists in localStorage', async () => {
    const user = userEvent.setup();
    await openAs('user');
    const toggle = screen.getByRole('switch', { name: 'Dark mode' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(document.body).not.toHaveClass('dark');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    expect(document.body).toHaveClass('dark');
    expect(localStorage.getItem('theme')).toBe('dark');

    await user.click(toggle);
    expect(document.body).not.toHaveClass('dark');
    expect(localStorage.getItem('theme')).toBe('light');
  });

  it('comes back on the next visit, survives logout, and holds on the public pages too', async () => {
    const user = userEvent.setup();
    localStorage.setItem('theme', 'dark');
    const { router, unmount } = await openAs('user');
    expect(screen.getByRole('switch', { name: 'Dark mode' })).toHaveAttribute('aria-checked', 'true');
    expect(document.body).toHaveClass('dark');

    // The about page's remote loads for the first time: its page is set once the import settles, so the
    // navigation's act waits a turn of the event loop for it (not only for the router's own update).
    await act(async () => {
      await router.navigate('/aboutus');
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    await screen.findByRole('heading', { name: 'catalogue:aboutUs' });
    expect(document.body).toHaveClass('dark');
    await act(() => router.navigate('/chat'));
    await screen.findByRole('heading', { name: 'chat:chat' });
    expect(document.body).toHaveClass('dark');

    await user.click(
      within(screen.getByRole('navigation', { name: 'Account' })).getByRole('button', { name: 'Logout' }),
    );
    await waitFor(() => expect(router.location.pathname).toBe('/login'));
    // The sign-in page drawn (its chunk loaded inside the wait, not after the test).
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(localStorage.getItem('user')).toBeNull();
    unmount();
  });
});

describe('signed-in layout: dark mode on a device set to dark', () => {
  let original: typeof window.matchMedia;
  beforeEach(() => {
    original = window.matchMedia;
    Object.defineProperty(window, 'matchMedia', {
      configurable: true,
      value: (query: string) => ({
        ...original(query),
        matches: query === '(prefers-color-scheme: dark)',
      }),
    });
  });
  afterEach(() => {
    Object.defineProperty(window, 'matchMedia', { configurable: true, value: original });
  });

  it('with no choice the switch shows what the page shows (on); turning it off chooses light', async () => {
    const user = userEvent.setup();
    const { unmount } = await openAs('user');
    const toggle = screen.getByRole('switch', { name: 'Dark mode' });
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    // The device's setting darkens the page by itself (CSS); nothing is chosen yet.
    expect(document.body).not.toHaveClass('dark');
    expect(document.body).not.toHaveClass('light');
    expect(localStorage.getItem('theme')).toBeNull();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(document.body).toHaveClass('light');
    expect(localStorage.getItem('theme')).toBe('light');
    unmount();
  });
});

describe('signed-in layout: leaving the session', () => {
  it('Logout in the sidebar calls the server, clears the session and goes to /login', async () => {
    const user = userEvent.setup();
    const { router, sidebar } = await openAs('company', '/dashboard');
    await user.click(within(sidebar).getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(router.location.pathname).toBe('/login'));
    expect(state.calls.filter((c) => c.path === '/api/user/logout')).toHaveLength(1);
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    const header = document.querySelector('.site-header') as HTMLElement;
    expect(within(header).getByRole('link', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('a sign-out in another tab sends this one to /login', async () => {
    const { router } = await openAs('user', '/chat');
    localStorage.removeItem('user');
    // Awaited: the way to /login suspends on the sign-in page's chunk, which React resumes inside act
    // only when the act is awaited.
    await act(async () => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'user', newValue: null }));
    });
    await waitFor(() => expect(router.location.pathname).toBe('/login'));
  });

  it('a session that can no longer be refreshed (e.g. the chat socket closed with 4401) sends this tab to /login', async () => {
    const { router } = await openAs('user', '/chat');
    setCsrfCookie('csrf-1');
    state.account = null; // the server ended the session (the fake's POST /api/user/refresh answers 401)
    let renewed: boolean | undefined;
    await act(async () => {
      renewed = await refreshSession();
    });
    expect(renewed).toBe(false);
    expect(state.calls.filter((c) => c.path === '/api/user/refresh')).toHaveLength(1);
    await waitFor(() => expect(router.location.pathname).toBe('/login'));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(localStorage.getItem('user')).toBeNull();
  });
});
