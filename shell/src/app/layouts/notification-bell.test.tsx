import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { Notification } from '@marketplace/contracts';
import { createFakeLoader } from '../testing/fake-remotes';
import { renderApp } from '../testing/render-app';
import {
  account,
  api,
  createApiServer,
  installMatchMedia,
  resetBrowserState,
  type FakeAccountsApi,
} from '../../testing/api';
import { ALERTS_FAILED_TEXT, NO_ALERTS_TEXT } from '../../features/notifications/components/NotificationBell';

const state: FakeAccountsApi = { account: null, calls: [] };
const server = createApiServer(state);

beforeAll(() => {
  installMatchMedia();
  server.listen({ onUnhandledRequest: 'error' });
});
afterAll(() => server.close());
beforeEach(async () => {
  await resetBrowserState();
  state.calls = [];
  delete state.notifications;
  jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});
afterEach(() => {
  server.resetHandlers();
  jest.restoreAllMocks();
});

function alert(n: number, extra: Partial<Notification> = {}): Notification {
  return {
    _id: `00000000-0000-4000-8000-00000000000${n}`,
    kind: 'job-alert',
    jobId: `10000000-0000-4000-8000-00000000000${n}`,
    jobHeading: `Fix leak ${n}`,
    category: 'Craftsman',
    subcategory: ['Plumber'],
    state: 'Lagos',
    createdAt: new Date(Date.now() - n * 60_000).toISOString(),
    read: false,
    ...extra,
  };
}

async function openAs(type: 'user' | 'company' | 'admin', path = '/') {
  state.account = account({ type });
  return renderApp(path, { loader: createFakeLoader() });
}

describe("the header's job alerts bell", () => {
  it('shows a company its unread count; by keyboard it opens the list, and a job marks its alert read', async () => {
    state.notifications = [alert(1), alert(2), alert(3, { read: true })];
    const user = userEvent.setup();
    await openAs('company');
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' }, { timeout: 5000 });
    expect(bell).toHaveAttribute('aria-expanded', 'false');
    bell.focus();
    await user.keyboard('{Enter}');
    expect(bell).toHaveAttribute('aria-expanded', 'true');
    const panel = screen.getByRole('region', { name: 'Notifications' });
    const links = within(panel).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      expect.stringContaining('New: Fix leak 1'),
      expect.stringContaining('New: Fix leak 2'),
      expect.stringContaining('Fix leak 3'),
      'Choose your job alerts',
    ]);
    expect(links[0]).toHaveAttribute('href', `/jobs?job=${alert(1).jobId}`);
    expect(links[3]).toHaveAttribute('href', '/dashboard#job-alerts');
    // Escape closes it and gives focus back to the bell.
    await user.keyboard('{Escape}');
    expect(bell).toHaveAttribute('aria-expanded', 'false');
    expect(bell).toHaveFocus();

    await user.keyboard('{Enter}');
    await user.click(
      within(screen.getByRole('region', { name: 'Notifications' })).getByRole('link', { name: /Fix leak 1/ }),
    );
    await waitFor(() =>
      expect(
        state.calls.filter((c) => c.method === 'PUT' && c.path === '/api/jobs/notifications/read'),
      ).toHaveLength(1),
    );
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
  });

  it('marks all read at once', async () => {
    state.notifications = [alert(1), alert(2)];
    const user = userEvent.setup();
    await openAs('company');
    await user.click(
      await screen.findByRole('button', { name: 'Notifications, 2 unread' }, { timeout: 5000 }),
    );
    await user.click(screen.getByRole('button', { name: 'Mark all read' }));
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(state.notifications.every((n) => n.read)).toBe(true);
  });

  it("tells a company the poster's decision about its offer", async () => {
    state.notifications = [
      alert(1, { kind: 'offer-accepted', jobHeading: 'Paint the fence', posterName: 'Ada Obi' }),
      alert(2, { kind: 'offer-declined', jobHeading: 'Fix the roof' }),
      alert(3, { kind: 'offer-accepted', jobHeading: 'Tile the bathroom', posterName: null, read: true }),
    ];
    const user = userEvent.setup();
    await openAs('company');
    await user.click(
      await screen.findByRole('button', { name: 'Notifications, 2 unread' }, { timeout: 5000 }),
    );
    const links = within(screen.getByRole('region', { name: 'Notifications' })).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      expect.stringMatching(/^New: Ada Obi hired you for Paint the fence(?!.*Craftsman)/),
      expect.stringMatching(/^New: The poster of Fix the roof chose another company/),
      expect.stringMatching(/^The poster hired you for Tile the bathroom/),
      'Choose your job alerts',
    ]);
    expect(links[1]).toHaveAttribute('href', `/jobs?job=${alert(2).jobId}`);
  });

  it('tells a company what became of its payments and disputes, each leading where it can act', async () => {
    state.notifications = [
      alert(1, {
        kind: 'payment-confirmed',
        jobHeading: 'Paint the fence',
        amount: 150_000,
        currency: 'NGN',
      }),
      alert(2, {
        kind: 'payment-expired',
        jobHeading: 'Fix the roof',
        amount: 150_050,
        currency: 'NGN',
        windowMinutes: 30,
      }),
      alert(3, {
        kind: 'dispute-decided',
        jobHeading: 'Tile the bathroom',
        amount: 200_000,
        currency: 'NGN',
        outcome: 'refunded',
        rejectionReason: null,
      }),
      alert(4, {
        kind: 'dispute-decided',
        jobHeading: 'Mend the gate',
        amount: 200_000,
        currency: 'NGN',
        outcome: 'rejected',
        rejectionReason: 'The poster answered within the day.',
        read: true,
      }),
      alert(5, {
        kind: 'payment-refunded',
        jobHeading: 'Clear the gutter',
        amount: 150_000,
        currency: 'NGN',
        refundReason: 'job-deleted',
        read: true,
      }),
      // A reason this client does not know yet still says what happened.
      alert(6, {
        kind: 'payment-refunded',
        jobHeading: 'Lay the path',
        amount: 150_000,
        currency: 'NGN',
        refundReason: 'a-new-reason',
        read: true,
      }),
    ];
    const user = userEvent.setup();
    await openAs('company');
    const bell = await screen.findByRole('button', { name: 'Notifications, 3 unread' }, { timeout: 5000 });
    bell.focus();
    await user.keyboard('{Enter}');
    const panel = screen.getByRole('region', { name: 'Notifications' });
    const links = within(panel).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      expect.stringMatching(
        /^New: Your payment of ₦1,500 for Paint the fence has arrived: the job is unlocked(?!.*Craftsman)/,
      ),
      expect.stringMatching(
        /^New: Your payment of ₦1,500\.50 for Fix the roof was not received within 30 minutes and has expired/,
      ),
      expect.stringMatching(
        /^New: Your dispute about Tile the bathroom was accepted: ₦2,000 is being refunded/,
      ),
      expect.stringMatching(
        /^Your dispute about Mend the gate was not accepted\. Reason: The poster answered within the day\./,
      ),
      expect.stringMatching(
        /^Refund of ₦1,500 for Clear the gutter\. The poster deleted the job after you paid\. Your payment has been refunded\./,
      ),
      expect.stringMatching(/^Refund of ₦1,500 for Lay the path\. Your payment has been refunded\./),
      'Choose your job alerts',
    ]);
    // A payment leads to its job (unlocked, or to pay again); a dispute to the dashboard's payments.
    expect(links[0]).toHaveAttribute('href', `/jobs?job=${alert(1).jobId}`);
    expect(links[1]).toHaveAttribute('href', `/jobs?job=${alert(2).jobId}`);
    expect(links[2]).toHaveAttribute('href', '/dashboard#payments');
    expect(links[3]).toHaveAttribute('href', '/dashboard#payments');
    expect(links[4]).toHaveAttribute('href', '/dashboard#payments');
    // The kind's icon is decoration: hidden from screen readers, the text says it all.
    for (const link of links.slice(0, 6)) {
      expect(link.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    }
    // By keyboard: Tab passes "Mark all read" and reaches the notice; Enter opens it and marks it read.
    await user.tab();
    expect(within(panel).getByRole('button', { name: 'Mark all read' })).toHaveFocus();
    await user.tab();
    expect(links[0]).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(
        state.calls.filter((c) => c.method === 'PUT' && c.path === '/api/jobs/notifications/read'),
      ).toHaveLength(1),
    );
    expect(await screen.findByRole('button', { name: 'Notifications, 2 unread' })).toBeInTheDocument();
  });

  it('says when there is nothing yet', async () => {
    const user = userEvent.setup();
    await openAs('company');
    await user.click(await screen.findByRole('button', { name: 'Notifications' }, { timeout: 5000 }));
    expect(screen.getByText(new RegExp(NO_ALERTS_TEXT))).toBeInTheDocument();
  });

  it('says when the alerts cannot be loaded', async () => {
    server.use(http.get(api('/api/jobs/notifications'), () => HttpResponse.json({}, { status: 503 })));
    const user = userEvent.setup();
    await openAs('company');
    await user.click(await screen.findByRole('button', { name: 'Notifications' }, { timeout: 5000 }));
    expect(await screen.findByText(ALERTS_FAILED_TEXT, {}, { timeout: 8000 })).toBeInTheDocument();
  }, 30_000);

  it.each(['user', 'admin'] as const)('is not there for a %s (no request either)', async (type) => {
    await openAs(type);
    await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
    expect(screen.queryByRole('button', { name: /^Notifications/ })).toBeNull();
    expect(state.calls.some((c) => c.path === '/api/jobs/notifications')).toBe(false);
  });
});
