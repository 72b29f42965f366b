import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { MemoryRouter } from 'react-router-dom';
import { BRAND, dismissToasts, resetApiForTests, Toasts } from '@marketplace/ui';
import { CONTACT_CASES } from '@marketplace/contracts';
import { ContactUsPage } from './ContactUsPage';

const SEND_MAIL = 'http://localhost/api/user/send-mail';
let received: Array<{ body: unknown; csrf: string | null }> = [];
const server = setupServer();

beforeAll(() => {
  // react-hot-toast reads prefers-reduced-motion; jsdom has no matchMedia.
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: () => ({ matches: false, addEventListener() {}, removeEventListener() {} }),
  });
  server.listen({ onUnhandledRequest: 'error' });
});
afterAll(() => server.close());
beforeEach(async () => {
  received = [];
  resetApiForTests();
  document.cookie = 'mp_csrf=csrf-c; path=/';
  await act(async () => dismissToasts());
});
afterEach(() => server.resetHandlers());

function mailAnswers(status: number, body: object | null, wait = 0) {
  server.use(
    http.post(SEND_MAIL, async ({ request }) => {
      received.push({ body: await request.json(), csrf: request.headers.get('x-csrf-token') });
      if (wait) await delay(wait);
      return body === null ? new HttpResponse(null, { status }) : HttpResponse.json(body, { status });
    }),
  );
}

function renderContact() {
  render(
    <MemoryRouter>
      <Toasts />
      <ContactUsPage />
    </MemoryRouter>,
  );
  return {
    name: screen.getByLabelText(/^Name/),
    email: screen.getByLabelText(/^Email/),
    phone: screen.getByLabelText('Phone Number'),
    address: screen.getByLabelText('House Address'),
    subject: screen.getByLabelText('Subject') as HTMLSelectElement,
    message: screen.getByLabelText(/^Message/),
    send: screen.getByRole('button', { name: 'Send message' }),
  };
}

async function findToast(text: string) {
  const element = await waitFor(
    () => {
      const found = screen
        .getAllByText(text)
        .map((node) => node.closest<HTMLElement>('[data-testid="toast"]'))
        .find(Boolean);
      if (!found) throw new Error(`no toast "${text}"`);
      return found;
    },
    { timeout: 3000 },
  );
  return { kind: element.dataset.kind, duration: Number(element.dataset.duration) };
}

describe('Contact page', () => {
  it('has the form, the subject choices (default "Problem Logging in") and the support e-mail link', () => {
    const f = renderContact();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Contact us');
    expect(
      within(f.subject)
        .getAllByRole('option')
        .map((o) => [(o as HTMLOptionElement).value, o.textContent]),
    ).toEqual([
      ['subject', 'Problem Logging in'],
      ['personal-data', 'On personal data'],
      ['others', 'Other'],
    ]);
    expect(f.subject.value).toBe('subject');
    expect(screen.getByRole('link', { name: BRAND.supportEmail })).toHaveAttribute(
      'href',
      `mailto:${BRAND.supportEmail}`,
    );
  });

  it.each<[string, { name?: string; email?: string; message?: string }]>([
    ['name', { email: 'a@b.ng', message: 'Hi' }],
    ['email', { name: 'Ada', message: 'Hi' }],
    ['message', { name: 'Ada', email: 'a@b.ng', message: '    ' }],
  ])(
    'without %s: "Please fill name, email and message" on that field, focused, nothing sent',
    async (missing, values) => {
      const user = userEvent.setup();
      mailAnswers(200, { resultMessage: { en: 'sent' } });
      const f = renderContact();
      if (values.name) await user.type(f.name, values.name);
      if (values.email) await user.type(f.email, values.email);
      if (values.message) await user.type(f.message, values.message);
      await user.type(f.phone, '0803');
      await user.click(f.send);
      const field = { name: f.name, email: f.email, message: f.message }[missing]!;
      await waitFor(() => expect(field).toHaveAccessibleDescription('Please fill name, email and message'));
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(field).toHaveFocus();
      expect(received).toHaveLength(0);
    },
  );

  it('sends trimmed values with the CSRF header, shows "Sending..." meanwhile, then clears every field', async () => {
    const user = userEvent.setup();
    mailAnswers(200, { resultMessage: { en: 'Mail sent' } }, 120);
    const f = renderContact();
    await user.type(f.name, '  Ada Obi ');
    await user.type(f.email, ' ada@example.ng ');
    await user.type(f.phone, ' 08031234567 ');
    await user.type(f.address, ' 12 Marina Road, Lagos ');
    await user.selectOptions(f.subject, 'personal-data');
    await user.type(f.message, '  Please delete my data.  ');
    await user.click(f.send);

    const sending = await screen.findByRole('button', { name: 'Sending...' });
    expect(sending).toBeDisabled();

    expect(await findToast("Message sent. We'll get back to you shortly.")).toEqual({
      kind: 'success',
      duration: 2500,
    });
    expect(received).toEqual([
      {
        body: {
          email: 'ada@example.ng',
          name: 'Ada Obi',
          phoneNumber: '08031234567',
          hourseaddress: '12 Marina Road, Lagos',
          msg: 'Please delete my data.',
          subject: 'personal-data',
        },
        csrf: 'csrf-c',
      },
    ]);
    for (const field of [f.name, f.email, f.phone, f.address, f.message]) expect(field).toHaveValue('');
    expect(f.subject.value).toBe('subject');
    expect(screen.getByRole('button', { name: 'Send message' })).toBeEnabled();
  });

  it.each([
    [500, { message: 'Mail server down' }, 'Mail server down'],
    [429, { resultMessage: { en: 'Too many messages' } }, 'Too many messages'],
    [502, null, 'Failed to send message (502)'],
  ])('non-OK %i -> "%s" in the form summary, fields kept', async (status, body, text) => {
    const user = userEvent.setup();
    mailAnswers(status, body);
    const f = renderContact();
    await user.type(f.name, 'Ada');
    await user.type(f.email, 'ada@example.ng');
    await user.type(f.message, 'Hello');
    await user.click(f.send);
    expect(await screen.findByText(text, { selector: '.form-error-summary' })).toHaveAttribute(
      'role',
      'alert',
    );
    expect(f.name).toHaveValue('Ada');
  });

  it('network failure -> "Network error — please try again later" in the summary (and no generic network toast)', async () => {
    const user = userEvent.setup();
    server.use(http.post(SEND_MAIL, () => HttpResponse.error()));
    const f = renderContact();
    await user.type(f.name, 'Ada');
    await user.type(f.email, 'ada@example.ng');
    await user.type(f.message, 'Hello');
    await user.click(f.send);
    expect(
      await screen.findByText('Network error — please try again later', { selector: '.form-error-summary' }),
    ).toHaveAttribute('role', 'alert');
    expect(screen.queryByText('Please Check Your Network Connection')).toBeNull();
    expect(screen.getByRole('button', { name: 'Send message' })).toBeEnabled();
  });

  it.each(CONTACT_CASES.map((c) => [c.field, c.input, c.message] as const))(
    'field rule (contracts table): %s %j -> "%s" on the field, as the API says',
    async (fieldName, input, message) => {
      const user = userEvent.setup();
      mailAnswers(200, { resultMessage: { en: 'sent' } });
      const f = renderContact();
      const valid: Record<string, string> = { name: 'Ada', email: 'ada@example.ng', msg: 'Hello' };
      const inputs: Record<string, HTMLElement> = { name: f.name, email: f.email, msg: f.message };
      for (const [name, value] of Object.entries(valid))
        await user.type(inputs[name]!, name === fieldName ? input : value);
      await user.click(f.send);
      await waitFor(() => expect(inputs[fieldName]).toHaveAccessibleDescription(message));
      expect(received).toHaveLength(0);
    },
  );

  it('a 400 naming fields (details) marks them on the form, focus on the first', async () => {
    const user = userEvent.setup();
    mailAnswers(400, {
      statusCode: 400,
      message: 'Invalid contact message',
      details: [{ path: '/email', message: 'Invalid email address' }],
    });
    const f = renderContact();
    await user.type(f.name, 'Ada');
    await user.type(f.email, 'ada@example.ng');
    await user.type(f.message, 'Hello');
    await user.click(f.send);
    await waitFor(() => expect(f.email).toHaveAccessibleDescription('Invalid email address'));
    expect(f.email).toHaveFocus();
  });
});
