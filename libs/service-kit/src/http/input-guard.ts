import { errorEnvelope } from '@marketplace/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './errors';

export const NUL_CHARACTER_MESSAGE = 'The request contains an invalid character (NUL).';
export const BODY_NEEDED_MESSAGE = 'This request needs a JSON body, and it came without one.';

/** True when a body schema has fields it requires (one without any reads a missing body as `{}`). */
function requiresFields(schema: unknown): boolean {
  const { type, required } = (schema ?? {}) as { type?: unknown; required?: unknown };
  return type !== 'object' || (Array.isArray(required) && required.length > 0);
}

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

/** The path of the first number in a parsed body that is not finite (JSON's `1e309` parses to Infinity). */
export function nonFiniteNumberAt(value: unknown, path = '', depth = 0): string | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : path || '/';
  if (value === null || typeof value !== 'object' || depth > 64 || Buffer.isBuffer(value)) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const found = nonFiniteNumberAt(item, `${path}/${key}`, depth + 1);
    if (found) return found;
  }
  return undefined;
}

function isNumericSchema(schema: unknown): boolean {
  const { type, allOf, anyOf, oneOf } = (schema ?? {}) as Record<string, unknown>;
  const types = Array.isArray(type) ? type : [type];
  if (types.includes('integer') || types.includes('number')) return true;
  return [allOf, anyOf, oneOf].some((parts) => Array.isArray(parts) && parts.some(isNumericSchema));
}

const numericFieldsOf = new WeakMap<object, string[]>();

/** The fields of a query-string schema that are numbers (however declared), computed once per schema. */
function numericQueryFields(schema: unknown): string[] {
  if (!schema || typeof schema !== 'object') return [];
  let fields = numericFieldsOf.get(schema);
  if (!fields) {
    const properties = (schema as { properties?: Record<string, unknown> }).properties ?? {};
    fields = Object.entries(properties)
      .filter(([, property]) => isNumericSchema(property))
      .map(([name]) => name);
    numericFieldsOf.set(schema, fields);
  }
  return fields;
}

/**
 * The first numeric query field whose text spells a number that is not finite (`Infinity`, `-Infinity`,
 * `1e309`, 400 nines): the validator coerces such text to a non-finite number and then skips `minimum`
 * and `maximum` (Ajv checks bounds on finite numbers only), so PostgreSQL would be the one to refuse it.
 */
function nonFiniteQueryField(request: FastifyRequest): string | undefined {
  const query = request.query as Record<string, unknown> | undefined;
  if (!query || typeof query !== 'object') return undefined;
  for (const field of numericQueryFields(request.routeOptions.schema?.querystring)) {
    const raw = query[field];
    for (const value of Array.isArray(raw) ? raw : [raw]) {
      if (typeof value === 'string' && value.trim() !== '' && !Number.isFinite(Number(value))) return field;
    }
  }
  return undefined;
}

function refuseNonFinite(reply: FastifyReply, context: 'querystring' | 'body', path: string): FastifyReply {
  const message = 'must be a finite number';
  return reply
    .status(400)
    .send(
      errorEnvelope(400, 'VALIDATION_FAILED', `${context} ${path} ${message}`, undefined, [
        { path, message },
      ]),
    );
}

/**
 * Input the validator would pass on to the database as a 500, refused once for every route of the
 * service, before validation (and a missing body made the same on every route):
 * - A route with a body schema and no body (none sent, or an empty JSON one: see registerJsonBodyParser)
 *   reads it as `{}` when every field is optional, and answers 400 BODY_NEEDED_MESSAGE otherwise.
 * - PostgreSQL rejects NUL in text: a NUL anywhere in the parsed body, query string or route params.
 *   (Multipart fields are read by the route itself and checked there with `containsNul`.)
 * - Non-finite numbers: `?page=Infinity` (or `1e309`) in any numeric query field, and `1e309` anywhere in a
 *   JSON body. A new paged list (or any numeric field) is covered without declaring anything.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request: FastifyRequest, reply: FastifyReply) => {
    const bodySchema = request.routeOptions.schema?.body;
    if (bodySchema && (request.body === undefined || request.body === null)) {
      // No body (or an empty JSON one) is the same on every route: all-optional fields read it as {}.
      if (requiresFields(bodySchema)) throw new AppError(400, 'BODY_REQUIRED', BODY_NEEDED_MESSAGE);
      request.body = {};
    }
    if (containsNul(request.body) || containsNul(request.query) || containsNul(request.params)) {
      throw nulCharacter();
    }
    const queryField = nonFiniteQueryField(request);
    if (queryField) return refuseNonFinite(reply, 'querystring', `/${queryField}`);
    const bodyPath = nonFiniteNumberAt(request.body);
    if (bodyPath) return refuseNonFinite(reply, 'body', bodyPath);
    return undefined;
  });
}
