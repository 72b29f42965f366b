import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { JobsSectionProps } from '@marketplace/ui';
import {
  account,
  createJobsServer,
  jobDetail,
  jobSummary,
  ORIGIN,
  resetPage,
  signInAs,
  type FakeJobsApi,
} from '../testing/fixtures';
import { JobsSection } from './JobsSection';

const state: FakeJobsApi = { all: [], details: {}, requests: [] };
const server = createJobsServer(state);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(async () => {
  await resetPage();
  state.all = Array.from({ length: 5 }, (_, i) => jobSummary(i + 1));
  state.details = {};
  state.requests = [];
});
afterEach(() => server.resetHandlers());

/** As on the catalogue's landing page: inside its router, with or without a query client around. */
function renderSection(
  props: JobsSectionProps = { kind: 'category', type: 'Craftsman' },
  withClient = false,
) {
  const section = <JobsSection {...props} />;
  const router = createMemoryRouter(
    [
      {
        path: '/category/:type',
        element: withClient ? (
          <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
            {section}
          </QueryClientProvider>
        ) : (
          section
        ),
      },
      { path: '/login', element: <h1>login page</h1> },
      { path: '/chat', element: <h1>chat page</h1> },
    ],
    { initialEntries: ['/category/Craftsman'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

/** The cards (the grid's own items, not the lists inside them). */
const cards = async () =>
  Array.from((await screen.findByRole('list', { name: 'Craftsman jobs' })).children) as HTMLElement[];
const cardTitles = async () =>
  (await screen.findAllByRole('heading', { level: 3 })).map((heading) => heading.textContent);

describe('jobs section widget (category and sub-category pages)', () => {
  it('shows 8 skeleton cards while the first page loads, without a query client from the page', async () => {
    signInAs(null);
    server.use(
      http.get(`${ORIGIN}/api/jobs/getjobsbycategory/*`, async () => {
        await delay(150);
        return HttpResponse.json({ jobs: [jobSummary(1)], page: 1, limit: 12, hasMore: false });
      }),
    );
    renderSection();
    expect(screen.getByRole('status', { name: 'Loading jobs' })).toBeInTheDocument();
    expect(screen.getAllByTestId('job-skeleton')).toHaveLength(8);
    expect(await cardTitles()).toEqual(['Fix the leaking roof 1']);
    expect(screen.queryByTestId('job-skeleton')).toBeNull();
  });

  it('also works inside the page’s own query client', async () => {
    signInAs(null);
    renderSection({ kind: 'category', type: 'Craftsman' }, true);
    expect(await cardTitles()).toHaveLength(5);
  });

  it('fetches by category or sub-category, with the legacy userId segment and paging parameters', async () => {
    signInAs(account('company'));
    renderSection({ kind: 'subcategory', type: 'Fireplace/Fireplace' });
    await cardTitles();
    const url = state.requests[0]!;
    expect(url.pathname).toBe('/api/jobs/getjobsbysubcategory/Fireplace%2FFireplace/company-1');
    expect(url.searchParams.get('page')).toBe('1');
    expect(url.searchParams.get('limit')).toBe('12');
  });

  it('a card shows its image or the illustration, title, state, start date and unlocks', async () => {
    signInAs(null);
    state.all = [
      jobSummary(1, { images: [{ url: '/api/jobs/images/roof.webp' }], unlockCount: 3 }),
      jobSummary(2, {
        images: [{ url: 'tiles.webp' }],
        unlockCount: 1,
        state: 'Rivers',
        jobStartDate: '2027-01-15',
      }),
      jobSummary(3, { images: [], unlockCount: 0 }),
    ];
    renderSection();
    const [first, second, third] = await cards();
    expect(first!.querySelector('img')).toHaveAttribute('src', '/api/jobs/images/roof.webp');
    expect(within(first!).getByText('3 companies unlocked')).toBeInTheDocument();
    expect(within(first!).getByText('Lagos')).toBeInTheDocument();
    const time = first!.querySelector('time')!;
    expect(time).toHaveAttribute('dateTime', '2026-12-03');
    expect(time.textContent).toMatch(/3 Dec 2026/);
    expect(second!.querySelector('img')).toHaveAttribute('src', '/api/jobs/images/tiles.webp');
    expect(within(second!).getByText('1 company unlocked')).toBeInTheDocument();
    expect(within(second!).getByText('Rivers')).toBeInTheDocument();
    expect(third!.querySelector('img')).toBeNull();
    expect(third!.querySelector('.job-illustration')).not.toBeNull();
    expect(within(third!).getByText('0 companies unlocked')).toBeInTheDocument();
  });

  it('swaps a photo that fails to load for the illustration', async () => {
    signInAs(null);
    state.all = [jobSummary(1, { images: [{ url: '/api/jobs/images/gone.webp' }] })];
    renderSection();
    const [card] = await cards();
    fireEvent.error(card!.querySelector('img')!);
    await waitFor(() => expect(card!.querySelector('img')).toBeNull());
    expect(card!.querySelector('.job-illustration')).not.toBeNull();
  });

  it('visitor: "Login to Apply" on every card, to /login and back here afterwards', async () => {
    signInAs(null);
    const user = userEvent.setup();
    const router = renderSection();
    const links = await screen.findAllByRole('link', { name: 'Login to Apply' });
    expect(links).toHaveLength(5);
    expect(screen.queryByRole('button', { name: 'Apply' })).toBeNull();
    await user.click(links[0]!);
    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe('/category/Craftsman');
  });

  it('company: Apply, Payment Pending - Complete to Apply, or Already Applied - You Can Chat (to /chat)', async () => {
    signInAs(account('company'));
    state.all = [
      jobSummary(1),
      jobSummary(2, { paymentInfo: { status: 'pending' } }),
      jobSummary(3, { paymentInfo: { status: 'failed' } }),
      jobSummary(4, { paymentInfo: { status: 'paid' } }),
    ];
    const user = userEvent.setup();
    const router = renderSection();
    const [one, two, three, four] = await cards();
    expect(within(one!).getByRole('button', { name: 'Apply' })).toHaveAccessibleDescription(
      'Fix the leaking roof 1',
    );
    expect(
      within(two!).getByRole('button', { name: 'Payment Pending - Complete to Apply' }),
    ).toBeInTheDocument();
    expect(
      within(three!).getByRole('button', { name: 'Payment Pending - Complete to Apply' }),
    ).toBeInTheDocument();
    const chat = within(four!).getByRole('link', { name: 'Already Applied - You Can Chat' });
    expect(screen.queryByRole('link', { name: 'Login to Apply' })).toBeNull();
    await user.click(chat);
    expect(router.state.location.pathname).toBe('/chat');
  });

  it.each(['user', 'admin'] as const)('%s: no button at all', async (type) => {
    signInAs(account(type));
    state.all = [jobSummary(1), jobSummary(2, { paymentInfo: { status: 'paid' } })];
    renderSection();
    const list = await cards();
    for (const card of list) {
      expect(within(card).queryByRole('button')).toBeNull();
      expect(within(card).queryByRole('link')).toBeNull();
    }
  });

  it('"Apply" and "Payment Pending" open the job modal', async () => {
    signInAs(account('company'));
    state.all = [jobSummary(1), jobSummary(2, { paymentInfo: { status: 'pending' } })];
    state.details = {
      'job-1': jobDetail(state.all[0]!, { name: 'Ada N. Obi' }),
      'job-2': jobDetail(state.all[1]!, { name: 'Bola Ade' }),
    };
    const user = userEvent.setup();
    renderSection();
    await user.click(await screen.findByRole('button', { name: 'Apply' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ada N. Obi' });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Payment Pending - Complete to Apply' }));
    expect(await screen.findByRole('dialog', { name: 'Bola Ade' })).toBeInTheDocument();
  });

  it('says "No Jobs Found" when the type has no open jobs', async () => {
    signInAs(null);
    state.all = [];
    renderSection();
    expect(await screen.findByText('No Jobs Found')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Craftsman jobs' })).toBeNull();
  });

  it('pages with "Show more jobs" until the server says there is no more', async () => {
    signInAs(null);
    state.all = Array.from({ length: 26 }, (_, i) => jobSummary(i + 1));
    const user = userEvent.setup();
    renderSection();
    expect(await cardTitles()).toHaveLength(12);
    expect(screen.getByText('Showing 12 jobs')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show more jobs' }));
    await waitFor(() => expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(24));
    await user.click(screen.getByRole('button', { name: 'Show more jobs' }));
    await waitFor(() => expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(26));
    expect(screen.getByText('Showing 26 jobs')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more jobs' })).toBeNull();
    expect(state.requests.map((url) => url.searchParams.get('page'))).toEqual(['1', '2', '3']);
  });

  it('says what went wrong and tries again', async () => {
    signInAs(null);
    server.use(
      http.get(`${ORIGIN}/api/jobs/getjobsbycategory/*`, () => HttpResponse.json({}, { status: 500 })),
    );
    const user = userEvent.setup();
    renderSection({ kind: 'category', type: 'Craftsman' }, true);
    // One retry for a server error (a second later), then the message.
    expect(await screen.findByRole('alert', {}, { timeout: 4000 })).toHaveTextContent('Failed to fetch jobs');
    server.resetHandlers();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await cardTitles()).toHaveLength(5);
  });
});
