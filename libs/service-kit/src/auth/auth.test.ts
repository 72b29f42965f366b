import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { errorHandlerPlugin } from '../http/errors';
import { authPlugin, csrfHash } from './auth';
import { generateSigningKeys } from './keys';

const CSRF_FAILED =
  'This request could not be verified (missing or wrong x-csrf-token). Please reload the page and try again.';

/** A service that verifies only (public key), with one safe and one unsafe protected route. */
async function verifyingService(
  keys: { publicKey: string },
  before?: (app: FastifyInstance) => Promise<void>,
) {
  const app = Fastify({ logger: false });
  if (before) await before(app);
  await app.register(errorHandlerPlugin);
  await app.register(authPlugin, { publicKey: keys.publicKey });
  app.get('/thing', { preHandler: app.authenticate }, async (request) => ({
    sub: request.user.sub,
    source: request.authSource,
  }));
  app.post('/thing', { preHandler: app.authenticate }, async (request) => ({ sub: request.user.sub }));
  app.delete('/admin-thing', { preHandler: app.requireType('admin') }, async () => ({ ok: true }));
  await app.ready();
  return app;
}

describe('authPlugin: access token from header or cookie, CSRF for cookies', () => {
  const keys = generateSigningKeys();
  let app: FastifyInstance;
  let signer: FastifyInstance;
  let token: string;
  const csrf = 'csrf-value-0123456789abcdef';

  beforeAll(async () => {
    app = await verifyingService(keys);
    signer = Fastify({ logger: false });
    await signer.register(authPlugin, keys);
    await signer.ready();
    token = signer.jwt.sign({ sub: 'user-1', type: 'user', name: 'Ada', csh: csrfHash(csrf) });
  });
  afterAll(async () => {
    await app.close();
    await signer.close();
  });

  it('accepts a bearer token and the legacy bare Authorization header', async () => {
    for (const authorization of [`Bearer ${token}`, `bearer ${token}`, token]) {
      const response = await app.inject({ method: 'GET', url: '/thing', headers: { authorization } });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ sub: 'user-1', source: 'header' });
    }
  });

  it('accepts the mp_access cookie, also next to a junk header from a signed-out legacy client', async () => {
    for (const headers of [{}, { authorization: 'null' }, { authorization: 'Bearer undefined' }]) {
      const response = await app.inject({
        method: 'GET',
        url: '/thing',
        headers,
        cookies: { mp_access: token },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().source).toBe('cookie');
    }
  });

  it('answers 401 without a valid token', async () => {
    for (const options of [
      {},
      { cookies: { mp_access: 'a.b.c' } },
      { headers: { authorization: 'Bearer a.b.c' } },
    ]) {
      const response = await app.inject({ method: 'GET', url: '/thing', ...options });
      expect(response.statusCode).toBe(401);
      expect(response.json().resultMessage.en).toBe('Please sign in to continue.');
    }
  });

  it('answers 401 "session expired" for an expired token', async () => {
    const expired = signer.jwt.sign(
      { sub: 'user-1', type: 'user', name: 'Ada' },
      { clockTimestamp: Date.now() - 3_600_000 },
    );
    const response = await app.inject({ method: 'GET', url: '/thing', cookies: { mp_access: expired } });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({
      code: 'SESSION_EXPIRED',
      resultMessage: { en: 'Your session has expired. Please sign in again.' },
    });
  });

  it('refuses a cookie-authenticated POST without the CSRF header (403) and accepts it with the header', async () => {
    const without = await app.inject({
      method: 'POST',
      url: '/thing',
      cookies: { mp_access: token, mp_csrf: csrf },
    });
    expect(without.statusCode).toBe(403);
    expect(without.json()).toMatchObject({ code: 'CSRF_FAILED', resultMessage: { en: CSRF_FAILED } });

    const wrong = await app.inject({
      method: 'POST',
      url: '/thing',
      cookies: { mp_access: token, mp_csrf: csrf },
      headers: { 'x-csrf-token': `${csrf}x` },
    });
    expect(wrong.statusCode).toBe(403);

    // A header without the cookie proves nothing either.
    const noCookie = await app.inject({
      method: 'POST',
      url: '/thing',
      cookies: { mp_access: token },
      headers: { 'x-csrf-token': csrf },
    });
    expect(noCookie.statusCode).toBe(403);

    const ok = await app.inject({
      method: 'POST',
      url: '/thing',
      cookies: { mp_access: token, mp_csrf: csrf },
      headers: { 'x-csrf-token': csrf },
    });
    expect(ok.statusCode).toBe(200);
  });

  it("refuses a planted CSRF cookie with a matching header: the value must be the session's", async () => {
    const planted = 'planted-by-someone-else-000';
    const response = await app.inject({
      method: 'POST',
      url: '/thing',
      cookies: { mp_access: token, mp_csrf: planted },
      headers: { 'x-csrf-token': planted },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('CSRF_FAILED');
    // A cookie-authenticated write with a token that carries no binding (from before it) is refused
    // with 401 SESSION_EXPIRED, so the browser refreshes into a bound session and retries.
    const unbound = signer.jwt.sign({ sub: 'user-1', type: 'user', name: 'Ada' });
    const legacy = await app.inject({
      method: 'POST',
      url: '/thing',
      cookies: { mp_access: unbound, mp_csrf: csrf },
      headers: { 'x-csrf-token': csrf },
    });
    expect(legacy.statusCode).toBe(401);
    expect(legacy.json().code).toBe('SESSION_EXPIRED');
  });

  it('needs no CSRF header for bearer requests, even when cookies come along', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/thing',
      headers: { authorization: `Bearer ${token}` },
      cookies: { mp_access: token, mp_csrf: csrf },
    });
    expect(response.statusCode).toBe(200);
  });

  it('checks the type after the CSRF check', async () => {
    const admin = signer.jwt.sign({ sub: 'admin-1', type: 'admin', name: 'Root' });
    const forged = await app.inject({ method: 'DELETE', url: '/admin-thing', cookies: { mp_access: admin } });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().code).toBe('CSRF_FAILED');
    const user = await app.inject({
      method: 'DELETE',
      url: '/admin-thing',
      cookies: { mp_access: token, mp_csrf: csrf },
      headers: { 'x-csrf-token': csrf },
    });
    expect(user.statusCode).toBe(403);
    expect(user.json().code).toBe('FORBIDDEN');
  });

  it('does not register @fastify/cookie twice when the host already did', async () => {
    const host = await verifyingService(keys, async (instance) => {
      await instance.register(fastifyCookie);
    });
    const response = await host.inject({ method: 'GET', url: '/thing', cookies: { mp_access: token } });
    expect(response.statusCode).toBe(200);
    await host.close();
  });
});
