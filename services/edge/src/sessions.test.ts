import accountsService from '@marketplace/accounts-service';
import chatService from '@marketplace/chat-service';
import paymentsService from '@marketplace/payments-service';
import type { ServiceDeps } from '@marketplace/service-kit';
import { createTestService, type TestService } from '@marketplace/service-kit/testing';
import type { FastifyInstance } from 'fastify';

// One web session (cookies set by accounts at login) is understood by every service: they all verify
// the access token with the same kit plugin, from the Authorization header or the mp_access cookie.
describe('a web session across services', () => {
  const admin = { email: 'root@example.com', password: 'a-long-admin-passphrase' };
  let service: TestService;
  let cookies: Record<string, string>;
  let userId: string;

  beforeAll(async () => {
    service = await createTestService([
      (app: FastifyInstance, deps: ServiceDeps) => accountsService(app, { ...deps, accounts: { admin } }),
      paymentsService,
      chatService,
    ]);
    const login = await service.app.inject({ method: 'POST', url: '/api/user/login', payload: admin });
    expect(login.statusCode).toBe(200);
    userId = login.json().user._id;
    cookies = Object.fromEntries(login.cookies.map((cookie) => [cookie.name, cookie.value]));
    // The session's three, and the known-device mark of the login back-off (accounts only reads it).
    expect(Object.keys(cookies).sort()).toEqual(['mp_access', 'mp_csrf', 'mp_device', 'mp_refresh']);
  });
  afterAll(async () => {
    await service.close();
  });

  it('payments accepts the mp_access cookie', async () => {
    const response = await service.app.inject({ method: 'GET', url: '/api/payments/mine', cookies });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ payments: [] });
  });

  it('chat accepts the mp_access cookie', async () => {
    const response = await service.app.inject({
      method: 'GET',
      url: `/api/jobs/user/chat/${userId}`,
      cookies,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });

  it('every service refuses the request once the cookie is gone', async () => {
    const response = await service.app.inject({ method: 'GET', url: '/api/payments/mine' });
    expect(response.statusCode).toBe(401);
  });
});
