import Fastify, { type FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { schemaDb, type Database } from '../db/database';
import { migrateSchema } from '../db/migrate';
import { createTestDatabase } from '../testing/test-database';
import { errorHandlerPlugin } from './errors';
import { RateLimitStore, registerRateLimits, type RateLimitRules } from './rate-limit';
import { serverOptions } from './server-options';
import { trustProxyFrom } from './trust-proxy';

jest.setTimeout(30_000);

describe('named rate limits', () => {
  let db: Database;
  const schema = 'limits_test';
  const rules: RateLimitRules = { 'ping-ip': { max: 2, windowMs: 60_000 } };

  beforeAll(async () => {
    db = await createTestDatabase();
    await migrateSchema(db, schema, {});
  }, 60_000);
  afterAll(async () => {
    await db.close();
  }, 60_000);

  /** One instance of a tiny service: its own server, the shared database. */
  async function instance(trustProxy?: string): Promise<FastifyInstance> {
    const app = Fastify(
      serverOptions({ name: 'limits', logLevel: 'silent', trustProxy: trustProxyFrom(trustProxy) }),
    );
    await app.register(errorHandlerPlugin);
    registerRateLimits(app, new RateLimitStore(schemaDb<unknown>(db, schema) as Kysely<unknown>), rules);
    app.get('/ping', { config: { rateLimits: ['ping-ip'] } }, async () => ({ ok: true }));
    await app.ready();
    return app;
  }

  it('refuses a route that names a limit the config lacks', async () => {
    const app = Fastify({ logger: false });
    registerRateLimits(app, new RateLimitStore(schemaDb<unknown>(db, schema) as Kysely<unknown>), rules);
    expect(() => app.get('/x', { config: { rateLimits: ['nope'] } }, async () => ({}))).toThrow(/nope/);
    await app.close();
  });

  it('shares one budget between two instances on one database', async () => {
    const [a, b] = [await instance(), await instance()];
    const ping = (app: FastifyInstance) => app.inject({ url: '/ping', remoteAddress: '127.0.7.1' });
    expect((await ping(a)).statusCode).toBe(200);
    expect((await ping(b)).statusCode).toBe(200);
    const limited = await ping(a);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ statusCode: 429, code: 'TOO_MANY_ATTEMPTS' });
    expect((await ping(b)).statusCode).toBe(429);
    await Promise.all([a.close(), b.close()]);
  });

  it('believes X-Forwarded-For only from a trusted proxy', async () => {
    const service = await instance('127.0.0.1'); // a service behind the edge
    const viaEdge = (client: string) =>
      service.inject({ url: '/ping', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': client } });
    // The edge forwards each client's address: one budget per client, not one for the edge.
    for (let i = 0; i < 2; i += 1) expect((await viaEdge('198.51.100.1')).statusCode).toBe(200);
    expect((await viaEdge('198.51.100.1')).statusCode).toBe(429);
    expect((await viaEdge('198.51.100.2')).statusCode).toBe(200);
    // A client talking to the service directly cannot pick its bucket with the header.
    const direct = (spoofed: string) =>
      service.inject({ url: '/ping', remoteAddress: '127.0.7.2', headers: { 'x-forwarded-for': spoofed } });
    expect((await direct('203.0.113.1')).statusCode).toBe(200);
    expect((await direct('203.0.113.2')).statusCode).toBe(200);
    expect((await direct('203.0.113.3')).statusCode).toBe(429);
    await service.close();
  });
});
