import { randomUUID } from 'node:crypto';
import { errorEnvelope } from '@marketplace/contracts';
import type { FastifyError, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';

const REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

type ReplyDecorator = (request: FastifyRequest, reply: FastifyReply) => void;

/**
 * Errors Fastify raises before routing (an address that is not valid percent-encoding, a path parameter
 * over the length limit), in the API's error shape instead of Fastify's own.
 */
function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
  options: {
    badPageAddress?: (request: FastifyRequest, reply: FastifyReply) => boolean;
    frameworkErrorHeaders?: ReplyDecorator;
  },
): void {
  // No hook runs for these answers, so headers every other reply gets from a hook are set here: the
  // request id (registerObservability echoes it on every other answer) and the host's own.
  void reply.header('x-request-id', request.id);
  options.frameworkErrorHeaders?.(request, reply);
  if (error.code === 'FST_ERR_BAD_URL') {
    if (options.badPageAddress?.(request, reply)) return;
    void reply
      .status(400)
      .send(errorEnvelope(400, 'BAD_URL', 'The address is not valid: part of it is not correctly encoded.'));
    return;
  }
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void reply.status(414).send(errorEnvelope(414, 'URI_TOO_LONG', 'The address is too long.'));
    return;
  }
  request.log.error({ err: error }, 'framework error');
  void reply
    .status(500)
    .send(errorEnvelope(500, 'INTERNAL', 'Something went wrong on our side. Please try again.'));
}

/**
 * Fastify options shared by every process: pino logging with a request id that follows a request
 * across the edge and the services (x-request-id), and no credentials in logs.
 */
export function serverOptions(options: {
  name: string;
  logLevel: string;
  /** Whose X-Forwarded-For to believe (see trustProxyFrom / TRUST_PROXY); default nobody's. */
  trustProxy?: boolean | number | string | string[];
  /**
   * Answers a request whose address cannot be decoded (`/category/%ff`) when it is for a page a person
   * opened, not an API call; returns false to leave it to the JSON error (the edge sends the web app).
   */
  badPageAddress?: (request: FastifyRequest, reply: FastifyReply) => boolean;
  /**
   * Sets headers on the answers to errors raised before routing, which Fastify's hooks never see (the
   * edge's security headers, set from an onSend hook on every other reply).
   */
  frameworkErrorHeaders?: ReplyDecorator;
}): FastifyServerOptions {
  return {
    frameworkErrors: (error, request, reply) =>
      answerFrameworkError(error, request as FastifyRequest, reply as FastifyReply, options),
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
