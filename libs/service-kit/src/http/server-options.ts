import { randomUUID } from 'node:crypto';
import type { FastifyServerOptions } from 'fastify';

const REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * Fastify options shared by every process: pino logging with a request id that follows a request
 * across the edge and the services (x-request-id), and no credentials in logs.
 */
export function serverOptions(options: {
  name: string;
  logLevel: string;
  /** Whose X-Forwarded-For to believe (see trustProxyFrom / TRUST_PROXY); default nobody's. */
  trustProxy?: boolean | number | string | string[];
}): FastifyServerOptions {
  return {
    logger: {
      level: options.logLevel,
      base: { service: options.name },
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    },
    requestIdHeader: false,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    // A number of hops: trust that many proxies nearest to this server.
    trustProxy:
      typeof options.trustProxy === 'number'
        ? (
            (hops: number) => (_address: string, hop: number) =>
              hop < hops
          )(options.trustProxy)
        : (options.trustProxy ?? false),
    forceCloseConnections: 'idle',
    bodyLimit: 1024 * 1024,
  };
}
