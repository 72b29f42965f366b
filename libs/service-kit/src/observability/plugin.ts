import { createHash, timingSafeEqual } from 'node:crypto';
import { errorEnvelope } from '@marketplace/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { EventBus } from '../bus/types';
import type { ServiceDeps } from '../service-deps';
import { ServiceMetrics } from './metrics';

export const METRICS_PATH = '/metrics';
export const REQUEST_ID_HEADER = 'x-request-id';

const METRICS_KEY = Symbol.for('marketplace.service-metrics');

export interface ObservabilityOptions {
  /** The `service` label of every series: edge, accounts, jobs, chat or payments. */
  service: string;
  /** The process's bus: its durable consumers' lag is reported. */
  bus?: EventBus;
  /** METRICS_TOKEN: when set, /metrics answers only `Authorization: Bearer <token>`. */
  metricsToken?: string;
  /** Node process metrics (collectDefaultMetrics); default on. */
  defaultMetrics?: boolean;
  /** How long a scrape waits for one collector; default 2 s. */
  collectTimeoutMs?: number;
}

/** The metrics of the process `app` belongs to, when the host registered observability. */
export function metricsOf(app: FastifyInstance): ServiceMetrics | undefined {
  return (app as unknown as Record<symbol, ServiceMetrics | undefined>)[METRICS_KEY];
}

/**
 * What every process does to be observable; the host (standalone.ts, the edge) calls it on its root
 * server before registering anything else:
 * - echoes the request id (x-request-id, see serverOptions' genReqId) on every answer, so a client or
 *   the ingress can quote it and every log line of the request is found by it;
 * - counts and times every answered request by method, route pattern and status (http_* metrics);
 * - serves `GET /metrics` in Prometheus' text format (ServiceMetrics; service plugins add their gauges).
 *
 * /metrics is at the root of each process's own port, never under /api, so the ingress (which routes
 * only /api/<service>/, /ws and the web apps' files) and the edge's proxy (only /api/*) do not reach it:
 * in production only Prometheus inside the cluster network scrapes it. It says how busy each route is
 * and nothing about any person, so it is not secret; METRICS_TOKEN adds a bearer check where a port is
 * reachable from outside (the edge's own /metrics when the edge is the public origin, as with `npm start`).
 */
export async function registerObservability(
  app: FastifyInstance,
  options: ObservabilityOptions,
): Promise<ServiceMetrics> {
  const metrics = new ServiceMetrics({
    service: options.service,
    ...(options.defaultMetrics === undefined ? {} : { defaultMetrics: options.defaultMetrics }),
    ...(options.collectTimeoutMs === undefined ? {} : { collectTimeoutMs: options.collectTimeoutMs }),
  });
  app.decorate(METRICS_KEY, metrics);
  if (options.bus) metrics.watchConsumers(options.bus);

  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    metrics.observeRequest(
      request.method,
      request.routeOptions.url,
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });

  const allowed = options.metricsToken ? bearerCheck(options.metricsToken) : () => true;
  app.get(METRICS_PATH, { schema: { hide: true }, logLevel: 'warn' }, async (request, reply) => {
    if (!allowed(request)) {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer')
        .send(errorEnvelope(401, 'UNAUTHORIZED', 'The metrics need the scrape token.'));
    }
    const { contentType, body } = await metrics.exposition();
    return reply.type(contentType).send(body);
  });
  return metrics;
}

/**
 * `registerObservability` as a plugin in a list of service plugins (createTestService, which hands each
 * plugin the service deps): `createTestService([observability('jobs'), jobsService])`.
 */
export function observability(
  service: string,
  options: Omit<ObservabilityOptions, 'service' | 'bus'> = {},
): (app: FastifyInstance, deps: Partial<ServiceDeps>) => Promise<void> {
  return fp(
    async (app: FastifyInstance, deps: Partial<ServiceDeps>) => {
      await registerObservability(app, { ...options, service, ...(deps.bus ? { bus: deps.bus } : {}) });
    },
    { name: 'marketplace-observability' },
  );
}

function bearerCheck(token: string): (request: FastifyRequest) => boolean {
  // Digests have one length, so the comparison takes the same time whatever was sent.
  const expected = createHash('sha256').update(token).digest();
  return (request) => {
    const header = request.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : '';
    return timingSafeEqual(createHash('sha256').update(given).digest(), expected);
  };
}
