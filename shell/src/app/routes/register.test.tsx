import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { NIGERIAN_STATES } from '@marketplace/contracts';
import { COMPANY_REGISTRATION_CASES } from '@marketplace/contracts';
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
import { steppedUser, onSteppedClock } from '@marketplace/ui/testing/clock';

// The page's own waits (skeletons, pauses, polls) stepped over, not sat through.
onSteppedClock();

const state: FakeAccountsApi = { account: null, calls: [] };
const server = createApiServer(state);
let registered: Record<string, unknown> | undefined;

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
  jest.useRealTimers();
});

function registrationAnswers(status: number, body: object) {
  server.use(
    http.post(api('/api/user'), async ({ request }) => {
      registered = (await request.json()) as Record<string, unknown>;
      return HttpResponse.json(body, { status });
    }),
  );
}

async function openRegister() {
  const utils = await renderApp('/register', { loader: createFakeLoader() });
  await screen.findByRole('heading', { level: 1, name: 'Register Company' }, { timeout: 5000 });
  return utils;
}

const checkbox = () => screen.getByRole('checkbox', { name: 'Choose Category and Sub-Category' });
const dialog = () => screen.getByRole('dialog');

const LABELS: Record<string, string> = {
  name: 'Company Name',
  email: 'Email',
  phoneNumber: 'Contact Number',
  cacnumber: 'CAC Number',
  address: 'Address',
  state: 'State',
  pincode: 'Postal code',
  password: 'Password',
};
const VALID: Record<string, string> = {
  name: 'Ada Builders',
  email: 'info@adabuilders.ng',
  phoneNumber: '08031234567',
  cacnumber: 'RC123456',
  address: '4 Broad Street',
  state: 'Lagos',
  pincode: '100001',
  password: 'secret1',
};

/** Fills every field with a valid value, `changed` with its own (a state is chosen, the rest typed). */
async function fillCompany(user: ReturnType<typeof userEvent.setup>, changed: Record<string, string> = {}) {
  for (const [name, valid] of Object.entries(VALID)) {
    const value = name in changed ? (changed[name] as string) : valid;
    const field = screen.getByLabelText(LABELS[name]!);
    if (name === 'state') await user.selectOptions(field, value);
    else if (value !== '') await user.type(field, value);
  }
}

/** Ticks 'Choose Category and Sub-Category' and saves Craftsman without sub-categories. */
async function chooseCraftsman(user: ReturnType<typeof userEvent.setup>) {
  await user.click(checkbox());
  await user.click(within(dialog()).getByRole('checkbox', { name: 'Craftsman' }));
  await user.click(within(dialog()).getByRole('button', { name: 'Choose Category' }));
  act(() => jest.advanceTimersByTime(1500));
  await within(dialog()).findByRole('checkbox', { name: 'Plumber' }, { timeout: 3000 });
  await user.click(within(dialog()).getByRole('button', { name: 'Save Changes' }));
}

describe('Company registration page', () => {
  it('has the heading, the login link, every field, 37 states and the Post button', async () => {
    await openRegister();
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Already registered? Login here' })).toHaveAttribute(
      'href',
      '/login',
    );
    for (const label of [
      'Company Name',
      'Email',
      'Contact Number',
      'CAC Number',
      'Address',
      'State',
      'Postal code',
      'Password',
    ])
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    const options = within(screen.getByLabelText('State')).getAllByRole('option');
    expect(options.slice(1).map((o) => o.textContent)).toEqual([...NIGERIAN_STATES]);
    expect(options).toHaveLength(38); // placeholder + 37
    expect(options.map((o) => o.textContent)).toContain('Federal Capital Territory (FCT)');
    expect(checkbox()).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Post' })).toBeEnabled();
  });

  it('checks the company name and email with the registration rules', async () => {
    const user = steppedUser();
    await openRegister();
    await user.type(screen.getByLabelText('Company Name'), 'Ada & Sons');
    await user.type(screen.getByLabelText('Email'), 'ada@site');
    await user.tab();
    expect(await screen.findByText('Name should only contain alphabets and spaces.')).toBeInTheDocument();
    expect(screen.getByText('Invalid email address')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(registered).toBeUndefined();
  });

  it('modal step 1: "Choose Category" is disabled until a category is ticked', async () => {
    const user = steppedUser();
    await openRegister();
    await user.click(checkbox());
    const modal = dialog();
    expect(within(modal).getByRole('heading', { name: 'Choose Category' })).toBeInTheDocument();
    const next = within(modal).getByRole('button', { name: 'Choose Category' });
    expect(next).toBeDisabled();
    const boxes = within(modal).getAllByRole('checkbox');
    expect(boxes.map((b) => (b.closest('label') as HTMLElement).textContent)).toEqual([
      'Build New',
      'Craftsman',
      'House and Garden',
      'Interior Renovation',
      'Services',
    ]);
    await user.click(within(modal).getByRole('checkbox', { name: 'Craftsman' }));
    expect(next).toBeEnabled();
    await user.click(within(modal).getByRole('checkbox', { name: 'Craftsman' }));
    expect(next).toBeDisabled();
  });

  it('modal step 2: "Loading" for about 1.5 s, then only the chosen categories\' sub-categories', async () => {
    const user = steppedUser();
    await openRegister();
    await user.click(checkbox());
    await user.click(within(dialog()).getByRole('checkbox', { name: 'Craftsman' }));
    await user.click(within(dialog()).getByRole('checkbox', { name: 'Services' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Choose Category' }));

    expect(within(dialog()).getByRole('heading', { name: 'Choose Sub-Category' })).toBeInTheDocument();
    // The pressed button is gone with step 1: focus stays in the dialog, on the new step.
    expect(within(dialog()).getByText('Step 2 of 2')).toHaveFocus();
    expect(within(dialog()).getByRole('status')).toHaveTextContent('Loading');
    act(() => jest.advanceTimersByTime(1400));
    expect(within(dialog()).getByRole('status')).toHaveTextContent('Loading');
    act(() => jest.advanceTimersByTime(150));
    expect(within(dialog()).queryByRole('status')).toBeNull();

    const names = within(dialog())
      .getAllByRole('checkbox')
      .map((b) => (b.closest('label') as HTMLElement).textContent);
    expect(names).toContain('Plumber'); // Craftsman
    expect(names).toContain('Cleaning'); // Services
    expect(names).not.toContain('Architect'); // Build New
    expect(names).toHaveLength(9 + 18);
    expect(within(dialog()).getByRole('button', { name: 'Previous' })).toBeEnabled();
    expect(within(dialog()).getByRole('button', { name: 'Save Changes' })).toBeEnabled();

    await user.click(within(dialog()).getByRole('button', { name: 'Previous' }));
    expect(within(dialog()).getByRole('heading', { name: 'Choose Category' })).toBeInTheDocument();
    expect(within(dialog()).getByText('Step 1 of 2')).toHaveFocus();
    await user.tab();
    expect(within(dialog()).getByRole('checkbox', { name: 'Build New' })).toHaveFocus();
    expect(within(dialog()).getByRole('checkbox', { name: 'Craftsman' })).toBeChecked();
  });

  it('modal step 2 never shows its choices before "Loading", not even for one render', async () => {
    const user = steppedUser();
    await openRegister();
    await user.click(checkbox());
    await user.click(within(dialog()).getByRole('checkbox', { name: 'Craftsman' }));
    // Every node the dialog gains on the way to step 2, including ones a later render removed again.
    const added: Node[] = [];
    const watcher = new MutationObserver((records) => records.forEach((r) => added.push(...r.addedNodes)));
    watcher.observe(dialog(), { childList: true, subtree: true });
    await user.click(within(dialog()).getByRole('button', { name: 'Choose Category' }));
    expect(within(dialog()).getByRole('status')).toHaveTextContent('Loading');
    watcher.disconnect();
    const flashed = added.filter(
      (node) => node instanceof HTMLElement && node.textContent?.includes('Plumber'),
    );
    expect(flashed).toEqual([]);
  });

  it('Save Changes keeps the choice; after Change, Escape or X keep it and focus returns to Change; closing the first choice clears it', async () => {
    const user = steppedUser();
    await openRegister();
    await user.click(checkbox());
    await user.click(within(dialog()).getByRole('checkbox', { name: 'Craftsman' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Choose Category' }));
    await user.click(await within(dialog()).findByRole('checkbox', { name: 'Plumber' }, { timeout: 3000 }));
    await user.click(within(dialog()).getByRole('button', { name: 'Save Changes' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(checkbox()).toBeChecked();
    expect(screen.getByText('Craftsman')).toBeInTheDocument();
    expect(screen.getByText('Plumber')).toBeInTheDocument();

    // Reopen with 'Change' and close with the X, then with Escape: the saved choice stays.
    await user.click(screen.getByRole('button', { name: 'Change' }));
    expect(within(dialog()).getByRole('checkbox', { name: 'Craftsman' })).toBeChecked();
    await user.click(within(dialog()).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(checkbox()).toBeChecked();
    expect(screen.getByText('Plumber')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Change' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(checkbox()).toBeChecked();
    expect(screen.getByRole('button', { name: 'Change' })).toHaveFocus();

    // Unticking clears the choice; closing during a first choice leaves nothing chosen.
    await user.click(checkbox());
    expect(checkbox()).not.toBeChecked();
    await user.click(checkbox());
    expect(within(dialog()).getByRole('checkbox', { name: 'Craftsman' })).not.toBeChecked();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(checkbox()).not.toBeChecked();
  });

  it('posts the company payload, shows the server message and goes to /login after 1.5 s', async () => {
    const user = steppedUser();
    registrationAnswers(200, { statusCode: 200, resultMessage: { en: 'Company Registered Successfully' } });
    const { router } = await openRegister();
    await user.type(screen.getByLabelText('Company Name'), 'Ada Builders');
    await user.type(screen.getByLabelText('Email'), ' info@adabuilders.ng ');
    await user.type(screen.getByLabelText('Contact Number'), '08031234567');
    await user.type(screen.getByLabelText('CAC Number'), 'RC123456');
    await user.type(screen.getByLabelText('Address'), '4 Broad Street');
    await user.selectOptions(screen.getByLabelText('State'), 'Lagos');
    await user.type(screen.getByLabelText('Postal code'), '100001');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(checkbox());
    await user.click(within(dialog()).getByRole('checkbox', { name: 'Craftsman' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Choose Category' }));
    await user.click(await within(dialog()).findByRole('checkbox', { name: 'Plumber' }, { timeout: 3000 }));
    await user.click(within(dialog()).getByRole('checkbox', { name: 'Tiler' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Save Changes' }));
    await user.click(screen.getByRole('button', { name: 'Post' }));

    expect((await findToast('Company Registered Successfully')).kind).toBe('success');
    expect(registered).toEqual({
      email: 'info@adabuilders.ng',
      name: 'Ada Builders',
      password: 'secret1',
      language: 'en',
      platform: 'Android',
      timezone: 0,
      type: 'company',
      deviceId: 'Ada123',
      cacnumber: 'RC123456',
      phoneNumber: '08031234567',
      address: '4 Broad Street',
      pincode: '100001',
      state: 'Lagos',
      category: ['Craftsman'],
      subcategory: ['Plumber', 'Tiler'],
    });
    await waitFor(() => expect(router.location.pathname).toBe('/login'), { timeout: 3000 });
  });

  it('shows resultMessage.en of an error response', async () => {
    const user = steppedUser();
    registrationAnswers(409, {
      resultMessage: { en: 'User with email already exist' },
      errorMessage: 'CONFLICT',
    });
    const { router } = await openRegister();
    await fillCompany(user);
    await chooseCraftsman(user);
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(
      await screen.findByText('User with email already exist', { selector: '.form-error-summary' }),
    ).toHaveAttribute('role', 'alert');
    expect(router.location.pathname).toBe('/register');
    expect(registered).toMatchObject({ category: ['Craftsman'], subcategory: [] });
  });

  it.each(COMPANY_REGISTRATION_CASES.map((c) => [c.field, c.input, c.message] as const))(
    'field rule (contracts table): %s %j -> "%s" on the field, as the API says',
    async (fieldName, input, message) => {
      const user = steppedUser();
      await openRegister();
      await fillCompany(user, { [fieldName]: input });
      await chooseCraftsman(user);
      await user.click(screen.getByRole('button', { name: 'Post' }));
      const field = screen.getByLabelText(LABELS[fieldName]!);
      await waitFor(() => expect(field).toHaveAccessibleDescription(message));
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(field).toHaveFocus();
      expect(registered).toBeUndefined();
    },
  );

  it('a 400 naming several fields marks them all at once, focus on the first', async () => {
    const user = steppedUser();
    registrationAnswers(400, {
      statusCode: 400,
      message: 'Invalid registration',
      details: [
        { path: '/phoneNumber', message: 'Please enter a valid phone number' },
        { path: '/pincode', message: 'Postal code should be 6 digits' },
      ],
    });
    await openRegister();
    await fillCompany(user);
    await chooseCraftsman(user);
    await user.click(screen.getByRole('button', { name: 'Post' }));
    const phone = screen.getByLabelText('Contact Number');
    await waitFor(() => expect(phone).toHaveAccessibleDescription('Please enter a valid phone number'));
    expect(screen.getByLabelText('Postal code')).toHaveAccessibleDescription(
      'Postal code should be 6 digits',
    );
    expect(phone).toHaveFocus();
  });

  it("an empty Post names every field the spec's form asks of a company at once, focus on the first", async () => {
    const user = steppedUser();
    await openRegister();
    await user.click(screen.getByRole('button', { name: 'Post' }));
    const expected: Record<string, string> = {
      'Company Name': 'Please Enter your full Name',
      Email: 'Invalid email address',
      'Contact Number': 'Please enter a valid phone number',
      'CAC Number': 'Please enter your CAC number',
      Address: 'Please enter your address',
      State: 'Please choose a state',
      'Postal code': 'Postal code should be 6 digits',
      Password: 'Password must be at least 6 characters long',
    };
    const name = screen.getByLabelText('Company Name');
    await waitFor(() => expect(name).toHaveAccessibleDescription(expected['Company Name']!));
    for (const [label, message] of Object.entries(expected)) {
      expect(screen.getByLabelText(label)).toHaveAccessibleDescription(message);
      expect(screen.getByLabelText(label)).toHaveAttribute('aria-invalid', 'true');
    }
    expect(checkbox()).toHaveAccessibleDescription('Please choose at least one category');
    expect(checkbox()).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveFocus();
    expect(registered).toBeUndefined();
  });

  it('without a category nothing is sent, focus goes to the category box; choosing one clears it', async () => {
    const user = steppedUser();
    await openRegister();
    await fillCompany(user);
    await user.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() =>
      expect(checkbox()).toHaveAccessibleDescription('Please choose at least one category'),
    );
    expect(checkbox()).toHaveFocus();
    expect(registered).toBeUndefined();
    await chooseCraftsman(user);
    await waitFor(() => expect(checkbox()).not.toHaveAttribute('aria-invalid'));
  });

  it('after a registration focus is on the confirmation, not the page body', async () => {
    const user = steppedUser();
    registrationAnswers(200, { statusCode: 200, resultMessage: { en: 'Registered successfully' } });
    await openRegister();
    await fillCompany(user);
    await chooseCraftsman(user);
    await user.click(screen.getByRole('button', { name: 'Post' }));
    const done = await screen.findByText('Registered successfully. Taking you to the sign-in page…');
    await waitFor(() => expect(done).toHaveFocus());
  });
});
