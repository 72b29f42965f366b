import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { Company, CompanyListResponse } from '@marketplace/contracts';
import {
  RemoteModulesContext,
  resetApiForTests,
  type JobsSectionProps,
  type RemoteModuleLoader,
  type RemoteRoutesModule,
} from '@marketplace/ui';
import { queryClient } from '@marketplace/ui/query';
import { CategoryPage, SubCategoryPage } from './LandingPage';
import { resolveLanding } from '@marketplace/contracts';
import { onSteppedClock } from '@marketplace/ui/testing/clock';

// The page's own waits (skeletons, pauses, polls) stepped over, not sat through.
onSteppedClock();

const server = setupServer();
let companyRequests: URL[] = [];

function company(n: number, extra: Partial<Company> = {}): Company {
  return {
    _id: `c-${n}`,
    name: `Company ${n}`,
    email: `c${n}@example.com`,
    phoneNumber: null,
    address: null,
    pincode: null,
    subcategory: ['Plumber'],
    description: null,
    photoUrl: null,
    type: 'company',
    rating: { average: 0, count: 0 },
    ...extra,
  };
}

function directory(total: number, pageSize = 12, extra: (n: number) => Partial<Company> = () => ({})) {
  server.use(
    http.get('http://localhost/api/jobs/:path/:name', ({ request }) => {
      const url = new URL(request.url);
      companyRequests.push(url);
      const page = Number(url.searchParams.get('page') ?? 1);
      const start = (page - 1) * pageSize;
      const count = Math.max(0, Math.min(pageSize, total - start));
      const body: CompanyListResponse = {
        company: Array.from({ length: count }, (_, i) => company(start + i + 1, extra(start + i + 1))),
        page,
        limit: pageSize,
        total,
      };
      return HttpResponse.json(body);
    }),
  );
}

/** A directory whose companies are in the given states (`?state=` filters them, as the service does). */
function directoryByState(counts: Record<string, number>, pageSize = 12) {
  const all = Object.entries(counts).flatMap(([state, count]) =>
    Array.from({ length: count }, (_, i) =>
      company(0, { _id: `${state}-${i + 1}`, name: `${state} Company ${i + 1}`, state }),
    ),
  );
  server.use(
    http.get('http://localhost/api/jobs/:path/:name', ({ request }) => {
      const url = new URL(request.url);
      companyRequests.push(url);
      const page = Number(url.searchParams.get('page') ?? 1);
      const state = url.searchParams.get('state');
      const listed = state ? all.filter((c) => c.state === state) : all;
      const body: CompanyListResponse = {
        company: listed.slice((page - 1) * pageSize, page * pageSize),
        page,
        limit: pageSize,
        total: listed.length,
      };
      return HttpResponse.json(body);
    }),
  );
}

const requested = () =>
  companyRequests.map((u) => [u.pathname, u.searchParams.get('page'), u.searchParams.get('state')]);

function JobsSection({ kind, type }: JobsSectionProps) {
  return <p>jobs section of {`${kind}:${type}`}</p>;
}
const loadJobs = (async () =>
  ({
    pages: {},
    widgets: { jobsSection: JobsSection },
  }) as unknown as RemoteRoutesModule<'jobs'>) as RemoteModuleLoader;

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/category/:type', element: <CategoryPage /> },
      { path: '/sub-category/:type', element: <SubCategoryPage /> },
      { path: '/jobpost', element: <h1>job form</h1> },
      { path: '/company-profile/:id', element: <h1>profile</h1> },
    ],
    { initialEntries: [path] },
  );
  render(
    <RemoteModulesContext.Provider value={loadJobs}>
      <RouterProvider router={router} />
    </RemoteModulesContext.Provider>,
  );
  return router;
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  companyRequests = [];
  resetApiForTests();
  queryClient.clear();
});
afterEach(() => server.resetHandlers());

describe('landing copy', () => {
  it.each([
    ['category', 'craftsman', 'category', 'Craftsman', '/category/Craftsman'],
    ['category', 'plumber', 'subcategory', 'Plumber', '/sub-category/Plumber'],
    ['subcategory', 'paving_stone', 'subcategory', 'Paving stone', '/sub-category/Paving%20stone'],
    [
      'subcategory',
      'WASTE MANAGEMENT',
      'subcategory',
      'Waste management',
      '/sub-category/Waste%20management',
    ],
    ['subcategory', 'Build New', 'category', 'Build New', '/category/Build%20New'],
  ] as const)('%s key %s is the %s page %s at %s', (kind, key, resolvedKind, name, path) => {
    const landing = resolveLanding(kind, key);
    expect(landing).toMatchObject({ kind: resolvedKind, name, path, known: true });
    expect(landing.copy.title.toLowerCase()).toContain(name.toLowerCase());
  });

  it('an unknown key gets the pest-control copy and no directory lookup', () => {
    const landing = resolveLanding('category', 'underwater basket weaving');
    expect(landing.known).toBe(false);
    expect(landing.copy.subtitle).toBe('Pest control');
    expect(landing.copy.title).toContain('underwater basket weaving');
  });

  it('every sub-category of the catalogue has copy of its own category', () => {
    const landing = resolveLanding('subcategory', 'Renovate the bathroom');
    expect(landing.category).toBe('Interior Renovation');
    expect(landing.services.items.map((i) => i.name)).not.toContain('Renovate the bathroom');
    expect(landing.copy.priceHint).toMatch(/₦/);
  });
});

describe('category page', () => {
  it('moves another casing or underscore form to the one canonical address', async () => {
    directory(0);
    const router = renderAt('/sub-category/paving_stone');
    await screen.findByRole('heading', { level: 1 });
    expect(router.state.location.pathname).toBe('/sub-category/Paving%20stone');
  });

  it("sets the page's title, description and canonical address (the same for every casing)", async () => {
    directory(0);
    renderAt('/category/plumber');
    await screen.findByRole('heading', { level: 1, name: 'Hire a trusted plumber near you' });
    expect(document.title).toBe('Hire a trusted plumber near you | Naija Marketplace');
    expect(document.head.querySelector('link[rel="canonical"]')).toHaveAttribute(
      'href',
      'http://localhost/sub-category/Plumber',
    );
    expect(document.head.querySelector('meta[name="description"]')).toHaveAttribute(
      'content',
      resolveLanding('subcategory', 'Plumber').copy.description,
    );
  });

  it('shows 8 skeleton cards, then the companies, and pages with Show more', async () => {
    directory(15);
    renderAt('/category/Craftsman');
    expect(await screen.findByLabelText('Loading companies')).toBeInTheDocument();
    expect(screen.getByLabelText('Loading companies').querySelectorAll('li')).toHaveLength(8);
    const grid = await screen.findByRole('heading', { name: 'Company 1' });
    expect(grid).toBeInTheDocument();
    expect(screen.getByText('Showing 12 of 15 companies')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show 12 more' }));
    await screen.findByRole('heading', { name: 'Company 15' });
    expect(screen.getByText('Showing 15 of 15 companies')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Show .* more/ })).not.toBeInTheDocument();
    expect(companyRequests.map((u) => [u.pathname, u.searchParams.get('page')])).toEqual([
      ['/api/jobs/getcompaniesbycategory/Craftsman', '1'],
      ['/api/jobs/getcompaniesbycategory/Craftsman', '2'],
    ]);
  });

  it('a card says how fast the company usually replies, and nothing without a figure', async () => {
    directory(3, 12, (n) => ({ replyMinutes: n === 1 ? 95 : n === 2 ? null : undefined }));
    renderAt('/category/Craftsman');
    const first = (await screen.findByRole('heading', { name: 'Company 1' })).closest('li')!;
    expect(within(first).getByText('Usually replies within 2 hours')).toBeInTheDocument();
    for (const name of ['Company 2', 'Company 3']) {
      const card = screen.getByRole('heading', { name }).closest('li')!;
      expect(within(card).queryByText(/Usually replies/)).not.toBeInTheDocument();
    }
  });

  it("a verified company's card shows the Verified badge with its date; the others none", async () => {
    directory(3, 12, (n) => ({
      verifiedAt: n === 1 ? '2026-03-02T23:30:00.000Z' : n === 2 ? null : undefined,
    }));
    renderAt('/category/Craftsman');
    const first = (await screen.findByRole('heading', { name: 'Company 1' })).closest('li')!;
    // 23:30 UTC is the next morning in Lagos.
    const badge = within(first).getByText('Verified since 3 March 2026').closest('.verified-badge')!;
    expect(badge).toHaveAttribute('title', 'Verified since 3 March 2026');
    expect(badge).toHaveTextContent('Verified');
    for (const name of ['Company 2', 'Company 3']) {
      const card = screen.getByRole('heading', { name }).closest('li')!;
      expect(within(card).queryByText(/Verified/)).not.toBeInTheDocument();
    }
  });

  it("says 'No Data Found' for a category without companies, and asks nothing for an unknown key", async () => {
    directory(0);
    renderAt('/sub-category/Plumber');
    expect(await screen.findByText('No Data Found')).toBeInTheDocument();
    expect(companyRequests[0]?.pathname).toBe('/api/jobs/getcompaniesbysubCategory/Plumber');

    companyRequests = [];
    renderAt('/category/nonsense-key');
    expect(await screen.findAllByText('No Data Found')).toHaveLength(2);
    expect(companyRequests).toHaveLength(0);
  });

  it('a card opens the profile with the spec navigation state', async () => {
    directory(1);
    const router = renderAt('/category/Craftsman');
    await userEvent.click(await screen.findByRole('link', { name: 'View More about Company 1' }));
    await screen.findByRole('heading', { name: 'profile' });
    expect(router.state.location.pathname).toBe('/company-profile/c-1');
    expect(router.state.location.state).toMatchObject({
      name: 'Company 1',
      companyId: 'c-1',
      description: '',
      photoUrl: null,
      type: 'company',
    });
  });

  it('Post Job carries the typed title and description to the job form', async () => {
    directory(0);
    const router = renderAt('/category/Craftsman');
    const form = await screen.findByRole('form', { name: /Get offers/ });
    await userEvent.type(within(form).getByLabelText('Title of the project'), 'Fix the kitchen sink');
    await userEvent.type(within(form).getByLabelText('What needs to be done'), 'It leaks & drips');
    await userEvent.click(within(form).getByRole('button', { name: 'Post Job' }));
    await screen.findByRole('heading', { name: 'job form' });
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('title')).toBe('Fix the kitchen sink');
    expect(params.get('description')).toBe('It leaks & drips');
  });

  it("renders the jobs remote's section with the page's kind and name", async () => {
    directory(0);
    renderAt('/category/plumber');
    expect(await screen.findByText('jobs section of subcategory:Plumber')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Explore the job of being a Plumber' })).toBeInTheDocument();
  });

  it('a failed directory read offers Try again', async () => {
    server.use(http.get('http://localhost/api/jobs/:path/:name', () => HttpResponse.error()));
    renderAt('/category/Services');
    expect(await screen.findByText(/could not be loaded/, {}, { timeout: 4000 })).toBeInTheDocument();
    directory(2);
    await act(async () => {
      await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    });
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Company 2' })).toBeInTheDocument());
  });
});

describe('State filter', () => {
  const stateSelect = () => screen.getByRole('combobox', { name: 'State' });

  it("is a labelled select of 'All states' and the 37 states, above the grid", async () => {
    directoryByState({ Lagos: 2 });
    renderAt('/sub-category/Plumber');
    await screen.findByRole('heading', { name: 'Lagos Company 1' });
    const select = stateSelect();
    expect(select.tagName).toBe('SELECT');
    expect(select).toHaveValue('');
    const options = within(select).getAllByRole('option');
    expect(options).toHaveLength(38);
    expect(options[0]).toHaveTextContent('All states');
    expect(options.map((o) => o.textContent)).toContain('Federal Capital Territory (FCT)');
    // Before the grid in reading (and tab) order.
    const grid = screen.getAllByRole('list').find((list) => list.classList.contains('company-grid'))!;
    expect(select.compareDocumentPosition(grid) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('choosing a state asks the directory for it from the first page and puts it in the address', async () => {
    directoryByState({ Lagos: 14, Kano: 3 });
    const router = renderAt('/sub-category/Plumber');
    await screen.findByRole('heading', { name: 'Lagos Company 1' });
    expect(screen.getByText('Showing 12 of 17 companies')).toBeInTheDocument();

    await userEvent.selectOptions(stateSelect(), 'Kano');
    await screen.findByRole('heading', { name: 'Kano Company 1' });
    expect(router.state.location.search).toBe('?state=Kano');
    expect(stateSelect()).toHaveValue('Kano');
    expect(screen.getByText('Showing 3 of 3 companies in Kano')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Lagos Company 1' })).not.toBeInTheDocument();
    expect(requested()).toEqual([
      ['/api/jobs/getcompaniesbysubCategory/Plumber', '1', null],
      ['/api/jobs/getcompaniesbysubCategory/Plumber', '1', 'Kano'],
    ]);
    // The card shows the state under the name.
    const card = screen.getByRole('heading', { name: 'Kano Company 1' }).closest('li')!;
    expect(within(card).getByText('Kano')).toBeInTheDocument();

    // Paging within a state keeps the state; another state starts again at page 1.
    await userEvent.selectOptions(stateSelect(), 'Lagos');
    await screen.findByRole('heading', { name: 'Lagos Company 1' });
    await userEvent.click(screen.getByRole('button', { name: 'Show 12 more' }));
    await screen.findByRole('heading', { name: 'Lagos Company 14' });
    expect(requested().slice(2)).toEqual([
      ['/api/jobs/getcompaniesbysubCategory/Plumber', '1', 'Lagos'],
      ['/api/jobs/getcompaniesbysubCategory/Plumber', '2', 'Lagos'],
    ]);
    expect(router.state.location.search).toBe('?state=Lagos');

    // 'All states' takes the state out of the address.
    await userEvent.selectOptions(stateSelect(), '');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await screen.findByText('Showing 12 of 17 companies');
  });

  it('a page opened with ?state= starts filtered (any casing, written canonically in the address)', async () => {
    directoryByState({ Lagos: 2, Kano: 1, 'Federal Capital Territory (FCT)': 1 });
    const router = renderAt('/sub-category/Plumber?state=kano');
    await screen.findByRole('heading', { name: 'Kano Company 1' });
    expect(stateSelect()).toHaveValue('Kano');
    await waitFor(() => expect(router.state.location.search).toBe('?state=Kano'));
    // Never the unfiltered list first.
    expect(requested()).toEqual([['/api/jobs/getcompaniesbysubCategory/Plumber', '1', 'Kano']]);

    companyRequests = [];
    const moved = renderAt('/category/plumber?state=FCT');
    await screen.findByRole('heading', { name: 'Federal Capital Territory (FCT) Company 1' });
    await waitFor(() => {
      expect(moved.state.location.pathname).toBe('/sub-category/Plumber');
      expect(new URLSearchParams(moved.state.location.search).get('state')).toBe(
        'Federal Capital Territory (FCT)',
      );
    });
    expect(requested()).toEqual([
      ['/api/jobs/getcompaniesbysubCategory/Plumber', '1', 'Federal Capital Territory (FCT)'],
    ]);
  });

  it('drops an unknown state from the address and lists every state', async () => {
    directoryByState({ Lagos: 1, Kano: 1 });
    const router = renderAt('/sub-category/Plumber?state=Atlantis');
    await screen.findByRole('heading', { name: 'Kano Company 1' });
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(stateSelect()).toHaveValue('');
    expect(requested()).toEqual([['/api/jobs/getcompaniesbysubCategory/Plumber', '1', null]]);
  });

  it("says 'No Data Found' for a state without companies and offers every state again", async () => {
    directoryByState({ Lagos: 2 });
    const router = renderAt('/sub-category/Plumber?state=Zamfara');
    expect(await screen.findByText('No Data Found')).toBeInTheDocument();
    expect(screen.getByText('No companies doing Plumber in Zamfara yet.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show all states' }));
    await screen.findByRole('heading', { name: 'Lagos Company 1' });
    expect(router.state.location.search).toBe('');
    expect(stateSelect()).toHaveValue('');
  });

  it('is a native select in the tab order (the browser gives it the keyboard), focused with Tab', async () => {
    directoryByState({ Lagos: 1 });
    renderAt('/sub-category/Plumber');
    await screen.findByRole('heading', { name: 'Lagos Company 1' });
    const select = stateSelect();
    expect(select).toBeEnabled();
    expect(select).not.toHaveAttribute('tabindex');
    // The control before it in tab order is the details block's last service link.
    const links = within(screen.getByRole('complementary')).getAllByRole('link');
    links[links.length - 1]!.focus();
    await userEvent.tab();
    expect(select).toHaveFocus();
  });

  it('shows no filter on a page of an unknown trade (nothing to filter)', async () => {
    directoryByState({ Lagos: 1 });
    renderAt('/category/nonsense-key');
    await screen.findAllByText('No Data Found');
    expect(screen.queryByRole('combobox', { name: 'State' })).not.toBeInTheDocument();
  });
});
