import httpProxy from '@fastify/http-proxy';
import { errorEnvelope, ownerOfPath, WEBSOCKET_PATH, type ServiceName } from '@marketplace/contracts';
import type { FastifyInstance } from 'fastify';

export type Upstreams = Record<ServiceName, string[]>;

/**
 * Distributed topology: `/api/*` goes to the owning service by the route table of libs/contracts,
 * `/ws` to a chat instance. Several instances of a service are used in turn.
 */
export async function registerProxy(app: FastifyInstance, upstreams: Upstreams): Promise<void> {
  const counters = new Map<ServiceName, number>();
  const pick = (service: ServiceName): string => {
    const targets = upstreams[service];
    const next = counters.get(service) ?? 0;
    counters.set(service, next + 1);
    return targets[next % targets.length] as string;
  };

  await app.register(async (api) => {
    api.addHook('onRequest', async (request, reply) => {
      if (!ownerOfPath(request.url)) {
        const path = request.url.split('?')[0];
        return reply
          .status(404)
          .send(errorEnvelope(404, 'NOT_FOUND', `No route for ${request.method} ${path}`));
      }
    });
    await api.register(httpProxy, {
      upstream: '',
      prefix: '/api',
      rewritePrefix: '/api',
      replyOptions: {
        getUpstream: (request) => pick(ownerOfPath(request.url) as ServiceName),
        // The client's address as the edge sees it replaces whatever the client sent: the services
        // trust the edge (TRUST_PROXY=127.0.0.1) and nobody else.
        rewriteRequestHeaders: (request, headers) => ({
          ...headers,
          'x-request-id': request.id,
          'x-forwarded-for': request.ip,
        }),
        onError: (reply, { error }) => {
          reply.log.warn({ err: error }, 'upstream failed');
          reply
            .status(503)
            .send(
              errorEnvelope(
                503,
                'SERVICE_UNAVAILABLE',
                'This service is unavailable right now. Please try again shortly.',
              ),
            );
        },
      },
    });
  });

  await app.register(httpProxy, {
    upstream: '', // empty, so every connection asks getUpstream (round robin)
    prefix: WEBSOCKET_PATH,
    rewritePrefix: WEBSOCKET_PATH,
    websocket: true,
    replyOptions: { getUpstream: () => pick('chat') },
  });
}
