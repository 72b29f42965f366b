import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router-dom';
import {
  DISPUTE_MESSAGES,
  DISPUTE_REASON_LABELS,
  type OpenDisputeBody,
  type UnlockPayment,
} from '@marketplace/contracts';
import { Toasts, type SessionUser } from '@marketplace/ui';
import { QueryProvider } from '@marketplace/ui/query';
import {
  account,
  api,
  createMyJobsServer,
  errorResponse,
  freshApi,
  installMatchMedia,
  resetPage,
  signInAs,
} from '../../../shared/testing/my-jobs-api';
import { DashboardPage } from './DashboardPage';
import { DISPUTE_REASON_REQUIRED } from './DisputeDialog';

const MINE = api('/api/payments/mine');
const state = freshApi();
const server = createMyJobsServer(state);
const company = account('company');
let payments: UnlockPayment[] = [];
let sent: Array<{ paymentId: string; body: OpenDisputeBody; csrf: string | null }> = [];

function payment(n: number, extra: Partial<UnlockPayment> = {}): UnlockPayment {
  return {
    _id: `payment-${n}`,
    reference: `MP-${n}`,
    jobId: `job-${n}`,
    amount: 100000,
    currency: 'NGN',
    status: 'paid',
    createdAt: '2026-11-20T09:00:00.000Z',
    paidAt: '2026-11-20T09:02:00.000Z',
    jobTitle: `Job ${n}`,
    refund: null,
    channel: 'card',
    method: 'card',
    expiresAt: '2026-11-20T09:30:00.000Z',
    progress: extra.status ?? 'paid',
    dispute: null,
    disputableUntil: '2026-12-04T09:02:00.000Z',
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
  sent = [];
  document.cookie = 'mp_csrf=csrf-company; path=/';
  server.use(
    http.get(MINE, () => HttpResponse.json({ payments })),
    http.post(api('/api/payments/:paymentId/dispute'), async ({ request, params }) => {
      const body = (await request.json()) as OpenDisputeBody;
      sent.push({ paymentId: String(params.paymentId), body, csrf: request.headers.get('x-csrf-token') });
      const target = payments.find((p) => p._id === params.paymentId)!;
      if (target.dispute) return errorResponse(409, DISPUTE_MESSAGES.alreadyDisputed);
      target.dispute = {
        _id: 'dispute-1',
        reason: body.reason,
        note: body.note,
        status: 'open',
        openedAt: '2026-11-21T09:00:00.000Z',
        decidedAt: null,
        rejectionReason: null,
      };
      target.disputableUntil = null;
      return HttpResponse.json(
        { statusCode: 201, message: DISPUTE_MESSAGES.opened, dispute: target.dispute },
        { status: 201 },
      );
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

describe('dashboard: disputing a bad lead', () => {
  it("is where a dispute's notice in the bell leads: /dashboard#payments brings the payments into view", async () => {
    payments = [payment(1, { jobTitle: 'Fix the roof' })];
    const scrolled: Element[] = [];
    const scrollIntoView = jest.fn(function (this: Element) {
      scrolled.push(this);
    });
    Element.prototype.scrollIntoView = scrollIntoView;
    window.history.replaceState(null, '', '/dashboard#payments');
    try {
      renderDashboard(company);
      const table = await paymentsTable();
      await waitFor(() => expect(scrolled.map((el) => el.id)).toContain('payments'));
      expect(document.getElementById('payments')).toContainElement(table);
    } finally {
      window.history.replaceState(null, '', '/');
      delete (Element.prototype as Partial<Element>).scrollIntoView;
    }
  });

  it('disputes a paid unlock by keyboard with a fixed reason and a note; the row then says it is disputed', async () => {
    payments = [payment(1, { jobTitle: 'Fix the roof' })];
    const user = userEvent.setup();
    renderDashboard(company);
    const table = await paymentsTable();
    const button = within(table).getByRole('button', { name: 'Dispute this lead: Fix the roof' });
    button.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Dispute this lead' });
    // Nothing chosen: the reasons say so, nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Send dispute' }));
    expect(await within(dialog).findByText(DISPUTE_REASON_REQUIRED)).toBeInTheDocument();
    expect(within(dialog).getByText(DISPUTE_MESSAGES.noteRequired)).toBeInTheDocument();
    expect(sent).toEqual([]);
    expect(
      within(dialog)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual(Object.values(DISPUTE_REASON_LABELS));
    await user.click(within(dialog).getByRole('radio', { name: DISPUTE_REASON_LABELS['phone-unreachable'] }));
    await user.type(
      within(dialog).getByRole('textbox', { name: /What happened/ }),
      '  Switched off for 3 days  ',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Send dispute' }));
    await waitFor(() =>
      expect(sent).toEqual([
        {
          paymentId: 'payment-1',
          body: { reason: 'phone-unreachable', note: 'Switched off for 3 days' },
          csrf: 'csrf-company',
        },
      ]),
    );
    expect(await screen.findByText(DISPUTE_MESSAGES.opened)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText(/You disputed this unlock on 21 Nov 2026/)).toBeInTheDocument();
    expect(within(await paymentsTable()).queryByRole('button', { name: /Dispute this lead/ })).toBeNull();
  });

  it('offers no dispute once the window has closed, or for payments that are not paid', async () => {
    payments = [
      payment(1, { disputableUntil: null }),
      payment(2, { status: 'refunded', disputableUntil: null }),
      payment(3, { status: 'pending', paidAt: null, disputableUntil: null }),
    ];
    renderDashboard(company);
    const table = await paymentsTable();
    expect(within(table).queryByRole('button', { name: /Dispute/ })).toBeNull();
  });

  it('shows the reason of a rejected dispute, which the company reads', async () => {
    payments = [
      payment(1, {
        disputableUntil: null,
        dispute: {
          _id: 'd1',
          reason: 'job-taken',
          note: 'Given away',
          status: 'rejected',
          openedAt: '2026-11-21T09:00:00.000Z',
          decidedAt: '2026-11-22T09:00:00.000Z',
          rejectionReason: 'The poster answered you within the hour.',
        },
      }),
    ];
    renderDashboard(company);
    await paymentsTable();
    expect(
      screen.getByText('Your dispute was rejected: “The poster answered you within the hour.”'),
    ).toBeInTheDocument();
  });

  it('says why the server refused', async () => {
    payments = [payment(1)];
    server.use(
      http.post(api('/api/payments/:paymentId/dispute'), () => errorResponse(409, DISPUTE_MESSAGES.tooLate)),
    );
    const user = userEvent.setup();
    renderDashboard(company);
    const table = await paymentsTable();
    await user.click(within(table).getByRole('button', { name: /Dispute this lead/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('radio', { name: DISPUTE_REASON_LABELS['not-a-real-job'] }));
    await user.type(within(dialog).getByRole('textbox', { name: /What happened/ }), 'Fake');
    await user.click(within(dialog).getByRole('button', { name: 'Send dispute' }));
    expect(await within(dialog).findByText(DISPUTE_MESSAGES.tooLate)).toBeInTheDocument();
  });
});
