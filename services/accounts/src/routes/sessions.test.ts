import { authPlugin, createLocalBus, schemaDb, type EventBus } from '@marketplace/service-kit';
import type { TestService } from '@marketplace/service-kit/testing';
import Fastify, { type FastifyInstance } from 'fastify';
import accountsService from '../app';
import { KNOWN_DEVICE_COOKIE } from '../sessions/known-device';
import type { AccountsDatabase } from '../db-types';
import {
  createAccount,
  createAccountsTestService,
  nextIp,
  posterPayload,
  sessionJar,
  setCookies,
  type CookieJar,
} from '../testing';

const INVALID = 'Invalid User Name / Password!';
const TOO_MANY = 'Too many attempts. Please wait a few minutes and try again.';
const EXPIRED = 'Your session has expired. Please sign in again.';
const HOUR = 60 * 60;

describe('sessions', () => {
  let service: TestService;
  // The session clock; tests move it forward to reach idle and absolute expiry.
  let clockOffsetMs = 0;

  beforeAll(async () => {
    service = await createAccountsTestService({
      refreshTtlSeconds: HOUR,
      refreshIdleSeconds: HOUR / 2,
      now: () => new Date(Date.now() + clockOffsetMs),
      // Fixed windows of an hour: a test whose requests straddle a window boundary would see its
      // counter restart (a one-minute window made 'limits sign-ups per IP' fail now and then).
      rateLimits: {
        loginPerAccountAndIp: { max: 2, windowMs: HOUR * 1000 },
        loginPerAccount: { max: 3, windowMs: HOUR * 1000 },
        loginPerIp: { max: 5, windowMs: HOUR * 1000 },
        registrationPerIp: { max: 2, windowMs: HOUR * 1000 },
      },
    });
    await createAccount(service, { email: 'Ada@Example.com', password: 'secret-ada-1', name: 'Ada Obi' });
  });
  afterAll(async () => {
    await service.close();
  });
  afterEach(() => {
    clockOffsetMs = 0;
  });

  const login = (email: string, password: string, ip = nextIp()) =>
    service.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email, password },
      remoteAddress: ip,
    });

  let people = 0;
  /** A new account of its own, so the per-account login limit of one test never hits another. */
  async function newPerson() {
    people += 1;
    const person = { email: `person${people}@example.com`, password: `secret-person-${people}` };
    await createAccount(service, { ...person, name: 'Ada Obi' });
    return person;
  }

  async function signIn(person?: { email: string; password: string }) {
    const { email, password } = person ?? (await newPerson());
    const response = await login(email, password);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    return {
      accessToken: body.accessToken as string,
      refreshToken: body.refreshToken as string,
      user: body.user,
      jar: sessionJar(response),
    };
  }

  const refreshWithBody = (refreshToken: string) =>
    service.app.inject({
      method: 'POST',
      url: '/api/user/refresh',
      payload: { refreshToken },
      remoteAddress: nextIp(),
    });

  const me = (options: { bearer?: string; header?: string; cookies?: CookieJar }) =>
    service.app.inject({
      method: 'GET',
      url: '/api/user/me',
      headers: options.bearer
        ? { authorization: `Bearer ${options.bearer}` }
        : options.header
          ? { authorization: options.header }
          : {},
      ...(options.cookies ? { cookies: options.cookies } : {}),
    });

  describe('login', () => {
    it('answers the session in JSON and sets httpOnly session cookies plus a readable CSRF cookie', async () => {
      const response = await login('  ADA@example.com ', 'secret-ada-1');
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toMatchObject({
        statusCode: 200,
        resultMessage: { en: 'Login successful' },
        user: { email: 'Ada@Example.com', name: 'Ada Obi', type: 'user' },
      });
      expect(body.user).not.toHaveProperty('password_hash');
      expect(body.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const header = JSON.parse(Buffer.from(body.accessToken.split('.')[0], 'base64url').toString());
      expect(header.alg).toBe('EdDSA');
      const claims = service.verifyToken(body.accessToken);
      expect(claims).toMatchObject({
        sub: body.user._id,
        type: 'user',
        name: 'Ada Obi',
        sid: expect.any(String),
      });
      expect((claims as unknown as { exp: number; iat: number }).exp).toBe(
        (claims as unknown as { iat: number }).iat + 900,
      );

      const cookies = setCookies(response);
      expect(cookies.mp_access).toMatchObject({
        value: body.accessToken,
        path: '/',
        httpOnly: true,
        sameSite: 'Lax',
      });
      expect(cookies.mp_refresh).toMatchObject({
        value: body.refreshToken,
        path: '/api/user',
        httpOnly: true,
        sameSite: 'Strict',
      });
      expect(cookies.mp_csrf?.httpOnly).toBeFalsy();
      expect(cookies.mp_csrf).toMatchObject({ path: '/', sameSite: 'Strict' });
      expect(cookies.mp_csrf?.value.length).toBeGreaterThanOrEqual(32);
      // Plain http here (cookieSecure 'auto'): no Secure flag.
      expect(cookies.mp_access?.secure).toBeFalsy();
      expect(cookies.mp_refresh?.maxAge).toBe(HOUR);
    });

    it('refuses a wrong password exactly like an unknown email, setting no cookie', async () => {
      const wrong = await login('ada@example.com', 'not-her-password');
      const unknown = await login('nobody@example.com', 'not-her-password');
      for (const response of [wrong, unknown]) {
        expect(response.statusCode).toBe(401);
        expect(response.json().resultMessage.en).toBe(INVALID);
        expect(response.cookies).toHaveLength(0);
      }
      expect(wrong.json()).toEqual(unknown.json());
      expect(wrong.headers['content-length']).toBe(unknown.headers['content-length']);
    });

    it('answers malformed JSON with a 400 envelope', async () => {
      const response = await service.app.inject({
        method: 'POST',
        url: '/api/user/login',
        headers: { 'content-type': 'application/json' },
        payload: '{"email":',
        remoteAddress: nextIp(),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().resultMessage.en).toBe('The request body is not valid JSON.');
    });

    it('limits attempts per account, whatever the address and the spelling of the email', async () => {
      await createAccount(service, { email: 'bola@example.com', password: 'secret-bola-1' });
      for (const email of ['bola@example.com', 'BOLA@example.com', ' bola@Example.com']) {
        expect((await login(email, 'wrong-password')).statusCode).toBe(401);
      }
      // The fourth attempt within the window is refused, even with the right password, from a new address.
      const limited = await login('bola@example.com', 'secret-bola-1');
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({
        statusCode: 429,
        code: 'TOO_MANY_ATTEMPTS',
        resultMessage: { en: TOO_MANY },
        errorMessage: TOO_MANY,
      });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      // Other accounts are not affected.
      await signIn();
    });

    it('limits guessing per account and address, so guessing elsewhere cannot lock the owner out', async () => {
      await createAccount(service, { email: 'chidi@example.com', password: 'secret-chidi-1' });
      const attacker = nextIp();
      const owner = nextIp();
      // The attacker's third guess from the same address is refused, even with the right password.
      expect((await login('chidi@example.com', 'wrong-1', attacker)).statusCode).toBe(401);
      expect((await login('CHIDI@example.com', 'wrong-2', attacker)).statusCode).toBe(401);
      for (const password of ['wrong-3', 'wrong-4', 'secret-chidi-1']) {
        const refused = await login('chidi@example.com', password, attacker);
        expect(refused.statusCode).toBe(429);
        expect(refused.json().resultMessage.en).toBe(TOO_MANY);
      }
      // Refused guesses add nothing to the account's total: the owner signs in from their own address.
      expect((await login('chidi@example.com', 'secret-chidi-1', owner)).statusCode).toBe(200);
    });

    it('lets guessing from many addresses slow the account down, but not on a browser it signed in on before', async () => {
      const person = await newPerson();
      const usual = await login(person.email, person.password);
      expect(usual.statusCode).toBe(200);
      const device = setCookies(usual)[KNOWN_DEVICE_COOKIE];
      expect(device).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/user' });
      expect(device?.value).not.toContain(person.email);
      // With that sign-in, guesses from two more addresses use up the account's limit from everywhere
      // (3 in this test): the right password from a browser the account never used is refused too.
      for (let i = 0; i < 2; i += 1) {
        expect((await login(person.email, `wrong-${i}`)).statusCode).toBe(401);
      }
      const stranger = await login(person.email, person.password);
      expect(stranger.statusCode).toBe(429);
      expect(stranger.json().resultMessage.en).toBe(TOO_MANY);
      // The owner's usual browser still signs in, from a new address too.
      const owner = await service.app.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: { email: person.email.toUpperCase(), password: person.password },
        remoteAddress: nextIp(),
        cookies: { [KNOWN_DEVICE_COOKIE]: device?.value ?? '' },
      });
      expect(owner.statusCode).toBe(200);
      // A mark made for another account, or a made-up one, does not pass.
      const other = await newPerson();
      const forged = await service.app.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: { email: person.email, password: person.password },
        remoteAddress: nextIp(),
        cookies: {
          [KNOWN_DEVICE_COOKIE]: `${'A'.repeat(22)}.${setCookies(await login(other.email, other.password))[KNOWN_DEVICE_COOKIE]?.value}`,
        },
      });
      expect(forged.statusCode).toBe(429);
    });

    it('limits attempts per IP address across accounts', async () => {
      const ip = nextIp();
      for (let i = 0; i < 5; i += 1) {
        expect((await login(`someone${i}@example.com`, 'whatever-1', ip)).statusCode).toBe(401);
      }
      const person = await newPerson();
      const limited = await login(person.email, person.password, ip);
      expect(limited.statusCode).toBe(429);
      expect(limited.json().resultMessage.en).toBe(TOO_MANY);
      // Another address still gets in.
      expect((await login(person.email, person.password)).statusCode).toBe(200);
    });

    it('limits sign-ups per IP address on POST /api/user', async () => {
      const ip = nextIp();
      const post = (remoteAddress: string) =>
        service.app.inject({
          method: 'POST',
          url: '/api/user',
          payload: posterPayload({ email: `signup-${++people}@example.com` }),
          remoteAddress,
        });
      expect((await post(ip)).statusCode).toBe(200);
      expect((await post(ip)).statusCode).toBe(200);
      const limited = await post(ip);
      expect(limited.statusCode).toBe(429);
      expect(limited.json().resultMessage.en).toBe(TOO_MANY);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect((await post(nextIp())).statusCode).toBe(200);
    });

    it('gives a spoofed X-Forwarded-For no fresh bucket (no proxy is trusted by default)', async () => {
      const ip = nextIp();
      for (let i = 0; i < 5; i += 1) {
        const response = await service.app.inject({
          method: 'POST',
          url: '/api/user/login',
          payload: { email: `spoof${i}@example.com`, password: 'whatever-1' },
          headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
          remoteAddress: ip,
        });
        expect(response.statusCode).toBe(401);
      }
      const limited = await service.app.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: { email: 'spoof9@example.com', password: 'whatever-1' },
        headers: { 'x-forwarded-for': '198.51.100.77' },
        remoteAddress: ip,
      });
      expect(limited.statusCode).toBe(429);
    });
  });

  describe('refresh', () => {
    it('rotates the refresh token on every use (JSON body, native clients)', async () => {
      const session = await signIn();
      const first = await refreshWithBody(session.refreshToken);
      expect(first.statusCode).toBe(200);
      const body = first.json();
      expect(body.refreshToken).not.toBe(session.refreshToken);
      expect(body.user.type).toBe('user');
      expect(service.verifyToken(body.accessToken).sid).toBe(service.verifyToken(session.accessToken).sid);
      // A body refresh is not a browser's: no cookies.
      expect(first.cookies).toHaveLength(0);

      const second = await refreshWithBody(body.refreshToken);
      expect(second.statusCode).toBe(200);
      expect(second.json().refreshToken).not.toBe(body.refreshToken);
    });

    it('refreshes from the cookie with the CSRF header and keeps the CSRF value', async () => {
      const session = await signIn();
      const withoutHeader = await service.app.inject({
        method: 'POST',
        url: '/api/user/refresh',
        cookies: session.jar,
      });
      expect(withoutHeader.statusCode).toBe(403);
      expect(withoutHeader.json().code).toBe('CSRF_FAILED');

      const response = await service.app.inject({
        method: 'POST',
        url: '/api/user/refresh',
        cookies: session.jar,
        headers: { 'x-csrf-token': session.jar.mp_csrf as string },
      });
      expect(response.statusCode).toBe(200);
      const cookies = setCookies(response);
      expect(cookies.mp_refresh?.value).toBe(response.json().refreshToken);
      expect(cookies.mp_refresh?.value).not.toBe(session.jar.mp_refresh);
      expect(cookies.mp_access?.value).toBe(response.json().accessToken);
      expect(cookies.mp_csrf?.value).toBe(session.jar.mp_csrf);
    });

    it('treats a reused refresh token as theft: 401 and the whole family is revoked', async () => {
      const person = await newPerson();
      const session = await signIn(person);
      const rotated = await refreshWithBody(session.refreshToken);
      expect(rotated.statusCode).toBe(200);
      const { refreshToken: next, accessToken } = rotated.json();

      // After the grace window (30 s by default).
      clockOffsetMs = 31_000;
      const reuse = await refreshWithBody(session.refreshToken);
      expect(reuse.statusCode).toBe(401);
      expect(reuse.json().resultMessage.en).toBe(EXPIRED);
      // The legitimate-looking newer token dies with its family, and so does the session for /me.
      expect((await refreshWithBody(next)).statusCode).toBe(401);
      expect((await me({ bearer: accessToken })).json()).toEqual({ statusCode: 200, user: null });
      // Other sessions of the same account live on.
      const other = await signIn(person);
      expect((await refreshWithBody(other.refreshToken)).statusCode).toBe(200);
    });

    it('gives two tabs refreshing with the same token at once a pair each, in the same session', async () => {
      const session = await signIn();
      const first = await refreshWithBody(session.refreshToken);
      clockOffsetMs = 10_000;
      const second = await refreshWithBody(session.refreshToken);
      expect(first.statusCode).toBe(200);
      expect(second.statusCode).toBe(200);
      const [a, b] = [first.json(), second.json()];
      expect(b.refreshToken).not.toBe(a.refreshToken);
      const sid = service.verifyToken(a.accessToken).sid;
      expect(service.verifyToken(b.accessToken).sid).toBe(sid);
      // Nothing was revoked: both new tokens work and the session is live.
      expect((await me({ bearer: b.accessToken })).json().user).toMatchObject({ _id: session.user._id });
      expect((await refreshWithBody(a.refreshToken)).statusCode).toBe(200);
      expect((await refreshWithBody(b.refreshToken)).statusCode).toBe(200);
      const rows = await schemaDb<AccountsDatabase>(service.db, 'accounts')
        .selectFrom('refresh_tokens')
        .select('revoked_at')
        .where('family_id', '=', sid as string)
        .execute();
      expect(rows.length).toBeGreaterThan(2);
      expect(rows.every((row) => row.revoked_at === null)).toBe(true);
    });

    it('still treats the old token as theft once the grace window has passed', async () => {
      const session = await signIn();
      const first = await refreshWithBody(session.refreshToken);
      expect(first.statusCode).toBe(200);
      clockOffsetMs = 25_000;
      expect((await refreshWithBody(session.refreshToken)).statusCode).toBe(200);
      // The window runs from the first rotation; a graced repeat does not extend it.
      clockOffsetMs = 31_000;
      expect((await refreshWithBody(session.refreshToken)).statusCode).toBe(401);
      expect((await refreshWithBody(first.json().refreshToken)).statusCode).toBe(401);
    });

    it('refuses a planted CSRF cookie with a matching header (refresh, logout, and writes elsewhere)', async () => {
      const session = await signIn();
      const planted = 'planted-csrf-value-from-elsewhere-0000';
      const jar = { ...session.jar, mp_csrf: planted };
      const headers = { 'x-csrf-token': planted };
      const refresh = await service.app.inject({
        method: 'POST',
        url: '/api/user/refresh',
        cookies: jar,
        headers,
      });
      expect(refresh.statusCode).toBe(403);
      expect(refresh.json().code).toBe('CSRF_FAILED');
      const logout = await service.app.inject({
        method: 'POST',
        url: '/api/user/logout',
        cookies: jar,
        headers,
        payload: {},
      });
      expect(logout.statusCode).toBe(403);
      // Logout with only the refresh cookie (access token gone) is bound through the stored hash.
      const withoutAccess: CookieJar = { ...jar };
      delete withoutAccess.mp_access;
      const logoutByRefresh = await service.app.inject({
        method: 'POST',
        url: '/api/user/logout',
        cookies: withoutAccess,
        headers,
        payload: {},
      });
      expect(logoutByRefresh.statusCode).toBe(403);
      const edit = await service.app.inject({
        method: 'PUT',
        url: '/api/user/editcompany',
        cookies: jar,
        headers,
        payload: { description: 'planted' },
      });
      expect(edit.statusCode).toBe(403);
      // Nothing was burned: the session's own value still works everywhere.
      const real = { 'x-csrf-token': session.jar.mp_csrf as string };
      const ok = await service.app.inject({
        method: 'POST',
        url: '/api/user/refresh',
        cookies: session.jar,
        headers: real,
      });
      expect(ok.statusCode).toBe(200);
      const claims = service.verifyToken(ok.json().accessToken);
      expect(claims.csh).toBeDefined();
      const edited = await service.app.inject({
        method: 'PUT',
        url: '/api/user/editcompany',
        cookies: { ...session.jar, ...sessionJar(ok) },
        headers: real,
        payload: { description: 'Mine' },
      });
      expect(edited.statusCode).toBe(200);
    });

    it('expires a session after its idle time without use', async () => {
      const session = await signIn();
      clockOffsetMs = (HOUR / 2 + 60) * 1000;
      const response = await refreshWithBody(session.refreshToken);
      expect(response.statusCode).toBe(401);
      expect(response.json().resultMessage.en).toBe(EXPIRED);
    });

    it('ends a session at its absolute expiry however actively it is used', async () => {
      let { refreshToken } = await signIn();
      for (const minutes of [20, 40]) {
        clockOffsetMs = minutes * 60 * 1000;
        const response = await refreshWithBody(refreshToken);
        expect(response.statusCode).toBe(200);
        refreshToken = response.json().refreshToken;
      }
      clockOffsetMs = 61 * 60 * 1000; // within the idle window of the last token, past the hour
      const response = await refreshWithBody(refreshToken);
      expect(response.statusCode).toBe(401);
    });

    it('refuses unknown tokens and a missing token', async () => {
      expect((await refreshWithBody('x'.repeat(43))).statusCode).toBe(401);
      const none = await service.app.inject({ method: 'POST', url: '/api/user/refresh', payload: {} });
      expect(none.statusCode).toBe(401);
      expect(none.json().resultMessage.en).toBe('Please sign in to continue.');
    });
  });

  describe('who is signed in', () => {
    it('answers /me from the cookie, a bearer token and the legacy bare Authorization header', async () => {
      const session = await signIn();
      for (const response of [
        await me({ cookies: session.jar }),
        await me({ bearer: session.accessToken }),
        await me({ header: session.accessToken }),
      ]) {
        expect(response.statusCode).toBe(200);
        expect(response.json().user).toMatchObject({ _id: session.user._id, type: 'user' });
      }
    });

    it('answers a signed-out visit with 200 and user null: no token, a bad token, an ended session', async () => {
      const ended = await signIn();
      await service.app.inject({
        method: 'POST',
        url: '/api/user/logout',
        headers: { authorization: `Bearer ${ended.accessToken}` },
        payload: {},
      });
      for (const response of [
        await me({}),
        await me({ bearer: 'not.a.token' }),
        await me({ bearer: `${ended.accessToken.slice(0, -4)}AAAA` }),
        await me({ bearer: ended.accessToken }),
        await me({ cookies: { mp_access: ended.accessToken } }),
        await me({ cookies: ended.jar }),
      ]) {
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({ statusCode: 200, user: null });
      }
    });

    it('says the session expired when the access token has', async () => {
      const session = await signIn();
      const signer = Fastify({ logger: false });
      await signer.register(authPlugin, {
        publicKey: service.keys.publicKey,
        privateKey: service.keys.privateKey,
      });
      await signer.ready();
      const claims = service.verifyToken(session.accessToken);
      const expired = signer.jwt.sign(
        { sub: claims.sub, type: claims.type, name: claims.name, sid: claims.sid as string },
        { clockTimestamp: Date.now() - 2 * HOUR * 1000 },
      );
      await signer.close();
      // Expired with no live refresh cookie: signed out, a 200.
      for (const response of [await me({ bearer: expired }), await me({ cookies: { mp_access: expired } })]) {
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({ statusCode: 200, user: null });
      }
      // Expired next to a live refresh cookie: 401 SESSION_EXPIRED, so the browser refreshes and asks again.
      const response = await me({ cookies: { ...session.jar, mp_access: expired } });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'SESSION_EXPIRED', resultMessage: { en: EXPIRED } });
    });

    it('tells which sign-in methods exist, and hides Facebook when it is not configured', async () => {
      const options = await service.app.inject({ method: 'GET', url: '/api/user/auth-options' });
      expect(options.json()).toEqual({ facebook: false });
      for (const url of ['/api/user/facebook', '/api/user/facebook/callback?code=x&state=y']) {
        const response = await service.app.inject({ method: 'GET', url });
        expect(response.statusCode).toBe(404);
        expect(response.json().resultMessage.en).toBe('Facebook login is not available.');
      }
    });

    it('still serves its public key as a JWKS', async () => {
      const response = await service.app.inject({ method: 'GET', url: '/api/user/jwks.json' });
      expect(response.json().keys[0]).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA' });
    });
  });

  describe('logout', () => {
    it('revokes the session of a bearer token (legacy payload) and clears the cookies', async () => {
      const session = await signIn();
      const response = await service.app.inject({
        method: 'POST',
        url: '/api/user/logout',
        headers: { authorization: `Bearer ${session.accessToken}` },
        payload: { user_id: session.user._id },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ statusCode: 200, resultMessage: { en: 'Logged out successfully' } });
      const cleared = setCookies(response);
      for (const name of ['mp_access', 'mp_refresh', 'mp_csrf']) {
        expect(cleared[name]?.value).toBe('');
        expect(cleared[name]?.expires?.getTime()).toBeLessThan(Date.now());
      }
      expect((await refreshWithBody(session.refreshToken)).statusCode).toBe(401);
      expect((await me({ bearer: session.accessToken })).json()).toEqual({ statusCode: 200, user: null });
    });

    it('needs the CSRF header when the session comes from cookies', async () => {
      const session = await signIn();
      const forged = await service.app.inject({
        method: 'POST',
        url: '/api/user/logout',
        cookies: session.jar,
        payload: { user_id: session.user._id },
      });
      expect(forged.statusCode).toBe(403);
      expect((await me({ cookies: session.jar })).statusCode).toBe(200);

      const response = await service.app.inject({
        method: 'POST',
        url: '/api/user/logout',
        cookies: session.jar,
        headers: { 'x-csrf-token': session.jar.mp_csrf as string },
        payload: { user_id: session.user._id },
      });
      expect(response.statusCode).toBe(200);
      const refresh = await service.app.inject({
        method: 'POST',
        url: '/api/user/refresh',
        cookies: session.jar,
        headers: { 'x-csrf-token': session.jar.mp_csrf as string },
      });
      expect(refresh.statusCode).toBe(401);
    });

    it('logs out with only the refresh token once the access token is gone', async () => {
      const session = await signIn();
      const response = await service.app.inject({
        method: 'POST',
        url: '/api/user/logout',
        payload: { user_id: session.user._id, refreshToken: session.refreshToken },
      });
      expect(response.statusCode).toBe(200);
      expect((await refreshWithBody(session.refreshToken)).statusCode).toBe(401);
    });

    it('answers 401 without a session, or for one already ended, and still clears the cookies', async () => {
      const none = await service.app.inject({
        method: 'POST',
        url: '/api/user/logout',
        payload: { user_id: 'someone' },
      });
      expect(none.statusCode).toBe(401);
      expect(none.json().statusCode).toBe(401);
      expect(setCookies(none).mp_access?.value).toBe('');

      const session = await signIn();
      const logout = () =>
        service.app.inject({
          method: 'POST',
          url: '/api/user/logout',
          headers: { authorization: `Bearer ${session.accessToken}` },
        });
      expect((await logout()).statusCode).toBe(200);
      expect((await logout()).statusCode).toBe(401);
    });
  });
});

describe('rate limits shared by two instances of the service', () => {
  let first: TestService;
  let second: FastifyInstance;
  let secondBus: EventBus;
  beforeAll(async () => {
    const settings = { rateLimits: { loginPerIp: { max: 3, windowMs: 60_000 } } };
    first = await createAccountsTestService(settings);
    // A second instance on the same database, as two processes behind the edge would be.
    second = Fastify({ logger: false });
    secondBus = await createLocalBus({ db: first.db });
    await second.register(accountsService, {
      db: first.db,
      bus: secondBus,
      auth: { publicKey: first.keys.publicKey, privateKey: first.keys.privateKey },
      accounts: settings,
    });
    await second.ready();
  });
  afterAll(async () => {
    await second.close();
    await secondBus.close();
    await first.close();
  });

  it('counts login attempts from one address on either instance against one budget', async () => {
    const ip = nextIp();
    const login = (app: FastifyInstance) =>
      app.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: { email: 'nobody@example.com', password: 'whatever-1' },
        remoteAddress: ip,
      });
    expect((await login(first.app)).statusCode).toBe(401);
    expect((await login(second)).statusCode).toBe(401);
    expect((await login(first.app)).statusCode).toBe(401);
    expect((await login(second)).statusCode).toBe(429);
    expect((await login(first.app)).statusCode).toBe(429);
  });
});
