import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import accountsService from '@marketplace/accounts-service';
import chatService from '@marketplace/chat-service';
import { API_DOCS_PATHS, SERVICES, type ServiceName } from '@marketplace/contracts';
import jobsService from '@marketplace/jobs-service';
import paymentsService from '@marketplace/payments-service';
import { loadConfig, type DocumentedBody, type ServiceDeps } from '@marketplace/service-kit';
import { createTestService, seedPGliteDataDir, type TestService } from '@marketplace/service-kit/testing';
import Fastify, { type FastifyInstance, type HTTPMethods, type RouteOptions } from 'fastify';
import { EdgeConfigSchema } from './config';
import { startEdge, type Edge } from './edge';
import {
  DOCS_PAGE_CSP,
  distributedDocuments,
  embeddedDocuments,
  MergedDocument,
  mergeDocuments,
  type OpenApiDocument,
} from './openapi';

/**
 * Routes under /api that are deliberately left out of the OpenAPI document (`schema: { hide: true }`),
 * each with its reason. Hiding another route is a decision this list must record.
 */
const HIDDEN: Record<string, string> = {
  'GET /api/payments/sandbox/checkout/:reference':
    "the sandbox's checkout page: a test stand-in for Paystack's, mounted only without Paystack",
  'POST /api/payments/sandbox/checkout/:reference': "the sandbox checkout page's form",
  'GET /api/payments/receipts/:number/print':
    "a receipt's printable page (HTML for people; its JSON is documented)",
  'GET /api/payments/receipts/:number/pdf': "a receipt's PDF (a document for people; its JSON is documented)",
  ...Object.fromEntries(
    SERVICES.map((service) => [`GET ${API_DOCS_PATHS.service(service)}`, 'the document itself']),
  ),
};

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);
/** A handler that reads the query string or the body itself (a heuristic on its source). */
const READS_QUERY = /\brequest\.query\b/;
const READS_BODY = /\brequest\.body\b/;

interface Collected {
  method: string;
  route: RouteOptions;
}

// The validator ships as ES modules only, which this Jest setup does not load: it runs in a child node.
const VALIDATE = `
import { Validator } from '@seriousme/openapi-schema-validator';
let input = '';
for await (const chunk of process.stdin) input += chunk;
const { valid, errors } = await new Validator().validate(JSON.parse(input));
process.stdout.write(JSON.stringify({ valid, errors }));
`;

/** Checks a document against the official OpenAPI schema of its version. */
function validate(document: unknown): Promise<{ valid: boolean; errors?: unknown }> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      ['--input-type=module', '-e', VALIDATE],
      { cwd: __dirname, maxBuffer: 16 * 1024 * 1024 },
      (err, stdout) => (err ? reject(err) : resolve(JSON.parse(stdout))),
    );
    child.stdin?.end(JSON.stringify(document));
  });
}

function schemaKeys(schema: unknown): string[] {
  const properties = (schema as { properties?: Record<string, unknown> } | undefined)?.properties;
  return properties ? Object.keys(properties) : [];
}

/** What is missing from one route's schema for the document to describe it; empty when nothing is. */
function missingSchemas({ method, route }: Collected): string[] {
  const schema = (route.schema ?? {}) as Record<string, unknown>;
  const missing: string[] = [];
  const responses = Object.keys((schema.response as object | undefined) ?? {});
  if (!responses.some((status) => /^[23](\d\d|xx)$/i.test(status))) {
    missing.push('a response schema for its success status');
  }
  const params = [...route.url.matchAll(/:([A-Za-z_]\w*)/g)].map((match) => match[1] as string);
  const declared = schemaKeys(schema.params);
  if (params.some((param) => !declared.includes(param))) missing.push(`params (${params.join(', ')})`);
  const source = String(route.handler);
  if (READS_QUERY.test(source) && !schema.querystring) missing.push('querystring');
  const documented = route.config?.documentedBody as DocumentedBody | 'none' | undefined;
  if (BODY_METHODS.has(method) && !schema.body && !documented) {
    missing.push("body (or config.documentedBody: a multipart form, or 'none')");
  }
  if (!BODY_METHODS.has(method) && READS_BODY.test(source) && !schema.body) missing.push('body');
  return missing;
}

describe('OpenAPI: every route of the four services is described', () => {
  const routes: Array<Collected & { service: ServiceName }> = [];
  let service: TestService;

  beforeAll(async () => {
    const plugins: Array<[ServiceName, (app: FastifyInstance, deps: ServiceDeps) => Promise<void>]> = [
      ['accounts', accountsService],
      ['jobs', jobsService],
      ['chat', chatService],
      ['payments', paymentsService],
    ];
    service = await createTestService([
      async (app: FastifyInstance, deps: ServiceDeps) => {
        for (const [name, plugin] of plugins) {
          await app.register(async (scope: FastifyInstance) => {
            scope.addHook('onRoute', (route) => {
              const methods = (Array.isArray(route.method) ? route.method : [route.method]) as string[];
              for (const method of methods) {
                if (method !== 'HEAD') routes.push({ service: name, method, route });
              }
            });
            await plugin(scope, deps);
          });
        }
      },
    ]);
  }, 120_000);
  afterAll(async () => {
    await service.close();
  }, 60_000);

  const apiRoutes = () => routes.filter(({ route }) => route.url.startsWith('/api/'));
  const key = ({ method, route }: Collected) => `${method} ${route.url}`;
  const isHidden = ({ route }: Collected) => Boolean((route.schema as { hide?: boolean } | undefined)?.hide);

  it('gives every /api route a response, and params, querystring and body where it takes them', () => {
    expect(apiRoutes().length).toBeGreaterThan(40);
    const failures = apiRoutes()
      .filter((collected) => !isHidden(collected))
      .map((collected) => [key(collected), missingSchemas(collected)] as const)
      .filter(([, missing]) => missing.length > 0)
      .map(([route, missing]) => `${route} lacks ${missing.join(', ')}`);
    expect(failures).toEqual([]);
  });

  it('hides only the routes listed in HIDDEN', () => {
    const hidden = apiRoutes().filter(isHidden).map(key).sort();
    expect(hidden).toEqual(Object.keys(HIDDEN).sort());
  });

  it('serves each service its own valid OpenAPI 3.1 document of exactly its visible /api routes', async () => {
    for (const name of SERVICES) {
      const response = await service.app.inject({ method: 'GET', url: API_DOCS_PATHS.service(name) });
      expect([name, response.statusCode]).toEqual([name, 200]);
      const document = response.json() as OpenApiDocument;
      expect([name, await validate(document)]).toEqual([name, { valid: true, errors: undefined }]);
      expect(document.info.title).toBe(name);
      const expected = apiRoutes()
        .filter((collected) => collected.service === name && !isHidden(collected))
        .map(({ method, route }) => `${method} ${route.url.replace(/:([A-Za-z_]\w*)/g, '{$1}')}`)
        .sort();
      const documented = Object.entries(document.paths ?? {})
        .flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`))
        .sort();
      expect(documented).toEqual(expected);
      for (const item of Object.values(document.paths ?? {})) {
        for (const operation of Object.values(item) as Array<{ tags: string[] }>) {
          expect(operation.tags).toEqual([name]);
        }
      }
    }
  });

  it('describes multipart routes as a form with files and as JSON, and optional bodies as optional', async () => {
    const document = await embeddedDocuments(service.app)('jobs');
    const post = document.paths?.['/api/jobs/postjob']?.post as {
      requestBody: { required: boolean; content: Record<string, { schema: { properties: object } }> };
    };
    expect(Object.keys(post.requestBody.content).sort()).toEqual(['application/json', 'multipart/form-data']);
    expect(post.requestBody.content['multipart/form-data']?.schema.properties).toHaveProperty('images');
    expect(post.requestBody.required).toBe(true);
    const complete = document.paths?.['/api/jobs/complete/{jobId}']?.put as {
      requestBody: { required: boolean };
    };
    expect(complete.requestBody.required).toBe(false);
  });

  it('merges the four into one valid document', async () => {
    const merged = await new MergedDocument(embeddedDocuments(service.app)).get();
    expect(await validate(merged)).toEqual({ valid: true, errors: undefined });
    expect(merged.tags?.map((tag) => tag.name)).toEqual([...SERVICES]);
    expect(merged.info.description).not.toContain('Not in this copy');
  });
});

describe('OpenAPI: merging', () => {
  const part = (service: ServiceName, paths: string[], schemas: Record<string, unknown> = {}) => ({
    service,
    document: {
      openapi: '3.1.0',
      info: { title: service, version: '1' },
      tags: [{ name: service }],
      paths: Object.fromEntries(
        paths.map((path) => [
          path,
          {
            get: {
              responses: {
                200: {
                  description: 'ok',
                  content: {
                    'application/json': {
                      schema: 'def-0' in schemas ? { $ref: '#/components/schemas/def-0' } : {},
                    },
                  },
                },
              },
            },
          },
        ]),
      ),
      components: { schemas },
    },
  });

  it('keeps the paths of the services that answered and names the ones that did not', async () => {
    const merged = mergeDocuments([
      part('accounts', ['/api/user/me']),
      { service: 'jobs', error: 'fetch failed' },
      part('chat', ['/api/chat/unread']),
    ]);
    expect(Object.keys(merged.paths ?? {})).toEqual(['/api/user/me', '/api/chat/unread']);
    expect(merged.info.description).toContain('Not in this copy: the paths of jobs (fetch failed)');
    expect(await validate(merged)).toEqual({ valid: true, errors: undefined });
  });

  it('renames a component schema two services name alike, and the references with it', () => {
    const merged = mergeDocuments([
      part('accounts', ['/api/user/me'], { 'def-0': { type: 'string' } }),
      part('jobs', ['/api/jobs/viewalljobs'], { 'def-0': { type: 'integer' } }),
    ]);
    expect(merged.components?.schemas).toEqual({
      'def-0': { type: 'string' },
      'jobs-def-0': { type: 'integer' },
    });
    expect(JSON.stringify(merged.paths?.['/api/jobs/viewalljobs'])).toContain(
      '#/components/schemas/jobs-def-0',
    );
    expect(JSON.stringify(merged.paths?.['/api/user/me'])).toContain('#/components/schemas/def-0"');
  });

  it('keeps a complete document for its TTL and asks again soon when a service was missing', async () => {
    let now = 0;
    let jobsUp = false;
    let asked = 0;
    const merged = new MergedDocument(
      async (service) => {
        asked += 1;
        if (service === 'jobs' && !jobsUp) throw new Error('connect ECONNREFUSED');
        return part(service, [`/api/${service}/x`]).document;
      },
      { ttlMs: 60_000, partialTtlMs: 5_000, now: () => now },
    );
    const first = await merged.get();
    expect(first.info.description).toContain('jobs (connect ECONNREFUSED)');
    jobsUp = true;
    now = 4_000;
    expect(await merged.get()).toBe(first);
    now = 6_000;
    const second = await merged.get();
    expect(Object.keys(second.paths ?? {})).toContain('/api/jobs/x');
    expect(asked).toBe(8);
    now = 60_000;
    expect(await merged.get()).toBe(second);
    expect(asked).toBe(8);
  });

  it('reads each service from its instances in the distributed topology, skipping one that is down', async () => {
    const upstream = Fastify();
    upstream.get(API_DOCS_PATHS.service('chat'), async () => part('chat', ['/api/chat/unread']).document);
    const base = await upstream.listen({ port: 0, host: '127.0.0.1' });
    const closed = Fastify();
    const down = await closed.listen({ port: 0, host: '127.0.0.1' });
    await closed.close();
    try {
      const source = distributedDocuments({
        accounts: [down],
        jobs: [down],
        chat: [down, base],
        payments: [base],
      });
      const merged = await new MergedDocument(source).get();
      expect(Object.keys(merged.paths ?? {})).toEqual(['/api/chat/unread']);
      expect(merged.info.description).toMatch(/accounts \(.+\), jobs \(.+\), payments \(answered 404\)/);
    } finally {
      await upstream.close();
    }
  });
});

describe('OpenAPI: /api/docs on the embedded edge', () => {
  let dir: string;
  let edge: Edge;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'edge-docs-'));
    const web = join(dir, 'web');
    mkdirSync(join(web, 'shell', 'dist'), { recursive: true });
    writeFileSync(join(web, 'shell', 'dist', 'index.html'), '<!doctype html><title>shell</title>');
    // The embedded edge keeps PGlite in DATA_DIR/pglite: an empty cluster put there spares it initdb.
    await seedPGliteDataDir(join(dir, 'data', 'pglite'));
    edge = await startEdge(
      loadConfig(EdgeConfigSchema, {
        PORT: '0',
        DATA_DIR: join(dir, 'data'),
        WEB_ROOT: web,
        LOG_LEVEL: 'silent',
      }),
    );
  }, 120_000);
  afterAll(async () => {
    await edge?.stop();
    rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  const get = (url: string) => edge.app.inject({ method: 'GET' as HTTPMethods, url });

  it('serves the merged OpenAPI 3 document with the paths of all four services', async () => {
    const response = await get(API_DOCS_PATHS.document);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const document = response.json() as OpenApiDocument;
    expect(await validate(document)).toEqual({ valid: true, errors: undefined });
    expect(document.openapi).toMatch(/^3\./);
    const paths = Object.keys(document.paths ?? {});
    for (const path of [
      '/api/user/login',
      '/api/jobs/viewalljobs',
      '/api/jobs/chat/{chatid}',
      '/api/chat/unread',
      '/api/jobs/initializePayment',
      '/api/payments/mine',
      '/api/payments/status/{reference}',
      '/api/jobs/notifications',
      '/api/jobs/alerts/preferences',
      '/api/jobs/alerts/unsubscribe',
      '/api/payments/{paymentId}/dispute',
      '/api/payments/disputes',
      '/api/payments/disputes/{disputeId}/decision',
    ]) {
      expect([path, paths.includes(path)]).toEqual([path, true]);
    }
    expect(paths.filter((path) => !path.startsWith('/api/'))).toEqual([]);
    expect(paths.some((path) => path.startsWith('/api/docs'))).toBe(false);
  });

  it('answers /api/docs with the browsable page under its own policy', async () => {
    const page = await get(API_DOCS_PATHS.page);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('swagger-ui-bundle.js');
    expect(page.headers['content-security-policy']).toBe(DOCS_PAGE_CSP);
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    const script = await get(`${API_DOCS_PATHS.page}/static/swagger-ui-bundle.js`);
    expect(script.statusCode).toBe(200);
    // The page reads its document from ./json: the same merged one.
    const json = await get(`${API_DOCS_PATHS.page}/json`);
    expect(json.json()).toEqual((await get(API_DOCS_PATHS.document)).json());
  });

  it('keeps the strict site policy on the document and on each service document', async () => {
    for (const url of [API_DOCS_PATHS.document, API_DOCS_PATHS.service('jobs')]) {
      const response = await get(url);
      expect([url, response.statusCode]).toEqual([url, 200]);
      expect(response.headers['content-security-policy']).toContain("script-src 'self'");
      expect(response.headers['content-security-policy']).not.toBe(DOCS_PAGE_CSP);
    }
  });
});

describe('OpenAPI: /api/docs on the distributed edge', () => {
  const upstreams: FastifyInstance[] = [];
  let edge: Edge;
  let webRoot: string;

  /** A stand-in service that serves a one-path document of its own. */
  async function fakeService(service: ServiceName): Promise<string> {
    const app = Fastify();
    app.get('/ready', async () => ({ status: 'ready' }));
    app.get(API_DOCS_PATHS.service(service), async () => ({
      openapi: '3.1.0',
      info: { title: service, version: '1' },
      tags: [{ name: service }],
      paths: { [`/api/${service}/only`]: { get: { responses: { 200: { description: 'ok' } } } } },
    }));
    upstreams.push(app);
    return app.listen({ port: 0, host: '127.0.0.1' });
  }

  beforeAll(async () => {
    const closed = Fastify();
    const down = await closed.listen({ port: 0, host: '127.0.0.1' });
    await closed.close();
    webRoot = mkdtempSync(join(tmpdir(), 'edge-docs-distributed-'));
    edge = await startEdge(
      loadConfig(EdgeConfigSchema, {
        PORT: '0',
        LOG_LEVEL: 'silent',
        WEB_ROOT: webRoot,
        ACCOUNTS_URL: await fakeService('accounts'),
        JOBS_URL: await fakeService('jobs'),
        CHAT_URLS: await fakeService('chat'),
        PAYMENTS_URL: down,
      }),
    );
  });
  afterAll(async () => {
    await edge?.stop();
    for (const app of upstreams) await app.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it('merges the documents of the services that answer and names the one that is down', async () => {
    const response = await fetch(`${edge.url}${API_DOCS_PATHS.document}`);
    expect(response.status).toBe(200);
    const document = (await response.json()) as OpenApiDocument;
    expect(Object.keys(document.paths ?? {})).toEqual([
      '/api/accounts/only',
      '/api/jobs/only',
      '/api/chat/only',
    ]);
    expect(document.info.description).toMatch(/Not in this copy: the paths of payments \(/);
  });

  it("routes each service's own document to that service, and serves the page itself", async () => {
    const jobs = await fetch(`${edge.url}${API_DOCS_PATHS.service('jobs')}`);
    expect(((await jobs.json()) as OpenApiDocument).info.title).toBe('jobs');
    const page = await fetch(`${edge.url}${API_DOCS_PATHS.page}`);
    expect([page.status, page.headers.get('content-security-policy')]).toEqual([200, DOCS_PAGE_CSP]);
  });
});
