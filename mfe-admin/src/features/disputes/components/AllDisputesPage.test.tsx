import { act, render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import {
  DISPUTE_MESSAGES,
  DISPUTE_REASON_LABELS,
  REFUND_REASON_MESSAGES,
  type AdminDispute,
  type AdminDisputesResponse,
  type DecideDisputeBody,
} from '@marketplace/contracts';
import { dismissToasts, resetApiForTests, Toasts } from '@marketplace/ui';
import { AllDisputesPage, queryFrom } from './AllDisputesPage';
import { steppedUser, onSteppedClock } from '@marketplace/ui/testing/clock';

// The page's own waits (skeletons, pauses, polls) stepped over, not sat through.
onSteppedClock();

const API = 'http://localhost/api/payments/disputes';
const uuid = (prefix: string, n: number) => `${prefix}0000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function dispute(i: number, overrides: Partial<AdminDispute> = {}): AdminDispute {
  return {
    _id: uuid('d', i),
    reason: i % 2 ? 'phone-unreachable' : 'job-taken',
    note: `The number ${i} is switched off.`,
    status: 'open',
    openedAt: '2026-11-20T09:00:00.000Z',
    decidedAt: null,
    rejectionReason: null,
    paymentId: uuid('e', i),
    reference: `MP-${i}`,
    amount: 100000,
    paidAt: '2026-11-19T09:00:00.000Z',
    paymentStatus: 'paid',
    job: {
      _id: uuid('a', i),
      title: `Fix sink ${i}`,
      category: 'Plumber',
      status: 'open',
      hidden: false,
      deleted: false,
    },
    posterId: uuid('b', 1),
    posterAnsweredAt: null,
    posterOtherJobs: [],
    company: {
      _id: uuid('c', i),
      name: `Company ${i}`,
      unlocks: 10,
      disputes: 1,
      refunded: 0,
      rejected: 0,
      disputeRate: 0.1,
      highRate: false,
      history: [],
    },
    decidedBy: null,
    ...overrides,
  };
}

let disputes: AdminDispute[] = [];
let requests: URLSearchParams[] = [];
let decisions: Array<{ id: string; body: DecideDisputeBody; csrf: string | null }> = [];

const server = setupServer(
  http.get(API, ({ request }) => {
    const params = new URL(request.url).searchParams;
    requests.push(params);
    const status = params.get('status');
    const matching = disputes.filter((d) => !status || d.status === status);
    const body: AdminDisputesResponse = {
      statusCode: 200,
      disputes: matching,
      page: 1,
      limit: 10,
      hasMore: false,
    };
    return HttpResponse.json(body);
  }),
  http.post(`${API}/:id/decision`, async ({ request, params }) => {
    const body = (await request.json()) as DecideDisputeBody;
    decisions.push({ id: String(params.id), body, csrf: request.headers.get('x-csrf-token') });
    const target = disputes.find((d) => d._id === params.id)!;
    target.status = body.decision === 'refund' ? 'refunded' : 'rejected';
    target.decidedAt = '2026-11-21T10:00:00.000Z';
    target.rejectionReason = body.reason ?? null;
    return HttpResponse.json({
      statusCode: 200,
      message: body.decision === 'refund' ? DISPUTE_MESSAGES.refunded : DISPUTE_MESSAGES.rejected,
      dispute: target,
    });
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
  disputes = [];
  requests = [];
  decisions = [];
  resetApiForTests();
  document.cookie = 'mp_csrf=csrf-admin; path=/';
  await act(async () => dismissToasts());
});
afterEach(() => server.resetHandlers());

function renderQueue(path = '/alldisputes') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/alldisputes', element: <AllDisputesPage /> }], {
    initialEntries: [path],
  });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
      <Toasts />
    </QueryClientProvider>,
  );
  return router;
}

const findCards = () => screen.findAllByRole('article', {}, { timeout: 5000 });

describe('AllDisputesPage', () => {
  it('opens on the disputes to decide; ?status= picks another view, unknown values fall back', () => {
    expect(queryFrom(new URLSearchParams(''))).toMatchObject({ status: 'open', page: 1 });
    expect(queryFrom(new URLSearchParams('status=rejected&page=2'))).toMatchObject({
      status: 'rejected',
      page: 2,
    });
    expect(queryFrom(new URLSearchParams('status=all')).status).toBeUndefined();
    expect(queryFrom(new URLSearchParams('status=<script>')).status).toBe('open');
  });

  it('shows what an admin needs: the job, the poster’s answer, other jobs, the company’s history and a high rate', async () => {
    disputes = [
      dispute(1, {
        posterAnsweredAt: '2026-11-19T12:00:00.000Z',
        posterOtherJobs: [
          {
            _id: uuid('a', 9),
            title: 'Paint a wall',
            category: 'Painter',
            status: 'completed',
            hidden: false,
            deleted: false,
          },
        ],
        company: {
          _id: uuid('c', 1),
          name: 'Lagos Plumbing Ltd',
          unlocks: 4,
          disputes: 3,
          refunded: 1,
          rejected: 1,
          disputeRate: 0.75,
          highRate: true,
          history: [
            {
              _id: uuid('d', 8),
              reason: 'not-a-real-job',
              status: 'refunded',
              openedAt: '2026-11-01T09:00:00.000Z',
              jobTitle: 'Old job',
            },
          ],
        },
      }),
      dispute(2),
    ];
    renderQueue();
    const [first, second] = await findCards();
    const card = within(first!);
    expect(card.getByRole('heading', { level: 2 })).toHaveTextContent(
      'Lagos Plumbing Ltd disputes Fix sink 1',
    );
    expect(card.getByText(DISPUTE_REASON_LABELS['phone-unreachable'])).toBeInTheDocument();
    expect(card.getByText(/The number 1 is switched off/)).toBeInTheDocument();
    expect(card.getByText(/Answered 19 Nov/)).toBeInTheDocument();
    expect(card.getByText(/Paint a wall/)).toBeInTheDocument();
    expect(card.getByLabelText('Dispute rate 75 %, high')).toHaveTextContent('High');
    expect(card.getByText(/Old job/)).toBeInTheDocument();
    const other = within(second!);
    expect(other.getByText('No answer in the chat')).toBeInTheDocument();
    expect(other.getByLabelText('Dispute rate 10 %')).not.toHaveTextContent('High');
    expect(requests[0]?.get('status')).toBe('open');
  });

  it('refunds by keyboard after confirming, and the card leaves the open queue', async () => {
    disputes = [dispute(1)];
    const user = steppedUser();
    renderQueue();
    await findCards();
    const refund = screen.getByRole('button', { name: 'Refund Company 1 for Fix sink 1' });
    refund.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Refund this unlock' });
    expect(within(dialog).getByText(`“${REFUND_REASON_MESSAGES.dispute}”`)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /Refund ₦1,000/ }));
    await waitFor(() =>
      expect(decisions).toEqual([{ id: uuid('d', 1), body: { decision: 'refund' }, csrf: 'csrf-admin' }]),
    );
    expect(await screen.findByText(DISPUTE_MESSAGES.refunded)).toBeInTheDocument();
    expect(await screen.findByText(/No disputes to decide/)).toBeInTheDocument();
  });

  it('asks the reason of a rejection, which the company will read', async () => {
    disputes = [dispute(1)];
    const user = steppedUser();
    renderQueue();
    await findCards();
    await user.click(screen.getByRole('button', { name: 'Reject the dispute of Company 1 for Fix sink 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject this dispute' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject the dispute' }));
    expect(await within(dialog).findByText(DISPUTE_MESSAGES.rejectionReasonRequired)).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /Reason for the company/ })).toHaveFocus();
    expect(decisions).toEqual([]);
    await user.type(
      within(dialog).getByRole('textbox', { name: /Reason for the company/ }),
      'The poster answered you.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Reject the dispute' }));
    await waitFor(() =>
      expect(decisions[0]?.body).toEqual({ decision: 'reject', reason: 'The poster answered you.' }),
    );
  });

  it('offers no refund when the unlock was already refunded by another rule', async () => {
    disputes = [dispute(1, { paymentStatus: 'refunded' })];
    renderQueue();
    const [card] = await findCards();
    expect(within(card!).queryByRole('button', { name: /^Refund/ })).toBeNull();
    expect(within(card!).getByText(/already refunded/)).toBeInTheDocument();
    expect(within(card!).getByRole('button', { name: /^Reject/ })).toBeInTheDocument();
  });

  it('says nothing of an earlier refund on a dispute refunded by its own decision', async () => {
    disputes = [
      dispute(1, { status: 'refunded', paymentStatus: 'refunded', decidedAt: '2026-11-21T10:00:00.000Z' }),
    ];
    renderQueue('/alldisputes?status=refunded');
    const [card] = await findCards();
    expect(within(card!).queryByText(/already refunded/)).toBeNull();
    expect(within(card!).queryByRole('button')).toBeNull();
    expect(within(card!).getByText(/Refunded 21 Nov/)).toBeInTheDocument();
  });

  it('says when a load failed and tries again', async () => {
    let calls = 0;
    server.use(
      http.get(API, () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json({ statusCode: 500, errorMessage: 'boom' }, { status: 500 })
          : HttpResponse.json({ statusCode: 200, disputes: [], page: 1, limit: 10, hasMore: false });
      }),
    );
    const user = steppedUser();
    renderQueue();
    const retry = await screen.findByRole('button', { name: 'Try again' }, { timeout: 5000 });
    await user.click(retry);
    expect(await screen.findByText(/No disputes to decide/)).toBeInTheDocument();
  });
});
