import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { Company, ReviewListResponse } from '@marketplace/contracts';
import { keepPrerenderedPage, resetApiForTests, resetPrerenderedPageForTests } from '@marketplace/ui';
import { queryClient } from '@marketplace/ui/query';
import { CompanyProfilePage } from './CompanyProfilePage';

const server = setupServer();
const ACME: Company = {
  _id: 'c-1',
  name: 'Acme Plumbing Ltd',
  email: 'acme@example.com',
  phoneNumber: '+234 803 000 0000',
  address: '12 Allen Avenue, Ikeja',
  state: 'Lagos',
  pincode: '100271',
  subcategory: ['Plumber', 'Tiler'],
  description: 'Plumbing since 2009.',
  photoUrl: null,
  type: 'company',
  rating: { average: 4.5, count: 2 },
};

function answers(company: Company | null, reviews: ReviewListResponse['reviews'] = []) {
  server.use(
    http.get('http://localhost/api/accounts/companies/:id', () =>
      company
        ? HttpResponse.json({ statusCode: 200, company })
        : HttpResponse.json({ statusCode: 404, message: 'Not found' }, { status: 404 }),
    ),
    http.get('http://localhost/api/jobs/getreviews/:id', () =>
      HttpResponse.json({ statusCode: 200, reviews, rating: { average: 4.5, count: reviews.length } }),
    ),
  );
}

function renderAt(path: string, state?: object) {
  const router = createMemoryRouter(
    [
      { path: '/company-profile', element: <CompanyProfilePage /> },
      { path: '/company-profile/:id', element: <CompanyProfilePage /> },
    ],
    { initialEntries: [{ pathname: path, state }] },
  );
  render(<RouterProvider router={router} />);
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  resetApiForTests();
  queryClient.clear();
});
afterEach(() => server.resetHandlers());

describe('company profile', () => {
  it('shows the company, its call button, services and reviews with reviewer, job and date', async () => {
    answers(ACME, [
      {
        _id: 'r-1',
        review: 'Fixed the leak in an hour.',
        rating: 5,
        userId: { _id: 'u-1', name: 'Ada Obi', avatar: null },
        jobId: { _id: 'j-1', title: 'Kitchen sink leak' },
        dateOfReview: '2026-11-20T10:00:00.000Z',
      },
    ]);
    renderAt('/company-profile/c-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Acme Plumbing Ltd' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get call from the company' })).toHaveAttribute(
      'href',
      'tel:+2348030000000',
    );
    expect(screen.getByRole('link', { name: 'Tiler' })).toHaveAttribute('href', '/sub-category/Tiler');
    expect(await screen.findByText('Fixed the leak in an hour.')).toBeInTheDocument();
    expect(screen.getByText('Ada Obi')).toBeInTheDocument();
    expect(screen.getByText(/Kitchen sink leak · 20 November 2026/)).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Customer reviews' })).getByLabelText('5 out of 5 stars'),
    ).toBeInTheDocument();
  });

  it('titles the page by the company once it has loaded, with its description and its one address', async () => {
    answers(ACME);
    renderAt('/company-profile/c-1');
    await screen.findByRole('heading', { level: 1, name: 'Acme Plumbing Ltd' });
    await waitFor(() => expect(document.title).toBe('Acme Plumbing Ltd | Naija Marketplace'));
    expect(document.head.querySelector('meta[name="description"]')).toHaveAttribute(
      'content',
      'Plumbing since 2009.',
    );
    expect(document.head.querySelector('link[rel="canonical"]')).toHaveAttribute(
      'href',
      'http://localhost/company-profile/c-1',
    );
  });

  it('says how fast the company usually replies under its rating, and nothing without a figure', async () => {
    answers({ ...ACME, replyMinutes: 30 });
    renderAt('/company-profile/c-1');
    await screen.findByRole('heading', { level: 1, name: 'Acme Plumbing Ltd' });
    expect(screen.getByText('Usually replies within an hour')).toHaveClass('profile-reply');
  });

  it('shows the Verified badge with its date under the name of a verified company, and none otherwise', async () => {
    answers({ ...ACME, verifiedAt: '2026-01-15T10:00:00.000Z' });
    renderAt('/company-profile/c-1');
    await screen.findByRole('heading', { level: 1, name: 'Acme Plumbing Ltd' });
    const badge = screen.getByTitle('Verified since 15 January 2026');
    expect(badge).toHaveTextContent('VerifiedVerified since 15 January 2026');
    expect(badge.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
  });

  it('shows no badge for a company that is not verified (or whose answer predates the field)', async () => {
    for (const verifiedAt of [null, undefined]) {
      answers({ ...ACME, verifiedAt });
      renderAt('/company-profile/c-1');
      await screen.findByRole('heading', { level: 1, name: 'Acme Plumbing Ltd' });
      expect(screen.queryByText(/Verified/)).not.toBeInTheDocument();
      cleanup();
    }
  });

  it('shows no reply time for a company with too little data', async () => {
    answers({ ...ACME, replyMinutes: null });
    renderAt('/company-profile/c-1');
    await screen.findByRole('heading', { level: 1, name: 'Acme Plumbing Ltd' });
    expect(screen.queryByText(/Usually replies/)).not.toBeInTheDocument();
  });

  it('lists the address, the state and the postal code', async () => {
    answers(ACME);
    renderAt('/company-profile/c-1');
    await screen.findByRole('heading', { level: 1, name: 'Acme Plumbing Ltd' });
    const facts = [...document.querySelectorAll('.profile-facts dt, .profile-facts dd')];
    expect(facts.map((cell) => cell.textContent)).toEqual([
      'Address',
      '12 Allen Avenue, Ikeja',
      'State',
      'Lagos',
      'Postal code',
      '100271',
    ]);
  });

  it('a company without a state shows no empty state row', async () => {
    answers({ ...ACME, state: null });
    renderAt('/company-profile/c-1');
    await screen.findByRole('heading', { level: 1, name: 'Acme Plumbing Ltd' });
    expect(screen.queryByText('State')).not.toBeInTheDocument();
    expect(screen.getByText('Postal code')).toBeInTheDocument();
  });

  it("shows 5 review skeletons, then 'No reviews yet.'", async () => {
    answers(ACME, []);
    renderAt('/company-profile/c-1', { name: 'Acme (from card)', companyId: 'c-1' });
    expect(screen.getByLabelText('Loading reviews').querySelectorAll('li')).toHaveLength(5);
    expect(await screen.findByText('No reviews yet.')).toBeInTheDocument();
  });

  it('opened by its address, the introduction waits as a skeleton and the reviews and contact come with it (no layout shift)', async () => {
    answers(ACME, []);
    renderAt('/company-profile/c-1');
    expect(screen.getByLabelText('Loading the company')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Reviews' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Contact' })).toBeNull();
    expect(await screen.findByText('Plumbing since 2009.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Reviews' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Contact' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Loading the company')).toBeNull();
    expect(await screen.findByText('No reviews yet.')).toBeInTheDocument();
  });

  it("opened by its address, the edge's picture of the profile stays until the company is here, not a skeleton", async () => {
    let answer!: () => void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    answers(ACME, []);
    server.use(
      http.get('http://localhost/api/accounts/companies/:id', async () => {
        await held;
        return HttpResponse.json({ statusCode: 200, company: ACME });
      }),
    );
    window.history.replaceState(null, '', '/company-profile/c-1');
    const root = document.createElement('div');
    root.innerHTML =
      '<div class="crawler-summary" data-look="profile"><header><a href="/">Naija Marketplace</a></header>' +
      '<main><div class="crawler-summary__hero"><div class="crawler-summary__inner">' +
      '<div class="crawler-summary__photo" aria-hidden="true"><span>AP</span></div>' +
      '<div class="crawler-summary__copy"><h1>Acme Plumbing Ltd</h1></div></div></div></main></div>';
    keepPrerenderedPage(root);
    try {
      renderAt('/company-profile/c-1');
      expect(document.querySelector('.ui-prerendered h1')).toHaveTextContent('Acme Plumbing Ltd');
      expect(screen.queryByLabelText('Loading the company')).toBeNull();
      expect(screen.getByRole('status')).toHaveTextContent('Loading page');
      answer();
      expect(await screen.findByText('Plumbing since 2009.')).toBeInTheDocument();
      expect(document.querySelector('.ui-prerendered')).toBeNull();
      expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    } finally {
      resetPrerenderedPageForTests();
      window.history.replaceState(null, '', '/');
    }
  });

  it('the spec address without an id reads the company id from navigation state', async () => {
    answers(ACME);
    renderAt('/company-profile', { name: 'Acme (from card)', companyId: 'c-1' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Acme (from card)');
    expect(await screen.findByRole('heading', { level: 1, name: 'Acme Plumbing Ltd' })).toBeInTheDocument();
  });

  it('a company that is gone, or no id at all, says so', async () => {
    answers(null);
    renderAt('/company-profile/gone');
    expect(await screen.findByRole('heading', { name: 'Company not found' })).toBeInTheDocument();
  });
});
