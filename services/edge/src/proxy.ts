import httpProxy from '@fastify/http-proxy';
import { originAllowed, ORIGIN_REFUSED_MESSAGE } from '@marketplace/chat-service';
import {
  errorEnvelope,
  ownerOfPath,
  SESSION_COOKIES,
  SESSION_MESSAGES,
  WEBSOCKET_PATH,
  type ServiceName,
} from '@marketplace/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';

export type Upstreams = Record<ServiceName, string[]>;

export interface ProxyOptions {
  /** Origins allowed to open /ws besides the edge's own (PUBLIC_URL, CHAT_ALLOWED_ORIGINS). */
  allowedOrigins?: readonly string[];
}

const ACCESS_COOKIE = new RegExp(`(?:^|;\\s*)${SESSION_COOKIES.access}=[^;]`);

/** A session cookie or an Authorization header: without either a chat instance would refuse anyway. */
function carriesCredentials(request: FastifyRequest): boolean {
  return Boolean(request.headers.authorization?.trim()) || ACCESS_COOKIE.test(request.headers.cookie ?? '');
}

/**
 * Distributed topology: `/api/*` goes to the owning service by the route table of libs/contracts,
 * `/ws` to a chat instance. Several instances of a service are used in turn.
 */
export async function registerProxy(
  app: FastifyInstance,
  upstreams: Upstreams,
  options: ProxyOptions = {},
): Promise<void> {
  const allowedOrigins = new Set(options.allowedOrigins ?? []);
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

  // The edge accepts the browser's upgrade before it connects to a chat instance, so what it can check
  // it checks first, answering with a status instead of an upgraded socket that closes at once: the
  // Origin (cross-site WebSocket hijacking) and that a credential is there at all. The chat instance
  // verifies the token itself.
  //
  // What the chat instance needs to authenticate and to check the Origin as the edge did: the session
  // (cookie or bearer), the Origin, the host the browser asked for and who it is. (`rewriteRequestHeaders`
  // is an option of @fastify/http-proxy's socket client its types do not list.)
  const wsClientOptions = {
    headers: {},
    rewriteRequestHeaders: (headers: Record<string, string>, request: FastifyRequest) => {
      const forwarded: Record<string, string> = {
        ...headers,
        'x-forwarded-host': request.host,
        'x-forwarded-for': request.ip,
        'x-request-id': request.id,
      };
      for (const name of ['cookie', 'authorization', 'origin'] as const) {
        const value = request.headers[name];
        if (typeof value === 'string') forwarded[name] = value;
      }
      return forwarded;
    },
  };
  await app.register(async (ws) => {
    ws.addHook('onRequest', async (request, reply) => {
      if (!originAllowed(request, allowedOrigins)) {
        return reply.status(403).send(errorEnvelope(403, 'ORIGIN_REFUSED', ORIGIN_REFUSED_MESSAGE));
      }
      if (!carriesCredentials(request)) {
        return reply.status(401).send(errorEnvelope(401, 'UNAUTHORIZED', SESSION_MESSAGES.pleaseSignIn));
      }
    });
    await ws.register(httpProxy, {
      upstream: '', // empty, so every connection asks getUpstream (round robin)
      prefix: WEBSOCKET_PATH,
      rewritePrefix: WEBSOCKET_PATH,
      websocket: true,
      replyOptions: { getUpstream: () => pick('chat') },
      wsClientOptions,
    });
  });
}
