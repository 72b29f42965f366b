import { errorEnvelope } from '@marketplace/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** An expected failure with a status and a message meant for people. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    /** Per-field problems (`path` is the body field), e.g. every missing field of a form at once. */
    readonly details?: Array<{ path: string; message: string }>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (message = 'Not found') => new AppError(404, 'NOT_FOUND', message);
export const badRequest = (message: string, code = 'BAD_REQUEST') => new AppError(400, code, message);
/** A 400 naming every failing field (the message is the first one's, for clients that read only it). */
export const fieldsInvalid = (details: Array<{ path: string; message: string }>) =>
  new AppError(400, 'VALIDATION_FAILED', details[0]?.message ?? 'Invalid request', details);
export const unauthorized = (message = 'Please sign in again.') => new AppError(401, 'UNAUTHORIZED', message);
export const forbidden = (message = 'You are not allowed to do this.') =>
  new AppError(403, 'FORBIDDEN', message);
export const conflict = (message: string, code = 'CONFLICT') => new AppError(409, code, message);

/** What a client is told while the database cannot be reached (the request changed nothing). */
export const DATABASE_UNAVAILABLE_MESSAGE =
  'The service is briefly unavailable and nothing was changed. Please try again in a moment.';
/** Seconds a client should wait before trying again after a 503 for an unreachable database. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

// Node's network failures (connecting to PostgreSQL, or the connection dropped), pg's own messages for a
// connection that went away or never came, and PostgreSQL's SQLSTATEs for the same: class 08 (connection
// exception), 57P01-57P03 (shut down, crashed, not accepting connections yet), 53300 (too many clients).
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
const PG_CONNECTION_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable|Connection terminated due to connection timeout)/;

/**
 * Whether `error` says the database cannot be reached or went away mid-request (not that a query was
 * wrong). The transaction it interrupted is rolled back by PostgreSQL, so the request changed nothing.
 * A network failure reaching another backend (e.g. the payment provider, before anything is written)
 * counts too: the client's answer is the same, try again.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 4; depth += 1) {
    if (typeof current !== 'object') return false;
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (
      typeof code === 'string' &&
      (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code) || /^08/.test(code))
    ) {
      return true;
    }
    if (typeof message === 'string' && PG_CONNECTION_MESSAGES.test(message)) return true;
    current = cause;
  }
  return false;
}

/**
 * Every error leaves the service in the one envelope of libs/contracts. Validation and malformed
 * bodies become 400s with a readable message; a database that cannot be reached is a 503 with
 * Retry-After (the client may simply try again); anything unexpected is logged and becomes a 500
 * whose message reveals nothing internal. Registered by each service for its own routes.
 */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply
        .status(error.statusCode)
        .send(errorEnvelope(error.statusCode, error.code, error.message, undefined, error.details));
    }
    const fastifyError = error as FastifyError;
    if (fastifyError.validation) {
      const details = fastifyError.validation.map((issue) => ({
        path:
          issue.instancePath || String((issue.params as { missingProperty?: string })?.missingProperty ?? ''),
        message: issue.message ?? 'is invalid',
      }));
      const first = details[0];
      const message = first
        ? `${fastifyError.validationContext ?? 'request'} ${first.path} ${first.message}`.replace(/\s+/g, ' ')
        : 'Invalid request';
      return reply.status(400).send(errorEnvelope(400, 'VALIDATION_FAILED', message, undefined, details));
    }
    const status = fastifyError.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        fastifyError.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
          ? 'The request body is not valid JSON.'
          : fastifyError.message;
      return reply.status(status).send(errorEnvelope(status, fastifyError.code ?? 'BAD_REQUEST', message));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send(errorEnvelope(503, 'SERVICE_UNAVAILABLE', DATABASE_UNAVAILABLE_MESSAGE));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .status(500)
      .send(errorEnvelope(500, 'INTERNAL', 'Something went wrong on our side. Please try again.'));
  });
});

/** Unknown routes get the envelope too. Set once per server by the process host (main or edge). */
export function setEnvelopeNotFoundHandler(app: FastifyInstance): void {
  app.setNotFoundHandler((request, reply) => {
    reply
      .status(404)
      .send(errorEnvelope(404, 'NOT_FOUND', `No route for ${request.method} ${request.url.split('?')[0]}`));
  });
}
