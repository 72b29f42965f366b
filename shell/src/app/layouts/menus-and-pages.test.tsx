import { act, screen, waitFor, within } from '@testing-library/react';
import { categoryPath, SERVICE_CATALOGUE, subcategoryPath } from '@marketplace/contracts';
import userEvent from '@testing-library/user-event';
import { createFakeLoader } from '../testing/fake-remotes';
import { heldLoginPage, renderApp } from '../testing/render-app';
import {
  account,
  createApiServer,
  installMatchMedia,
  resetBrowserState,
  type FakeAccountsApi,
} from '../../testing/api';
import { steppedUser, onSteppedClock } from '@marketplace/ui/testing/clock';

// The page's own waits (skeletons, pauses, polls) stepped over, not sat through.
onSteppedClock();

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
  jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});
afterEach(() => {
  server.resetHandlers();
  jest.restoreAllMocks();
});

describe('small-screen menus', () => {
  it('public header: focus moves into the panel, Tab stays in it, Escape closes it and returns focus', async () => {
    const user = steppedUser();
    await renderApp('/aboutus', { loader: createFakeLoader() });
    await screen.findByRole('heading', { level: 1, name: 'catalogue:aboutUs' }, { timeout: 5000 });
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const panel = document.getElementById('mobile-menu')!;
    expect(panel).toContainElement(document.activeElement as HTMLElement);
    for (let i = 0; i < 12; i++) {
      await user.tab();
      expect([toggle, ...panel.querySelectorAll('a, button')]).toContain(document.activeElement);
    }
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(panel).not.toBeVisible();
    expect(toggle).toHaveFocus();
  });

  it('public header: Tab walks every shown item (not the links of closed sub-lists) and comes round', async () => {
    // Issue 27, finding 1: Tab stopped on the first category ('Build New') and stayed there.
    const user = steppedUser();
    await renderApp('/aboutus', { loader: createFakeLoader() });
    await screen.findByRole('heading', { level: 1, name: 'catalogue:aboutUs' }, { timeout: 5000 });
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    await user.click(toggle);
    const panel = document.getElementById('mobile-menu')!;
    await within(panel).findByRole('button', { name: 'Build New' }, { timeout: 5000 });
    const name = (node: Element | null) => (node as HTMLElement | null)?.textContent?.trim() ?? '';
    const start = document.activeElement;
    const reached: string[] = [];
    const visited: Element[] = [];
    for (let i = 0; i < 40; i++) {
      await user.tab();
      const at = document.activeElement as HTMLElement;
      expect(at === toggle || panel.contains(at)).toBe(true);
      expect(at.closest('[hidden]')).toBeNull();
      reached.push(at === toggle ? 'toggle' : name(at));
      visited.push(at);
      if (at === start) break;
    }
    expect(document.activeElement).toBe(start);
    for (const label of [
      'Build New',
      'About us',
      'Contact',
      'Sign In',
      'Register Company',
      'Post Job',
      'toggle',
    ]) {
      expect(reached).toContain(label);
    }
    // Shift+Tab goes the same way back.
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(visited[visited.length - 2]);
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  it('signed-in sidebar: the same, and aria-expanded follows', async () => {
    const user = steppedUser();
    state.account = account({ type: 'user' });
    await renderApp('/chat', { loader: createFakeLoader() });
    await screen.findByRole('navigation', { name: 'Account' }, { timeout: 5000 });
    const toggle = screen.getByRole('button', { name: 'Menu' });
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const sidebar = document.getElementById('app-sidebar')!;
    expect(sidebar).toContainElement(document.activeElement as HTMLElement);
    await user.tab({ shift: true });
    await user.tab({ shift: true });
    expect([toggle, ...sidebar.querySelectorAll('a, button')]).toContain(document.activeElement);
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });
});

describe('small-screen menu and a page on its way', () => {
  it('closes the moment a link in it is followed, while the next page is still loading', async () => {
    const { login, arrive } = heldLoginPage();
    await renderApp('/aboutus', { loader: createFakeLoader(), shellPages: { login } });
    await screen.findByRole('heading', { level: 1, name: 'catalogue:aboutUs' }, { timeout: 5000 });
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const panel = document.getElementById('mobile-menu')!;
    expect(panel).toBeVisible();
    // In an awaited act: React resumes a move that suspended inside act only when it is awaited.
    const signIn = within(panel).getByRole('link', { name: 'Sign In' });
    await act(async () => signIn.click());
    expect(screen.getByRole('progressbar', { name: 'Loading page' })).toBeInTheDocument();
    expect(panel).not.toBeVisible();
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
    await act(async () => arrive());
    const heading = await screen.findByRole('heading', { name: 'Sign in' }, { timeout: 5000 });
    // Then the new page's heading takes focus, as after any move.
    await waitFor(() => expect(heading).toHaveFocus());
  });
});

describe('Services menu', () => {
  it('desktop: a disclosure of every category with its sub-categories; Escape closes it and returns focus', async () => {
    const user = steppedUser();
    await renderApp('/aboutus', { loader: createFakeLoader() });
    await screen.findByRole('heading', { level: 1, name: 'catalogue:aboutUs' }, { timeout: 5000 });
    const main = screen.getByRole('navigation', { name: 'Main' });
    const toggle = await within(main).findByRole('button', { name: 'Services' }, { timeout: 5000 });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const panel = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(panel).toBeVisible();
    for (const category of SERVICE_CATALOGUE) {
      expect(within(panel).getByRole('link', { name: category.categoryname })).toHaveAttribute(
        'href',
        categoryPath(category.categoryname),
      );
      for (const name of category.subcategory) {
        expect(within(panel).getByRole('link', { name })).toHaveAttribute('href', subcategoryPath(name));
      }
    }
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(panel).not.toBeVisible();
    expect(toggle).toHaveFocus();
    // Following a link closes it.
    await user.click(toggle);
    await user.click(within(panel).getByRole('link', { name: 'Electrician' }));
    await waitFor(() => expect(toggle).toHaveAttribute('aria-expanded', 'false'));
  });

  it('small screens: the menu lists the categories, each expanding to its sub-categories', async () => {
    const user = steppedUser();
    await renderApp('/aboutus', { loader: createFakeLoader() });
    await screen.findByRole('heading', { level: 1, name: 'catalogue:aboutUs' }, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const panel = document.getElementById('mobile-menu')!;
    const craftsman = await within(panel).findByRole('button', { name: 'Craftsman' }, { timeout: 5000 });
    expect(craftsman).toHaveAttribute('aria-expanded', 'false');
    expect(within(panel).queryByRole('link', { name: 'Plumber' })).toBeNull();
    await user.click(craftsman);
    expect(craftsman).toHaveAttribute('aria-expanded', 'true');
    expect(within(panel).getByRole('link', { name: 'Plumber' })).toHaveAttribute(
      'href',
      subcategoryPath('Plumber'),
    );
    expect(within(panel).getByRole('link', { name: 'All of Craftsman' })).toHaveAttribute(
      'href',
      categoryPath('Craftsman'),
    );
    // One category open at a time.
    await user.click(within(panel).getByRole('button', { name: 'Build New' }));
    expect(craftsman).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('public header for a member', () => {
  it('shows the way into Chat with the unread count; a visitor gets none', async () => {
    await renderApp('/aboutus', { loader: createFakeLoader() });
    await screen.findByRole('heading', { level: 1, name: 'catalogue:aboutUs' }, { timeout: 5000 });
    expect(screen.queryByRole('link', { name: /^Chat/ })).not.toBeInTheDocument();
  });

  it('a signed-in member sees the Chat link with the count, on public pages too', async () => {
    state.account = account({ type: 'company' });
    state.unread = 4;
    try {
      await renderApp('/aboutus', { loader: createFakeLoader() });
      const link = await screen.findByRole('link', { name: 'Chat, 4 unread' }, { timeout: 5000 });
      expect(link).toHaveAttribute('href', '/chat');
      expect(link.closest('header')).toHaveClass('site-header');
    } finally {
      delete state.unread;
    }
  });
});

describe('page titles and focus', () => {
  it('each route sets its title from its heading; a route change moves focus to the h1, the first load does not', async () => {
    const { router } = await renderApp('/aboutus', { loader: createFakeLoader() });
    await waitFor(() => expect(document.title).toBe('catalogue:aboutUs | Naija Marketplace'), {
      timeout: 5000,
    });
    expect(screen.getByRole('heading', { level: 1 })).not.toHaveFocus();
    await act(() => router.navigate('/contactus'));
    await waitFor(() => expect(document.title).toBe('catalogue:contactUs | Naija Marketplace'));
    expect(screen.getByRole('heading', { level: 1, name: 'catalogue:contactUs' })).toHaveFocus();
  });

  it('a route change leaves focus where the visitor already put it in the new page', async () => {
    const { router } = await renderApp('/aboutus', { loader: createFakeLoader() });
    await waitFor(() => expect(document.title).toBe('catalogue:aboutUs | Naija Marketplace'), {
      timeout: 5000,
    });
    // Focus the sign-in form's e-mail the moment it is in the page, before the heading would take focus.
    const typing = new MutationObserver(() => {
      const email = document.querySelector<HTMLInputElement>('#main input[type="email"]');
      if (!email) return;
      typing.disconnect();
      email.focus();
    });
    typing.observe(document.body, { childList: true, subtree: true });
    await act(() => router.navigate('/login'));
    await waitFor(() => expect(document.title).toBe('Sign in | Naija Marketplace'), { timeout: 5000 });
    expect(screen.getByLabelText('Email')).toHaveFocus();
  });

  it("the edge's head of the first page goes at the first move, even if that page never took it away", async () => {
    const edgeTags = () => document.head.querySelectorAll('link[rel="canonical"], meta[property^="og:"]');
    document.head.insertAdjacentHTML(
      'beforeend',
      '<link rel="canonical" href="https://market.example/category/Craftsman">' +
        '<meta property="og:url" content="https://market.example/category/Craftsman">',
    );
    try {
      const { router } = await renderApp('/aboutus', { loader: createFakeLoader() });
      await waitFor(() => expect(document.title).toBe('catalogue:aboutUs | Naija Marketplace'), {
        timeout: 5000,
      });
      // A redirect to the page's own address is still the first page.
      await act(() => router.navigate('/privacy-policy', { replace: true }));
      expect(edgeTags()).toHaveLength(2);
      await act(() => router.navigate('/contactus'));
      expect(edgeTags()).toHaveLength(0);
      expect(document.head.querySelector('meta[name="description"]')).toHaveAttribute(
        'content',
        'Post your job for free and get offers from vetted companies and tradespeople across Nigeria.',
      );
    } finally {
      edgeTags().forEach((tag) => tag.remove());
    }
  });

  it('a redirect of the first page (a canonical address) is still the first load; after a move, it is not', async () => {
    const { router } = await renderApp('/aboutus', { loader: createFakeLoader() });
    await waitFor(() => expect(document.title).toBe('catalogue:aboutUs | Naija Marketplace'), {
      timeout: 5000,
    });
    await act(() => router.navigate('/privacy-policy', { replace: true }));
    await waitFor(() => expect(document.title).toBe('catalogue:privacyPolicy | Naija Marketplace'));
    expect(screen.getByRole('heading', { level: 1 })).not.toHaveFocus();
    await act(() => router.navigate('/contactus'));
    await act(() => router.navigate('/termsandcondition', { replace: true }));
    await waitFor(() => expect(document.title).toBe('catalogue:terms | Naija Marketplace'));
    expect(screen.getByRole('heading', { level: 1, name: 'catalogue:terms' })).toHaveFocus();
  });
});
