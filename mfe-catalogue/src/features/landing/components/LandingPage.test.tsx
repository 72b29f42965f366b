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
import { resolveLanding } from '../landing-copy';

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

function directory(total: number, pageSize = 12) {
  server.use(
    http.get('http://localhost/api/jobs/:path/:name', ({ request }) => {
      const url = new URL(request.url);
      companyRequests.push(url);
      const page = Number(url.searchParams.get('page') ?? 1);
      const start = (page - 1) * pageSize;
      const count = Math.max(0, Math.min(pageSize, total - start));
      const body: CompanyListResponse = {
        company: Array.from({ length: count }, (_, i) => company(start + i + 1)),
        page,
        limit: pageSize,
        total,
      };
      return HttpResponse.json(body);
    }),
  );
}

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
