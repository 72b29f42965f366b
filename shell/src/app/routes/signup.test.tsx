import { screen, waitFor, within } from '@testing-library/react';
import { onSteppedClock, steppedUser } from '@marketplace/ui/testing/clock';
import { http, HttpResponse } from 'msw';
import { SIGN_UP_CASES } from '@marketplace/contracts';
import { createFakeLoader } from '../testing/fake-remotes';
import { renderApp } from '../testing/render-app';
import {
  api,
  createApiServer,
  findToast,
  installMatchMedia,
  resetBrowserState,
  type FakeAccountsApi,
} from '../../testing/api';

const HEADING = 'Post your job. Let trusted companies handle the rest.';
const state: FakeAccountsApi = { account: null, calls: [] };
const server = createApiServer(state);
let registered: unknown;

beforeAll(() => {
  installMatchMedia();
  server.listen({ onUnhandledRequest: 'error' });
});
afterAll(() => server.close());
beforeEach(async () => {
  await resetBrowserState();
  registered = undefined;
  jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});
afterEach(() => {
  server.resetHandlers();
  jest.restoreAllMocks();
});

function registrationAnswers(status: number, body: object) {
  server.use(
    http.post(api('/api/user'), async ({ request }) => {
      registered = await request.json();
      return HttpResponse.json(body, { status });
    }),
  );
}

async function openSignup() {
  const utils = await renderApp('/signup', { loader: createFakeLoader() });
  await screen.findByRole('heading', { level: 1, name: HEADING }, { timeout: 5000 });
  return {
    ...utils,
    name: screen.getByLabelText('Name'),
    email: screen.getByLabelText('Email'),
    password: screen.getByLabelText('Password'),
    confirm: screen.getByLabelText('Confirm Password'),
    button: screen.getByRole('button', { name: 'SignUp' }),
  };
}

async function fillValid(user: ReturnType<typeof steppedUser>, f: Awaited<ReturnType<typeof openSignup>>) {
  await user.type(f.name, 'Ada Obi');
  await user.type(f.email, 'ada@example.ng');
  await user.type(f.password, 'secret1');
  await user.type(f.confirm, 'secret1');
}

describe('Poster sign-up page', () => {
  onSteppedClock();

  it('has the heading, the four fields, SignUp and a Sign In link', async () => {
    const f = await openSignup();
    for (const field of [f.name, f.email, f.password, f.confirm]) expect(field).toHaveValue('');
    expect(f.password).toHaveAttribute('type', 'password');
    expect(f.confirm).toHaveAttribute('type', 'password');
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Sign In' })).toHaveAttribute(
      'href',
      '/login',
    );
  });

  it('name: letters and spaces only, and required', async () => {
    const user = steppedUser();
    const f = await openSignup();
    await user.type(f.name, 'Ada 2');
    await user.tab();
    expect(await screen.findByText('Name should only contain alphabets and spaces.')).toBeInTheDocument();
    await user.clear(f.name);
    expect(await screen.findByText('Please Enter your full Name')).toBeInTheDocument();
    await user.type(f.name, 'Ada Obi');
    await waitFor(() => expect(screen.queryByText('Please Enter your full Name')).toBeNull());
  });

  it('email: "Invalid email address" unless it has a top-level domain of 2+ letters', async () => {
    const user = steppedUser();
    const f = await openSignup();
    await user.type(f.email, 'ada@example.n');
    await user.tab();
    expect(await screen.findByText('Invalid email address')).toBeInTheDocument();
    await user.type(f.email, 'g');
    await waitFor(() => expect(screen.queryByText('Invalid email address')).toBeNull());
  });

  it('password: at least 6 characters, and must match the confirmation', async () => {
    const user = steppedUser();
    const f = await openSignup();
    // Validation runs through the form's resolver, a promise: each message comes and goes a moment later.
    await user.type(f.password, 'abc');
    expect(await screen.findByText('Password must be at least 6 characters long')).toBeInTheDocument();
    await user.type(f.password, 'def');
    await waitFor(() => expect(screen.queryByText('Password must be at least 6 characters long')).toBeNull());
    await user.type(f.confirm, 'abcdex');
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    await user.clear(f.confirm);
    await user.type(f.confirm, 'abcdef');
    await waitFor(() => expect(screen.queryByText('Passwords do not match')).toBeNull());
  });

  it('SignUp stays enabled; a submit shows every field error at once and focuses the first', async () => {
    const user = steppedUser();
    const f = await openSignup();
    expect(f.button).toBeEnabled();
    await user.type(f.email, 'ada@example');
    await user.click(f.button);
    await waitFor(() => expect(f.name).toHaveAccessibleDescription('Please Enter your full Name'));
    expect(f.email).toHaveAccessibleDescription('Invalid email address');
    expect(f.password).toHaveAttribute('aria-invalid', 'true');
    expect(f.name).toHaveFocus();
    expect(registered).toBeUndefined();
  });

  it.each(SIGN_UP_CASES.map((c) => [c.field, c.input, c.message] as const))(
    'field rule (contracts table): %s %j -> "%s" on the field, as the API says',
    async (fieldName, input, message) => {
      const user = steppedUser();
      const f = await openSignup();
      await fillValid(user, f);
      const input$ = { name: f.name, email: f.email, password: f.password }[fieldName]!;
      await user.clear(input$);
      await user.type(input$, input);
      if (fieldName === 'password') {
        await user.clear(f.confirm);
        await user.type(f.confirm, input);
      }
      await user.click(f.button);
      await waitFor(() => expect(input$).toHaveAccessibleDescription(message));
      expect(input$).toHaveAttribute('aria-invalid', 'true');
      expect(registered).toBeUndefined();
    },
  );

  it('server 400 with details: each named field is marked, all at once, focus on the first', async () => {
    const user = steppedUser();
    registrationAnswers(400, {
      statusCode: 400,
      message: 'Invalid registration',
      details: [
        { path: '/name', message: 'Name should only contain alphabets and spaces.' },
        { path: '/email', message: 'Invalid email address' },
      ],
    });
    const f = await openSignup();
    await fillValid(user, f);
    await user.click(f.button);
    await waitFor(() =>
      expect(f.name).toHaveAccessibleDescription('Name should only contain alphabets and spaces.'),
    );
    expect(f.email).toHaveAccessibleDescription('Invalid email address');
    expect(f.name).toHaveFocus();
  });

  it("server 400 whose message is a field rule's message marks that field", async () => {
    const user = steppedUser();
    registrationAnswers(400, {
      statusCode: 400,
      resultMessage: { en: 'Password must be at least 6 characters long' },
    });
    const f = await openSignup();
    await fillValid(user, f);
    await user.click(f.button);
    await waitFor(() =>
      expect(f.password).toHaveAccessibleDescription('Password must be at least 6 characters long'),
    );
    expect(f.password).toHaveFocus();
  });

  it('sends the spec payload, shows the server message for 2.5 s and goes to /login after 1.5 s', async () => {
    const user = steppedUser();
    registrationAnswers(200, { statusCode: 200, resultMessage: { en: 'User Registered Successfully' } });
    const f = await openSignup();
    await fillValid(user, f);
    await user.click(f.button);
    const toast = await findToast('User Registered Successfully');
    expect(toast).toMatchObject({ kind: 'success', duration: 2500 });
    expect(registered).toEqual({
      email: 'ada@example.ng',
      name: 'Ada Obi',
      password: 'secret1',
      language: 'en',
      platform: 'Android',
      timezone: 0,
      deviceId: 'Ada123',
      cacnumber: 'RC0000000',
    });
    // The message is read first: the move to /login comes later (1.5 s), not with the answer.
    expect(f.router.location.pathname).toBe('/signup');
    await waitFor(() => expect(f.router.location.pathname).toBe('/login'), { timeout: 3000 });
  });

  it.each([
    [401, { resultMessage: { en: 'Unauthorized' } }, 'Invalid User Name / Password!'],
    [500, { resultMessage: { en: 'Database unavailable' } }, 'Database unavailable'],
    [409, {}, 'User with email already exist'],
    [400, {}, 'User with email already exist'],
    [409, { resultMessage: { en: 'Email already registered' } }, 'Email already registered'],
  ])('error %i %j shows "%s"', async (status, body, message) => {
    const user = steppedUser();
    registrationAnswers(status, body);
    const f = await openSignup();
    await fillValid(user, f);
    await user.click(f.button);
    expect(await screen.findByText(message, { selector: '.form-error-summary' })).toHaveAttribute(
      'role',
      'alert',
    );
    expect(f.router.location.pathname).toBe('/signup');
    expect(f.button).toBeEnabled();
  });
});
