import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import {
  REVIEW_MODERATION_MESSAGES,
  type ReportedReview,
  type ReportedReviewsResponse,
  type ReviewModerationBody,
} from '@marketplace/contracts';
import { dismissToasts, resetApiForTests, Toasts } from '@marketplace/ui';
import { AllReviewsPage } from './AllReviewsPage';

const API = 'http://localhost/api/jobs/reviews';

function reported(i: number, overrides: Partial<ReportedReview> = {}): ReportedReview {
  return {
    _id: `r-${i}`,
    review: `Review text ${i}: they never came back.`,
    rating: 2,
    dateOfReview: '2026-11-20T09:00:00.000Z',
    verifiedHire: i === 1,
    reviewer: { _id: `u-${i}`, name: `Reviewer ${i}` },
    company: { _id: `c-${i}`, name: `Company ${i}` },
    job: { _id: `j-${i}`, title: `Fix sink ${i}` },
    reply: null,
    pending: true,
    hidden: null,
    decidedAt: null,
    reports: [
      {
        reporter: { _id: `c-${i}`, name: `Company ${i}`, type: 'company' },
        reason: 'false-or-misleading',
        note: 'We finished the job.',
        reportedAt: '2026-11-21T09:00:00.000Z',
      },
    ],
    ...overrides,
  };
}

let reviews: ReportedReview[] = [];
let decisions: Array<{ id: string; body: ReviewModerationBody; csrf: string | null }> = [];
const server = setupServer(
  http.get(`${API}/reported`, () => {
    const body: ReportedReviewsResponse = { statusCode: 200, reviews, page: 1, limit: 10, hasMore: false };
    return HttpResponse.json(body);
  }),
  http.post(`${API}/:id/moderation`, async ({ request, params }) => {
    const body = (await request.json()) as ReviewModerationBody;
    decisions.push({ id: String(params.id), body, csrf: request.headers.get('x-csrf-token') });
    const target = reviews.find((r) => r._id === params.id)!;
    const wasHidden = target.hidden !== null;
    target.pending = false;
    target.decidedAt = '2026-11-22T10:00:00.000Z';
    target.hidden =
      body.action === 'hide' ? { at: '2026-11-22T10:00:00.000Z', reason: body.reason ?? '' } : null;
    const message =
      body.action === 'hide'
        ? REVIEW_MODERATION_MESSAGES.hidden
        : wasHidden
          ? REVIEW_MODERATION_MESSAGES.shown
          : REVIEW_MODERATION_MESSAGES.kept;
    return HttpResponse.json({ statusCode: 200, message, review: target });
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
  reviews = [];
  decisions = [];
  resetApiForTests();
  document.cookie = 'mp_csrf=csrf-admin; path=/';
  await act(async () => dismissToasts());
});
afterEach(() => server.resetHandlers());

function renderQueue() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/allreviews', element: <AllReviewsPage /> }], {
    initialEntries: ['/allreviews'],
  });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
      <Toasts />
    </QueryClientProvider>,
  );
}
const findCards = () => screen.findAllByRole('article', {}, { timeout: 5000 });

describe('AllReviewsPage', () => {
  it('lists each reported review with its text, rating, verified hire, reports and state', async () => {
    reviews = [
      reported(1),
      reported(2, {
        pending: false,
        hidden: { at: '2026-11-22T10:00:00.000Z', reason: 'Insults the workers.' },
        reply: { text: 'We are sorry.', repliedAt: '2026-11-21T10:00:00.000Z' },
      }),
    ];
    renderQueue();
    expect(screen.getByRole('heading', { level: 1, name: 'Reported reviews' })).toBeInTheDocument();
    const [first, second] = await findCards();
    expect(within(first!).getByRole('heading', { name: 'Reviewer 1 on Company 1' })).toBeInTheDocument();
    expect(within(first!).getByRole('link', { name: 'Company 1' })).toHaveAttribute(
      'href',
      '/company-profile/c-1',
    );
    expect(within(first!).getByText('“Review text 1: they never came back.”')).toBeInTheDocument();
    expect(within(first!).getByLabelText('2 out of 5 stars')).toBeInTheDocument();
    expect(within(first!).getByText('Verified hire')).toBeInTheDocument();
    expect(within(first!).getByText('To decide')).toBeInTheDocument();
    expect(within(first!).getByText('False or misleading')).toBeInTheDocument();
    expect(within(first!).getByText('We finished the job.')).toBeInTheDocument();
    expect(
      within(first!).getByRole('button', { name: 'Keep shown: the review by Reviewer 1 on Company 1' }),
    ).toBeInTheDocument();

    expect(within(second!).getByText('Hidden', { selector: '.admin-badge' })).toBeInTheDocument();
    expect(within(second!).getByText('Insults the workers.')).toBeInTheDocument();
    expect(within(second!).getByText('We are sorry.', { exact: false })).toBeInTheDocument();
    expect(within(second!).queryByRole('button', { name: /^Hide/ })).toBeNull();
    expect(
      within(second!).getByRole('button', { name: /Show again: the review by Reviewer 2/ }),
    ).toBeInTheDocument();
  });

  it('says when nothing is reported', async () => {
    renderQueue();
    expect(
      await screen.findByText(REVIEW_MODERATION_MESSAGES.noReportedReviews, {}, { timeout: 5000 }),
    ).toBeInTheDocument();
  });

  it('hides a review only with a reason, by keyboard, and shows the result', async () => {
    reviews = [reported(1)];
    renderQueue();
    await findCards();
    const user = userEvent.setup();
    screen.getByRole('button', { name: 'Hide the review by Reviewer 1 on Company 1' }).focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Hide this review' });
    await user.click(within(dialog).getByRole('button', { name: 'Hide review' }));
    const reason = within(dialog).getByRole('textbox', { name: 'Reason' });
    expect(reason).toHaveAccessibleDescription(
      expect.stringContaining(REVIEW_MODERATION_MESSAGES.hideReasonRequired),
    );
    expect(reason).toHaveFocus();
    expect(decisions).toEqual([]);
    await user.type(reason, '  Insults the workers.  ');
    await user.click(within(dialog).getByRole('button', { name: 'Hide review' }));
    await waitFor(() =>
      expect(decisions).toEqual([
        { id: 'r-1', body: { action: 'hide', reason: 'Insults the workers.' }, csrf: 'csrf-admin' },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText(REVIEW_MODERATION_MESSAGES.hidden)).toBeInTheDocument();
    const [card] = await findCards();
    await waitFor(() =>
      expect(within(card!).getByText('Hidden', { selector: '.admin-badge' })).toBeInTheDocument(),
    );
  });

  it('keeps a review shown with one press', async () => {
    reviews = [reported(1)];
    renderQueue();
    await findCards();
    const user = userEvent.setup();
    await user.click(
      screen.getByRole('button', { name: 'Keep shown: the review by Reviewer 1 on Company 1' }),
    );
    await waitFor(() =>
      expect(decisions).toEqual([{ id: 'r-1', body: { action: 'show' }, csrf: 'csrf-admin' }]),
    );
    expect(await screen.findByText(REVIEW_MODERATION_MESSAGES.kept)).toBeInTheDocument();
    const [card] = await findCards();
    await waitFor(() => expect(within(card!).getByText('Kept shown')).toBeInTheDocument());
    expect(within(card!).queryByRole('button', { name: /^Keep shown/ })).toBeNull();
  });

  it('says when the queue is not for the caller', async () => {
    server.use(
      http.get(`${API}/reported`, () =>
        HttpResponse.json({ statusCode: 403, errorMessage: 'Administrators only.' }, { status: 403 }),
      ),
    );
    renderQueue();
    expect(
      await screen.findByText('Only administrators can see reported reviews.', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
  });
});
