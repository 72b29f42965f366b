import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { loadConfig } from '@marketplace/service-kit';
import { EdgeConfigSchema } from './config';
import { startEdge, type Edge } from './edge';

/** A fake service that says who it is and echoes the request id it got. */
async function fakeService(name: string): Promise<{ app: FastifyInstance; url: string }> {
  const app = Fastify();
  app.get('/ready', async () => ({ status: 'ready' }));
  app.all('/api/*', async (request) => ({
    service: name,
    path: request.url,
    requestId: request.headers['x-request-id'],
    forwardedFor: request.headers['x-forwarded-for'],
  }));
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url };
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

  it('forwards the request id so logs can be followed across processes', async () => {
    const { body } = await get('/api/jobs/viewalljobs', { 'x-request-id': 'trace-12345678' });
    expect(body.requestId).toBe('trace-12345678');
  });

  it("tells the service the client's address, never the one a client claims", async () => {
    const { body } = await get('/api/jobs/viewalljobs', { 'x-forwarded-for': '203.0.113.9' });
    expect(body.forwardedFor).toBe('127.0.0.1');
  });

  it('404s an API path no service owns', async () => {
    const { status, body } = await get('/api/unknown/thing');
    expect(status).toBe(404);
    expect(body.code).toBe('NOT_FOUND');
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
