import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { keepPrerenderedPage, resetPrerenderedPageForTests, Toasts } from '@marketplace/ui';
import {
  account,
  allowFormDataOfForms,
  createJobsServer,
  installMatchMedia,
  jobDetail,
  jobSummary,
  ORIGIN,
  resetPage,
  signInAs,
  type FakeJobsApi,
} from '../testing/fixtures';
import { readFilters, writeFilters } from '../utils/search-params';
import { JobSearchPage, LINKED_JOB_GONE } from './JobSearchPage';

const state: FakeJobsApi = { all: [], details: {}, requests: [] };
const server = createJobsServer(state);

let restoreFormData: () => void;
beforeAll(() => {
  restoreFormData = allowFormDataOfForms();
  server.listen({ onUnhandledRequest: 'error' });
});
afterAll(() => {
  server.close();
  restoreFormData();
});
beforeEach(async () => {
  await resetPage();
  state.all = Array.from({ length: 5 }, (_, i) => jobSummary(i + 1));
  state.requests = [];
  signInAs(account('company'));
});
afterEach(() => server.resetHandlers());

function renderSearch(path = '/jobs') {
  const router = createMemoryRouter([{ path: '/jobs', element: <JobSearchPage /> }], {
    initialEntries: [path],
  });
  render(<RouterProvider router={router} />);
  return router;
}

const lastRequest = () => state.requests.at(-1)!;
const query = (router: ReturnType<typeof renderSearch>) =>
  Object.fromEntries(new URLSearchParams(router.state.location.search));
const results = () => screen.findByRole('list', { name: 'Search results' });

/** The page the edge drew into the HTML for /jobs (services/edge search-engines), as the shell keeps it. */
function keepEdgePicture(path: string) {
  window.history.replaceState(null, '', path);
  const root = document.createElement('div');
  root.innerHTML =
    '<div class="crawler-summary" data-look="jobs"><header><a href="/">Naija Marketplace</a></header>' +
    '<main><div class="jp-band"><h1>Find open jobs</h1></div><div class="jp-body"><h2>All open jobs</h2>' +
    '<ul class="jp-grid"><li class="jp-card"><h3>Job from the edge</h3></li></ul></div></main></div>';
  keepPrerenderedPage(root);
}

describe('/jobs: job search', () => {
  it("opened by its address, the edge's picture of the page and its cards stays until the first page is here", async () => {
    let answer!: () => void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.get(`${ORIGIN}/api/jobs/search`, async () => {
        await held;
        return HttpResponse.json({ jobs: state.all, page: 1, limit: 12, hasMore: false });
      }),
    );
    keepEdgePicture('/jobs');
    try {
      renderSearch();
      // The picture, not the skeletons; hidden from assistive technology, which hears that the page loads.
      expect(document.querySelector('.ui-prerendered h3')).toHaveTextContent('Job from the edge');
      expect(screen.queryByTestId('job-skeleton')).toBeNull();
      expect(screen.getByRole('status')).toHaveTextContent('Loading page');
      expect(screen.queryAllByRole('heading', { level: 1 })).toHaveLength(0);
      answer();
      expect((await results()).children).toHaveLength(5);
      expect(document.querySelector('.ui-prerendered')).toBeNull();
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Find open jobs');
    } finally {
      resetPrerenderedPageForTests();
      window.history.replaceState(null, '', '/');
    }
  });

  it('a filtered search shows its own skeletons, not the picture of the unfiltered first page', async () => {
    keepEdgePicture('/jobs');
    try {
      renderSearch('/jobs?state=Lagos');
      expect(document.querySelector('.ui-prerendered')).toBeNull();
      expect(screen.getAllByTestId('job-skeleton').length).toBeGreaterThan(0);
      expect(await results()).toBeInTheDocument();
    } finally {
      resetPrerenderedPageForTests();
      window.history.replaceState(null, '', '/');
    }
  });

  it('has one h1 and lists open jobs, newest first, with the cards and their buttons', async () => {
    renderSearch();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Find open jobs');
    const list = await results();
    expect(list.children).toHaveLength(5);
    expect(within(list).getAllByRole('button', { name: 'Apply' })).toHaveLength(5);
    expect(screen.getByRole('heading', { level: 2, name: 'All open jobs' })).toBeInTheDocument();
    expect(screen.getByText(/Jobs 1–5/)).toHaveTextContent('Jobs 1–5, newest first');
    expect(Object.fromEntries(lastRequest().searchParams)).toEqual({ page: '1', limit: '12' });
  });

  it('reads the filters from the address into the form and the request', async () => {
    renderSearch(
      '/jobs?q=leaking%20roof&category=craftsman&subcategory=Roofing&state=lagos&startFrom=2026-12-01&startTo=2026-12-31&page=2',
    );
    await waitFor(() => expect(state.requests).toHaveLength(1));
    expect(Object.fromEntries(lastRequest().searchParams)).toEqual({
      q: 'leaking roof',
      category: 'Craftsman',
      subcategory: 'Roofing',
      state: 'Lagos',
      startFrom: '2026-12-01',
      startTo: '2026-12-31',
      page: '2',
      limit: '12',
    });
    expect(screen.getByRole('searchbox', { name: 'Words' })).toHaveValue('leaking roof');
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveValue('Craftsman');
    expect(screen.getByRole('combobox', { name: 'Sub-category' })).toHaveValue('Roofing');
    expect(screen.getByRole('combobox', { name: 'State' })).toHaveValue('Lagos');
    expect(screen.getByLabelText('Starts on or after')).toHaveValue('2026-12-01');
    expect(screen.getByLabelText('Starts on or before')).toHaveValue('2026-12-31');
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(
      'Open jobs matching “leaking roof” in Roofing in Lagos',
    );
  });

  it('drops what it does not know: unknown category and state, a sub-category of another category, non-dates', () => {
    const filters = readFilters(
      new URLSearchParams(
        'category=Gardening&subcategory=Plumber&state=Atlantis&startFrom=2026-02-30&startTo=soon',
      ),
    );
    expect(filters).toEqual({
      q: '',
      category: '',
      subcategory: 'Plumber',
      state: '',
      startFrom: '',
      startTo: '',
    });
    expect(readFilters(new URLSearchParams('category=Build New&subcategory=Plumber')).subcategory).toBe('');
    expect(readFilters(new URLSearchParams('startFrom=2026-12-31&startTo=2026-12-01'))).toMatchObject({
      startFrom: '2026-12-01',
      startTo: '2026-12-31',
    });
    expect(writeFilters({ ...filters, q: ' tiles ' }, 1).toString()).toBe('q=tiles&subcategory=Plumber');
  });

  it('writes the filters to the address: selects at once, words on Search, from page 1', async () => {
    state.all = Array.from({ length: 40 }, (_, i) => jobSummary(i + 1));
    const user = userEvent.setup();
    const router = renderSearch('/jobs?page=3');
    await results();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'Craftsman');
    await waitFor(() => expect(query(router)).toEqual({ category: 'Craftsman' }));
    // The sub-categories are now the category's only.
    const sub = screen.getByRole('combobox', { name: 'Sub-category' });
    expect(within(sub).queryByRole('option', { name: 'Cleaning' })).toBeNull();
    await user.selectOptions(sub, 'Plumber');
    await user.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'Kano');
    await waitFor(() =>
      expect(query(router)).toEqual({ category: 'Craftsman', subcategory: 'Plumber', state: 'Kano' }),
    );

    await user.type(screen.getByRole('searchbox', { name: 'Words' }), 'burst pipe');
    expect(query(router)).not.toHaveProperty('q');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(query(router)).toEqual({
        q: 'burst pipe',
        category: 'Craftsman',
        subcategory: 'Plumber',
        state: 'Kano',
      }),
    );
    await waitFor(() =>
      expect(Object.fromEntries(lastRequest().searchParams)).toEqual({
        q: 'burst pipe',
        category: 'Craftsman',
        subcategory: 'Plumber',
        state: 'Kano',
        page: '1',
        limit: '12',
      }),
    );

    // Another category clears a sub-category that is not in it.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'Services');
    await waitFor(() =>
      expect(query(router)).toEqual({ q: 'burst pipe', category: 'Services', state: 'Kano' }),
    );
  });

  it('searches a start date range and refuses one that ends before it starts', async () => {
    const user = userEvent.setup();
    const router = renderSearch();
    await results();
    await user.type(screen.getByLabelText('Starts on or after'), '2026-12-10');
    await waitFor(() => expect(query(router)).toEqual({ startFrom: '2026-12-10' }));
    await user.type(screen.getByLabelText('Starts on or before'), '2026-12-01');
    expect(
      await screen.findByText('The latest start date must be on or after the earliest one.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Starts on or before')).toHaveAttribute('aria-invalid', 'true');
    expect(query(router)).toEqual({ startFrom: '2026-12-10' });
  });

  it('pages with Previous and Next, the page in the address', async () => {
    state.all = Array.from({ length: 30 }, (_, i) => jobSummary(i + 1));
    const user = userEvent.setup();
    const router = renderSearch('/jobs?state=Lagos');
    expect((await results()).children).toHaveLength(12);
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(query(router)).toEqual({ state: 'Lagos', page: '2' }));
    await screen.findByText('Fix the leaking roof 13');
    expect(screen.getByText(/Jobs 13–24/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2 })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Fix the leaking roof 25');
    expect((await results()).children).toHaveLength(6);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(query(router)).toEqual({ state: 'Lagos', page: '2' }));
    // Page 2 was already there: no second request for it.
    expect(state.requests.map((url) => url.searchParams.get('page'))).toEqual(['1', '2', '3']);
  });

  it('no match: "No Jobs Found" and a way to clear the filters', async () => {
    state.all = [];
    const user = userEvent.setup();
    const router = renderSearch('/jobs?q=unicorn');
    expect(await screen.findByText('No Jobs Found')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Clear all filters' }));
    expect(router.state.location.search).toBe('');
    expect(screen.getByRole('searchbox', { name: 'Words' })).toHaveValue('');
  });

  it('an error says so and tries again', async () => {
    server.use(http.get(`${ORIGIN}/api/jobs/search`, () => HttpResponse.json({}, { status: 400 })));
    const user = userEvent.setup();
    renderSearch();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch jobs');
    server.resetHandlers();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect((await results()).children).toHaveLength(5);
  });

  it('a visitor sees "Login to Apply" on the results', async () => {
    signInAs(null);
    renderSearch();
    expect(await screen.findAllByRole('link', { name: 'Login to Apply' })).toHaveLength(5);
  });

  describe("?job= (a job alert's link)", () => {
    const alerted = '10000000-0000-4000-8000-000000000001';
    it('opens the named job in the job modal; closing it leaves the search as it was', async () => {
      const summary = jobSummary(9, {
        _id: alerted,
        description: 'The pipe under the floor burst this morning.',
      });
      state.details[alerted] = jobDetail(summary);
      const user = userEvent.setup();
      const router = renderSearch(`/jobs?job=${alerted}`);
      const dialog = await screen.findByRole('dialog', {}, { timeout: 5000 });
      expect(
        await within(dialog).findByText('The pipe under the floor burst this morning.'),
      ).toBeInTheDocument();
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(query(router)).toEqual({});
    });

    it('says so when the job is gone, and shows the search', async () => {
      installMatchMedia();
      render(<Toasts />);
      renderSearch(`/jobs?job=${'20000000-0000-4000-8000-000000000002'}`);
      expect(await screen.findByText(LINKED_JOB_GONE, {}, { timeout: 5000 })).toBeInTheDocument();
      expect(await results()).toBeInTheDocument();
      expect(screen.queryByRole('dialog')).toBeNull();
    });

    it('ignores a value that cannot be a job id (no request)', async () => {
      renderSearch('/jobs?job=..%2F..%2Fadmin');
      await results();
      expect(state.requests.some((r) => r.pathname.includes('viewjob'))).toBe(false);
    });
  });
});
