import httpProxy from '@fastify/http-proxy';
import replyFrom, { type FastifyReplyFromHooks } from '@fastify/reply-from';
import { originAllowed, ORIGIN_REFUSED_MESSAGE } from '@marketplace/chat-service';
import {
  API_ROUTE_TABLE,
  errorEnvelope,
  SESSION_COOKIES,
  SESSION_MESSAGES,
  WEBSOCKET_PATH,
  type ServiceName,
} from '@marketplace/contracts';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HTTPMethods,
  RawServerBase,
  RouteGenericInterface,
} from 'fastify';

export type Upstreams = Record<ServiceName, string[]>;

export interface ProxyOptions {
  /** Origins allowed to open /ws besides the edge's own (PUBLIC_URL, CHAT_ALLOWED_ORIGINS). */
  allowedOrigins?: readonly string[];
  /** How long an instance that refused a connection is passed over (default 5 s). */
  downForMs?: number;
}

const ACCESS_COOKIE = new RegExp(`(?:^|;\\s*)${SESSION_COOKIES.access}=[^;]`);

/** A session cookie or an Authorization header: without either a chat instance would refuse anyway. */
function carriesCredentials(request: FastifyRequest): boolean {
  return Boolean(request.headers.authorization?.trim()) || ACCESS_COOKIE.test(request.headers.cookie ?? '');
}

/** The route table of libs/contracts, longest prefix first, so the first match is the owner. */
const ROUTES_LONGEST_FIRST = [...API_ROUTE_TABLE].sort((a, b) => b.prefix.length - a.prefix.length);
const SLASH = 0x2f;
const QUESTION_MARK = 0x3f;

/**
 * `ownerOfPath` of libs/contracts for a request URL (path and query), without allocating: it runs once
 * per proxied request.
 */
export function serviceOfUrl(url: string): ServiceName | undefined {
  for (const { prefix, service } of ROUTES_LONGEST_FIRST) {
    if (!url.startsWith(prefix)) continue;
    const next = url.charCodeAt(prefix.length);
    if (Number.isNaN(next) || next === SLASH || next === QUESTION_MARK) return service;
  }
  return undefined;
}

export interface UpstreamInstance {
  readonly service: ServiceName;
  readonly url: string;
  /** Until when (ms since the epoch) this instance is passed over; 0 when it is believed up. */
  downUntil: number;
}

/**
 * The instances of each service, used in turn. An instance that refused a connection is passed over
 * for `downForMs`; when every instance of a service is down they are used in turn anyway (the request
 * then fails fast with a 503, and the first one to come back is used again).
 */
export class UpstreamBalancer {
  private readonly services: Record<ServiceName, { instances: UpstreamInstance[]; next: number }>;

  constructor(
    upstreams: Upstreams,
    private readonly downForMs = 5_000,
    private readonly now: () => number = Date.now,
  ) {
    const entry = (service: ServiceName) => ({
      instances: upstreams[service].map((url) => ({ service, url: url.replace(/\/+$/, ''), downUntil: 0 })),
      next: 0,
    });
    this.services = {
      accounts: entry('accounts'),
      jobs: entry('jobs'),
      chat: entry('chat'),
      payments: entry('payments'),
    };
  }

  /** The next instance of `service` believed up, or the next one if none is. */
  pick(service: ServiceName): UpstreamInstance {
    const state = this.services[service];
    const { instances } = state;
    let now = 0;
    for (let tried = 0; tried < instances.length; tried++) {
      const instance = instances[state.next] as UpstreamInstance;
      state.next = (state.next + 1) % instances.length;
      if (instance.downUntil === 0) return instance;
      now ||= this.now();
      if (instance.downUntil <= now) {
        instance.downUntil = 0;
        return instance;
      }
    }
    const instance = instances[state.next] as UpstreamInstance;
    state.next = (state.next + 1) % instances.length;
    return instance;
  }

  markDown(instance: UpstreamInstance): void {
    instance.downUntil = this.now() + this.downForMs;
  }

  isUp(instance: UpstreamInstance): boolean {
    return instance.downUntil === 0 || instance.downUntil <= this.now();
  }
}

/** Errors that mean nothing reached the instance: it is down (or not there), another may answer. */
const CONNECT_FAILURES = new Set([
  'ECONNREFUSED',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'UND_ERR_CONNECT_TIMEOUT',
]);

function connectFailed(error: Error): boolean {
  for (let err: unknown = error, depth = 0; err && depth < 4; depth++) {
    const code = (err as { code?: unknown }).code;
    if (typeof code === 'string' && CONNECT_FAILURES.has(code)) return true;
    const inner = (err as AggregateError).errors;
    if (
      Array.isArray(inner) &&
      inner.some((e) => CONNECT_FAILURES.has((e as { code?: string }).code ?? ''))
    ) {
      return true;
    }
    err = (err as { cause?: unknown }).cause;
  }
  return false;
}

/** A request without a body can be sent again to another instance; one with a body was read once. */
function bodiless(request: FastifyRequest): boolean {
  const headers = request.raw.headers;
  const length = headers['content-length'];
  return (length === undefined || length === '0') && headers['transfer-encoding'] === undefined;
}

/** Characters a header value may not hold (Node refuses to send them): a bad upstream header is cleaned. */
const INVALID_HEADER_VALUE = /[^\t\x20-\x7e\x80-\xff]/;
const INVALID_HEADER_VALUE_ALL = /[^\t\x20-\x7e\x80-\xff]/g;

function cleanHeaderValues<T extends Record<string, unknown>>(headers: T): T {
  for (const name in headers) {
    const value = headers[name];
    if (typeof value === 'string') {
      if (INVALID_HEADER_VALUE.test(value)) {
        (headers as Record<string, unknown>)[name] = value.replace(INVALID_HEADER_VALUE_ALL, '');
      }
    } else if (Array.isArray(value)) {
      (headers as Record<string, unknown>)[name] = value.map((v: unknown) =>
        typeof v === 'string' ? v.replace(INVALID_HEADER_VALUE_ALL, '') : v,
      );
    }
  }
  return headers;
}

/** The instance a proxied request was sent to (set by the route, read by getUpstream and onError). */
const UPSTREAM = Symbol('upstream');
type ProxiedRequest = FastifyRequest & { [UPSTREAM]: UpstreamInstance | null };

const PROXIED_METHODS: HTTPMethods[] = ['DELETE', 'GET', 'HEAD', 'PATCH', 'POST', 'PUT', 'OPTIONS'];

/**
 * Upstream connections, per instance (undici keeps one pool per origin): kept alive between requests
 * (an idle one up to 60 s, less if the service says so), at most 128 open to one instance, one request
 * at a time on each (no pipelining: a slow answer must not hold up the ones queued behind it).
 */
const UPSTREAM_POOL = {
  connections: 128,
  pipelining: 1,
  keepAliveTimeout: 60_000,
  keepAliveMaxTimeout: 600_000,
};

/**
 * Distributed topology: `/api/*` goes to the owning service by the route table of libs/contracts,
 * `/ws` to a chat instance. Several instances of a service are used in turn; one that refuses a
 * connection is passed over for a few seconds, and a request without a body that it refused goes to
 * the next instance at once.
 *
 * The hot path does the least it can per request: one route-table lookup, no copy of the headers
 * beyond the one @fastify/reply-from makes, no per-request options object, no log line per request
 * at info (see below).
 */
export async function registerProxy(
  app: FastifyInstance,
  upstreams: Upstreams,
  options: ProxyOptions = {},
): Promise<void> {
  const allowedOrigins = new Set(options.allowedOrigins ?? []);
  const balancer = new UpstreamBalancer(upstreams, options.downForMs);

  await app.register(async (api) => {
    await api.register(replyFrom, {
      undici: UPSTREAM_POOL,
      // reply-from would log two lines at info level for every request.
      disableRequestLogging: true,
      destroyAgent: true,
    });
    // Bodies go through as they came, unread.
    api.removeAllContentTypeParsers();
    api.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    api.decorateRequest(UPSTREAM, null);

    const unavailable = (reply: FastifyReply<RouteGenericInterface, RawServerBase>) =>
      reply
        .status(503)
        .send(
          errorEnvelope(
            503,
            'SERVICE_UNAVAILABLE',
            'This service is unavailable right now. Please try again shortly.',
          ),
        );

    const replyOptions: FastifyReplyFromHooks = {
      getUpstream: (request) => (request as ProxiedRequest)[UPSTREAM]?.url ?? '',
      // The client's address as the edge sees it replaces whatever the client sent: the services
      // trust the edge (TRUST_PROXY=127.0.0.1) and nobody else. `headers` is reply-from's own copy.
      rewriteRequestHeaders: (request, headers) => {
        headers['x-request-id'] = request.id;
        headers['x-forwarded-for'] = request.ip;
        return headers;
      },
      rewriteHeaders: cleanHeaderValues,
      onError: (reply, { error }) => {
        const request = reply.request as unknown as ProxiedRequest;
        const failed = request[UPSTREAM];
        if (failed && connectFailed(error)) {
          balancer.markDown(failed);
          reply.log.warn({ upstream: failed.url, err: error }, 'upstream refused the connection');
          const next = balancer.pick(failed.service);
          if (next !== failed && balancer.isUp(next) && bodiless(request)) {
            request[UPSTREAM] = next;
            reply.from(undefined, replyOptions);
            return;
          }
        } else {
          reply.log.warn({ upstream: failed?.url, err: error }, 'upstream failed');
        }
        unavailable(reply);
      },
    };

    const proxy = (request: FastifyRequest, reply: FastifyReply) => {
      const service = serviceOfUrl(request.url);
      if (!service) {
        const path = request.url.split('?')[0];
        return reply
          .status(404)
          .send(errorEnvelope(404, 'NOT_FOUND', `No route for ${request.method} ${path}`));
      }
      (request as ProxiedRequest)[UPSTREAM] = balancer.pick(service);
      return reply.from(undefined, replyOptions);
    };
    // At info Fastify writes two lines per request ('incoming request', 'request completed'): that
    // cost the edge about a quarter of its CPU per proxied request, and the owning service logs the
    // same request under the same request id. Proxied routes log from warn on then; a level below info
    // (debug, trace) is kept for whoever asked for it.
    const logLevel = app.log.level === 'info' ? 'warn' : undefined;
    for (const url of ['/api', '/api/*']) {
      api.route({ method: PROXIED_METHODS, url, handler: proxy, ...(logLevel ? { logLevel } : {}) });
    }
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
        'x-forwarded-proto': request.protocol,
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
      replyOptions: { getUpstream: () => balancer.pick('chat').url },
      wsClientOptions,
    });
  });
}
