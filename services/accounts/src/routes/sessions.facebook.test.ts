import { createHmac } from 'node:crypto';
import type { EventEnvelope } from '@marketplace/contracts';
import { eventually, type TestService } from '@marketplace/service-kit/testing';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import {
  accountsDb,
  createAccount,
  createAccountsTestService,
  nextIp,
  sessionJar,
  setCookies,
  type CookieJar,
} from '../testing';

// Facebook is the only outside service, and msw stands in for it.
const APP_ID = 'app-123';
const APP_SECRET = 'app-secret-456';
const PUBLIC_URL = 'https://market.example';
const REDIRECT_URI = `${PUBLIC_URL}/api/user/facebook/callback`;
const GRAPH = 'https://graph.facebook.com/v21.0';

interface FakeFacebookUser {
  id: string;
  name: string;
  email?: string;
}
/** code -> the person who granted it, as Facebook would know. */
const grants = new Map<string, FakeFacebookUser>();
const graphCalls: string[] = [];

const facebook = setupServer(
  http.get(`${GRAPH}/oauth/access_token`, ({ request }) => {
    const url = new URL(request.url);
    graphCalls.push(url.pathname);
    const person = grants.get(url.searchParams.get('code') ?? '');
    if (
      url.searchParams.get('client_id') !== APP_ID ||
      url.searchParams.get('client_secret') !== APP_SECRET ||
      url.searchParams.get('redirect_uri') !== REDIRECT_URI ||
      !person
    ) {
      return HttpResponse.json({ error: { message: 'Invalid verification code format.' } }, { status: 400 });
    }
    return HttpResponse.json({
      access_token: `token-of-${person.id}`,
      token_type: 'bearer',
      expires_in: 5000,
    });
  }),
  http.get(`${GRAPH}/me`, ({ request }) => {
    const url = new URL(request.url);
    graphCalls.push(url.pathname);
    const token = url.searchParams.get('access_token') ?? '';
    const proof = createHmac('sha256', APP_SECRET).update(token).digest('hex');
    const person = [...grants.values()].find((p) => `token-of-${p.id}` === token);
    if (!person || url.searchParams.get('appsecret_proof') !== proof) {
      return HttpResponse.json({ error: { message: 'Invalid OAuth access token.' } }, { status: 400 });
    }
    expect(url.searchParams.get('fields')).toBe('id,name,email');
    return HttpResponse.json(person);
  }),
);

describe('Facebook login (server-side OAuth code flow)', () => {
  let service: TestService;
  const published: EventEnvelope[] = [];

  beforeAll(async () => {
    facebook.listen({ onUnhandledRequest: 'error' });
    service = await createAccountsTestService({
      facebook: { appId: APP_ID, appSecret: APP_SECRET, graphVersion: 'v21.0' },
      publicUrl: PUBLIC_URL,
      cookieSecure: true,
    });
    await service.bus.subscribe({
      durable: 'facebook-test-observer',
      filterSubject: 'accounts.>',
      handle: async (event) => void published.push(event),
    });
  });
  afterAll(async () => {
    facebook.close();
    await service.close();
  });
  afterEach(() => {
    grants.clear();
    graphCalls.length = 0;
  });

  /** Starts a login like the browser does: our redirect to the dialog, with the state cookie. */
  async function start() {
    const response = await service.app.inject({
      method: 'GET',
      url: '/api/user/facebook',
      remoteAddress: nextIp(),
    });
    expect(response.statusCode).toBe(302);
    const location = new URL(response.headers.location as string);
    const stateCookie = setCookies(response).mp_fb_state;
    return { response, location, state: location.searchParams.get('state') as string, stateCookie };
  }

  const callback = (query: Record<string, string>, cookies: CookieJar) =>
    service.app.inject({
      method: 'GET',
      url: `/api/user/facebook/callback?${new URLSearchParams(query)}`,
      cookies,
      remoteAddress: nextIp(),
    });

  const me = (cookies: CookieJar) => service.app.inject({ method: 'GET', url: '/api/user/me', cookies });

  it('is offered', async () => {
    const response = await service.app.inject({ method: 'GET', url: '/api/user/auth-options' });
    expect(response.json()).toEqual({ facebook: true });
  });

  it("redirects to Facebook's dialog with the app, the callback, scope email and a state kept in a signed httpOnly cookie", async () => {
    const { location, state, stateCookie } = await start();
    expect(`${location.origin}${location.pathname}`).toBe('https://www.facebook.com/v21.0/dialog/oauth');
    expect(location.searchParams.get('client_id')).toBe(APP_ID);
    expect(location.searchParams.get('redirect_uri')).toBe(REDIRECT_URI);
    expect(location.searchParams.get('scope')).toBe('email');
    expect(location.searchParams.get('response_type')).toBe('code');
    expect(state.length).toBeGreaterThanOrEqual(32);
    expect(stateCookie).toMatchObject({
      httpOnly: true,
      path: '/api/user/facebook',
      sameSite: 'Lax',
      secure: true,
    });
    expect(stateCookie?.value.startsWith(`${state}.`)).toBe(true);
  });

  it('signs a new person in: account created, session cookies set, back to the web screen without tokens', async () => {
    grants.set('code-chidi', { id: 'fb-1001', name: 'Chidi Okeke', email: 'chidi@example.com' });
    const { state, stateCookie } = await start();
    const response = await callback(
      { code: 'code-chidi', state },
      { mp_fb_state: stateCookie?.value as string },
    );

    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/facebook/callback?status=ok');
    expect(response.headers.location).not.toMatch(/token/i);
    expect(graphCalls).toEqual(['/v21.0/oauth/access_token', '/v21.0/me']);
    const cookies = setCookies(response);
    expect(cookies.mp_access).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Lax' });
    expect(cookies.mp_refresh).toMatchObject({ httpOnly: true, secure: true, path: '/api/user' });
    expect(cookies.mp_csrf).toMatchObject({ secure: true });
    expect(cookies.mp_fb_state?.value).toBe(''); // used once

    const who = await me(sessionJar(response));
    expect(who.statusCode).toBe(200);
    const user = who.json().user;
    // Facebook confirmed the address: the new account counts as verified.
    expect(user).toMatchObject({
      name: 'Chidi Okeke',
      email: 'chidi@example.com',
      type: 'user',
      emailVerified: true,
    });
    await eventually(async () => {
      expect(published.some((e) => (e.payload as { userId?: string }).userId === user._id)).toBe(true);
    });

    // The account has no usable password: signing in with one fails like any wrong password.
    const passwordLogin = await service.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: 'chidi@example.com', password: 'anything-at-all' },
      remoteAddress: nextIp(),
    });
    expect(passwordLogin.statusCode).toBe(401);
    expect(passwordLogin.json().resultMessage.en).toBe('Invalid User Name / Password!');

    // The next Facebook login finds the same account by its Facebook id, even if the email changed.
    grants.set('code-chidi-2', { id: 'fb-1001', name: 'Chidi Okeke', email: 'chidi.new@example.com' });
    const again = await start();
    const second = await callback(
      { code: 'code-chidi-2', state: again.state },
      { mp_fb_state: again.stateCookie?.value as string },
    );
    expect(second.headers.location).toBe('/facebook/callback?status=ok');
    expect((await me(sessionJar(second))).json().user._id).toBe(user._id);
  });

  it('signs into the existing account that has the same email once that address is verified', async () => {
    const existing = await createAccount(service, { email: 'Funmi@Example.com', password: 'secret-funmi-1' });
    await accountsDb(service)
      .updateTable('users')
      .set({ email_verified_at: new Date() })
      .where('id', '=', existing.id)
      .execute();
    grants.set('code-funmi', { id: 'fb-2002', name: 'Funmi A', email: 'funmi@example.com' });
    const { state, stateCookie } = await start();
    const response = await callback(
      { code: 'code-funmi', state },
      { mp_fb_state: stateCookie?.value as string },
    );
    expect(response.headers.location).toBe('/facebook/callback?status=ok');
    expect((await me(sessionJar(response))).json().user._id).toBe(existing.id);
  });

  it('never links an account whose address is not verified: whoever signed up with it may not own it', async () => {
    // Someone signed up with Grace's address (they cannot read her mail, so it stays unverified)...
    const squatter = await createAccount(service, {
      email: 'grace@example.com',
      password: 'squatter-pass-1',
    });
    // ...then Grace signs in with Facebook, which vouches for the address.
    grants.set('code-grace', { id: 'fb-6006', name: 'Grace O', email: 'grace@example.com' });
    const { state, stateCookie } = await start();
    const response = await callback(
      { code: 'code-grace', state },
      { mp_fb_state: stateCookie?.value as string },
    );
    expect(response.headers.location).toBe('/facebook/callback?status=error');
    expect(setCookies(response).mp_access).toBeUndefined();
    const links = await accountsDb(service)
      .selectFrom('social_identities')
      .selectAll()
      .where('provider_user_id', '=', 'fb-6006')
      .execute();
    expect(links).toEqual([]);
    expect(
      await accountsDb(service)
        .selectFrom('social_identities')
        .selectAll()
        .where('user_id', '=', squatter.id)
        .execute(),
    ).toEqual([]);
  });

  it.each([
    [
      'a state that differs from the cookie',
      (state: string) => ({ code: 'code-x', state: `${state}x` }),
      true,
    ],
    ['no state cookie', (state: string) => ({ code: 'code-x', state }), false],
    ['a cancelled dialog', (state: string) => ({ error: 'access_denied', state }), true],
    ['a code Facebook refuses', (state: string) => ({ code: 'unknown-code', state }), true],
  ])(
    'sends the browser back with status=error on %s, without a session',
    async (label, query, withCookie) => {
      grants.set('code-x', { id: 'fb-3003', name: 'Eve', email: 'eve@example.com' });
      const { state, stateCookie } = await start();
      const response = await callback(
        query(state),
        withCookie ? { mp_fb_state: stateCookie?.value as string } : {},
      );
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe('/facebook/callback?status=error');
      const cookies = setCookies(response);
      expect(cookies.mp_access).toBeUndefined();
      expect(cookies.mp_refresh).toBeUndefined();
      if (label !== 'a code Facebook refuses') expect(graphCalls).toEqual([]);
    },
  );

  it('refuses a state cookie it did not sign', async () => {
    grants.set('code-y', { id: 'fb-4004', name: 'Mallory', email: 'mallory@example.com' });
    const response = await callback(
      { code: 'code-y', state: 'forged' },
      { mp_fb_state: 'forged.c2lnbmF0dXJl' },
    );
    expect(response.headers.location).toBe('/facebook/callback?status=error');
    expect(graphCalls).toEqual([]);
  });

  it('cannot create an account without an email from Facebook', async () => {
    grants.set('code-z', { id: 'fb-5005', name: 'No Mail' });
    const { state, stateCookie } = await start();
    const response = await callback({ code: 'code-z', state }, { mp_fb_state: stateCookie?.value as string });
    expect(response.headers.location).toBe('/facebook/callback?status=error');
  });
});
