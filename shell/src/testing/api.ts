// Test support for the session layer: an msw server that plays the accounts API (session cookies are
// modelled by `api.account`), and a reset of every piece of module state between tests.
import { http, HttpResponse, type RequestHandler } from 'msw';
import type { NotificationListResponse } from '@marketplace/contracts';
import { setupServer } from 'msw/node';
import { act, screen, waitFor } from '@testing-library/react';
import { dismissToasts, resetApiForTests, resetSessionForTests, type SessionUser } from '@marketplace/ui';
import { queryClient } from '@marketplace/ui/query';
import { resetUnreadTotalForTests } from '../lib/chat-unread';
import { resetAuthOptionsForTests } from '../lib/account-api';

export const ORIGIN = 'http://localhost';
export const api = (path: string) => `${ORIGIN}${path}`;

export function account(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    _id: 'u-1',
    name: 'Ada Obi',
    email: 'ada@example.ng',
    phoneNumber: '08031234567',
    type: 'user',
    cacnumber: null,
    address: '12 Marina Road',
    pincode: '100001',
    description: 'Homeowner in Lagos',
    photoUrl: null,
    totalPostedJobs: 2,
    totalAppliedJobs: 0,
    ...overrides,
  };
}

export interface FakeAccountsApi {
  /** Who the "cookies" belong to; null = signed out. */
  account: SessionUser | null;
  calls: Array<{ method: string; path: string; csrf: string | null }>;
  /** The chat service's unread total for the header badge (0 when unset). */
  unread?: number;
  /** A company's job alerts under the header's bell (none when unset). */
  notifications?: NotificationListResponse['notifications'];
}

/** msw server with the session endpoints; add page-specific handlers with server.use(). */
export function createApiServer(state: FakeAccountsApi, ...handlers: RequestHandler[]) {
  const track = (request: Request) => {
    const url = new URL(request.url);
    state.calls.push({
      method: request.method,
      path: url.pathname,
      csrf: request.headers.get('x-csrf-token'),
    });
  };
  return setupServer(
    ...handlers,
    http.get(api('/api/user/me'), ({ request }) => {
      track(request);
      return state.account
        ? HttpResponse.json({ user: state.account })
        : HttpResponse.json({ resultMessage: { en: 'Unauthorized' } }, { status: 401 });
    }),
    http.post(api('/api/user/refresh'), ({ request }) => {
      track(request);
      return HttpResponse.json({ resultMessage: { en: 'Unauthorized' } }, { status: 401 });
    }),
    http.post(api('/api/user/logout'), ({ request }) => {
      track(request);
      state.account = null;
      return HttpResponse.json({ resultMessage: { en: 'Logged out' } });
    }),
    http.get(api('/api/user/auth-options'), () => HttpResponse.json({ facebook: false })),
    // A company's verification state on its profile page: not verified, nothing asked (tests replace it).
    http.get(api('/api/user/verification'), () =>
      HttpResponse.json({ statusCode: 200, verifiedAt: null, request: null }),
    ),
    http.get(api('/api/jobs/notifications'), ({ request }) => {
      track(request);
      if (!state.account)
        return HttpResponse.json({ resultMessage: { en: 'Unauthorized' } }, { status: 401 });
      const notifications = state.notifications ?? [];
      return HttpResponse.json({
        statusCode: 200,
        notifications,
        unread: notifications.filter((n) => !n.read).length,
      });
    }),
    http.put(api('/api/jobs/notifications/read'), async ({ request }) => {
      track(request);
      const body = (await request.json()) as { ids?: string[]; all?: boolean };
      state.notifications = (state.notifications ?? []).map((n) =>
        body.all || body.ids?.includes(n._id) ? { ...n, read: true } : n,
      );
      return HttpResponse.json({
        statusCode: 200,
        unread: state.notifications.filter((n) => !n.read).length,
      });
    }),
    http.get(api('/api/chat/unread'), () =>
      state.account
        ? HttpResponse.json({ total: state.unread ?? 0 })
        : HttpResponse.json({ resultMessage: { en: 'Unauthorized' } }, { status: 401 }),
    ),
  );
}

/** react-hot-toast asks matchMedia for prefers-reduced-motion; jsdom has none. */
export function installMatchMedia(): void {
  if (typeof window.matchMedia === 'function') return;
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}

export function setCsrfCookie(value: string | null): void {
  document.cookie =
    value === null ? 'mp_csrf=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/' : `mp_csrf=${value}; path=/`;
}

/** Fresh page load: no cached account, no cookies, no toasts, nothing in flight. */
export async function resetBrowserState(): Promise<void> {
  localStorage.clear();
  setCsrfCookie(null);
  document.body.className = '';
  // A title left by the previous test would satisfy a wait for the next page's title before it renders.
  document.title = '';
  resetApiForTests();
  queryClient.clear();
  resetAuthOptionsForTests();
  resetSessionForTests();
  resetUnreadTotalForTests();
  await act(async () => dismissToasts());
}

export interface ShownToast {
  kind: string | undefined;
  duration: number;
  element: HTMLElement;
}

/** Waits for a toast with this text; returns its kind (success, error, warning, info) and duration. */
export async function findToast(text: string | RegExp): Promise<ShownToast> {
  const element = await waitFor(
    () => {
      const found = screen
        .getAllByText(text)
        .map((node) => node.closest<HTMLElement>('[data-testid="toast"]'))
        .find((node): node is HTMLElement => node !== null);
      if (!found) throw new Error(`no toast says "${String(text)}"`);
      return found;
    },
    { timeout: 3000 },
  );
  return { kind: element.dataset.kind, duration: Number(element.dataset.duration), element };
}
