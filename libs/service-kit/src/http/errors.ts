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

/**
 * Every error leaves the service in the one envelope of libs/contracts. Validation and malformed
 * bodies become 400s with a readable message; anything unexpected is logged and becomes a 500
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
