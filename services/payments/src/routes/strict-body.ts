import { badRequest } from '@marketplace/service-kit';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Fastify's validator coerces types (`["id"]` -> "id", `5` -> "5"), so a wrong type could pass as a
 * string. For the text fields of the payments bodies a wrong type is refused before validation: 400.
 */
export function refuseNonStringFields(app: FastifyInstance, fields: readonly string[]): void {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    const body = request.body;
    if (body === null || typeof body !== 'object' || Array.isArray(body) || Buffer.isBuffer(body)) return;
    for (const field of fields) {
      const value = (body as Record<string, unknown>)[field];
      if (value !== undefined && typeof value !== 'string') {
        throw badRequest(`body/${field} must be string`, 'VALIDATION_FAILED');
      }
    }
  });
}
