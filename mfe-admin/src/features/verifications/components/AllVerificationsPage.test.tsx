import { act, render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import {
  VERIFICATION_MESSAGES,
  type AdminVerification,
  type VerificationDecisionBody,
} from '@marketplace/contracts';
import { dismissToasts, resetApiForTests, Toasts } from '@marketplace/ui';
import { AllVerificationsPage } from './AllVerificationsPage';
import { steppedUser, onSteppedClock } from '@marketplace/ui/testing/clock';

// The page's own waits (skeletons, pauses, polls) stepped over, not sat through.
onSteppedClock();

const API = 'http://localhost/api/user/verifications';
const uuid = (prefix: string, n: number) => `${prefix}0000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function verification(i: number, overrides: Partial<AdminVerification> = {}): AdminVerification {
  return {
    _id: uuid('a', i),
    cacNumber: `RC12345${i}`,
    status: 'requested',
    reason: null,
    createdAt: '2026-11-20T09:00:00.000Z',
    decidedAt: null,
    certificateType: 'image/webp',
    company: {
      _id: uuid('c', i),
      name: `Company ${i}`,
      email: `company${i}@example.ng`,
      registeredCacNumber: `RC12345${i}`,
      verifiedAt: null,
    },
    registry: {
      outcome: 'not-connected',
      message: VERIFICATION_MESSAGES.registryNotConnected,
    },
    decidedBy: null,
    ...overrides,
  };
}

let verifications: AdminVerification[] = [];
let requests: URLSearchParams[] = [];
let decisions: Array<{ id: string; body: VerificationDecisionBody; csrf: string | null }> = [];

const server = setupServer(
  http.get(API, ({ request }) => {
    const params = new URL(request.url).searchParams;
    requests.push(params);
    return HttpResponse.json({
      statusCode: 200,
      verifications,
      page: 1,
      limit: 10,
      total: verifications.length,
    });
  }),
  http.post(`${API}/:id/decision`, async ({ request, params }) => {
    const body = (await request.json()) as VerificationDecisionBody;
    const id = String(params.id);
    decisions.push({ id, body, csrf: request.headers.get('x-csrf-token') });
    const status =
      body.decision === 'approve' ? 'approved' : body.decision === 'refuse' ? 'refused' : 'revoked';
    const verifiedAt = status === 'approved' ? '2026-11-28T10:00:00.000Z' : null;
    verifications = verifications.map((v) =>
      v._id === id
        ? {
            ...v,
            status,
            reason: body.reason ?? null,
            decidedAt: '2026-11-28T10:00:00.000Z',
            company: { ...v.company, verifiedAt },
          }
        : v,
    );
    const decided = verifications.find((v) => v._id === id)!;
    return HttpResponse.json({
      statusCode: 200,
      message: VERIFICATION_MESSAGES[status],
      verification: decided,
    });
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
  verifications = [];
  requests = [];
  decisions = [];
  resetApiForTests();
  document.cookie = 'mp_csrf=csrf-admin; path=/';
  await act(async () => dismissToasts());
});
afterEach(() => server.resetHandlers());

function renderQueue(path = '/allverifications') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/allverifications', element: <AllVerificationsPage /> }], {
    initialEntries: [path],
  });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
      <Toasts />
    </QueryClientProvider>,
  );
  return router;
}

const findCards = () => screen.findAllByRole('article', {}, { timeout: 5000 });

describe('AllVerificationsPage (Company verification)', () => {
  it('shows each request with the company, its CAC number, the registry answer and the certificate link', async () => {
    verifications = [
      verification(1, {
        cacNumber: 'BN7654321',
        certificateType: 'application/pdf',
        registry: { outcome: 'found', message: 'Found in the registry: Company One Ltd (ACTIVE).' },
      }),
      verification(2),
    ];
    renderQueue();
    const [first, second] = await findCards();
    const card = within(first!);
    expect(card.getByRole('heading', { level: 2 })).toHaveTextContent('Company 1');
    expect(card.getByText('BN7654321')).toBeInTheDocument();
    expect(card.getByText('(registered with RC123451)')).toBeInTheDocument();
    expect(card.getByText('Found in the registry: Company One Ltd (ACTIVE).')).toBeInTheDocument();
    const link = card.getByRole('link', { name: /Open the certificate of Company 1 \(PDF/ });
    expect(link).toHaveAttribute('href', `/api/user/verifications/${uuid('a', 1)}/certificate`);
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(second!).getByText(VERIFICATION_MESSAGES.registryNotConnected)).toBeInTheDocument();
    expect(within(second!).getByRole('button', { name: 'Approve Company 2' })).toBeInTheDocument();
    expect(requests[0]?.get('page')).toBe('1');
  });

  it('approves by keyboard after confirming; the card then offers Revoke', async () => {
    verifications = [verification(1)];
    const user = steppedUser();
    renderQueue();
    await findCards();
    screen.getByRole('button', { name: 'Approve Company 1' }).focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Approve this company' });
    await user.click(within(dialog).getByRole('button', { name: 'Approve and verify' }));
    await waitFor(() =>
      expect(decisions).toEqual([{ id: uuid('a', 1), body: { decision: 'approve' }, csrf: 'csrf-admin' }]),
    );
    expect(await screen.findByText(VERIFICATION_MESSAGES.approved)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Revoke Company 1' })).toBeInTheDocument();
    expect(screen.getByTitle('Verified since 28 November 2026')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve Company 1' })).toBeNull();
  });

  it('asks the reason of a refusal, which the company will read', async () => {
    verifications = [verification(1)];
    const user = steppedUser();
    renderQueue();
    await findCards();
    await user.click(screen.getByRole('button', { name: 'Refuse Company 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refuse this request' });
    await user.click(within(dialog).getByRole('button', { name: 'Refuse the request' }));
    expect(await within(dialog).findByText(VERIFICATION_MESSAGES.reasonRequired)).toBeInTheDocument();
    const reason = within(dialog).getByRole('textbox', { name: /Reason/ });
    expect(reason).toHaveFocus();
    expect(decisions).toEqual([]);
    await user.type(reason, 'The certificate is unreadable.');
    await user.click(within(dialog).getByRole('button', { name: 'Refuse the request' }));
    await waitFor(() =>
      expect(decisions[0]?.body).toEqual({ decision: 'refuse', reason: 'The certificate is unreadable.' }),
    );
    const [card] = await findCards();
    await waitFor(() =>
      expect(within(card!).getByText('The certificate is unreadable.')).toBeInTheDocument(),
    );
    expect(within(card!).queryByRole('button')).toBeNull();
  });

  it('revokes a verified company with a reason', async () => {
    verifications = [
      verification(1, {
        status: 'approved',
        decidedAt: '2026-11-21T10:00:00.000Z',
        company: { ...verification(1).company, verifiedAt: '2026-11-21T10:00:00.000Z' },
      }),
    ];
    const user = steppedUser();
    renderQueue();
    await findCards();
    await user.click(screen.getByRole('button', { name: 'Revoke Company 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke the verification' });
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'The certificate was forged.');
    await user.click(within(dialog).getByRole('button', { name: 'Revoke the badge' }));
    await waitFor(() =>
      expect(decisions[0]?.body).toEqual({ decision: 'revoke', reason: 'The certificate was forged.' }),
    );
    expect(await screen.findByText(VERIFICATION_MESSAGES.revoked)).toBeInTheDocument();
  });

  it('says when the queue is empty, and when a load failed (then tries again)', async () => {
    let calls = 0;
    server.use(
      http.get(API, () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json({ statusCode: 500, errorMessage: 'boom' }, { status: 500 })
          : HttpResponse.json({ statusCode: 200, verifications: [], page: 1, limit: 10, total: 0 });
      }),
    );
    const user = steppedUser();
    renderQueue();
    await user.click(await screen.findByRole('button', { name: 'Try again' }, { timeout: 5000 }));
    expect(await screen.findByText('No verification requests yet.')).toBeInTheDocument();
  });
});
