import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import {
  apiFetch,
  dismissToasts,
  getSession,
  loadSession,
  logout,
  NetworkError,
  resetApiForTests,
  resetSessionForTests,
  Toasts,
  useSession,
  type SessionUser,
} from './index';

const URL_BASE = 'http://localhost';
const ada: SessionUser = {
  _id: 'u-1',
  name: 'Ada Obi',
  email: 'ada@example.ng',
  phoneNumber: null,
  type: 'company',
  cacnumber: 'RC123456',
  address: null,
  pincode: null,
  description: null,
  photoUrl: null,
  totalPostedJobs: 0,
  totalAppliedJobs: 3,
};

interface Seen {
  method: string;
  path: string;
  csrf: string | null;
  credentials: string;
}
let seen: Seen[] = [];
let refreshStatus = 200;
let signedIn = true;

const server = setupServer(
  http.get(`${URL_BASE}/api/user/me`, () =>
    signedIn ? HttpResponse.json({ user: ada }) : HttpResponse.json({}, { status: 401 }),
  ),
  http.post(`${URL_BASE}/api/user/refresh`, async () => {
    await delay(20);
    if (refreshStatus !== 200) return HttpResponse.json({}, { status: refreshStatus });
    document.cookie = 'mp_csrf=rotated; path=/';
    signedIn = true;
    return HttpResponse.json({ statusCode: 200 });
  }),
  http.post(`${URL_BASE}/api/user/logout`, () => HttpResponse.json({ resultMessage: { en: 'Logged out' } })),
);

function setCsrf(value: string | null) {
  document.cookie =
    value === null ? 'mp_csrf=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/' : `mp_csrf=${value}; path=/`;
}

server.events.on('request:start', ({ request }) => {
  seen.push({
    method: request.method,
    path: new URL(request.url).pathname,
    csrf: request.headers.get('x-csrf-token'),
    credentials: request.credentials,
  });
});

beforeAll(() => {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: () => ({ matches: false, addEventListener() {}, removeEventListener() {} }),
  });
  server.listen({ onUnhandledRequest: 'error' });
});
afterAll(() => server.close());
beforeEach(async () => {
  seen = [];
  refreshStatus = 200;
  signedIn = true;
  localStorage.clear();
  setCsrf('token-1');
  resetApiForTests();
  resetSessionForTests();
  await act(async () => dismissToasts());
});
afterEach(() => {
  server.resetHandlers();
  jest.restoreAllMocks();
});

describe('apiFetch', () => {
  it('sends same-origin credentials, and the CSRF header only on state-changing requests', async () => {
    server.use(http.all(`${URL_BASE}/api/thing`, () => HttpResponse.json({ ok: true })));
    await apiFetch('/api/thing');
    await apiFetch('/api/thing', { method: 'POST', json: { a: 1 } });
    await apiFetch('/api/thing', { method: 'PUT' });
    await apiFetch('/api/thing', { method: 'PATCH' });
    await apiFetch('/api/thing', { method: 'DELETE' });
    expect(seen.map((s) => [s.method, s.csrf, s.credentials])).toEqual([
      ['GET', null, 'same-origin'],
      ['POST', 'token-1', 'same-origin'],
      ['PUT', 'token-1', 'same-origin'],
      ['PATCH', 'token-1', 'same-origin'],
      ['DELETE', 'token-1', 'same-origin'],
    ]);
  });

  it('reads no cookie for a GET (document.cookie is a synchronous call to the browser), one for a POST', async () => {
    server.use(http.all(`${URL_BASE}/api/thing`, () => HttpResponse.json({ ok: true })));
    const cookie = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
    let reads = 0;
    Object.defineProperty(document, 'cookie', {
      configurable: true,
      get() {
        // Only our reads count (msw reads cookies too, to put them on the request it hands the handler).
        if (new Error().stack?.includes('readCookie')) reads += 1;
        return cookie.get!.call(this) as string;
      },
      set(value: string) {
        cookie.set!.call(this, value);
      },
    });
    try {
      await apiFetch('/api/thing');
      await apiFetch('/api/thing', { method: 'HEAD' });
      expect(reads).toBe(0);
      await apiFetch('/api/thing', { method: 'POST', json: { a: 1 } });
      expect(reads).toBe(1);
    } finally {
      delete (document as { cookie?: string }).cookie;
    }
    expect(seen.map((s) => [s.method, s.csrf])).toEqual([
      ['GET', null],
      ['HEAD', null],
      ['POST', 'token-1'],
    ]);
  });

  it('on 401 refreshes the session once and retries the request once, with the new CSRF token', async () => {
    let attempts = 0;
    server.use(
      http.post(`${URL_BASE}/api/jobs/thing`, ({ request }) => {
        attempts += 1;
        return request.headers.get('x-csrf-token') === 'rotated'
          ? HttpResponse.json({ ok: true })
          : HttpResponse.json({}, { status: 401 });
      }),
    );
    const response = await apiFetch('/api/jobs/thing', { method: 'POST', json: {} });
    expect(response.status).toBe(200);
    expect(attempts).toBe(2);
    expect(seen.map((s) => `${s.method} ${s.path}`)).toEqual([
      'POST /api/jobs/thing',
      'POST /api/user/refresh',
      'POST /api/jobs/thing',
    ]);
    expect(seen[1]!.csrf).toBe('token-1');
  });

  it('does not retry more than once when the retry is refused again', async () => {
    server.use(http.get(`${URL_BASE}/api/jobs/mine`, () => HttpResponse.json({}, { status: 401 })));
    const response = await apiFetch('/api/jobs/mine');
    expect(response.status).toBe(401);
    expect(seen.map((s) => s.path)).toEqual(['/api/jobs/mine', '/api/user/refresh', '/api/jobs/mine']);
  });

  it('shares one refresh between concurrent 401s', async () => {
    server.use(
      http.get(`${URL_BASE}/api/jobs/:n`, ({ request }) =>
        request.headers.get('cookie')?.includes('mp_csrf=rotated')
          ? HttpResponse.json({ ok: true })
          : HttpResponse.json({}, { status: 401 }),
      ),
    );
    const statuses = await Promise.all([
      apiFetch('/api/jobs/1'),
      apiFetch('/api/jobs/2'),
      apiFetch('/api/jobs/3'),
    ]);
    expect(statuses.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(seen.filter((s) => s.path === '/api/user/refresh')).toHaveLength(1);
  });

  it('when the refresh fails, the session is over: account forgotten, the 401 returned', async () => {
    await loadSession();
    expect(getSession()).toEqual({ status: 'signed-in', user: ada });
    refreshStatus = 401;
    server.use(http.get(`${URL_BASE}/api/jobs/mine`, () => HttpResponse.json({}, { status: 401 })));
    const response = await apiFetch('/api/jobs/mine');
    expect(response.status).toBe(401);
    expect(getSession()).toEqual({ status: 'signed-out', user: null });
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('when the refresh could not be answered (accounts restarting: 503, 500, 429), the session is kept', async () => {
    await loadSession();
    for (const status of [503, 500, 429]) {
      refreshStatus = status;
      server.use(http.get(`${URL_BASE}/api/jobs/mine`, () => HttpResponse.json({}, { status: 401 })));
      const response = await apiFetch('/api/jobs/mine');
      expect(response.status).toBe(401);
      expect(getSession()).toEqual({ status: 'signed-in', user: ada });
    }
    // A refusal still ends it.
    refreshStatus = 403;
    await apiFetch('/api/jobs/mine');
    expect(getSession()).toEqual({ status: 'signed-out', user: null });
  });

  it('never refreshes when told not to (login, registration)', async () => {
    server.use(http.post(`${URL_BASE}/api/user/login`, () => HttpResponse.json({}, { status: 401 })));
    const response = await apiFetch('/api/user/login', { method: 'POST', json: {}, refresh: false });
    expect(response.status).toBe(401);
    expect(seen.map((s) => s.path)).toEqual(['/api/user/login']);
  });

  it('shows "Please Check Your Network Connection" for 2.5 s when no response comes, and rejects', async () => {
    render(<Toasts />);
    server.use(http.get(`${URL_BASE}/api/jobs/mine`, () => HttpResponse.error()));
    await act(() => expect(apiFetch('/api/jobs/mine')).rejects.toBeInstanceOf(NetworkError));
    const message = await screen.findByText('Please Check Your Network Connection');
    const toast = message.closest('[data-testid="toast"]') as HTMLElement;
    expect(toast.dataset.kind).toBe('error');
    expect(toast.dataset.duration).toBe('2500');
  });

  it('toasts are top-centre and close on click', async () => {
    const user = userEvent.setup();
    render(<Toasts />);
    server.use(http.get(`${URL_BASE}/api/jobs/mine`, () => HttpResponse.error()));
    await act(() =>
      expect(apiFetch('/api/jobs/mine', { networkToast: 'warning' })).rejects.toBeInstanceOf(NetworkError),
    );
    const message = await screen.findByText('Please Check Your Network Connection');
    const toast = message.closest('[data-testid="toast"]') as HTMLElement;
    expect(toast.dataset.kind).toBe('warning');
    expect((toast.parentElement as HTMLElement).style.justifyContent).toBe('center');
    expect((toast.parentElement as HTMLElement).style.top).toBe('0px');
    await user.click(message);
    await waitFor(() => expect(screen.queryByText('Please Check Your Network Connection')).toBeNull(), {
      timeout: 3000,
    });
  });

  it('can stay quiet about network failures', async () => {
    render(<Toasts />);
    server.use(http.get(`${URL_BASE}/api/jobs/mine`, () => HttpResponse.error()));
    await expect(apiFetch('/api/jobs/mine', { networkToast: false })).rejects.toBeInstanceOf(NetworkError);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('Please Check Your Network Connection')).toBeNull();
  });
});

describe('session', () => {
  function Probe() {
    const { status, user } = useSession();
    return <p>{`${status}:${user?.name ?? '-'}`}</p>;
  }

  it('asks /api/user/me once and caches the account (never a token) under `user`', async () => {
    render(<Probe />);
    expect(screen.getByText('unknown:-')).toBeInTheDocument();
    await act(() => loadSession());
    await act(() => loadSession());
    expect(screen.getByText('signed-in:Ada Obi')).toBeInTheDocument();
    expect(seen.filter((s) => s.path === '/api/user/me')).toHaveLength(1);
    expect(JSON.parse(localStorage.getItem('user')!)).toEqual(ada);
    expect(Object.keys(localStorage)).toEqual(['user']);
  });

  it('is signed out when /me answers 401 and no refresh is possible', async () => {
    signedIn = false;
    setCsrf(null);
    localStorage.setItem('user', JSON.stringify(ada)); // stale copy from an old visit
    resetSessionForTests();
    expect(getSession().user).toEqual(ada);
    await loadSession();
    expect(getSession()).toEqual({ status: 'signed-out', user: null });
    expect(localStorage.getItem('user')).toBeNull();
    expect(seen.map((s) => s.path)).toEqual(['/api/user/me']); // no CSRF cookie: nothing to refresh
  });

  it('recovers an expired access cookie through the refresh cookie', async () => {
    signedIn = false; // access cookie expired; the refresh handler signs in again
    await loadSession();
    expect(getSession().status).toBe('signed-in');
    expect(seen.map((s) => s.path)).toEqual(['/api/user/me', '/api/user/refresh', '/api/user/me']);
  });

  it('logout (200) posts the user id, clears all local state but the theme, and signs out', async () => {
    let body: unknown;
    server.use(
      http.post(`${URL_BASE}/api/user/logout`, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ resultMessage: { en: 'Logged out' } });
      }),
    );
    await loadSession();
    localStorage.setItem('theme', 'dark');
    localStorage.setItem('draft', 'x');
    await expect(logout()).resolves.toBe(true);
    expect(body).toEqual({ user_id: 'u-1' });
    expect(seen.find((s) => s.path === '/api/user/logout')?.csrf).toBe('token-1');
    expect(getSession()).toEqual({ status: 'signed-out', user: null });
    expect(Object.keys(localStorage)).toEqual(['theme']);
  });

  it('logout on 401 also ends the session', async () => {
    await loadSession();
    refreshStatus = 401;
    server.use(http.post(`${URL_BASE}/api/user/logout`, () => HttpResponse.json({}, { status: 401 })));
    await expect(logout()).resolves.toBe(true);
    expect(getSession().status).toBe('signed-out');
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('logout on other errors is only logged: still signed in', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await loadSession();
    server.use(http.post(`${URL_BASE}/api/user/logout`, () => HttpResponse.json({}, { status: 500 })));
    await expect(logout()).resolves.toBe(false);
    expect(getSession()).toEqual({ status: 'signed-in', user: ada });
    expect(error).toHaveBeenCalled();
  });

  it('follows sign-out in another tab', async () => {
    render(<Probe />);
    await act(() => loadSession());
    expect(screen.getByText('signed-in:Ada Obi')).toBeInTheDocument();
    localStorage.removeItem('user');
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'user', newValue: null }));
    });
    expect(screen.getByText('signed-out:-')).toBeInTheDocument();
  });
});

describe('one session per page', () => {
  it('a second copy of the store (a separately bundled entry such as /query) sees the same session', async () => {
    let copy: typeof import('./session-store') | undefined;
    await jest.isolateModulesAsync(async () => {
      copy = await import('./session-store');
    });
    const seen: string[] = [];
    const stop = copy!.subscribeSession(() => seen.push(copy!.getSession().status));
    const { setSessionUser, endSession } = await import('./session-store');
    setSessionUser(ada);
    expect(copy!.getSession().user?._id).toBe('u-1');
    endSession();
    expect(seen).toEqual(['signed-in', 'signed-out']);
    stop();
  });
});
