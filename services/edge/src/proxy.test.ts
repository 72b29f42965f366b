import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API_ROUTE_TABLE, ownerOfPath } from '@marketplace/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import { loadConfig } from '@marketplace/service-kit';
import { EdgeConfigSchema } from './config';
import { startEdge, type Edge } from './edge';
import { registerProxy, serviceOfUrl, UpstreamBalancer } from './proxy';

/** A fake service that says who it is and echoes the request id it got. */
async function fakeService(name: string): Promise<{ app: FastifyInstance; url: string }> {
  const app = Fastify();
  app.get('/ready', async () => ({ status: 'ready' }));
  // A service's own /metrics, at the root of its port: never to be reached through the edge.
  app.get('/metrics', async () => ({ service: name, internal: 'metrics' }));
  app.all('/api/*', async (request) => ({
    service: name,
    path: request.url,
    method: request.method,
    requestId: request.headers['x-request-id'],
    forwardedFor: request.headers['x-forwarded-for'],
    contentType: request.headers['content-type'],
    body: request.body,
  }));
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url };
}

/** A GET with the path sent as written (fetch would resolve its dot segments first). */
function rawGet(base: string, path: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const request = httpRequest({ hostname, port, path, method: 'GET' }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
    request.end();
  });
}

/** An edge in the distributed topology on the given service addresses, and its removal. */
async function edgeOn(env: Record<string, string>): Promise<{ edge: Edge; remove(): Promise<void> }> {
  const webRoot = mkdtempSync(join(tmpdir(), 'edge-proxy-'));
  const edge = await startEdge(
    loadConfig(EdgeConfigSchema, { PORT: '0', LOG_LEVEL: 'silent', WEB_ROOT: webRoot, ...env }),
  );
  return {
    edge,
    async remove() {
      await edge.stop();
      rmSync(webRoot, { recursive: true, force: true });
    },
  };
}

describe('edge, distributed topology', () => {
  const services: Record<string, { app: FastifyInstance; url: string }> = {};
  let edge: Edge;
  let webRoot: string;

  beforeAll(async () => {
    for (const name of ['accounts', 'jobs', 'chat-1', 'chat-2', 'payments'])
      services[name] = await fakeService(name);
    webRoot = mkdtempSync(join(tmpdir(), 'edge-proxy-'));
    edge = await startEdge(
      loadConfig(EdgeConfigSchema, {
        PORT: '0',
        LOG_LEVEL: 'silent',
        WEB_ROOT: webRoot,
        ACCOUNTS_URL: services.accounts!.url,
        JOBS_URL: services.jobs!.url,
        CHAT_URLS: `${services['chat-1']!.url},${services['chat-2']!.url}`,
        PAYMENTS_URL: services.payments!.url,
      }),
    );
  });

  afterAll(async () => {
    await edge?.stop();
    for (const service of Object.values(services)) await service.app.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  const get = async (path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${edge.url}${path}`, { headers });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  it.each([
    ['/api/user/login', 'accounts'],
    ['/api/jobs/getcompaniesbycategory/Craftsman', 'accounts'],
    ['/api/jobs/viewalljobs?page=2', 'jobs'],
    ['/api/jobs/initializePayment', 'payments'],
    ['/api/payments/mine', 'payments'],
  ])('routes %s to %s with the path and query intact', async (path, service) => {
    const { status, body } = await get(path);
    expect(status).toBe(200);
    expect(body).toMatchObject({ service, path });
  });

  it('spreads chat requests over both instances', async () => {
    const seen = new Set<unknown>();
    for (let i = 0; i < 4; i++) seen.add((await get('/api/jobs/user/chat/abc')).body.service);
    expect([...seen].sort()).toEqual(['chat-1', 'chat-2']);
  });

  it('forwards the request id so logs can be followed across processes, and answers with it', async () => {
    const response = await fetch(`${edge.url}/api/jobs/viewalljobs`, {
      headers: { 'x-request-id': 'trace-12345678' },
    });
    expect(((await response.json()) as { requestId?: string }).requestId).toBe('trace-12345678');
    expect(response.headers.get('x-request-id')).toBe('trace-12345678');
    // Without one from the client, the id the edge made is the one the service got.
    const made = await fetch(`${edge.url}/api/jobs/viewalljobs`);
    const madeId = made.headers.get('x-request-id');
    expect(madeId).toMatch(/^[0-9a-f-]{36}$/);
    expect(((await made.json()) as { requestId?: string }).requestId).toBe(madeId);
  });

  it("serves its own /metrics and never proxies to a service's", async () => {
    await get('/api/jobs/viewalljobs');
    const own = await fetch(`${edge.url}/metrics`);
    expect(own.status).toBe(200);
    const text = await own.text();
    expect(text).toContain(
      'http_requests_total{method="GET",route="/api/*",status_code="200",service="edge"}',
    );
    // Through /api a service's root is out of reach, dot segments (plain or encoded) included.
    for (const path of [
      '/api/jobs/metrics',
      '/api/jobs/../../metrics',
      '/api/jobs/%2e%2e/%2e%2e/metrics',
      '/api/jobs/.%2E/.%2e/metrics',
      '/api/user/..%2f..%2fmetrics',
    ]) {
      const { body } = await rawGet(edge.url, path);
      expect([path, body.includes('"internal"')]).toEqual([path, false]);
    }
  });

  it("tells the service the client's address, never the one a client claims", async () => {
    const { body } = await get('/api/jobs/viewalljobs', { 'x-forwarded-for': '203.0.113.9' });
    expect(body.forwardedFor).toBe('127.0.0.1');
  });

  it('404s an API path no service owns', async () => {
    for (const path of ['/api/unknown/thing', '/api', '/api/usernames']) {
      const { status, body } = await get(path);
      expect([path, status, body.code]).toEqual([path, 404, 'NOT_FOUND']);
    }
  });

  it('passes a request body and its type through unread', async () => {
    const payload = { email: 'ada@example.com', password: 'secret-ada', note: 'é ✓' };
    const response = await fetch(`${edge.url}/api/user/login?next=%2Fhome`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(payload),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      service: 'accounts',
      method: 'POST',
      path: '/api/user/login?next=%2Fhome',
      contentType: 'application/json',
      body: payload,
    });
  });

  it('is ready only while every upstream is, and answers 503 for a service that is down', async () => {
    expect((await get('/ready')).status).toBe(200);
    await services.payments!.app.close();
    const down = await get('/api/payments/mine');
    expect(down.status).toBe(503);
    expect(down.body.resultMessage).toEqual({
      en: 'This service is unavailable right now. Please try again shortly.',
    });
    expect((await get('/ready')).status).toBe(503);
    expect((await get('/api/user/login')).status).toBe(200);
  });
});

describe('edge, distributed topology: an instance that is down', () => {
  const alive: Record<string, { app: FastifyInstance; url: string }> = {};
  let deadUrl: string;
  let edge: Edge;
  let webRoot: string;

  beforeAll(async () => {
    for (const name of ['accounts', 'jobs', 'chat-2', 'payments']) alive[name] = await fakeService(name);
    // An address nobody listens on any more: connections to it are refused.
    const dead = await fakeService('chat-1');
    deadUrl = dead.url;
    await dead.app.close();
    webRoot = mkdtempSync(join(tmpdir(), 'edge-proxy-down-'));
    edge = await startEdge(
      loadConfig(EdgeConfigSchema, {
        PORT: '0',
        LOG_LEVEL: 'silent',
        WEB_ROOT: webRoot,
        ACCOUNTS_URL: alive.accounts!.url,
        JOBS_URL: alive.jobs!.url,
        // The dead instance first: round robin would start with it.
        CHAT_URLS: `${deadUrl},${alive['chat-2']!.url}`,
        PAYMENTS_URL: alive.payments!.url,
      }),
    );
  });

  afterAll(async () => {
    await edge?.stop();
    for (const service of Object.values(alive)) await service.app.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  const send = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${edge.url}${path}`, {
      method,
      ...(body === undefined
        ? {}
        : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  it('answers 503 for a request with a body the dead instance refused, then passes it over', async () => {
    // A body is read once, so the refused request is not sent again: the client is told to retry.
    const refused = await send('POST', '/api/jobs/createchat', { jobId: 'j1' });
    expect(refused.status).toBe(503);
    expect(refused.body.code).toBe('SERVICE_UNAVAILABLE');
    // The dead instance is now passed over: every request goes to the live one.
    for (let i = 0; i < 4; i++) {
      const next = await send('POST', '/api/jobs/createchat', { jobId: `j${i}` });
      expect([next.status, next.body.service]).toEqual([200, 'chat-2']);
    }
  });
});

describe('edge behind an ingress that routes the API (EDGE_PROXY_API=off)', () => {
  it('stays ready while a service is down, and does not serve the API', async () => {
    const live = await fakeService('jobs');
    const dead = await fakeService('payments');
    await dead.app.close();
    const { edge, remove } = await edgeOn({
      EDGE_PROXY_API: 'off',
      ACCOUNTS_URL: live.url,
      JOBS_URL: live.url,
      CHAT_URLS: live.url,
      PAYMENTS_URL: dead.url,
    });
    try {
      // Swarm restarts a task whose check fails: a service down must not take every edge with it.
      const ready = await fetch(`${edge.url}/ready`);
      expect(ready.status).toBe(200);
      expect(((await ready.json()) as { checks: Record<string, string> }).checks).toEqual({ start: 'ok' });
      const api = await fetch(`${edge.url}/api/jobs/viewalljobs`);
      expect(api.status).toBe(404);
    } finally {
      await remove();
      await live.app.close();
    }
  });
});

describe('edge, distributed topology: a request without a body that an instance refused', () => {
  it('goes to the next instance at once', async () => {
    const live = await fakeService('chat-2');
    const dead = await fakeService('chat-1');
    await dead.app.close();
    const { edge, remove } = await edgeOn({
      ACCOUNTS_URL: live.url,
      JOBS_URL: live.url,
      CHAT_URLS: `${dead.url},${live.url}`,
      PAYMENTS_URL: live.url,
    });
    try {
      for (let i = 0; i < 4; i++) {
        const response = await fetch(`${edge.url}/api/jobs/user/chat/abc?i=${i}`);
        expect(response.status).toBe(200);
        expect(await response.json()).toMatchObject({
          service: 'chat-2',
          path: `/api/jobs/user/chat/abc?i=${i}`,
        });
      }
    } finally {
      await remove();
      await live.app.close();
    }
  });
});

describe('registerProxy, logging', () => {
  it('writes no line per proxied request at info, and warns when an upstream refuses', async () => {
    const lines: Array<{ level: number; msg: string }> = [];
    const stream = { write: (line: string) => void lines.push(JSON.parse(line)) };
    const live = await fakeService('jobs');
    const dead = await fakeService('accounts');
    await dead.app.close();
    const app = Fastify({ logger: { level: 'info', stream } });
    await registerProxy(app, {
      accounts: [dead.url],
      jobs: [live.url],
      chat: [live.url],
      payments: [live.url],
    });
    try {
      await app.ready();
      expect((await app.inject('/api/jobs/viewalljobs')).statusCode).toBe(200);
      expect((await app.inject('/api/unknown')).statusCode).toBe(404);
      expect(lines.filter((line) => line.level < 40)).toEqual([]);
      expect((await app.inject('/api/user/login')).statusCode).toBe(503);
      expect(lines.map((line) => [line.level, line.msg])).toContainEqual([
        40,
        'upstream refused the connection',
      ]);
    } finally {
      await app.close();
      await live.app.close();
    }
  });
});

describe('UpstreamBalancer', () => {
  const upstreams = {
    accounts: ['http://a'],
    jobs: ['http://j'],
    chat: ['http://c1', 'http://c2', 'http://c3/'],
    payments: ['http://p'],
  };

  it('uses the instances in turn', () => {
    const balancer = new UpstreamBalancer(upstreams);
    const urls = Array.from({ length: 6 }, () => balancer.pick('chat').url);
    expect(urls).toEqual(['http://c1', 'http://c2', 'http://c3', 'http://c1', 'http://c2', 'http://c3']);
    expect(balancer.pick('jobs').url).toBe('http://j');
  });

  it('passes over an instance marked down until its time is up', () => {
    let now = 1_000;
    const balancer = new UpstreamBalancer(upstreams, 5_000, () => now);
    const first = balancer.pick('chat');
    balancer.markDown(first);
    expect(balancer.isUp(first)).toBe(false);
    expect(Array.from({ length: 4 }, () => balancer.pick('chat').url)).toEqual([
      'http://c2',
      'http://c3',
      'http://c2',
      'http://c3',
    ]);
    now += 5_000;
    expect(balancer.isUp(first)).toBe(true);
    expect(Array.from({ length: 3 }, () => balancer.pick('chat').url).sort()).toEqual([
      'http://c1',
      'http://c2',
      'http://c3',
    ]);
  });

  it('still uses them in turn when every instance is down', () => {
    const balancer = new UpstreamBalancer(upstreams, 5_000, () => 0);
    for (let i = 0; i < 3; i++) balancer.markDown(balancer.pick('chat'));
    const urls = new Set(Array.from({ length: 3 }, () => balancer.pick('chat').url));
    expect(urls.size).toBe(3);
  });
});

describe('serviceOfUrl', () => {
  it('agrees with the route table of libs/contracts (ownerOfPath)', () => {
    const urls = ['/', '/api', '/api/', '/api/docs', '/api/docs/openapi.json', '/apix', '/api/unknown'];
    for (const { prefix } of API_ROUTE_TABLE) {
      urls.push(prefix, `${prefix}/`, `${prefix}/x/y`, `${prefix}?q=1`, `${prefix}/x?a=/b`, `${prefix}x`);
      urls.push(`${prefix.slice(0, -1)}`, `${prefix}x/y`, `${prefix}#frag`);
    }
    for (const url of urls) expect([url, serviceOfUrl(url)]).toEqual([url, ownerOfPath(url)]);
  });
});
