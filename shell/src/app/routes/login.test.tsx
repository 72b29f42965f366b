import { screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { createFakeLoader } from '../testing/fake-remotes';
import { renderApp } from '../testing/render-app';
import {
  account,
  api,
  createApiServer,
  findToast,
  installMatchMedia,
  resetBrowserState,
  type FakeAccountsApi,
} from '../../testing/api';
import { steppedUser, onSteppedClock } from '@marketplace/ui/testing/clock';

// The page's own waits (skeletons, pauses, polls) stepped over, not sat through.
onSteppedClock();

const state: FakeAccountsApi = { account: null, calls: [] };
const server = createApiServer(state);
let loginBody: unknown;

beforeAll(() => {
  installMatchMedia();
  server.listen({ onUnhandledRequest: 'error' });
});
afterAll(() => server.close());
beforeEach(async () => {
  await resetBrowserState();
  state.account = null;
  state.calls = [];
  loginBody = undefined;
  jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});
afterEach(() => {
  server.resetHandlers();
  jest.restoreAllMocks();
});

function loginAnswers(status: number, body: object, wait = 0) {
  server.use(
    http.post(api('/api/user/login'), async ({ request }) => {
      loginBody = await request.json();
      if (wait) await delay(wait);
      if (status === 200) state.account = (body as { user: typeof state.account }).user;
      return HttpResponse.json(body, { status });
    }),
  );
}

async function openLogin() {
  const utils = await renderApp('/login', { loader: createFakeLoader() });
  await screen.findByRole('heading', { level: 1, name: 'Sign in' }, { timeout: 5000 });
  const button = screen.getByRole('button', { name: 'Sign In' });
  return {
    ...utils,
    button,
    email: screen.getByLabelText('Email'),
    password: screen.getByLabelText('Password'),
  };
}

describe('Login page', () => {
  it('checks the email while typing: nothing while empty, "Email is not valid" until the rule holds', async () => {
    const user = steppedUser();
    const { email } = await openLogin();
    expect(screen.queryByText('Email is not valid')).toBeNull();

    for (const bad of ['ada', 'ada@', 'ada@example', 'ada@example.n', 'a da@example.ng', 'a@b@example.ng']) {
      await user.clear(email);
      await user.type(email, bad);
      expect(await screen.findByText('Email is not valid')).toBeInTheDocument();
    }
    await user.clear(email);
    await waitFor(() => expect(screen.queryByText('Email is not valid')).toBeNull());

    await user.type(email, 'ada@example.ng');
    await waitFor(() => expect(screen.queryByText('Email is not valid')).toBeNull());
    expect(email).not.toHaveAttribute('aria-invalid');
  });

  it('Sign In stays enabled; a submit with problems says what they are and focuses the first', async () => {
    const user = steppedUser();
    const { button, email, password } = await openLogin();
    expect(button).toBeEnabled();
    await user.click(button);
    await waitFor(() => expect(email).toHaveAccessibleDescription('Email is not valid'));
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveFocus();
    await user.type(email, 'ada@example.ng');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(password).toHaveFocus());
    expect(loginBody).toBeUndefined();
  });

  it('an admin lands on /allusers', async () => {
    const user = steppedUser();
    loginAnswers(200, {
      statusCode: 200,
      resultMessage: { en: 'Login Successful' },
      accessToken: 'AT',
      user: account({ type: 'admin', name: 'Admin' }),
    });
    const { router, button, email, password } = await openLogin();
    await user.type(email, 'admin@example.ng');
    await user.type(password, 'secret1');
    await user.click(button);
    await waitFor(() => expect(router.location.pathname).toBe('/allusers'), { timeout: 5000 });
  });

  it('signs in: shows the wait indicator, stores the account (no token) and goes to /dashboard', async () => {
    const user = steppedUser();
    const ada = account({ type: 'company', name: 'Ada Builders' });
    loginAnswers(
      200,
      {
        statusCode: 200,
        resultMessage: { en: 'Login Successful' },
        accessToken: 'AT',
        refreshToken: 'RT',
        user: ada,
      },
      150,
    );
    const { router, button, email, password } = await openLogin();
    await user.type(email, 'ada@example.ng');
    await user.type(password, 'secret1');
    await user.click(button);

    expect(await screen.findByRole('button', { name: /Signing in/ })).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('button', { name: /Signing in/ })).toBeDisabled();

    await screen.findByRole('heading', { name: 'jobs:dashboard' }, { timeout: 5000 });
    expect(router.location.pathname).toBe('/dashboard');
    expect(loginBody).toEqual({ email: 'ada@example.ng', password: 'secret1' });
    expect(JSON.parse(localStorage.getItem('user')!)).toEqual(ada);
    expect(JSON.stringify({ ...localStorage })).not.toMatch(/AT|RT|token/i);
    // The signed-in layout shows the account at once.
    expect(screen.getAllByText('Ada Builders')).toHaveLength(2); // top bar and sidebar
  });

  it('a wrong password: the server text in the summary, both fields marked, stays on /login', async () => {
    const user = steppedUser();
    loginAnswers(401, { resultMessage: { en: 'Invalid User Name / Password!' } });
    const { router, button, email, password } = await openLogin();
    await user.type(email, 'ada@example.ng');
    await user.type(password, 'wrong');
    await user.click(button);
    expect(
      await screen.findByText('Invalid User Name / Password!', { selector: '.form-error-summary' }),
    ).toHaveAttribute('role', 'alert');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(router.location.pathname).toBe('/login');
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
    // A failed login is not a session problem: no refresh attempt.
    expect(state.calls.map((c) => c.path)).not.toContain('/api/user/refresh');
  });

  it('shows the rate-limit text from the server', async () => {
    const user = steppedUser();
    loginAnswers(429, { resultMessage: { en: 'Too many attempts, try again in a minute' } });
    const { button, email, password } = await openLogin();
    await user.type(email, 'ada@example.ng');
    await user.type(password, 'whatever');
    await user.click(button);
    expect(
      await screen.findByText('Too many attempts, try again in a minute', {
        selector: '.form-error-summary',
      }),
    ).toHaveAttribute('role', 'alert');
  });

  it('shows the network toast as a warning (2.5 s) when the server cannot be reached', async () => {
    const user = steppedUser();
    server.use(http.post(api('/api/user/login'), () => HttpResponse.error()));
    const { button, email, password } = await openLogin();
    await user.type(email, 'ada@example.ng');
    await user.type(password, 'secret1');
    await user.click(button);
    const toast = await findToast('Please Check Your Network Connection');
    expect(toast).toMatchObject({ kind: 'warning', duration: 2500 });
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  });

  it('has the privacy policy, the lost-password link to the reset flow and the Sign Up link', async () => {
    await openLogin();
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');
    // The spec's link had no target; it now opens /forgot-password (see password-reset.test.tsx).
    expect(screen.getByRole('link', { name: 'Lost your password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/signup');
  });

  it('hides the social login button unless /api/user/auth-options offers it', async () => {
    await openLogin();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('link', { name: /Facebook/ })).toBeNull();
  });

  it('shows the social login button as a plain link to /api/user/facebook when offered', async () => {
    server.use(http.get(api('/api/user/auth-options'), () => HttpResponse.json({ facebook: true })));
    await openLogin();
    expect(await screen.findByRole('link', { name: 'Continue with Facebook' })).toHaveAttribute(
      'href',
      '/api/user/facebook',
    );
  });
});
