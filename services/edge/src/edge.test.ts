import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '@marketplace/service-kit';
import { eventually } from '@marketplace/service-kit/testing';
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
    edge = await startEdge(config);
  });

  afterAll(async () => {
    await edge?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (url: string) => edge.app.inject({ method: 'GET', url });

  it('serves the shell with the SPA fallback for client routes', async () => {
    for (const path of ['/', '/login', '/category/Build%20New', '/no/such/page']) {
      const res = await get(path);
      expect([path, res.statusCode, res.headers['cache-control']]).toEqual([path, 200, 'no-cache']);
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

  it('mounts all four services on one database and bus', async () => {
    expect((await get('/ready')).json()).toEqual({ status: 'ready', checks: { database: 'ok', bus: 'ok' } });
    const registered = await edge.app.inject({
      method: 'POST',
      url: '/api/user',
      payload: { email: 'edge@example.com', name: 'Edge Test', password: 'secret1' },
    });
    expect(registered.statusCode).toBe(200);
    const id = registered.json().user._id;
    await eventually(async () => expect((await get(`/api/jobs/posters/${id}`)).statusCode).toBe(200));
    expect((await get('/api/jobs/viewalljobs')).json().jobs).toEqual([]);
  });
});
