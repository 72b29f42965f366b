import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router-dom';
import { DISPUTE_RULE_SUMMARY, jobFullMessage } from '@marketplace/contracts';
import { Toasts } from '@marketplace/ui';
import { QueryProvider } from '@marketplace/ui/query';
import {
  account,
  createJobsServer,
  installMatchMedia,
  jobDetail,
  jobSummary,
  ORIGIN,
  PAYMENT_TERMS,
  POSTER_CONTACT,
  resetPage,
  signInAs,
  type FakeJobsApi,
} from '../testing/fixtures';
import { checkout } from '../api/unlock';
import { JobModal } from './JobModal';

const state: FakeJobsApi = { all: [], details: {}, requests: [] };
const server = createJobsServer(state);
const job = jobSummary(7);

const assign = jest.fn();
const bodies: unknown[] = [];

beforeAll(() => {
  installMatchMedia();
  server.listen({ onUnhandledRequest: 'error' });
  jest.spyOn(checkout, 'go').mockImplementation(assign);
});
afterAll(() => server.close());
beforeEach(async () => {
  await resetPage();
  state.details = { [job._id]: jobDetail(job) };
  state.requests = [];
  bodies.length = 0;
  assign.mockReset();
  signInAs(account('company'));
});
afterEach(() => server.resetHandlers());

function renderModal() {
  render(
    <QueryProvider>
      <MemoryRouter>
        <Toasts />
        <JobModal job={job} onClose={jest.fn()} />
      </MemoryRouter>
    </QueryProvider>,
  );
}

function answerInitialize(status: number, body: Record<string, unknown>) {
  server.use(
    http.post(`${ORIGIN}/api/jobs/initializePayment`, async ({ request }) => {
      bodies.push(await request.json());
      return HttpResponse.json(body, { status });
    }),
  );
}

describe('unlocking a job', () => {
  it('shows the price in naira, the places left and the refund rule before paying', async () => {
    renderModal();
    expect(await screen.findByText('₦2,500 (one-off)')).toBeInTheDocument();
    expect(screen.getByText('3 of 5 companies')).toBeInTheDocument();
    expect(screen.getByText(PAYMENT_TERMS.refundRule)).toBeInTheDocument();
    expect(screen.getByText('Test mode: no real money is charged.')).toBeInTheDocument();
    // The dispute rule, before payment, with the way to the terms' section.
    const dispute = screen.getByText(
      (_, element) => element?.textContent === `${DISPUTE_RULE_SUMMARY} The rules`,
    );
    expect(within(dispute).getByRole('link', { name: 'The rules' })).toHaveAttribute(
      'href',
      '/termsandcondition#disputing-a-bad-lead',
    );
  });

  it('a full job says so and cannot be paid for', async () => {
    server.use(
      http.get(`${ORIGIN}/api/payments/terms`, () =>
        HttpResponse.json({ ...PAYMENT_TERMS, unlockCount: 5, placesLeft: 0, available: false }),
      ),
    );
    renderModal();
    expect(await screen.findByText(jobFullMessage(5))).toBeInTheDocument();
    expect(screen.getByText('0 of 5 companies')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unlock Information and Chat' })).toBeDisabled();
  });

  it("sends the job id and the company's own e-mail (the checkout's payer), then the browser to authorization_url", async () => {
    answerInitialize(200, {
      statusCode: 200,
      message: 'Authorization URL created',
      status: 'pending',
      authorization_url: 'https://checkout.example/pay/abc',
      access_code: 'abc',
      reference: 'ref-1',
    });
    const user = userEvent.setup();
    renderModal();
    await screen.findByText('₦2,500 (one-off)');
    await user.click(screen.getByRole('button', { name: 'Unlock Information and Chat' }));
    await screen.findByRole('button', { name: 'Starting payment…' });
    await new Promise((r) => setTimeout(r, 0));
    expect(bodies).toEqual([{ jobId: job._id, email: 'company@example.ng' }]);
    expect(assign).toHaveBeenCalledWith('https://checkout.example/pay/abc');
  });

  it('already paid: says so and refreshes the job, whose contact is now shown', async () => {
    answerInitialize(200, {
      statusCode: 200,
      message: 'You have already unlocked this job.',
      status: 'paid',
      authorization_url: null,
      access_code: null,
      reference: 'ref-1',
    });
    const user = userEvent.setup();
    renderModal();
    await screen.findByText('₦2,500 (one-off)');
    state.details[job._id] = jobDetail(job, {
      contactLocked: false,
      paymentInfo: { status: 'paid' },
      ...POSTER_CONTACT,
    });
    await user.click(screen.getByRole('button', { name: 'Unlock Information and Chat' }));
    expect(await screen.findByRole('link', { name: 'Start Conversation' })).toHaveAttribute('href', '/chat');
    expect(assign).not.toHaveBeenCalled();
  });

  it('a refusal (409 full) shows the server message and unlocks nothing', async () => {
    answerInitialize(409, { statusCode: 409, message: jobFullMessage(5) });
    const user = userEvent.setup();
    renderModal();
    await screen.findByText('₦2,500 (one-off)');
    await user.click(screen.getByRole('button', { name: 'Unlock Information and Chat' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(jobFullMessage(5));
    expect(assign).not.toHaveBeenCalled();
    expect(screen.queryByRole('link', { name: 'Start Conversation' })).toBeNull();
  });
});
