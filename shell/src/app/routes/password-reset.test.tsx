import { screen, waitFor } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { IDENTITY_MESSAGES, IDENTITY_PAGES } from '@marketplace/contracts';
import { createFakeLoader } from '../testing/fake-remotes';
import { renderApp } from '../testing/render-app';
import { ROUTE_TABLE } from './route-specs';
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
let sent: unknown[] = [];

beforeAll(() => {
  installMatchMedia();
  server.listen({ onUnhandledRequest: 'error' });
});
afterAll(() => server.close());
beforeEach(async () => {
  await resetBrowserState();
  state.account = null;
  state.calls = [];
  sent = [];
  jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});
afterEach(() => {
  server.resetHandlers();
  jest.restoreAllMocks();
});

function answer(path: string, status: number, body: object, wait = 0) {
  server.use(
    http.post(api(path), async ({ request }) => {
      sent.push(await request.json());
      if (wait) await delay(wait);
      return HttpResponse.json(body, { status });
    }),
  );
}

const envelope = (status: number, code: string, message: string) => ({
  statusCode: status,
  error: 'Bad Request',
  code,
  message,
  errorMessage: message,
  resultMessage: { en: message },
});

async function open(path: string, heading: string) {
  const utils = await renderApp(path, { loader: createFakeLoader() });
  await screen.findByRole('heading', { level: 1, name: heading }, { timeout: 5000 });
  return utils;
}

describe('the identity pages in the route table', () => {
  it('has a public shell page at every address the accounts service mails', () => {
    for (const path of Object.values(IDENTITY_PAGES)) {
      const spec = ROUTE_TABLE.find((row) => row.path === path);
      expect(spec).toMatchObject({ layout: 'public', page: { shell: expect.any(String) } });
    }
  });
});

describe('Lost your password? on /login', () => {
  it('leads to /forgot-password with the e-mail typed so far', async () => {
    const user = steppedUser();
    const { router } = await open('/login', 'Sign in');
    await user.type(screen.getByLabelText('Email'), 'ada@example.ng');
    const link = screen.getByRole('link', { name: 'Lost your password?' });
    expect(link).toHaveAttribute('href', '/forgot-password');
    await user.click(link);
    await screen.findByRole('heading', { level: 1, name: 'Forgot your password?' }, { timeout: 5000 });
    expect(router.location.pathname).toBe('/forgot-password');
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.ng');
  });
});

describe('/forgot-password', () => {
  it('sends the address and shows the same answer the server gives everyone', async () => {
    const user = steppedUser();
    answer(
      '/api/user/forgot-password',
      200,
      {
        statusCode: 200,
        resultMessage: { en: IDENTITY_MESSAGES.resetLinkSent },
      },
      100,
    );
    await open('/forgot-password', 'Forgot your password?');
    await user.type(screen.getByLabelText('Email'), '  kemi@example.com ');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('button', { name: /Sending/ })).toHaveAttribute('aria-busy', 'true');
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent(IDENTITY_MESSAGES.resetLinkSent);
    expect(status).toHaveTextContent('Sent to kemi@example.com');
    expect(sent).toEqual([{ email: 'kemi@example.com' }]);
    expect(screen.getByRole('link', { name: 'Back to Sign In' })).toHaveAttribute('href', '/login');

    // "try again" brings the form back with the address.
    await user.click(screen.getByRole('button', { name: 'try again' }));
    expect(screen.getByLabelText('Email')).toHaveValue('kemi@example.com');
  });

  it('checks the address with the sign-up rule before sending anything', async () => {
    const user = steppedUser();
    await open('/forgot-password', 'Forgot your password?');
    const email = screen.getByLabelText('Email');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    await waitFor(() => expect(email).toHaveAccessibleDescription('Invalid email address'));
    await user.type(email, 'kemi@example');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    await waitFor(() => expect(email).toHaveAccessibleDescription('Invalid email address'));
    expect(email).toHaveFocus();
    expect(sent).toEqual([]);
  });

  it('shows the server text when it refuses (rate limit)', async () => {
    const user = steppedUser();
    const message = 'Too many attempts. Please wait a few minutes and try again.';
    answer('/api/user/forgot-password', 429, envelope(429, 'TOO_MANY_ATTEMPTS', message));
    await open('/forgot-password', 'Forgot your password?');
    await user.type(screen.getByLabelText('Email'), 'kemi@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(message, { selector: '.form-error-summary' })).toHaveAttribute(
      'role',
      'alert',
    );
    expect(screen.getByRole('button', { name: 'Send reset link' })).toBeEnabled();
  });

  it('shows the network toast when the server cannot be reached', async () => {
    const user = steppedUser();
    server.use(http.post(api('/api/user/forgot-password'), () => HttpResponse.error()));
    await open('/forgot-password', 'Forgot your password?');
    await user.type(screen.getByLabelText('Email'), 'kemi@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    await findToast('Please Check Your Network Connection');
    expect(screen.getByRole('button', { name: 'Send reset link' })).toBeEnabled();
  });
});

describe('/reset-password', () => {
  const TOKEN = 'tok_abcdefghijklmnopqrstuvwxyz0123456789ABCDE';

  async function fill(password: string, confirmation = password) {
    const user = steppedUser();
    await user.type(screen.getByLabelText('New password'), password);
    await user.type(screen.getByLabelText('Confirm new password'), confirmation);
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    return user;
  }

  it('sets the new password with the token from the link, ends the session here and goes to /login', async () => {
    state.account = account();
    localStorage.setItem('user', JSON.stringify(state.account));
    answer('/api/user/reset-password', 200, {
      statusCode: 200,
      resultMessage: { en: IDENTITY_MESSAGES.passwordChanged },
    });
    const { router } = await open(`/reset-password#token=${TOKEN}`, 'Choose a new password');
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription('At least 6 characters.');
    await fill('brand-new-pass');
    expect((await findToast(IDENTITY_MESSAGES.passwordChanged)).kind).toBe('success');
    expect(sent).toEqual([{ token: TOKEN, password: 'brand-new-pass' }]);
    expect(localStorage.getItem('user')).toBeNull();
    await waitFor(() => expect(router.location.pathname).toBe('/login'), { timeout: 5000 });
  });

  it('holds the password to the sign-up rules before sending', async () => {
    await open(`/reset-password#token=${TOKEN}`, 'Choose a new password');
    await fill('12345', '12346');
    await waitFor(() =>
      expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(
        'Password must be at least 6 characters long',
      ),
    );
    expect(screen.getByLabelText('Confirm new password')).toHaveAccessibleDescription(
      'Passwords do not match',
    );
    expect(sent).toEqual([]);
  });

  it('says when the link is used or expired, and offers a new one', async () => {
    answer(
      '/api/user/reset-password',
      400,
      envelope(400, 'INVALID_LINK', IDENTITY_MESSAGES.invalidResetLink),
    );
    await open(`/reset-password#token=${TOKEN}`, 'Choose a new password');
    await fill('brand-new-pass');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(IDENTITY_MESSAGES.invalidResetLink);
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.queryByLabelText('New password')).toBeNull();
  });

  it("puts the server's password message on the field", async () => {
    answer(
      '/api/user/reset-password',
      400,
      envelope(400, 'BAD_REQUEST', 'Password is too long (at most 256 characters)'),
    );
    await open(`/reset-password#token=${TOKEN}`, 'Choose a new password');
    await fill('long-enough-here');
    await waitFor(() =>
      expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(
        'Password is too long (at most 256 characters)',
      ),
    );
  });

  it('without a token says the link is incomplete and offers a new one', async () => {
    await open('/reset-password', 'Choose a new password');
    expect(screen.getByRole('alert')).toHaveTextContent('This link is not complete.');
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toBeInTheDocument();
    expect(screen.queryByLabelText('New password')).toBeNull();
  });
});
