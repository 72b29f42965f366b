import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { IDENTITY_MESSAGES } from '@marketplace/contracts';
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

const state: FakeAccountsApi = { account: null, calls: [] };
const server = createApiServer(state);
const TOKEN = 'tok_abcdefghijklmnopqrstuvwxyz0123456789ABCDE';
let verifyBodies: unknown[] = [];
let resends = 0;
let resendCsrf: string | null = null;

beforeAll(() => {
  installMatchMedia();
  server.listen({ onUnhandledRequest: 'error' });
});
afterAll(() => server.close());
beforeEach(async () => {
  await resetBrowserState();
  state.account = null;
  state.calls = [];
  verifyBodies = [];
  resends = 0;
  resendCsrf = null;
  jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});
afterEach(() => {
  server.resetHandlers();
  jest.restoreAllMocks();
});

const invalidLink = {
  statusCode: 400,
  error: 'Bad Request',
  code: 'INVALID_LINK',
  message: IDENTITY_MESSAGES.invalidVerificationLink,
  errorMessage: IDENTITY_MESSAGES.invalidVerificationLink,
  resultMessage: { en: IDENTITY_MESSAGES.invalidVerificationLink },
};

/** The server: verify-email marks the signed-in account verified; resend answers `resendAnswer`. */
function serve(verify: { status: number; body: object }, resendAnswer?: { status: number; body: object }) {
  server.use(
    http.post(api('/api/user/verify-email'), async ({ request }) => {
      verifyBodies.push(await request.json());
      if (verify.status === 200 && state.account) state.account = { ...state.account, emailVerified: true };
      return HttpResponse.json(verify.body, { status: verify.status });
    }),
    http.post(api('/api/user/resend-verification'), ({ request }) => {
      resends += 1;
      resendCsrf = request.headers.get('x-csrf-token');
      const answer = resendAnswer ?? {
        status: 200,
        body: { statusCode: 200, resultMessage: { en: IDENTITY_MESSAGES.verificationSent } },
      };
      return HttpResponse.json(answer.body, { status: answer.status });
    }),
  );
}

const verified = {
  status: 200,
  body: { statusCode: 200, resultMessage: { en: 'Your e-mail address is verified.' } },
};

async function open(path: string) {
  const utils = await renderApp(path, { loader: createFakeLoader() });
  await screen.findByRole('heading', { level: 1, name: 'Verify your e-mail address' }, { timeout: 5000 });
  return utils;
}

describe('/verify-email', () => {
  it('sends the token from the link once and says the address is verified', async () => {
    serve(verified);
    await open(`/verify-email#token=${TOKEN}`);
    const text = await screen.findByText('Your e-mail address is verified.');
    const status = text.closest<HTMLElement>('[role="status"]')!;
    expect(verifyBodies).toEqual([{ token: TOKEN }]);
    expect(within(status).getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
  });

  it('updates a signed-in member at once: the notice of the signed-in area is gone', async () => {
    state.account = account({ emailVerified: false });
    serve(verified);
    await open(`/verify-email#token=${TOKEN}`);
    await screen.findByText('Your e-mail address is verified.');
    await waitFor(() => expect(JSON.parse(localStorage.getItem('user')!).emailVerified).toBe(true));
    expect(screen.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/dashboard');
  });

  it('offers a signed-in member a new link when this one does not work any more', async () => {
    const user = userEvent.setup();
    state.account = account({ emailVerified: false });
    setCsrfCookie('csrf-1');
    serve({ status: 400, body: invalidLink });
    await open(`/verify-email#token=${TOKEN}`);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(IDENTITY_MESSAGES.invalidVerificationLink);
    await user.click(await within(alert).findByRole('button', { name: 'Resend verification e-mail' }));
    expect(await within(alert).findByText(IDENTITY_MESSAGES.verificationSent)).toBeInTheDocument();
    expect(resends).toBe(1);
    expect(resendCsrf).toBe('csrf-1');
  });

  it('tells a visitor with a dead link to sign in for a new one', async () => {
    serve({ status: 400, body: invalidLink });
    await open(`/verify-email#token=${TOKEN}`);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(IDENTITY_MESSAGES.invalidVerificationLink);
    expect(within(alert).getByRole('link', { name: 'Sign In' })).toHaveAttribute(
      'href',
      '/login?next=%2Fdashboard',
    );
  });

  it('offers to try again after another failure (rate limit)', async () => {
    const user = userEvent.setup();
    const message = 'Too many attempts. Please wait a few minutes and try again.';
    serve({
      status: 429,
      body: {
        ...invalidLink,
        statusCode: 429,
        code: 'TOO_MANY_ATTEMPTS',
        message,
        resultMessage: { en: message },
      },
    });
    await open(`/verify-email#token=${TOKEN}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    serve(verified);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Your e-mail address is verified.')).toBeInTheDocument();
  });

  it('says a link without a token is incomplete, and sends nothing', async () => {
    serve(verified);
    await open('/verify-email');
    expect(screen.getByRole('alert')).toHaveTextContent('This link is not complete.');
    expect(verifyBodies).toEqual([]);
  });
});

describe('the verification notice in the signed-in area', () => {
  async function openDashboard(overrides: object) {
    state.account = account(overrides);
    await renderApp('/chat', { loader: createFakeLoader() });
    await screen.findByRole('navigation', { name: 'Account' }, { timeout: 5000 });
  }

  it('shows an unverified member where the link went, with a resend button', async () => {
    const user = userEvent.setup();
    setCsrfCookie('csrf-2');
    serve(verified);
    await openDashboard({ emailVerified: false, email: 'ada@example.ng' });
    const notice = screen.getByRole('complementary', { name: 'E-mail verification' });
    expect(notice).toHaveTextContent(
      'Please verify your e-mail address: open the link we sent to ada@example.ng.',
    );
    await user.click(within(notice).getByRole('button', { name: 'Resend verification e-mail' }));
    expect(await within(notice).findByRole('status')).toHaveTextContent(IDENTITY_MESSAGES.verificationSent);
    expect(resends).toBe(1);
  });

  it('shows the server text when resending is refused', async () => {
    const user = userEvent.setup();
    const message = 'Too many attempts. Please wait a few minutes and try again.';
    serve(verified, {
      status: 429,
      body: { ...invalidLink, statusCode: 429, message, resultMessage: { en: message } },
    });
    await openDashboard({ emailVerified: false });
    const notice = screen.getByRole('complementary', { name: 'E-mail verification' });
    await user.click(within(notice).getByRole('button', { name: 'Resend verification e-mail' }));
    expect(await within(notice).findByRole('status')).toHaveTextContent(message);
  });

  it.each([
    ['a verified member', { emailVerified: true }],
    ['an account from a server that does not say', {}],
  ])('is not shown to %s', async (_label, overrides) => {
    await openDashboard(overrides);
    expect(screen.queryByRole('complementary', { name: 'E-mail verification' })).toBeNull();
  });
});
