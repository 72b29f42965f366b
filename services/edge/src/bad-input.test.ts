import accountsService from '@marketplace/accounts-service';
import { ROUTE_PRIVACY } from '@marketplace/contracts';
import chatService from '@marketplace/chat-service';
import jobsService from '@marketplace/jobs-service';
import paymentsService from '@marketplace/payments-service';
import { BODY_NEEDED_MESSAGE, type ServiceDeps } from '@marketplace/service-kit';
import { createTestService, type TestService } from '@marketplace/service-kit/testing';
import type { FastifyInstance, HTTPMethods, RouteOptions } from 'fastify';
import { sql } from 'kysely';

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
  /** The query string's numeric fields (integer or number, however declared). */
  numericQuery: string[];
}

const routes: WalkedRoute[] = [];

function propertiesOf(schema: unknown): string[] {
  const props = (schema as { properties?: Record<string, unknown> } | undefined)?.properties;
  return props ? Object.keys(props) : [];
}

function isNumeric(schema: unknown): boolean {
  const { type, allOf, anyOf } = (schema ?? {}) as { type?: unknown; allOf?: unknown[]; anyOf?: unknown[] };
  const types = Array.isArray(type) ? type : [type];
  return (
    types.includes('integer') ||
    types.includes('number') ||
    [...(allOf ?? []), ...(anyOf ?? [])].some((part) => isNumeric(part))
  );
}

function numericProperties(schema: unknown): string[] {
  const props = (schema as { properties?: Record<string, unknown> } | undefined)?.properties ?? {};
  return Object.entries(props)
    .filter(([, property]) => isNumeric(property))
    .map(([name]) => name);
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
      numericQuery: numericProperties(route.schema?.querystring),
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
  let walker: Record<string, string>;

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
    const login = await service.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: 'walker@example.com', password: 'secret-walker' },
    });
    walker = { authorization: `Bearer ${login.json().accessToken as string}` };
    identities = [
      { label: 'visitor', headers: {} },
      { label: 'user', headers: await bearer('user') },
      { label: 'company', headers: await bearer('company') },
      { label: 'admin', headers: await bearer('admin') },
    ];
  }, 120_000);
  /** Empties every service's rate-limit counters (one table per service schema). */
  async function clearRateLimits(): Promise<void> {
    const { rows } = await sql<{ table_schema: string }>`
      select table_schema from information_schema.tables where table_name = 'rate_limit_counters'`.execute(
      service.db.raw,
    );
    for (const { table_schema } of rows) {
      await sql`delete from ${sql.table(`${table_schema}.rate_limit_counters`)}`.execute(service.db.raw);
    }
  }

  afterAll(async () => {
    await service.close();
  }, 60_000);

  it('found the routes of every service', () => {
    const urls = routes.map((r) => r.url);
    for (const prefix of ['/api/user', '/api/jobs', '/ws', '/api/payments']) {
      expect(urls.some((url) => url.startsWith(prefix))).toBe(true);
    }
  });

  it('declares for every /api route whether it carries personal data, and no route that is gone', () => {
    const keys = routes.filter((r) => r.url.startsWith('/api/')).map((r) => `${r.method} ${r.url}`);
    expect(keys.filter((key) => !(key in ROUTE_PRIVACY))).toEqual([]);
    expect(Object.keys(ROUTE_PRIVACY).filter((key) => !keys.includes(key))).toEqual([]);
  });

  it('answers every route that may carry personal data with Cache-Control: no-store', async () => {
    const failures: string[] = [];
    for (const route of routes.filter((r) => r.url.startsWith('/api/'))) {
      const personal = ROUTE_PRIVACY[`${route.method} ${route.url}`] !== 'public';
      for (const { label, headers } of identities) {
        const response = await service.app.inject({
          method: route.method as HTTPMethods,
          url: concrete(route.url),
          headers,
        });
        const noStore = response.headers['cache-control'] === 'no-store';
        if (personal !== noStore) {
          failures.push(`${label} ${route.method} ${route.url} -> ${response.headers['cache-control']}`);
        }
      }
    }
    expect(failures).toEqual([]);
    const me = await service.app.inject({ method: 'GET', url: '/api/user/me', headers: walker });
    expect([me.statusCode, me.headers['cache-control']]).toEqual([200, 'no-store']);
  }, 120_000);

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

  it('answers Infinity, -Infinity and 1e309 in every number of a query string with a 400', async () => {
    const numeric = routes.filter((route) => route.numericQuery.length > 0);
    // The lists of every service: listings, search, companies, reviews, chat history, admin lists, payments.
    expect(numeric.length).toBeGreaterThanOrEqual(12);
    const failures: string[] = [];
    for (const route of numeric) {
      for (const field of route.numericQuery) {
        for (const value of ['Infinity', '-Infinity', '1e309', '%20Infinity', 'NaN', '9'.repeat(400)]) {
          for (const { label, headers } of identities) {
            const url = `${concrete(route.url)}?${field}=${value}`;
            const response = await service.app.inject({ method: route.method as HTTPMethods, url, headers });
            // A 401/403 only where the caller may not read the list at all; an admin always gets the 400.
            const bad =
              ![400, 401, 403].includes(response.statusCode) ||
              (label === 'admin' && response.statusCode !== 400);
            if (bad) failures.push(`${label} ${route.method} ${url.slice(0, 120)} -> ${response.statusCode}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('answers 1e309 (Infinity once parsed) in every field of a JSON body with a 4xx, never a 5xx', async () => {
    const failures: string[] = [];
    for (const route of routes.filter((r) => BODY_METHODS.has(r.method) && r.bodyFields.length > 0)) {
      const payload = `{${route.bodyFields.map((field) => `"${field}":1e309`).join(',')}}`;
      for (const { label, headers } of identities) {
        const response = await service.app.inject({
          method: route.method as HTTPMethods,
          url: concrete(route.url),
          headers: { ...headers, 'content-type': 'application/json' },
          payload,
        });
        if (!ALLOWED.includes(response.statusCode)) {
          failures.push(`${label} ${route.method} ${route.url} -> ${response.statusCode} ${response.body}`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('says why Infinity is refused, and still reads a page written as digits', async () => {
    const response = await service.app.inject({ method: 'GET', url: '/api/jobs/viewalljobs?page=Infinity' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('querystring /page must be a finite number');
    const ok = await service.app.inject({ method: 'GET', url: '/api/jobs/viewalljobs?page=2&limit=5' });
    expect(ok.statusCode).toBe(200);
    expect([ok.json().page, ok.json().limit]).toEqual([2, 5]);
  });

  it('treats an empty application/json body as no body on every route', async () => {
    const failures: string[] = [];
    for (const route of routes.filter((r) => BODY_METHODS.has(r.method))) {
      for (const { label, headers } of identities) {
        const request = { method: route.method as HTTPMethods, url: concrete(route.url) };
        // Both requests count against the route's limits: start each pair afresh, or the pair that
        // meets the limit (earlier tests' hits, the same 15-minute window) reads as a difference.
        await clearRateLimits();
        const none = await service.app.inject({ ...request, headers });
        const empty = await service.app.inject({
          ...request,
          headers: { ...headers, 'content-type': 'application/json' },
          payload: '',
        });
        const { code, message } = empty.json() as { code?: string; message?: string };
        const bad =
          empty.statusCode >= 500 ||
          empty.statusCode !== none.statusCode ||
          code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
          (code === 'BODY_REQUIRED' && message !== BODY_NEEDED_MESSAGE);
        if (bad) {
          failures.push(
            `${label} ${route.method} ${route.url} -> ${empty.statusCode} (${none.statusCode}) ${empty.body}`,
          );
        }
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('answers a route that needs a body, sent none, with a 400 that says so', async () => {
    for (const payload of [undefined, '', '  \n']) {
      const response = await service.app.inject({
        method: 'POST',
        url: '/api/user/login',
        headers: payload === undefined ? {} : { 'content-type': 'application/json' },
        ...(payload === undefined ? {} : { payload }),
      });
      expect([response.statusCode, response.json().message]).toEqual([400, BODY_NEEDED_MESSAGE]);
    }
  });
});
