import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { loadConfig } from '@marketplace/service-kit';
import { seedPGliteDataDir } from '@marketplace/service-kit/testing';
import { EdgeConfigSchema } from './config';
import { startEdge, type Edge } from './edge';

// What a browser on a slow phone network receives: the build's brotli or gzip copy of each asset, chosen
// by Accept-Encoding, and API JSON compressed above a size threshold.
describe('edge compression', () => {
  let dir: string;
  let edge: Edge;
  const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'edge-compress-'));
    const web = join(dir, 'web');
    const shell = join(web, 'shell', 'dist');
    const catalogue = join(web, 'mfe-catalogue', 'dist');
    mkdirSync(shell, { recursive: true });
    mkdirSync(catalogue, { recursive: true });
    // A shell index a catalogue page can be written into (a head and an empty root element).
    const html = `<!doctype html><html><head><title>shell</title>${'<!-- padding -->'.repeat(100)}</head><body><div id="root"></div></body></html>`;
    for (const [folder, name, body] of [
      [shell, 'index.html', html],
      [shell, 'main.0123abcd.js', script],
      [catalogue, 'remoteEntry.js', script],
    ] as const) {
      writeFileSync(join(folder, name), body);
      writeFileSync(join(folder, `${name}.br`), brotliCompressSync(body));
      writeFileSync(join(folder, `${name}.gz`), gzipSync(body));
    }
    const config = loadConfig(EdgeConfigSchema, {
      PORT: '0',
      DATA_DIR: join(dir, 'data'),
      WEB_ROOT: web,
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

  const get = (url: string, acceptEncoding?: string) =>
    edge.app.inject({
      method: 'GET',
      url,
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });

  it.each(['/main.0123abcd.js', '/remotes/catalogue/remoteEntry.js'])(
    'sends %s as brotli, gzip or plain by Accept-Encoding, with Vary',
    async (path) => {
      const br = await get(path, 'gzip, deflate, br');
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-type']).toMatch(/javascript/);
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
      expect(br.rawPayload.length).toBeLessThan(script.length / 10);

      const gz = await get(path, 'gzip');
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

      const plain = await get(path, 'identity');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toMatch(/accept-encoding/i);
      expect(plain.body).toBe(script);
    },
  );

  it('keeps the cache rules of the file a compressed copy stands for', async () => {
    expect((await get('/main.0123abcd.js', 'br')).headers['cache-control']).toContain('immutable');
    expect((await get('/remotes/catalogue/remoteEntry.js', 'br')).headers['cache-control']).toBe('no-cache');
  });

  it('sends the page of a client route compressed', async () => {
    const page = await get('/login', 'br');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(page.rawPayload).toString()).toContain('<div id="root"');
  });

  it('sends a catalogue page written for its address as brotli, gzip or plain by Accept-Encoding, with Vary', async () => {
    const br = await get('/category/Craftsman', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-type']).toMatch(/^text\/html/);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('no-cache');
    const html = brotliDecompressSync(br.rawPayload).toString();
    expect(html).toMatch(/<title>[^<]*craftsman[^<]*<\/title>/i);
    expect(html).toContain('crawler-summary');
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);

    const gz = await get('/category/Craftsman', 'gzip;q=1, br;q=0');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(html);

    const plain = await get('/category/Craftsman');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(html);

    const unknown = await get('/category/NoSuchTrade', 'br');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.headers['content-encoding']).toBe('br');
  });

  it('compresses API responses above the threshold and leaves small ones alone', async () => {
    const small = await get('/api/user/auth-options', 'br, gzip');
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();

    for (let i = 0; i < 6; i++) {
      const registered = await edge.app.inject({
        method: 'POST',
        url: '/api/user',
        remoteAddress: `127.0.9.${i + 1}`,
        payload: {
          email: `company${i}@compress.example.com`,
          name: `Compress Company ${'abcdef'[i]}`,
          password: 'secret12',
          type: 'company',
          category: ['Craftsman'],
          address: `${i} Marina Road, Lagos Island`,
          phoneNumber: '0803 123 4567',
          cacnumber: `RC12345${i}`,
          state: 'Lagos',
          pincode: '100001',
        },
      });
      expect(registered.statusCode).toBe(200);
    }
    const list = await get('/api/jobs/getcompaniesbycategory/Craftsman', 'br');
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-encoding']).toBe('br');
    expect(list.headers.vary).toMatch(/accept-encoding/i);
    const body = JSON.parse(brotliDecompressSync(list.rawPayload).toString()) as { company: unknown[] };
    expect(body.company).toHaveLength(6);
  });
});
