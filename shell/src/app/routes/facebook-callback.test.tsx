import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { createFakeLoader } from '../testing/fake-remotes';
import { renderApp } from '../testing/render-app';
import {
  account,
  createApiServer,
  installMatchMedia,
  resetBrowserState,
  type FakeAccountsApi,
} from '../../testing/api';

const state: FakeAccountsApi = { account: null, calls: [] };
const server = createApiServer(state);
let alert: jest.SpyInstance;

beforeAll(() => {
  installMatchMedia();
  server.listen({ onUnhandledRequest: 'error' });
});
afterAll(() => server.close());
beforeEach(async () => {
  await resetBrowserState();
  state.account = null;
  jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  alert = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
});
afterEach(() => {
  server.resetHandlers();
  jest.restoreAllMocks();
});

describe('Social login return (/facebook/callback)', () => {
  it('says "Logging you in via Facebook..." without header or footer', async () => {
    // The server's answer is held so that the page is seen while it waits for it.
    let answer!: () => void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.get('http://localhost/api/user/me', async () => {
        await held;
        return HttpResponse.json({ user: account() });
      }),
    );
    const { router } = await renderApp('/facebook/callback?status=ok', { loader: createFakeLoader() });
    expect(await screen.findByText('Logging you in via Facebook...')).toBeInTheDocument();
    expect(document.querySelector('.site-header')).toBeNull();
    expect(screen.queryByRole('contentinfo')).toBeNull();
    answer();
    await waitFor(() => expect(router.location.pathname).toBe('/dashboard'));
  });

  it('status=ok: loads the session from the cookies and goes to /dashboard', async () => {
    state.account = account({ name: 'Ngozi Eze' });
    const { router } = await renderApp('/facebook/callback?status=ok', { loader: createFakeLoader() });
    await waitFor(() => expect(router.location.pathname).toBe('/dashboard'));
    expect(await screen.findByRole('heading', { name: 'jobs:dashboard' })).toBeInTheDocument();
    expect(screen.getAllByText('Ngozi Eze').length).toBeGreaterThan(0);
    expect(alert).not.toHaveBeenCalled();
  });

  it.each(['/facebook/callback?status=error', '/facebook/callback'])(
    '%s alerts "Facebook login failed or was cancelled." and goes to /login',
    async (path) => {
      const { router } = await renderApp(path, { loader: createFakeLoader() });
      await waitFor(() => expect(router.location.pathname).toBe('/login'));
      expect(alert).toHaveBeenCalledTimes(1);
      expect(alert).toHaveBeenCalledWith('Facebook login failed or was cancelled.');
    },
  );

  it('status=ok without a session (cookies missing) also fails to /login', async () => {
    const { router } = await renderApp('/facebook/callback?status=ok', { loader: createFakeLoader() });
    await waitFor(() => expect(router.location.pathname).toBe('/login'));
    expect(alert).toHaveBeenCalledWith('Facebook login failed or was cancelled.');
  });
});
