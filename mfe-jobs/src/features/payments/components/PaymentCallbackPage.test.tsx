import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { MemoryRouter } from 'react-router-dom';
import { MESSAGES } from '@marketplace/contracts';
import { BRAND } from '@marketplace/ui';
import { QueryProvider } from '@marketplace/ui/query';
const ORIGIN = 'http://localhost';
import { PaymentCallbackPage } from './PaymentCallbackPage';

const bodies: unknown[] = [];
const server = setupServer();

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
});
afterAll(() => server.close());
beforeEach(() => {
  bodies.length = 0;
});
afterEach(() => server.resetHandlers());

function verifyAnswers(...answers: { status: string; message: string; payment?: Record<string, unknown> }[]) {
  let i = 0;
  server.use(
    http.post(`${ORIGIN}/api/jobs/verifyPayment`, async ({ request }) => {
      bodies.push(await request.json());
      const answer = answers[Math.min(i++, answers.length - 1)];
      return HttpResponse.json({
        statusCode: 200,
        status: answer?.status,
        message: answer?.message,
        result: {
          job: 'job-7',
          jobId: 'job-7',
          applicantId: 'c1',
          posterId: 'p1',
          reference: 'ref-1',
          amount: 250000,
          currency: 'NGN',
          payment: answer?.payment ?? { jobTitle: 'Fix the roof' },
        },
      });
    }),
  );
}

function renderAt(search: string) {
  render(
    <QueryProvider>
      <MemoryRouter initialEntries={[`/payment/callback${search}`]}>
        <PaymentCallbackPage />
      </MemoryRouter>
    </QueryProvider>,
  );
}

describe('/payment/callback', () => {
  it('shows the loading text, then success with Start Conversation to /chat', async () => {
    verifyAnswers({ status: 'paid', message: MESSAGES.paymentVerifiedSuccessfully });
    renderAt('?trxref=ref-1&reference=ref-1');
    expect(screen.getByText(MESSAGES.loadingPaymentStatus)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: MESSAGES.paymentSuccessful })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: MESSAGES.startConversation })).toHaveAttribute('href', '/chat');
    expect(screen.getByText('₦2,500')).toBeInTheDocument();
    expect(bodies).toEqual([{ reference: 'ref-1' }]);
    // The tab says what happened, not "Loading payment status…".
    expect(document.title).toBe(`${MESSAGES.paymentSuccessful} | ${BRAND.name}`);
  });

  it('a failed payment shows the failure text and a way back', async () => {
    verifyAnswers({ status: 'failed', message: 'The payment was declined.' });
    renderAt('?reference=ref-1');
    expect(await screen.findByRole('heading', { name: MESSAGES.paymentFailedTryAgain })).toBeInTheDocument();
    expect(document.title).toBe(`${MESSAGES.paymentFailedTryAgain} | ${BRAND.name}`);
    expect(screen.getByRole('link', { name: 'Go to dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByRole('link', { name: MESSAGES.startConversation })).toBeNull();
  });

  it('a pending payment explains and can be checked again', async () => {
    verifyAnswers(
      { status: 'pending', message: 'Your payment for this job is not complete yet.' },
      { status: 'paid', message: MESSAGES.paymentVerifiedSuccessfully },
    );
    const user = userEvent.setup();
    renderAt('?reference=ref-1');
    expect(await screen.findByRole('heading', { name: 'Payment not confirmed yet' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Check again' }));
    expect(await screen.findByRole('heading', { name: MESSAGES.paymentSuccessful })).toBeInTheDocument();
    expect(bodies).toHaveLength(2);
  });

  it('a bank transfer on its way: waits with the amount, the account and the time left, then shows the unlock', async () => {
    const transferPayment = {
      _id: 'pay-1',
      reference: 'ref-1',
      jobId: 'job-7',
      amount: 250000,
      currency: 'NGN',
      status: 'pending',
      progress: 'pending',
      createdAt: new Date().toISOString(),
      paidAt: null,
      jobTitle: 'Fix the roof',
      refund: null,
      channel: 'bank_transfer',
      method: 'sandbox',
      expiresAt: new Date(Date.now() + 30 * 60_000).toISOString(),
    };
    verifyAnswers(
      {
        status: 'pending',
        message: 'Your payment for this job is not complete yet.',
        payment: transferPayment,
      },
      { status: 'paid', message: MESSAGES.paymentVerifiedSuccessfully },
    );
    const statuses = [
      { ...transferPayment },
      { ...transferPayment, status: 'paid', progress: 'paid', paidAt: new Date().toISOString() },
    ];
    let polls = 0;
    server.use(
      http.get(`${ORIGIN}/api/payments/status/ref-1`, () => {
        const payment = statuses[Math.min(polls++, statuses.length - 1)]!;
        const pending = payment.progress === 'pending';
        return HttpResponse.json({
          statusCode: 200,
          payment,
          secondsLeft: pending ? 29 * 60 + 5 : null,
          windowMinutes: 30,
          transfer: pending
            ? {
                bankName: 'Sandbox Test Bank',
                accountNumber: '9900112233',
                accountName: 'Marketplace Sandbox',
              }
            : null,
        });
      }),
    );
    renderAt('?reference=ref-1');
    expect(await screen.findByRole('heading', { name: 'Waiting for your transfer' })).toBeInTheDocument();
    expect(await screen.findByText('9900112233')).toBeInTheDocument();
    expect(screen.getAllByText('₦2,500').length).toBeGreaterThan(0);
    expect(screen.getByText('29:05')).toBeInTheDocument();
    // The tab comes back into view: it looks again at once, and the bank has confirmed.
    document.dispatchEvent(new Event('visibilitychange'));
    expect(await screen.findByRole('heading', { name: MESSAGES.paymentSuccessful })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View the job' })).toHaveAttribute(
      'href',
      '/jobs?q=Fix%20the%20roof',
    );
    expect(polls).toBe(2);
    expect(bodies).toHaveLength(2);
  });

  it('a missing or malformed reference says so and calls nothing', async () => {
    renderAt('');
    expect(screen.getByRole('heading', { name: MESSAGES.invalidPaymentReference })).toBeInTheDocument();
    expect(bodies).toEqual([]);
  });
});
