import { act, render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { JOB_MESSAGES, type HideJobBody, type JobListResponse } from '@marketplace/contracts';
import { dismissToasts, resetApiForTests, Toasts } from '@marketplace/ui';
import type { AdminJobRow } from '../api/jobs';
import { AllJobsPage } from './AllJobsPage';
import { HIDE_REASON_REQUIRED } from './HideJobDialog';
import { UI_TIMINGS } from '@marketplace/contracts';
import { expectSkeletonForAtLeast, findTable } from '../../../testing/admin-list';
import { steppedUser, onSteppedClock } from '@marketplace/ui/testing/clock';

// The page's own waits (skeletons, pauses, polls) stepped over, not sat through.
onSteppedClock();

const API = 'http://localhost/api/jobs/admin/jobs';
const STATES = ['Lagos', 'Kano', 'Oyo'];
const CATEGORIES = ['Craftsman', 'Services'];

function job(i: number): AdminJobRow {
  return {
    _id: `job-${i}`,
    title: 'Job',
    jobHeading: `Job number ${i}`,
    description: `Work ${i}`,
    category: CATEGORIES[i % 2]!,
    subcategory: [],
    state: STATES[i % 3]!,
    pincode: null,
    jobStartDate: '2026-12-01',
    status: i % 5 === 0 ? 'completed' : i % 7 === 0 ? 'in-progress' : 'open',
    images: [],
    postedBy: { _id: `poster-${i}`, name: `Poster ${i}` },
    createdAt: `2026-11-${String((i % 28) + 1).padStart(2, '0')}T10:00:00.000Z`,
    unlockCount: 0,
    hidden:
      i === 2 ? { reason: 'Asks for payment outside the marketplace', at: '2026-11-21T10:00:00.000Z' } : null,
  };
}

let jobs: AdminJobRow[] = [];
let requests: URLSearchParams[] = [];
let writes: Array<{ method: string; path: string; body: unknown; csrf: string | null }> = [];

const server = setupServer(
  http.get(API, ({ request }) => {
    const params = new URL(request.url).searchParams;
    requests.push(params);
    const q = (params.get('q') ?? '').toLowerCase();
    const status = params.get('status');
    const page = Number(params.get('page'));
    const limit = Number(params.get('limit'));
    const matching = jobs.filter(
      (j) =>
        (!q || j.jobHeading.toLowerCase().includes(q)) &&
        (!status || (status === 'hidden' ? Boolean(j.hidden) : j.status === status && !j.hidden)) &&
        (!params.get('category') || j.category === params.get('category')) &&
        (!params.get('state') || j.state === params.get('state')),
    );
    const body: JobListResponse = {
      jobs: matching.slice((page - 1) * limit, page * limit),
      page,
      limit,
      hasMore: page * limit < matching.length,
    };
    return HttpResponse.json(body);
  }),
  http.put(`${API}/:jobId/hide`, async ({ request, params }) => {
    const body = (await request.json()) as HideJobBody;
    writes.push({
      method: 'PUT',
      path: new URL(request.url).pathname,
      body,
      csrf: request.headers.get('x-csrf-token'),
    });
    const target = jobs.find((j) => j._id === params.jobId)!;
    target.hidden = { reason: body.reason, at: new Date().toISOString() };
    return HttpResponse.json({ statusCode: 200, resultMessage: { en: JOB_MESSAGES.jobHidden } });
  }),
  http.put(`${API}/:jobId/unhide`, ({ request, params }) => {
    writes.push({
      method: 'PUT',
      path: new URL(request.url).pathname,
      body: null,
      csrf: request.headers.get('x-csrf-token'),
    });
    jobs.find((j) => j._id === params.jobId)!.hidden = null;
    return HttpResponse.json({ statusCode: 200, resultMessage: { en: JOB_MESSAGES.jobShown } });
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
  jobs = Array.from({ length: 45 }, (_, i) => job(i + 1));
  requests = [];
  writes = [];
  resetApiForTests();
  document.cookie = 'mp_csrf=csrf-admin; path=/';
  await act(async () => dismissToasts());
});
afterEach(() => server.resetHandlers());

function renderJobs(path = '/alljobs') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      {
        path: '/alljobs',
        element: (
          <QueryClientProvider client={client}>
            <Toasts />
            <AllJobsPage />
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
const search = (router: ReturnType<typeof renderJobs>) =>
  Object.fromEntries(new URLSearchParams(router.state.location.search));

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

describe('All jobs (admin)', () => {
  it('shows the loading skeleton for at least 1 s', async () => {
    await expectSkeletonForAtLeast(
      UI_TIMINGS.adminListSkeletonMs,
      'Loading jobs',
      () => renderJobs(),
      () => requests.length,
    );
  });

  it('lists Job Name, Posted Date, Posted By and Status, 20 a page; hidden jobs carry their reason', async () => {
    renderJobs();
    const t = await table();
    expect(
      within(t)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Job Name', 'Posted Date', 'Posted By', 'Status', 'Actions']);
    expect(rows(t)).toHaveLength(20);
    const [first, second] = rows(t);
    const cells = within(first!).getAllByRole('cell');
    expect(cells[0]).toHaveTextContent('Job number 1');
    expect(cells[1]).toHaveTextContent('2 Nov 2026');
    expect(cells[2]).toHaveTextContent('Poster 1');
    expect(cells[3]).toHaveTextContent('Open');
    expect(within(first!).getByRole('button', { name: 'Hide Job number 1' })).toBeInTheDocument();
    expect(
      within(second!).getByText('Hidden by the marketplace team: Asks for payment outside the marketplace'),
    ).toBeInTheDocument();
    expect(within(second!).getByText('Hidden')).toBeInTheDocument();
    expect(within(second!).getByRole('button', { name: 'Unhide Job number 2' })).toBeInTheDocument();
    expect(Object.fromEntries(requests[0]!)).toEqual({ page: '1', limit: '20' });
  });

  it('says "No jobs to show" when there are none', async () => {
    jobs = [];
    renderJobs();
    expect(await screen.findByText('No jobs to show', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('filters by status, category and state in the address, from page 1', async () => {
    const user = steppedUser();
    const router = renderJobs('/alljobs?page=2');
    await table();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Hidden');
    await waitFor(() => expect(search(router)).toEqual({ status: 'hidden' }));
    await waitFor(() => expect(rows(screen.getByRole('table'))).toHaveLength(1));
    expect(requests.at(-1)!.get('status')).toBe('hidden');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Completed');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'Services');
    await user.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'Oyo');
    await waitFor(() =>
      expect(search(router)).toEqual({ status: 'completed', category: 'Services', state: 'Oyo' }),
    );
    await waitFor(() =>
      expect(Object.fromEntries(requests.at(-1)!)).toEqual({
        page: '1',
        limit: '20',
        status: 'completed',
        category: 'Services',
        state: 'Oyo',
      }),
    );
    // 5 and 35: completed (i % 5), Services (odd i), Oyo (i % 3 === 2).
    await waitFor(() =>
      expect(
        rows(screen.getByRole('table')).map(
          (row) => within(row).getAllByRole('cell')[0]!.firstChild?.textContent,
        ),
      ).toEqual(['Job number 5', 'Job number 35']),
    );

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(search(router)).toEqual({}));
  });

  it('reads the filters from the address and searches after a pause in typing', async () => {
    const user = steppedUser();
    const router = renderJobs('/alljobs?state=Kano&status=bogus');
    await table();
    expect(screen.getByRole('combobox', { name: 'State' })).toHaveValue('Kano');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('');
    expect(Object.fromEntries(requests[0]!)).toEqual({ page: '1', limit: '20', state: 'Kano' });
    await user.type(screen.getByRole('searchbox', { name: 'Search jobs' }), 'number 4');
    await waitFor(() => expect(search(router)).toEqual({ state: 'Kano', status: 'bogus', q: 'number 4' }));
    await waitFor(() => expect(requests.at(-1)!.get('q')).toBe('number 4'));
    // Kano: i % 3 === 1 -> 4, 40, 43.
    await waitFor(() => expect(rows(screen.getByRole('table'))).toHaveLength(3));
  });

  it('pages with Next and Previous while the server says there is more', async () => {
    const user = steppedUser();
    const router = renderJobs();
    await table();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByText('Job number 21')).toBeInTheDocument());
    expect(search(router)).toEqual({ page: '2' });
    expect(screen.getByText('21–40')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByText('Job number 41')).toBeInTheDocument());
    expect(rows(screen.getByRole('table'))).toHaveLength(5);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(screen.getByText('Page 2')).toBeInTheDocument());
  });

  it('hides a job with a reason (PUT .../hide, CSRF header) and lists it again with Unhide', async () => {
    const user = steppedUser();
    renderJobs();
    const t = await table();
    await user.click(within(rows(t)[0]!).getByRole('button', { name: 'Hide Job number 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hide this job' });
    expect(within(dialog).getByText('Job number 1')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Hide job' }));
    expect(await within(dialog).findByText(HIDE_REASON_REQUIRED)).toBeInTheDocument();
    expect(writes).toHaveLength(0);

    await user.type(
      within(dialog).getByRole('textbox', { name: 'Reason' }),
      '  Offers a phone number in the description  ',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Hide job' }));
    expect(await findToast(JOB_MESSAGES.jobHidden)).toBe('success');
    expect(writes).toEqual([
      {
        method: 'PUT',
        path: '/api/jobs/admin/jobs/job-1/hide',
        body: { reason: 'Offers a phone number in the description' },
        csrf: 'csrf-admin',
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const row = await waitFor(() => {
      const found = rows(screen.getByRole('table'))[0]!;
      expect(
        within(found).getByText('Hidden by the marketplace team: Offers a phone number in the description'),
      ).toBeInTheDocument();
      return found;
    });

    await user.click(within(row).getByRole('button', { name: 'Unhide Job number 1' }));
    expect(await findToast(JOB_MESSAGES.jobShown)).toBe('success');
    expect(writes.at(-1)).toMatchObject({ path: '/api/jobs/admin/jobs/job-1/unhide', csrf: 'csrf-admin' });
    await waitFor(() =>
      expect(
        within(rows(screen.getByRole('table'))[0]!).getByRole('button', { name: 'Hide Job number 1' }),
      ).toBeInTheDocument(),
    );
  });

  it('keeps the dialog open with the server’s message when hiding fails', async () => {
    server.use(
      http.put(`${API}/:jobId/hide`, () =>
        HttpResponse.json({ statusCode: 404, message: JOB_MESSAGES.jobNotFound }, { status: 404 }),
      ),
    );
    const user = steppedUser();
    renderJobs();
    const t = await table();
    await user.click(within(rows(t)[0]!).getByRole('button', { name: 'Hide Job number 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hide this job' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Spam');
    await user.click(within(dialog).getByRole('button', { name: 'Hide job' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(JOB_MESSAGES.jobNotFound);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows an error with a way to try again', async () => {
    const user = steppedUser();
    server.use(http.get(API, () => HttpResponse.json({}, { status: 500 }), { once: true }));
    renderJobs();
    expect(
      await screen.findByText('Could not load jobs (status 500).', {}, { timeout: 3000 }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(rows(await table())).toHaveLength(20);
  });
});
