import { render, screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router-dom';
import { MESSAGES, REFUND_REASON_MESSAGES, type UnlockPayment } from '@marketplace/contracts';
import { NETWORK_ERROR_MESSAGE, Toasts, type SessionUser } from '@marketplace/ui';
import { QueryProvider } from '@marketplace/ui/query';
import {
  account,
  api,
  createMyJobsServer,
  errorResponse,
  freshApi,
  installMatchMedia,
  job,
  resetPage,
  signInAs,
} from '../../../shared/testing/my-jobs-api';
import { DashboardPage } from './DashboardPage';
import { NO_PAYMENTS, PAYMENTS_LOAD_FAILED, REFUND_STATE_NOTES } from './PaymentsSection';
import { steppedUser, onSteppedClock } from '@marketplace/ui/testing/clock';

// The page's own waits (skeletons, pauses, polls) stepped over, not sat through.
onSteppedClock();

const MINE = api('/api/payments/mine');
const state = freshApi();
const server = createMyJobsServer(state);
const company = account('company');
const poster = account('user');
let payments: UnlockPayment[] = [];
let paymentCalls = 0;

function payment(n: number, extra: Partial<UnlockPayment> = {}): UnlockPayment {
  return {
    _id: `payment-${n}`,
    reference: `MP-0000000${n}-aaaa-4bbb-8ccc-dddddddddddd`,
    jobId: `job-${n}`,
    amount: 100000,
    currency: 'NGN',
    status: 'paid',
    createdAt: '2026-11-20T09:00:00.000Z',
    paidAt: '2026-11-20T09:02:00.000Z',
    jobTitle: `Job ${n}`,
    refund: null,
    channel: 'card',
    method: 'sandbox',
    expiresAt: '2026-11-20T09:30:00.000Z',
    progress: extra.status ?? 'paid',
    ...extra,
  };
}

beforeAll(() => {
  installMatchMedia();
  server.listen({ onUnhandledRequest: 'error' });
});
afterAll(() => server.close());
beforeEach(async () => {
  await resetPage();
  Object.assign(state, freshApi());
  payments = [];
  paymentCalls = 0;
  server.use(
    http.get(MINE, () => {
      paymentCalls += 1;
      return HttpResponse.json({ payments });
    }),
  );
});
afterEach(() => server.resetHandlers());

function renderDashboard(user: SessionUser) {
  signInAs(user);
  render(
    <QueryProvider>
      <MemoryRouter initialEntries={['/dashboard']}>
        <Toasts />
        <DashboardPage />
      </MemoryRouter>
    </QueryProvider>,
  );
}

const paymentsTable = () => screen.findByRole('table', { name: 'Payments' }, { timeout: 5000 });
const section = () => screen.getByRole('region', { name: 'Payments' });
const rows = (t: HTMLElement) => within(t).getAllByRole('row').slice(1);

describe('dashboard: a company’s payments', () => {
  it('links each payment’s receipt and credit note: the printable page and the PDF', async () => {
    state.applied = [job(1, { jobHeading: 'Fix the roof' })];
    payments = [
      payment(1, { jobTitle: 'Fix the roof', receipts: [{ number: 'RCT-000007', kind: 'receipt' }] }),
      payment(2, {
        jobTitle: 'Paint the fence',
        status: 'refunded',
        refund: {
          reason: 'admin',
          message: 'The poster could not be reached.',
          refundedAt: '2026-11-23T10:00:00.000Z',
          state: 'processed',
        },
        receipts: [
          { number: 'RCT-000003', kind: 'receipt' },
          { number: 'CRN-000001', kind: 'credit-note' },
        ],
      }),
      payment(3, { jobTitle: 'Tile the bathroom', status: 'failed', paidAt: null, receipts: [] }),
    ];
    renderDashboard(company);
    const t = await paymentsTable();
    const [paid, refunded, failed] = rows(t);
    const receipts = within(paid!).getByRole('list', { name: 'Receipts for Fix the roof' });
    expect(within(receipts).getByRole('link', { name: 'Receipt RCT-000007' })).toHaveAttribute(
      'href',
      '/api/payments/receipts/RCT-000007/print',
    );
    const pdf = within(receipts).getByRole('link', { name: 'Receipt RCT-000007 as PDF' });
    expect(pdf).toHaveAttribute('href', '/api/payments/receipts/RCT-000007/pdf');
    expect(pdf).toHaveAttribute('download', 'RCT-000007.pdf');
    expect(
      within(within(refunded!).getByRole('list', { name: 'Receipts for Paint the fence' }))
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual([
      '/api/payments/receipts/RCT-000003/print',
      '/api/payments/receipts/RCT-000003/pdf',
      '/api/payments/receipts/CRN-000001/print',
      '/api/payments/receipts/CRN-000001/pdf',
    ]);
    expect(within(refunded!).getByRole('link', { name: 'Credit note CRN-000001' })).toBeInTheDocument();
    // Nothing was paid: nothing to receipt.
    expect(within(failed!).queryByRole('list')).toBeNull();
  });

  it('lists each unlock payment with job, date, amount, status, what became of the money and a way on', async () => {
    state.applied = [job(1, { jobHeading: 'Fix the roof' })];
    payments = [
      payment(1, { jobTitle: 'Fix the roof' }),
      payment(2, {
        jobTitle: 'Paint the fence',
        status: 'refunded',
        amount: 250050,
        refund: {
          reason: 'job-deleted',
          message: REFUND_REASON_MESSAGES['job-deleted'],
          refundedAt: '2026-11-22T15:00:00.000Z',
          state: 'queued',
        },
      }),
      payment(3, { jobTitle: 'Tile the bathroom', status: 'failed', paidAt: null }),
      payment(4, { jobTitle: 'Mend the gate', status: 'pending', paidAt: null }),
      payment(5, {
        jobTitle: null,
        status: 'refunded',
        refund: {
          reason: 'admin',
          message: 'The poster could not be reached.',
          refundedAt: '2026-11-23T10:00:00.000Z',
          state: 'processed',
        },
      }),
    ];
    renderDashboard(company);
    const t = await paymentsTable();
    expect(
      within(t)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Job', 'Date', 'Amount', 'Status', 'Actions']);
    const [paid, refunded, failed, pending, adminRefund] = rows(t);

    expect(within(paid!).getByRole('rowheader')).toHaveTextContent('Fix the roof');
    expect(within(paid!).getByRole('rowheader')).toHaveTextContent('MP-00000001-aaaa-4bbb-8ccc-dddddddddddd');
    expect(
      within(paid!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['20 Nov 2026', '₦1,000', 'Paid', 'Open chat']);
    expect(within(paid!).getByRole('link', { name: 'Open chat about Fix the roof' })).toHaveAttribute(
      'href',
      '/chat',
    );

    expect(within(refunded!).getAllByRole('cell')[1]).toHaveTextContent('₦2,500.50');
    expect(within(refunded!).getByText('Refunded', { selector: '.dash-badge' })).toBeInTheDocument();
    expect(within(refunded!).getByText(REFUND_REASON_MESSAGES['job-deleted'])).toBeInTheDocument();
    expect(
      within(refunded!).getByText(`Refunded 22 Nov 2026. ${REFUND_STATE_NOTES.queued}`),
    ).toBeInTheDocument();
    expect(within(refunded!).queryByRole('link')).toBeNull();

    expect(within(failed!).getByText('Failed', { selector: '.dash-badge' })).toBeInTheDocument();
    expect(
      within(failed!).getByText(
        'The payment did not go through: nothing was unlocked and you were not charged.',
      ),
    ).toBeInTheDocument();
    expect(within(failed!).getByRole('link', { name: 'View job: Tile the bathroom' })).toHaveAttribute(
      'href',
      '/jobs?q=Tile%20the%20bathroom',
    );
    // Not paid yet: dated when it was started.
    expect(within(failed!).getAllByRole('cell')[0]).toHaveTextContent('20 Nov 2026');

    expect(within(pending!).getByText('Not completed', { selector: '.dash-badge' })).toBeInTheDocument();
    expect(within(pending!).getByRole('link', { name: 'View job: Mend the gate' })).toBeInTheDocument();
    // WCAG 2.5.3: each action's accessible name contains the words it shows (voice control says those).
    for (const link of within(t).getAllByRole('link')) {
      const label = (link.getAttribute('aria-label') ?? link.textContent ?? '').toLowerCase();
      expect(label).toContain((link.textContent ?? '').trim().toLowerCase());
    }

    expect(within(adminRefund!).getByRole('rowheader')).toHaveTextContent('A job that is no longer listed');
    expect(within(adminRefund!).getByText('The poster could not be reached.')).toBeInTheDocument();
    expect(
      within(adminRefund!).getByText(`Refunded 23 Nov 2026. ${REFUND_STATE_NOTES.processed}`),
    ).toBeInTheDocument();

    expect(within(section()).getByText('1 job unlocked · ₦3,500.50 refunded')).toBeInTheDocument();
    expect(paymentCalls).toBe(1);
  });

  it('shows a skeleton while the payments load', async () => {
    server.use(
      http.get(MINE, async () => {
        await delay(400);
        return HttpResponse.json({ payments: [payment(1)] });
      }),
    );
    renderDashboard(company);
    expect(
      await screen.findByRole('status', { name: 'Loading your payments' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    await paymentsTable();
    expect(screen.queryByRole('status', { name: 'Loading your payments' })).toBeNull();
  });

  // Issue 27: the jobs list's skeleton has five rows; a payments card drawn under it moved up when fewer
  // jobs arrived (CLS 0.013-0.017 on the company dashboard, e2e/layout-shift.e2e.ts).
  it('keeps the payments card out of the layout until the jobs list has arrived, asking for it at once', async () => {
    let releaseJobs = () => {};
    const jobsHeld = new Promise<void>((resolve) => (releaseJobs = resolve));
    server.use(
      http.get(api('/api/jobs/applied/jobs/:userId'), async () => {
        await jobsHeld;
        return HttpResponse.json({ statusCode: 200, jobsApplied: [], totals: { jobs: 0, completed: 0 } });
      }),
    );
    payments = [payment(1)];
    renderDashboard(company);
    await waitFor(() => expect(paymentCalls).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.getByRole('status', { name: 'Loading your jobs' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Payments' })).toBeNull();
    releaseJobs();
    await paymentsTable();
  });

  it('says when there are no payments yet', async () => {
    renderDashboard(company);
    await waitFor(() => expect(within(section()).getByText(NO_PAYMENTS)).toBeInTheDocument(), {
      timeout: 5000,
    });
    expect(
      within(section()).getByText('When you unlock a job, the payment shows here, and so does any refund.'),
    ).toBeInTheDocument();
    expect(within(section()).queryByRole('table')).toBeNull();
  });

  it('says when the payments could not be loaded, and tries again', async () => {
    const user = steppedUser();
    server.use(http.get(MINE, () => errorResponse(500, 'Internal Server Error')));
    renderDashboard(company);
    expect(await screen.findByText(PAYMENTS_LOAD_FAILED, {}, { timeout: 8000 })).toBeInTheDocument();
    // The jobs list above is unaffected.
    expect(screen.getByText(MESSAGES.noJobsToShow)).toBeInTheDocument();
    server.use(http.get(MINE, () => HttpResponse.json({ payments: [payment(1)] })));
    await user.click(within(section()).getByRole('button', { name: 'Try again' }));
    expect(rows(await paymentsTable())).toHaveLength(1);
  });

  it('says when the network is down', async () => {
    server.use(http.get(MINE, () => HttpResponse.error()));
    renderDashboard(company);
    await waitFor(
      () => expect(within(section()).getByText(NETWORK_ERROR_MESSAGE, { selector: 'p' })).toBeInTheDocument(),
      { timeout: 8000 },
    );
  });

  it('posters have no payments section and never ask for one', async () => {
    renderDashboard(poster);
    expect(await screen.findByText(MESSAGES.noJobsToShow, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Payments' })).toBeNull();
    expect(paymentCalls).toBe(0);
  });

  describe('transfers on their way (issue 28)', () => {
    const soon = () => new Date(Date.now() + 12 * 60_000 + 30_000).toISOString();

    it('lists a pending transfer with its time left, then tells when it is confirmed; the notice can be dismissed', async () => {
      window.localStorage.clear();
      payments = [
        payment(1, {
          status: 'pending',
          progress: 'pending',
          paidAt: null,
          channel: 'bank_transfer',
          expiresAt: soon(),
          jobTitle: 'Fix the kitchen sink',
        }),
      ];
      renderDashboard(company);
      const card = await screen.findByRole('region', { name: 'Transfers on their way' }, { timeout: 5000 });
      expect(within(card).getByText('Fix the kitchen sink')).toBeInTheDocument();
      expect(within(card).getByText('13 min left')).toBeInTheDocument();
      expect(
        within(card).getByRole('link', { name: 'Follow the transfer for Fix the kitchen sink' }),
      ).toHaveAttribute(
        'href',
        `/payment/callback?trxref=${payments[0]!.reference}&reference=${payments[0]!.reference}`,
      );

      // The bank confirms: the next refresh (every 15 s while a transfer is pending) shows the notice.
      payments = [{ ...payments[0]!, status: 'paid', progress: 'paid', paidAt: new Date().toISOString() }];
      expect(await screen.findByText('Transfer confirmed.', {}, { timeout: 20_000 })).toBeInTheDocument();
      expect(screen.queryByRole('region', { name: 'Transfers on their way' })).toBeNull();
      const user = steppedUser();
      await user.click(screen.getByRole('button', { name: 'Dismiss the notice about Fix the kitchen sink' }));
      expect(screen.queryByText('Transfer confirmed.')).toBeNull();
      expect(window.localStorage.getItem('marketplace.transfer-notices.dismissed')).toContain('payment-1');
    }, 30_000);

    it('an expired transfer says so and that late money is refunded; card payments bring no notice', async () => {
      window.localStorage.clear();
      payments = [
        payment(2, {
          status: 'failed',
          progress: 'expired',
          paidAt: null,
          channel: 'ussd',
          expiresAt: new Date(Date.now() - 60_000).toISOString(),
        }),
        payment(3, { paidAt: new Date().toISOString() }),
      ];
      renderDashboard(company);
      expect(await screen.findByText('Payment expired.', {}, { timeout: 5000 })).toBeInTheDocument();
      expect(screen.getByText(/Money that arrives late is refunded automatically/)).toBeInTheDocument();
      expect(screen.queryByText('Transfer confirmed.')).toBeNull();
    });
  });
});
