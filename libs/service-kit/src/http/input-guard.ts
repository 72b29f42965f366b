import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors';

export const NUL_CHARACTER_MESSAGE = 'The request contains an invalid character (NUL).';

/** 400 for input PostgreSQL cannot store: text with a NUL character (U+0000). */
export function nulCharacter(): AppError {
  return new AppError(400, 'INVALID_CHARACTER', NUL_CHARACTER_MESSAGE);
}

/** True when a string, or any key or string inside an object or array, holds a NUL character. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (value === null || typeof value !== 'object' || depth > 64) return false;
  if (Array.isArray(value)) return value.some((item) => containsNul(item, depth + 1));
  if (Buffer.isBuffer(value)) return false;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000') || containsNul(item, depth + 1)) return true;
  }
  return false;
}

/**
 * PostgreSQL rejects NUL in text, so a NUL anywhere in the parsed body, query string or route params
 * would reach the database as a 500. Refuse it once for every route of the service, before validation.
 * (Multipart fields are read by the route itself and checked there with `containsNul`.)
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    if (containsNul(request.body) || containsNul(request.query) || containsNul(request.params)) {
      throw nulCharacter();
    }
  });
}
