import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MemoryRouter, useLocation } from 'react-router-dom';
import {
  addCalendarDays,
  lagosToday,
  OFFER_MESSAGES,
  type Company,
  type Offer,
  type OfferListResponse,
} from '@marketplace/contracts';
import { Toasts } from '@marketplace/ui';
import { QueryProvider } from '@marketplace/ui/query';
import {
  account,
  api,
  createMyJobsServer,
  errorResponse,
  findToast,
  freshApi,
  installMatchMedia,
  job,
  resetPage,
  signInAs,
} from '../../../shared/testing/my-jobs-api';
import { DashboardPage } from './DashboardPage';
import { NO_REPLY_TIME, NO_REVIEWS } from './OffersModal';

const state = freshApi();
const server = createMyJobsServer(state);
const poster = account('user');

/** The offers API as the jobs service answers the poster, and the companies' public profiles. */
interface OffersState {
  offers: Offer[];
  hiredCompanyId: string | null;
  undoUntil: string | null;
  companies: Record<string, Company>;
  refuseAccept?: string;
}
let offersState: OffersState;

const inDays = (days: number) => addCalendarDays(lagosToday(), days);

function offer(n: number, extra: Partial<Offer> = {}): Offer {
  return {
    _id: `offer-${n}`,
    jobId: 'job-1',
    company: { _id: `company-${n}`, name: `Company ${n}` },
    priceNaira: 45_000,
    startDate: inDays(5),
    validUntil: '2026-12-10T09:00:00.000Z',
    note: '',
    status: 'active',
    createdAt: '2026-11-28T09:00:00.000Z',
    decidedAt: null,
    ...extra,
  };
}

function company(n: number, extra: Partial<Company> = {}): Company {
  return {
    _id: `company-${n}`,
    name: `Company ${n}`,
    email: `c${n}@example.ng`,
    phoneNumber: null,
    address: null,
    pincode: null,
    subcategory: ['Plumber'],
    description: null,
    photoUrl: null,
    type: 'company',
    rating: { average: 0, count: 0 },
    replyMinutes: null,
    ...extra,
  };
}

const listBody = (): OfferListResponse => ({
  statusCode: 200,
  offers: offersState.offers,
  hiredCompanyId: offersState.hiredCompanyId,
  undoUntil: offersState.undoUntil,
});

beforeAll(() => {
  installMatchMedia();
  server.listen({ onUnhandledRequest: 'error' });
});
afterAll(() => server.close());
beforeEach(async () => {
  await resetPage();
  Object.assign(state, freshApi());
  offersState = {
    offers: [
      offer(1, { priceNaira: 45_000, note: 'We bring the pipes.' }),
      offer(2, { priceNaira: null, startDate: inDays(3) }),
      offer(3, { status: 'replaced', priceNaira: 99_000 }),
    ],
    hiredCompanyId: null,
    undoUntil: null,
    companies: {
      'company-1': company(1, { rating: { average: 4.5, count: 3 }, replyMinutes: 95 }),
      'company-2': company(2),
    },
  };
  state.posted = [
    job(1, { jobHeading: 'Fix the roof', unlockCount: 2, offerCount: 2 }),
    job(2, { jobHeading: 'Paint the fence', unlockCount: 1, offerCount: 0 }),
  ];
  server.use(
    http.get(api('/api/jobs/offers/job/:jobId'), ({ request }) => {
      state.calls.push({ method: 'GET', path: new URL(request.url).pathname, csrf: null });
      return HttpResponse.json(listBody());
    }),
    http.get(api('/api/accounts/companies/:id'), ({ params }) => {
      const found = offersState.companies[String(params.id)];
      if (!found) return errorResponse(404, 'Company not found');
      return HttpResponse.json({ statusCode: 200, company: found });
    }),
    http.post(api('/api/jobs/offers/:offerId/accept'), ({ request, params }) => {
      state.calls.push({
        method: 'POST',
        path: new URL(request.url).pathname,
        csrf: request.headers.get('x-csrf-token'),
      });
      if (offersState.refuseAccept) return errorResponse(409, offersState.refuseAccept);
      const accepted = offersState.offers.find((o) => o._id === params.offerId)!;
      offersState.offers = offersState.offers.map((o) =>
        o._id === accepted._id
          ? { ...o, status: 'accepted' }
          : o.status === 'active'
            ? { ...o, status: 'declined' }
            : o,
      );
      offersState.hiredCompanyId = accepted.company._id;
      offersState.undoUntil = accepted.startDate;
      return HttpResponse.json({ ...listBody(), resultMessage: { en: OFFER_MESSAGES.accepted } });
    }),
    http.post(api('/api/jobs/offers/job/:jobId/undo-hire'), ({ request }) => {
      state.calls.push({ method: 'POST', path: new URL(request.url).pathname, csrf: null });
      offersState.offers = offersState.offers.map((o) =>
        o.status === 'accepted' || o.status === 'declined' ? { ...o, status: 'active' } : o,
      );
      offersState.hiredCompanyId = null;
      offersState.undoUntil = null;
      return HttpResponse.json({ ...listBody(), resultMessage: { en: OFFER_MESSAGES.unaccepted } });
    }),
  );
});
afterEach(() => server.resetHandlers());

function Address() {
  const location = useLocation();
  return <output data-testid="address">{location.pathname + location.search}</output>;
}

function renderDashboard(path = '/dashboard') {
  signInAs(poster);
  render(
    <QueryProvider>
      <MemoryRouter initialEntries={[path]}>
        <Toasts />
        <DashboardPage />
        <Address />
      </MemoryRouter>
    </QueryProvider>,
  );
}

const dialog = () => screen.findByRole('dialog', { name: 'Offers' }, { timeout: 5000 });
const cards = (d: HTMLElement) =>
  within(within(d).getByRole('list', { name: 'Offers' })).getAllByRole('listitem');

describe("the poster's offers", () => {
  it('a job with offers shows "Offers (n)"; they open side by side with the companies\' profiles', async () => {
    const user = userEvent.setup();
    renderDashboard();
    const offersButton = await screen.findByRole(
      'button',
      { name: 'Offers (2) for Fix the roof' },
      { timeout: 5000 },
    );
    expect(offersButton).toHaveTextContent('Offers (2)');
    expect(screen.queryByRole('button', { name: /Offers \(0\)/ })).toBeNull();
    await user.click(offersButton);
    const d = await dialog();
    expect(within(d).getByText('Fix the roof')).toBeInTheDocument();
    // The replaced offer is history: two cards.
    await waitFor(() => expect(within(d).getAllByText(/out of 5|No reviews yet/)).toHaveLength(2));
    const [first, second] = cards(d) as [HTMLElement, HTMLElement];
    expect(within(first).getByRole('link', { name: 'Company 1' })).toHaveAttribute(
      'href',
      '/company-profile/company-1',
    );
    expect(first).toHaveTextContent('₦45,000');
    expect(first).toHaveTextContent('4.5 out of 5 · 3 reviews');
    expect(first).toHaveTextContent('Usually replies within 2 hours');
    expect(first).toHaveTextContent('We bring the pipes.');
    expect(second).toHaveTextContent(OFFER_MESSAGES.byInspection);
    expect(second).toHaveTextContent(NO_REVIEWS);
    expect(second).toHaveTextContent(NO_REPLY_TIME);
    expect(second).not.toHaveTextContent('₦99,000');
  });

  it('accepts one by keyboard after a confirmation; the hired card is marked and the hire can be undone', async () => {
    const user = userEvent.setup();
    renderDashboard();
    (await screen.findByRole('button', { name: 'Offers (2) for Fix the roof' }, { timeout: 5000 })).focus();
    await user.keyboard('{Enter}');
    const d = await dialog();
    const accept = await within(d).findByRole('button', { name: 'Accept the offer of Company 2' });
    accept.focus();
    await user.keyboard('{Enter}');
    const confirm = within(d).getByRole('group', { name: 'Hire Company 2?' });
    expect(confirm).toHaveTextContent(`Hire Company 2 for ${OFFER_MESSAGES.byInspection}?`);
    const yes = within(confirm).getByRole('button', { name: 'Yes, hire Company 2' });
    await waitFor(() => expect(yes).toHaveFocus());
    await user.keyboard('{Enter}');
    expect(await findToast(OFFER_MESSAGES.accepted)).toMatchObject({ kind: 'success' });
    expect(state.calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      '/api/jobs/offers/offer-2/accept',
    ]);
    expect(state.calls.find((c) => c.method === 'POST')?.csrf).toBe('csrf-1');
    const hired = cards(d).find((card) => card.textContent?.includes('Company 2'))!;
    expect(within(hired).getByText('Hired')).toBeInTheDocument();
    expect(cards(d)[0]).toBe(hired);
    const other = cards(d).find((card) => card.textContent?.includes('Company 1'))!;
    expect(within(other).getByText('Not chosen')).toBeInTheDocument();
    expect(within(d).queryByRole('button', { name: /^Accept the offer/ })).toBeNull();
    expect(d).toHaveTextContent('You hired Company 2. You can undo the hire until');
    await waitFor(() => expect(within(d).getByText(/You hired Company 2/)).toHaveFocus());

    await user.click(within(hired).getByRole('button', { name: 'Undo hire' }));
    expect(await findToast(OFFER_MESSAGES.unaccepted)).toMatchObject({ kind: 'success' });
    expect(await within(d).findAllByRole('button', { name: /^Accept the offer/ })).toHaveLength(2);
    expect(within(d).queryByText('Hired')).toBeNull();
  });

  it('Cancel leaves the offer as it was; a refused accept says why', async () => {
    const user = userEvent.setup();
    offersState.refuseAccept = OFFER_MESSAGES.notActive;
    renderDashboard();
    await user.click(
      await screen.findByRole('button', { name: 'Offers (2) for Fix the roof' }, { timeout: 5000 }),
    );
    const d = await dialog();
    await user.click(await within(d).findByRole('button', { name: 'Accept the offer of Company 1' }));
    await user.click(within(d).getByRole('button', { name: 'Cancel' }));
    expect(within(d).queryByRole('group')).toBeNull();
    expect(state.calls.some((c) => c.method === 'POST')).toBe(false);
    await user.click(within(d).getByRole('button', { name: 'Accept the offer of Company 1' }));
    await user.click(within(d).getByRole('button', { name: 'Yes, hire Company 1' }));
    expect(await findToast(OFFER_MESSAGES.notActive)).toMatchObject({ kind: 'error' });
  });

  it('no Undo hire once work has started (the start date is today)', async () => {
    offersState.offers = [
      offer(1, { status: 'accepted', startDate: lagosToday() }),
      offer(2, { status: 'declined' }),
    ];
    offersState.hiredCompanyId = 'company-1';
    offersState.undoUntil = lagosToday();
    const user = userEvent.setup();
    renderDashboard();
    await user.click(
      await screen.findByRole('button', { name: 'Offers (2) for Fix the roof' }, { timeout: 5000 }),
    );
    const d = await dialog();
    expect(await within(d).findByText('Hired')).toBeInTheDocument();
    expect(within(d).queryByRole('button', { name: 'Undo hire' })).toBeNull();
    expect(d).toHaveTextContent('You hired Company 1.');
  });

  it("/dashboard?offers=<jobId> opens that job's offers; closing takes the address back", async () => {
    const user = userEvent.setup();
    renderDashboard('/dashboard?offers=job-1');
    const d = await dialog();
    expect(await within(d).findByRole('link', { name: 'Company 1' })).toBeInTheDocument();
    expect(state.calls.some((c) => c.path === '/api/jobs/offers/job/job-1')).toBe(true);
    await user.click(within(d).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByTestId('address')).toHaveTextContent(/^\/dashboard$/);
  });

  it("a job that is not the poster's says so in the dialog", async () => {
    server.use(
      http.get(api('/api/jobs/offers/job/:jobId'), () =>
        errorResponse(404, 'This job does not exist or is no longer available.'),
      ),
    );
    renderDashboard('/dashboard?offers=someone-elses');
    const d = await dialog();
    expect(
      await within(d).findByText('This job does not exist or is no longer available.', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
  });
});
