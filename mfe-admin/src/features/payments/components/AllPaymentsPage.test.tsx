import { act, render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import {
  PAYMENT_MESSAGES,
  REFUND_REASON_MESSAGES,
  type AdminPayment,
  type AdminPaymentsResponse,
  type PaymentStatus,
  type RefundPaymentBody,
  type RefundPaymentResponse,
} from '@marketplace/contracts';
import { dismissToasts, resetApiForTests, Toasts } from '@marketplace/ui';
import { AllPaymentsPage } from './AllPaymentsPage';
import { REFUND_CHOICE_REQUIRED, REFUND_NOTE_REQUIRED } from '../utils/refund-reasons';
import { UI_TIMINGS } from '@marketplace/contracts';
import { expectSkeletonForAtLeast, findTable } from '../../../testing/admin-list';
import { steppedUser, onSteppedClock } from '@marketplace/ui/testing/clock';

// The page's own waits (skeletons, pauses, polls) stepped over, not sat through.
onSteppedClock();

const API = 'http://localhost/api/payments';
const STATUSES: PaymentStatus[] = ['paid', 'pending', 'failed', 'refunded'];

const uuid = (prefix: string, n: number) => `${prefix}0000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const companyId = (n: number) => uuid('c', n);
const jobId = (n: number) => uuid('a', n);

/** Payment i: company i % 3, job i % 4, status by i % 4, sandbox for even i; newest first by day. */
function payment(i: number): AdminPayment {
  const status = STATUSES[i % 4]!;
  const day = String(28 - (i % 28)).padStart(2, '0');
  const createdAt = `2026-11-${day}T09:30:00.000Z`;
  return {
    _id: uuid('e', i),
    reference: `MP-${uuid('f', i)}`,
    jobId: jobId(i % 4),
    amount: i === 5 ? 250050 : 100000,
    currency: 'NGN',
    status,
    createdAt,
    paidAt: status === 'paid' || status === 'refunded' ? createdAt : null,
    jobTitle: `Job number ${i % 4}`,
    refund:
      status === 'refunded'
        ? {
            reason: 'job-deleted',
            message: REFUND_REASON_MESSAGES['job-deleted'],
            refundedAt: '2026-11-29T10:00:00.000Z',
            state: 'processed',
          }
        : null,
    companyId: companyId(i % 3),
    companyName: `Company ${i % 3}`,
    posterId: uuid('b', 1),
    provider: i % 2 === 0 ? 'sandbox' : 'paystack',
    failureReason: status === 'failed' ? 'failed' : null,
    verifiedVia: status === 'paid' ? 'callback' : null,
    receipts:
      status === 'paid'
        ? [{ number: `RCT-${String(i).padStart(6, '0')}`, kind: 'receipt' }]
        : status === 'refunded'
          ? [
              { number: `RCT-${String(i).padStart(6, '0')}`, kind: 'receipt' },
              { number: `CRN-${String(i).padStart(6, '0')}`, kind: 'credit-note' },
            ]
          : [],
    channel: status === 'paid' ? 'card' : null,
    method: i % 2 === 0 ? 'sandbox' : status === 'paid' ? 'card' : null,
    expiresAt: createdAt,
    progress: status,
  };
}

let payments: AdminPayment[] = [];
let requests: URLSearchParams[] = [];
let refunds: Array<{ path: string; body: RefundPaymentBody; csrf: string | null }> = [];

const error = (status: number, message: string) =>
  HttpResponse.json(
    { statusCode: status, error: 'Error', message, errorMessage: message, resultMessage: { en: message } },
    { status },
  );

const server = setupServer(
  http.get(API, ({ request }) => {
    const params = new URL(request.url).searchParams;
    requests.push(params);
    const page = Number(params.get('page'));
    const limit = Number(params.get('limit'));
    const matching = payments.filter(
      (p) =>
        (!params.get('status') || p.status === params.get('status')) &&
        (!params.get('provider') || p.provider === params.get('provider')) &&
        (!params.get('jobId') || p.jobId === params.get('jobId')) &&
        (!params.get('companyId') || p.companyId === params.get('companyId')) &&
        (!params.get('reference') || p.reference === params.get('reference')) &&
        (!params.get('from') || p.createdAt.slice(0, 10) >= params.get('from')!) &&
        (!params.get('to') || p.createdAt.slice(0, 10) <= params.get('to')!),
    );
    const body: AdminPaymentsResponse = {
      statusCode: 200,
      payments: matching.slice((page - 1) * limit, page * limit),
      page,
      limit,
      hasMore: page * limit < matching.length,
    };
    return HttpResponse.json(body);
  }),
  http.post(`${API}/:paymentId/refund`, async ({ request, params }) => {
    const body = (await request.json()) as RefundPaymentBody;
    refunds.push({ path: new URL(request.url).pathname, body, csrf: request.headers.get('x-csrf-token') });
    const target = payments.find((p) => p._id === params.paymentId);
    if (!target) return error(404, PAYMENT_MESSAGES.paymentNotFound);
    if (target.status === 'refunded') return error(409, PAYMENT_MESSAGES.alreadyRefunded);
    if (target.status !== 'paid') return error(409, PAYMENT_MESSAGES.onlyPaidCanBeRefunded);
    target.status = 'refunded';
    target.refund = {
      reason: 'admin',
      message: body.reason,
      refundedAt: '2026-11-30T10:00:00.000Z',
      state: 'pending',
    };
    const response: RefundPaymentResponse = {
      statusCode: 200,
      message: PAYMENT_MESSAGES.refunded,
      payment: target,
    };
    return HttpResponse.json(response);
  }),
);

beforeAll(() => {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: () => ({ matches: false, addEventListener() {}, removeEventListener() {} }),
  });
  server.listen({ onUnhandledRequest: 'error' });
});
afterAll(() => server.close());
beforeEach(async () => {
  payments = Array.from({ length: 25 }, (_, i) => payment(i + 1));
  requests = [];
  refunds = [];
  resetApiForTests();
  document.cookie = 'mp_csrf=csrf-admin; path=/';
  await act(async () => dismissToasts());
});
afterEach(() => server.resetHandlers());

function renderPayments(path = '/allpayments') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      {
        path: '/allpayments',
        element: (
          <QueryClientProvider client={client}>
            <Toasts />
            <AllPaymentsPage />
          </QueryClientProvider>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const table = findTable;
const rows = (t: HTMLElement) => within(t).getAllByRole('row').slice(1);
const cellsOf = (row: HTMLElement) => within(row).getAllByRole('cell');
const address = (router: ReturnType<typeof renderPayments>) =>
  Object.fromEntries(new URLSearchParams(router.state.location.search));
const lastRequest = () => Object.fromEntries(requests.at(-1)!);

async function findToast(text: string) {
  return waitFor(
    () => {
      const found = screen
        .getAllByText(text)
        .map((node) => node.closest<HTMLElement>('[data-testid="toast"]'))
        .find(Boolean);
      if (!found) throw new Error(`no toast "${text}"`);
      return found.dataset.kind;
    },
    { timeout: 3000 },
  );
}

describe('All payments (admin)', () => {
  it('shows the loading skeleton for at least 1 s', async () => {
    await expectSkeletonForAtLeast(
      UI_TIMINGS.adminListSkeletonMs,
      'Loading payments',
      () => renderPayments(),
      () => requests.length,
    );
  });

  it('lists date, company, job, amount in naira, status, provider and reference; Refund on paid rows only', async () => {
    renderPayments();
    const t = await table();
    expect(
      within(t)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Date', 'Company', 'Job', 'Amount', 'Status', 'Provider', 'Reference', 'Actions']);
    expect(rows(t)).toHaveLength(20);
    expect(lastRequest()).toEqual({ page: '1', limit: '20' });

    const [first, second, third, fourth, fifth] = rows(t).map(cellsOf);
    // 1: pending, Paystack. Lagos is UTC+1: 09:30Z is 10:30.
    expect(first!.map((cell) => cell.textContent)).toEqual([
      '27 Nov 202610:30',
      'Company 1',
      'Job number 1',
      '₦1,000',
      'PendingWaiting for the provider',
      'Paystack',
      `MP-${uuid('f', 1)}`,
      '',
    ]);
    // 2: failed on the sandbox, in plain words.
    expect(second![4]).toHaveTextContent('FailedDeclined at checkout');
    expect(second![5]).toHaveTextContent(/^Sandbox test$/);
    // 3: refunded, with where the money stands and why.
    expect(third![4]).toHaveTextContent('Refunded');
    expect(third![4]).toHaveTextContent('Money returned');
    expect(third![4]).toHaveTextContent('Job deleted by its poster, 29 Nov 2026');
    // The company's long message is for the company; an admin's own words are quoted (below).
    expect(third![4]).not.toHaveTextContent(REFUND_REASON_MESSAGES['job-deleted']);
    // 4: paid: the only kind with a Refund button.
    expect(fourth![4]).toHaveTextContent(/^Paid$/);
    expect(
      within(fourth![7]!).getByRole('button', { name: 'Refund Company 1 for Job number 0' }),
    ).toBeVisible();
    for (const cells of [first, second, third]) expect(within(cells![7]!).queryByRole('button')).toBeNull();
    // Kobo are shown when there are any.
    expect(fifth![3]).toHaveTextContent('₦2,500.50');
    // Receipts under the reference: the paid row's receipt, the refunded row's receipt and credit note.
    expect(
      within(fourth![6]!).getByRole('link', { name: 'Receipt RCT-000004 for Company 1' }),
    ).toHaveAttribute('href', '/api/payments/receipts/RCT-000004/print');
    expect(
      within(third![6]!)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['RCT-000003', '/api/payments/receipts/RCT-000003/print'],
      ['CRN-000003', '/api/payments/receipts/CRN-000003/print'],
    ]);
    expect(within(first![6]!).queryByRole('link')).toBeNull();
  });

  it('says there are no payments yet when there are none', async () => {
    payments = [];
    renderPayments();
    expect(
      await screen.findByText(
        'No payments yet. Unlock payments appear here as soon as a company starts one.',
        {},
        { timeout: 3000 },
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('filters by status, provider and dates in the address, from page 1, and clears them', async () => {
    const user = steppedUser();
    const router = renderPayments('/allpayments?page=2');
    await table();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Paid');
    await waitFor(() => expect(address(router)).toEqual({ status: 'paid' }));
    await waitFor(() => expect(lastRequest()).toEqual({ page: '1', limit: '20', status: 'paid' }));
    await waitFor(() =>
      expect(rows(screen.getByRole('table')).every((row) => within(row).queryByText('Paid') !== null)).toBe(
        true,
      ),
    );

    await user.selectOptions(screen.getByRole('combobox', { name: 'Provider' }), 'Paystack');
    await user.type(screen.getByLabelText('From'), '2026-11-10');
    await user.type(screen.getByLabelText('To'), '2026-11-20');
    await waitFor(() =>
      expect(address(router)).toEqual({
        status: 'paid',
        provider: 'paystack',
        from: '2026-11-10',
        to: '2026-11-20',
      }),
    );
    await waitFor(() =>
      expect(lastRequest()).toEqual({
        page: '1',
        limit: '20',
        status: 'paid',
        provider: 'paystack',
        from: '2026-11-10',
        to: '2026-11-20',
      }),
    );
    // Paid (i % 4 === 0) on Paystack (odd i): none. The filtered empty state offers the way back.
    expect(await screen.findByText('No payments match these filters.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show all payments' }));
    await waitFor(() => expect(address(router)).toEqual({}));
    expect(rows(await table())).toHaveLength(20);
  });

  it('reads the filters from the address, drops what is not valid and searches a reference after a pause', async () => {
    const user = steppedUser();
    const router = renderPayments(
      `/allpayments?provider=sandbox&status=bogus&from=2026-11-20&to=2026-11-01&companyId=nope`,
    );
    await table();
    expect(screen.getByRole('combobox', { name: 'Provider' })).toHaveValue('sandbox');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('');
    // A reversed range is put the right way round; an id that is no id is not sent.
    expect(lastRequest()).toEqual({
      page: '1',
      limit: '20',
      provider: 'sandbox',
      from: '2026-11-01',
      to: '2026-11-20',
    });

    const wanted = payments[7]!.reference;
    await user.type(screen.getByRole('searchbox', { name: 'Search payments by reference' }), wanted);
    await waitFor(() => expect(address(router)).toMatchObject({ reference: wanted }));
    await waitFor(() => expect(lastRequest().reference).toBe(wanted));
    // payment 8 is on the sandbox and dated 20 Nov: the one row.
    await waitFor(() => expect(rows(screen.getByRole('table'))).toHaveLength(1));
    expect(screen.getByText(wanted)).toBeInTheDocument();

    await user.clear(screen.getByRole('searchbox', { name: 'Search payments by reference' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search payments by reference' }), 'MP-unknown');
    expect(
      await screen.findByText('No payment has the reference “MP-unknown”. References are matched exactly.'),
    ).toBeInTheDocument();
  });

  it('narrows to one company or one job from a row, and widens again', async () => {
    const user = steppedUser();
    const router = renderPayments();
    const t = await table();
    await user.click(
      within(rows(t)[1]!).getByRole('button', { name: 'Company 2: show only this company’s payments' }),
    );
    await waitFor(() => expect(address(router)).toEqual({ companyId: companyId(2) }));
    await waitFor(() => expect(lastRequest().companyId).toBe(companyId(2)));
    const chips = await screen.findByRole('list', { name: 'Narrowed to' });
    expect(within(chips).getByText('Company: Company 2')).toBeInTheDocument();
    await waitFor(() =>
      expect(rows(screen.getByRole('table')).map((row) => cellsOf(row)[1]!.textContent)).toEqual(
        Array(8).fill('Company 2'),
      ),
    );

    await user.click(
      within(rows(screen.getByRole('table'))[0]!).getByRole('button', {
        name: 'Job number 2: show only this job’s payments',
      }),
    );
    await waitFor(() => expect(address(router)).toEqual({ companyId: companyId(2), jobId: jobId(2) }));
    expect(await within(chips).findByText('Job: Job number 2')).toBeInTheDocument();
    await user.click(within(chips).getByRole('button', { name: 'Show every company' }));
    await waitFor(() => expect(address(router)).toEqual({ jobId: jobId(2) }));
  });

  it('pages with Next and Previous while the server says there is more', async () => {
    const user = steppedUser();
    const router = renderPayments();
    await table();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(address(router)).toEqual({ page: '2' }));
    await waitFor(() => expect(rows(screen.getByRole('table'))).toHaveLength(5));
    expect(screen.getByText('21–25')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('refunds a paid payment with a chosen reason: confirm, CSRF header, toast, the list refreshes', async () => {
    const user = steppedUser();
    renderPayments();
    const t = await table();
    const before = requests.length;
    await user.click(within(rows(t)[3]!).getByRole('button', { name: 'Refund Company 1 for Job number 0' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund this payment' });
    expect(within(dialog).getByText('Company 1')).toBeInTheDocument();
    expect(within(dialog).getByText(payments[3]!.reference)).toBeInTheDocument();

    // No reason chosen: nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Refund ₦1,000' }));
    expect(await within(dialog).findByText(REFUND_CHOICE_REQUIRED)).toBeInTheDocument();
    expect(refunds).toEqual([]);

    await user.click(within(dialog).getByRole('radio', { name: /Duplicate payment/ }));
    expect(within(dialog).getByText(`“${REFUND_REASON_MESSAGES.duplicate}”`)).toBeInTheDocument();
    expect(within(dialog).queryByText(REFUND_CHOICE_REQUIRED)).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Refund ₦1,000' }));

    expect(await findToast(PAYMENT_MESSAGES.refunded)).toBe('success');
    expect(refunds).toEqual([
      {
        path: `/api/payments/${payments[3]!._id}/refund`,
        body: { reason: REFUND_REASON_MESSAGES.duplicate },
        csrf: 'csrf-admin',
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(requests.length).toBeGreaterThan(before));
    await waitFor(() => {
      const cells = cellsOf(rows(screen.getByRole('table'))[3]!);
      expect(cells[4]).toHaveTextContent('Refunded');
      expect(cells[4]).toHaveTextContent('Refunded by an admin, 30 Nov 2026');
      expect(cells[4]).toHaveTextContent(`“${REFUND_REASON_MESSAGES.duplicate}”`);
      expect(cells[4]).toHaveTextContent('Refund being sent to the provider');
      expect(within(cells[7]!).queryByRole('button')).toBeNull();
    });
    // The Refund button is gone: focus is on the row's new status, not lost to the page.
    expect(document.activeElement).toBe(cellsOf(rows(screen.getByRole('table'))[3]!)[4]);
  });

  it('gives focus back to the Refund button when the dialog is cancelled', async () => {
    const user = steppedUser();
    renderPayments();
    const t = await table();
    const button = within(rows(t)[3]!).getByRole('button', { name: 'Refund Company 1 for Job number 0' });
    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Refund this payment' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(button);
  });

  it('another reason needs the admin’s own words, which are what the company reads', async () => {
    const user = steppedUser();
    renderPayments();
    const t = await table();
    await user.click(within(rows(t)[3]!).getByRole('button', { name: /^Refund / }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund this payment' });
    await user.click(within(dialog).getByRole('radio', { name: /Another reason/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Refund ₦1,000' }));
    expect(await within(dialog).findByText(REFUND_NOTE_REQUIRED)).toBeInTheDocument();
    expect(refunds).toEqual([]);
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Reason for the company' }),
      '  The poster asked for payment outside the marketplace.  ',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Refund ₦1,000' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(refunds.map((r) => r.body)).toEqual([
      { reason: 'The poster asked for payment outside the marketplace.' },
    ]);
  });

  it('a missing reason or note shows by the field, above the list, and focus goes there (issue 27, finding 4)', async () => {
    const user = steppedUser();
    renderPayments();
    const t = await table();
    await user.click(within(rows(t)[3]!).getByRole('button', { name: /^Refund / }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund this payment' });
    await user.click(within(dialog).getByRole('button', { name: 'Refund ₦1,000' }));
    const error = await within(dialog).findByText(REFUND_CHOICE_REQUIRED);
    const radios = within(dialog).getAllByRole('radio');
    expect(radios[0]).toHaveFocus();
    // Before the first reason (in view with it), not after the last one.
    expect(error.compareDocumentPosition(radios[0]!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(dialog).getByRole('group', { name: 'Reason' })).toHaveAccessibleDescription(
      REFUND_CHOICE_REQUIRED,
    );

    await user.click(within(dialog).getByRole('radio', { name: /Another reason/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Refund ₦1,000' }));
    expect(await within(dialog).findByText(REFUND_NOTE_REQUIRED)).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Reason for the company' })).toHaveFocus();
    expect(refunds).toEqual([]);
  });

  it('keeps the dialog open with the server’s message when the refund is refused, and refreshes the row', async () => {
    const user = steppedUser();
    renderPayments();
    const t = await table();
    await user.click(within(rows(t)[3]!).getByRole('button', { name: /^Refund / }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund this payment' });
    // Someone else refunded it meanwhile.
    payments[3]!.status = 'refunded';
    payments[3]!.refund = {
      reason: 'admin',
      message: 'Refunded by another admin',
      refundedAt: '2026-11-29T10:00:00.000Z',
      state: 'queued',
    };
    await user.click(within(dialog).getByRole('radio', { name: /Dead lead/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Refund ₦1,000' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(PAYMENT_MESSAGES.alreadyRefunded);
    await waitFor(() =>
      expect(cellsOf(rows(screen.getByRole('table'))[3]!)[4]).toHaveTextContent(
        'Refund accepted, paying out',
      ),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('tells a signed-in member who is not an admin that the list is for administrators', async () => {
    server.use(http.get(API, () => error(403, 'Forbidden')));
    renderPayments();
    expect(
      await screen.findByText('Only administrators can see payments.', {}, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows an error with a way to try again', async () => {
    const user = steppedUser();
    server.use(http.get(API, () => HttpResponse.json({}, { status: 500 }), { once: true }));
    renderPayments();
    expect(
      await screen.findByText('Could not load payments (status 500).', {}, { timeout: 3000 }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(rows(await table())).toHaveLength(20);
  });
});
