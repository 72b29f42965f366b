import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig, METRIC_NAMES, sampleValue } from '@marketplace/service-kit';
import { eventually, seedPGliteDataDir } from '@marketplace/service-kit/testing';
import { EdgeConfigSchema } from './config';
import { startEdge, type Edge } from './edge';

describe('edge, embedded topology', () => {
  let dir: string;
  let edge: Edge;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'edge-test-'));
    const web = join(dir, 'web');
    mkdirSync(join(web, 'shell', 'dist'), { recursive: true });
    writeFileSync(join(web, 'shell', 'dist', 'index.html'), '<!doctype html><title>shell</title>');
    writeFileSync(join(web, 'shell', 'dist', 'main.0123abcd.js'), 'console.log(1)');
    mkdirSync(join(web, 'mfe-catalogue', 'dist'), { recursive: true });
    writeFileSync(join(web, 'mfe-catalogue', 'dist', 'mf-manifest.json'), '{}');
    writeFileSync(join(web, 'mfe-catalogue', 'dist', 'remoteEntry.js'), '//');
    writeFileSync(join(web, 'mfe-catalogue', 'dist', '123.89abcdef.js'), '//');
    // mfe-jobs has no build at all: its files must 404, not break the edge.
    const config = loadConfig(EdgeConfigSchema, {
      PORT: '0',
      DATA_DIR: join(dir, 'data'),
      WEB_ROOT: web,
      LOG_LEVEL: 'silent',
      REMOTE_ADMIN_URL: 'https://cdn.example.com/admin/v2/mf-manifest.json',
    });
    // The embedded edge keeps PGlite in DATA_DIR/pglite: an empty cluster put there spares it initdb.
    await seedPGliteDataDir(join(dir, 'data', 'pglite'));
    edge = await startEdge(config);
  });

  afterAll(async () => {
    await edge?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (url: string) => edge.app.inject({ method: 'GET', url });

  it('serves the shell with the SPA fallback for client routes', async () => {
    for (const path of ['/', '/login', '/Login/', '/category/Build%20New', '/dashboard?tab=1']) {
      const res = await get(path);
      expect([path, res.statusCode, res.headers['cache-control']]).toEqual([path, 200, 'no-cache']);
      expect(res.body).toContain('<title>shell</title>');
    }
  });

  it('answers an unknown page address with 404 and the shell (its Page Not Found screen)', async () => {
    for (const path of ['/no/such/page', '/loginx', '/category/a/b', '/nothing?x=1']) {
      const res = await get(path);
      expect([path, res.statusCode, res.headers['content-type']]).toEqual([
        path,
        404,
        'text/html; charset=utf-8',
      ]);
      expect(res.body).toContain('<title>shell</title>');
    }
  });

  it('caches hashed assets forever and entry files never', async () => {
    expect((await get('/main.0123abcd.js')).headers['cache-control']).toContain('immutable');
    expect((await get('/remotes/catalogue/123.89abcdef.js')).headers['cache-control']).toContain('immutable');
    expect((await get('/remotes/catalogue/remoteEntry.js')).headers['cache-control']).toBe('no-cache');
    expect((await get('/remotes/catalogue/mf-manifest.json')).headers['cache-control']).toBe('no-cache');
  });

  it('404s missing remote files and unknown API paths instead of serving the page', async () => {
    expect((await get('/remotes/jobs/mf-manifest.json')).statusCode).toBe(404);
    const api = await get('/api/nothing-here');
    expect(api.statusCode).toBe(404);
    expect(api.json().code).toBe('NOT_FOUND');
  });

  it('publishes the runtime manifest of remotes, with overrides', async () => {
    const res = await get('/remotes/manifest.json');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.json().remotes).toEqual([
      { name: 'catalogue', entry: '/remotes/catalogue/mf-manifest.json' },
      { name: 'jobs', entry: '/remotes/jobs/mf-manifest.json' },
      { name: 'chat', entry: '/remotes/chat/mf-manifest.json' },
      { name: 'admin', entry: 'https://cdn.example.com/admin/v2/mf-manifest.json' },
    ]);
  });

  it('sends the security headers on pages, scripts, API answers and errors', async () => {
    const answers = [
      await get('/'),
      await get('/login'),
      await get('/main.0123abcd.js'),
      await get('/remotes/manifest.json'),
      await get('/api/jobs/viewalljobs'),
      await get('/api/nothing-here'),
    ];
    for (const res of answers) {
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      // Scripts from the site and the remote that lives elsewhere (runtime manifest), never eval or inline.
      expect(csp).toMatch(/script-src 'self' https:\/\/cdn\.example\.com(;|$)/);
      expect(csp).toContain("connect-src 'self' https://cdn.example.com");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      // Plain HTTP: no HSTS (a browser would ignore it, and local runs must stay reachable).
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('mounts all four services on one database and bus', async () => {
    expect((await get('/ready')).json()).toEqual({
      status: 'ready',
      checks: { database: 'ok', bus: 'ok', start: 'ok' },
    });
    const registered = await edge.app.inject({
      method: 'POST',
      url: '/api/user',
      payload: { email: 'edge@example.com', name: 'Edge Test', password: 'secret1' },
    });
    expect(registered.statusCode).toBe(200);
    const id = registered.json().user._id;
    const login = await edge.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: 'edge@example.com', password: 'secret1' },
    });
    // The jobs service learned of the account through the bus: its own card answers the new member.
    const card = { authorization: `Bearer ${login.json().accessToken}` };
    await eventually(async () =>
      expect((await edge.app.inject({ url: `/api/jobs/posters/${id}`, headers: card })).statusCode).toBe(200),
    );
    expect((await get('/api/jobs/viewalljobs')).json().jobs).toEqual([]);
  });

  it('serves /metrics for the four services in it: their routes, outboxes, consumers, sockets and payments', async () => {
    await get('/api/jobs/viewalljobs');
    const response = await get('/metrics');
    expect(response.statusCode).toBe(200);
    const text = response.body;
    const series = (name: string, labels: Record<string, string>) => sampleValue(text, name, labels);
    expect(
      series(METRIC_NAMES.httpRequests, {
        route: '/api/jobs/viewalljobs',
        status_code: '200',
        service: 'edge',
      }),
    ).toBeGreaterThanOrEqual(1);
    for (const schema of ['accounts', 'jobs', 'chat', 'payments']) {
      expect([schema, series(METRIC_NAMES.outboxUnpublished, { schema })]).toEqual([
        schema,
        expect.any(Number),
      ]);
    }
    expect(series(METRIC_NAMES.consumerPending, { durable: 'jobs-members' })).toEqual(expect.any(Number));
    expect(series(METRIC_NAMES.chatOpenSockets, {})).toBe(0);
    expect(series(METRIC_NAMES.paymentsByState, { state: 'paid' })).toBe(0);
    // Not under /api: the route table never sends it anywhere.
    expect((await get('/api/metrics')).statusCode).toBe(404);
  });
});
