import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { loadConfig } from '@marketplace/service-kit';
import { seedPGliteDataDir } from '@marketplace/service-kit/testing';
import { EdgeConfigSchema } from './config';
import { startEdge, type Edge } from './edge';

// A mangled link (`/category/%ff`, a shared address cut mid-character) cannot be decoded, so no route
// runs. A person opening it gets the site; an API client gets the API's error shape.
describe('edge: addresses that are not valid percent-encoding', () => {
  let dir: string;
  let edge: Edge;
  const shellHtml =
    '<!doctype html><html><head><title>shell</title></head><body><div id="root"></div></body></html>';

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'edge-bad-address-'));
    const shell = join(dir, 'web', 'shell', 'dist');
    mkdirSync(shell, { recursive: true });
    writeFileSync(join(shell, 'index.html'), shellHtml);
    const config = loadConfig(EdgeConfigSchema, {
      PORT: '0',
      DATA_DIR: join(dir, 'data'),
      WEB_ROOT: join(dir, 'web'),
      LOG_LEVEL: 'silent',
    });
    // The embedded edge keeps PGlite in DATA_DIR/pglite: an empty cluster put there spares it initdb.
    await seedPGliteDataDir(join(dir, 'data', 'pglite'));
    edge = await startEdge(config);
  });

  afterAll(async () => {
    await edge?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it.each(['/category/NOPE%00%ff', '/sub-category/%E0%A4%A', '/company-profile/%ff?x=1'])(
    'sends the web app with a 400 for the page %s, with the security headers',
    async (url) => {
      const response = await edge.app.inject({ url, headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(400);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['content-security-policy']).toContain("script-src 'self'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.body).toBe(shellHtml);
    },
  );

  it('compresses that page like any other', async () => {
    const response = await edge.app.inject({
      url: '/category/%ff' + 'x'.repeat(10),
      headers: { 'accept-encoding': 'br' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    // Under the compression threshold the small test page goes plain; the real shell page is over it.
    const body =
      response.headers['content-encoding'] === 'br'
        ? brotliDecompressSync(response.rawPayload).toString()
        : response.body;
    expect(body).toBe(shellHtml);
  });

  it.each(['/api/jobs/getcompaniesbycategory/%ff', '/remotes/catalogue/%ff.js', '/logo%ff.png'])(
    'answers %s with the JSON error envelope, with the security headers',
    async (url) => {
      const response = await edge.app.inject({ url });
      expect(response.statusCode).toBe(400);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toMatchObject({ statusCode: 400, code: 'BAD_URL' });
      expect(response.headers['content-security-policy']).toContain("default-src 'self'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    },
  );

  it('answers an over-long path parameter with the envelope and the security headers', async () => {
    const response = await edge.app.inject({ url: `/api/jobs/getcompaniesbycategory/${'a'.repeat(500)}` });
    expect(response.statusCode).toBe(414);
    expect(response.json()).toMatchObject({ code: 'URI_TOO_LONG' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('sends a shell redeployed since the last bad address, not the one read before', async () => {
    const file = join(dir, 'web', 'shell', 'dist', 'index.html');
    const redeployed = shellHtml.replace('<title>shell</title>', '<title>shell, redeployed</title>');
    try {
      writeFileSync(file, redeployed);
      const response = await edge.app.inject({ url: '/category/%ff', headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(400);
      expect(response.body).toBe(redeployed);
    } finally {
      writeFileSync(file, shellHtml);
    }
  });

  it('answers a POST to a bad address with the JSON envelope, never the page', async () => {
    const response = await edge.app.inject({ method: 'POST', url: '/category/%ff', payload: {} });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'BAD_URL' });
  });
});
