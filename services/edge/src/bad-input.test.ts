import accountsService from '@marketplace/accounts-service';
import chatService from '@marketplace/chat-service';
import jobsService from '@marketplace/jobs-service';
import paymentsService from '@marketplace/payments-service';
import type { ServiceDeps } from '@marketplace/service-kit';
import { createTestService, type TestService } from '@marketplace/service-kit/testing';
import type { FastifyInstance, HTTPMethods, RouteOptions } from 'fastify';

/**
 * Every route of the four services, mounted together, answers bad input with a 4xx, never a 5xx:
 * a NUL character in every string (PostgreSQL refuses NUL in text), absurd page numbers, an empty JSON
 * body. Routes are collected as they are registered, so a new route is walked without editing this test.
 */
const ALLOWED = [400, 401, 403, 404, 405, 409, 413, 415, 429];
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const NUL = 'x\u0000y';

interface WalkedRoute {
  method: string;
  url: string;
  bodyFields: string[];
  paged: boolean;
}

const routes: WalkedRoute[] = [];

function propertiesOf(schema: unknown): string[] {
  const props = (schema as { properties?: Record<string, unknown> } | undefined)?.properties;
  return props ? Object.keys(props) : [];
}

function collect(route: RouteOptions): void {
  const methods = (Array.isArray(route.method) ? route.method : [route.method]) as HTTPMethods[];
  for (const method of methods) {
    if (method === 'HEAD' || method === 'OPTIONS') continue;
    routes.push({
      method,
      url: route.url,
      bodyFields: propertiesOf(route.schema?.body),
      paged: propertiesOf(route.schema?.querystring).includes('page'),
    });
  }
}

/** A concrete path for a route pattern: every parameter a well-formed id nobody has. */
function concrete(url: string): string {
  return url.replace(/:[A-Za-z_]+\??/g, '00000000-0000-4000-8000-000000000000').replace(/\*/g, 'x');
}

/** A body with a NUL in every string field the schema names, plus the usual suspects. */
function nulBody(fields: string[]): Record<string, unknown> {
  const names = new Set([...fields, 'email', 'password', 'name', 'message', 'refreshToken', 'text']);
  return Object.fromEntries([...names].map((name) => [name, NUL]));
}

describe('bad input on every route of the four services', () => {
  let service: TestService;
  let identities: Array<{ label: string; headers: Record<string, string> }>;

  beforeAll(async () => {
    service = await createTestService([
      async (app: FastifyInstance, deps: ServiceDeps) => {
        app.addHook('onRoute', collect);
        await app.register(accountsService, deps);
        await app.register(jobsService, deps);
        await app.register(chatService, deps);
        await app.register(paymentsService, deps);
      },
    ]);
    const signUp = await service.app.inject({
      method: 'POST',
      url: '/api/user',
      payload: {
        name: 'Walker Ade',
        email: 'walker@example.com',
        password: 'secret-walker',
        phoneNumber: '08031234567',
        type: 'user',
        address: '1 Marina, Lagos',
        state: 'Lagos',
        pincode: '100001',
      },
    });
    const user = signUp.json().user as { _id: string };
    const bearer = async (type: 'user' | 'company' | 'admin') => ({
      authorization: `Bearer ${await service.tokenFor({ sub: user?._id ?? 'nobody', type })}`,
    });
    identities = [
      { label: 'visitor', headers: {} },
      { label: 'user', headers: await bearer('user') },
      { label: 'company', headers: await bearer('company') },
      { label: 'admin', headers: await bearer('admin') },
    ];
  }, 120_000);
  afterAll(async () => {
    await service.close();
  }, 60_000);

  it('found the routes of every service', () => {
    const urls = routes.map((r) => r.url);
    for (const prefix of ['/api/user', '/api/jobs', '/ws', '/api/payments']) {
      expect(urls.some((url) => url.startsWith(prefix))).toBe(true);
    }
  });

  it('answers a NUL character in every string with a 4xx (400 where the body is read)', async () => {
    const failures: string[] = [];
    for (const route of routes) {
      for (const { label, headers } of identities) {
        const response = BODY_METHODS.has(route.method)
          ? await service.app.inject({
              method: route.method as HTTPMethods,
              url: concrete(route.url),
              headers,
              payload: nulBody(route.bodyFields),
            })
          : await service.app.inject({
              method: route.method as HTTPMethods,
              url: `${concrete(route.url)}?q=${encodeURIComponent(NUL)}`,
              headers,
            });
        if (!ALLOWED.includes(response.statusCode)) {
          failures.push(`${label} ${route.method} ${route.url} -> ${response.statusCode} ${response.body}`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('answers ?page=1e300&limit=1e300 with a 400 on paged lists and never a 5xx anywhere', async () => {
    const failures: string[] = [];
    for (const route of routes) {
      for (const query of ['page=1e300&limit=1e300', 'page=99999999999', 'page=-1&limit=0']) {
        for (const { label, headers } of identities) {
          const response = await service.app.inject({
            method: route.method as HTTPMethods,
            url: `${concrete(route.url)}?${query}`,
            headers,
          });
          // A paged list refuses the page with a 400, unless the caller may not read it at all (401/403).
          const bad = route.paged
            ? ![400, 401, 403].includes(response.statusCode) ||
              (label === 'admin' && response.statusCode !== 400)
            : response.statusCode >= 500;
          if (bad) failures.push(`${label} ${route.method} ${route.url}?${query} -> ${response.statusCode}`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('answers an empty application/json body with a 4xx, never a 5xx', async () => {
    const failures: string[] = [];
    for (const route of routes) {
      for (const { label, headers } of identities) {
        const response = await service.app.inject({
          method: route.method as HTTPMethods,
          url: concrete(route.url),
          headers: { ...headers, 'content-type': 'application/json' },
          payload: '',
        });
        const bad = BODY_METHODS.has(route.method)
          ? !ALLOWED.includes(response.statusCode)
          : response.statusCode >= 500;
        if (bad)
          failures.push(`${label} ${route.method} ${route.url} -> ${response.statusCode} ${response.body}`);
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
