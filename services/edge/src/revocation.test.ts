import accountsService from '@marketplace/accounts-service';
import chatService from '@marketplace/chat-service';
import jobsService from '@marketplace/jobs-service';
import paymentsService from '@marketplace/payments-service';
import type { ServiceDeps } from '@marketplace/service-kit';
import { createTestService, eventually, type TestService } from '@marketplace/service-kit/testing';
import type { FastifyInstance } from 'fastify';

/**
 * Revocation reaches every service within seconds: after logout, refresh-token reuse and account
 * deletion, the (still unexpired) access token is refused by accounts, chat and payments alike.
 */
describe('revocation everywhere', () => {
  let service: TestService;
  let people = 0;

  beforeAll(async () => {
    service = await createTestService([
      async (app: FastifyInstance, deps: ServiceDeps) => {
        await app.register(accountsService, { ...deps, accounts: { refreshGraceSeconds: 0 } });
        await app.register(jobsService, deps);
        await app.register(chatService, deps);
        await app.register(paymentsService, deps);
      },
    ]);
  }, 120_000);
  afterAll(async () => {
    await service.close();
  }, 60_000);

  async function signedIn() {
    people += 1;
    const email = `revoke${people}@example.com`;
    const password = `secret-revoke-${people}`;
    const signUp = await service.app.inject({
      method: 'POST',
      url: '/api/user',
      payload: {
        name: 'Revo Kay',
        email,
        password,
        phoneNumber: '08031234567',
        type: 'company',
        cacnumber: 'RC123456',
        address: '1 Marina, Lagos',
        state: 'Lagos',
        pincode: '100001',
        category: ['Craftsman'],
        subcategory: ['Plumber'],
      },
      remoteAddress: `127.0.3.${people}`,
    });
    expect(signUp.statusCode).toBe(200);
    const login = await service.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email, password },
      remoteAddress: `127.0.4.${people}`,
    });
    expect(login.statusCode).toBe(200);
    const body = login.json();
    return {
      id: body.user._id as string,
      password,
      accessToken: body.accessToken as string,
      refreshToken: body.refreshToken as string,
      headers: { authorization: `Bearer ${body.accessToken}` },
    };
  }

  /** The statuses of one authenticated read in each service. */
  async function everywhere(session: { id: string; headers: Record<string, string> }) {
    const get = async (url: string) =>
      (await service.app.inject({ method: 'GET', url, headers: session.headers })).statusCode;
    return {
      accounts: await get('/api/user/me/export'),
      chat: await get(`/api/jobs/user/chat/${session.id}`),
      payments: await get('/api/payments/mine'),
    };
  }
  const allOk = { accounts: 200, chat: 200, payments: 200 };
  const allRefused = { accounts: 401, chat: 401, payments: 401 };

  it('refuses the access token everywhere after logout', async () => {
    const session = await signedIn();
    expect(await everywhere(session)).toEqual(allOk);
    const logout = await service.app.inject({
      method: 'POST',
      url: '/api/user/logout',
      headers: session.headers,
      payload: {},
    });
    expect(logout.statusCode).toBe(200);
    await eventually(async () => expect(await everywhere(session)).toEqual(allRefused), 5000);
    const refused = await service.app.inject({
      method: 'GET',
      url: '/api/payments/mine',
      headers: session.headers,
    });
    expect(refused.json().code).toBe('SESSION_EXPIRED');
  });

  it('refuses the access token everywhere after refresh-token reuse ends the session', async () => {
    const session = await signedIn();
    const refresh = (refreshToken: string) =>
      service.app.inject({ method: 'POST', url: '/api/user/refresh', payload: { refreshToken } });
    const rotated = await refresh(session.refreshToken);
    expect(rotated.statusCode).toBe(200);
    const newer = { id: session.id, headers: { authorization: `Bearer ${rotated.json().accessToken}` } };
    expect(await everywhere(newer)).toEqual(allOk);
    expect((await refresh(session.refreshToken)).statusCode).toBe(401);
    await eventually(async () => {
      expect(await everywhere(session)).toEqual(allRefused);
      expect(await everywhere(newer)).toEqual(allRefused);
    }, 5000);
  });

  it('refuses every token of a deleted account everywhere, and no other account is affected', async () => {
    const session = await signedIn();
    const other = await signedIn();
    const deleted = await service.app.inject({
      method: 'DELETE',
      url: '/api/user/me',
      headers: session.headers,
      payload: { password: session.password },
    });
    expect(deleted.statusCode).toBe(200);
    // A token minted without a session id (as tools and tests do) is refused too: the account is gone.
    const sessionless = {
      id: session.id,
      headers: { authorization: `Bearer ${await service.tokenFor({ sub: session.id, type: 'company' })}` },
    };
    await eventually(async () => {
      expect(await everywhere(session)).toEqual(allRefused);
      expect(await everywhere(sessionless)).toEqual(allRefused);
    }, 5000);
    expect(await everywhere(other)).toEqual(allOk);
  });
});
