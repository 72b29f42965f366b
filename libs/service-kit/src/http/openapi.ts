import swagger from '@fastify/swagger';
import {
  API_DOCS_PATHS,
  BinaryFileSchema,
  ErrorEnvelopeSchema,
  type ServiceName,
} from '@marketplace/contracts';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { Type, type TSchema } from 'typebox';

/** The version of the public API the documents describe. */
export const API_VERSION = '1.0.0';

/**
 * A request body the route reads itself instead of through `schema.body` (so Fastify does not validate
 * it): a multipart form, a raw signed body, an optional JSON body with its own messages. Documented in
 * the OpenAPI document only; the route keeps its own checks.
 */
export interface DocumentedBody {
  /** Media type -> the shape sent with it. */
  content: Record<string, TSchema>;
  /** False when the body may be left out (default: required). */
  required?: boolean;
  description?: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * For the OpenAPI document: the body of a route that reads it itself (see DocumentedBody), or
     * 'none' for a POST/PUT/PATCH that takes no body. A route with `schema.body` needs neither.
     */
    documentedBody?: DocumentedBody | 'none';
  }
}

/**
 * How multipart routes are described: the form's text fields plus its files (BinaryFileSchema of
 * libs/contracts) as `multipart/form-data`, and the same fields without files as `application/json`,
 * which these routes also accept. Fastify does not validate either: the route reads the parts itself
 * and checks each field with the contracts' field rules.
 */
export function multipartBody(form: TSchema, json: TSchema, description?: string): DocumentedBody {
  return {
    content: { 'multipart/form-data': form, 'application/json': json },
    ...(description ? { description } : {}),
  };
}

/** The response of a route that answers with a stored image (WebP or JPEG bytes). */
export function imageResponse(description: string) {
  return {
    description,
    content: { 'image/webp': { schema: BinaryFileSchema }, 'image/jpeg': { schema: BinaryFileSchema } },
  };
}

/** The response of a route that redirects: no body, the target in `Location`. */
export function redirectResponse(description: string) {
  return Type.Null({ description });
}

const OPTIONAL_BODY = 'x-optional-body';
/** Shared schemas (`app.addSchema`) keep their `$id` as their name under components.schemas. */
const ERROR_ENVELOPE_ID = 'ErrorEnvelope';
const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

/**
 * Every service documents its own routes: @fastify/swagger collects them from the TypeBox schemas
 * (plain JSON Schema, OpenAPI 3.1 takes them as they are) and the service serves the document at
 * API_DOCS_PATHS.service(name), where the edge collects the four into one. Only /api routes are
 * documented (not /ws), never a route with `schema.hide`; each is tagged with the service's name and
 * answers the error envelope for any status it does not list. A schema shared with `app.addSchema`
 * and referenced as `{ $ref: 'Name#' }` becomes components.schemas.Name (its `$id`).
 */
export async function registerOpenApi(app: FastifyInstance, name: ServiceName): Promise<void> {
  app.addSchema({ ...ErrorEnvelopeSchema, $id: ERROR_ENVELOPE_ID, description: 'The error envelope' });
  await app.register(swagger, {
    refResolver: {
      buildLocalReference: (json, _baseUri, _fragment, i) =>
        typeof json.$id === 'string' ? json.$id : `def-${i}`,
    },
    openapi: {
      openapi: '3.1.0',
      info: { title: name, version: API_VERSION },
      tags: [{ name, description: `The ${name} service` }],
    },
    transform: ({ schema, url, route }) => {
      if (!url.startsWith('/api/') || schema?.hide) return { schema: { ...schema, hide: true }, url };
      const documented = route.config?.documentedBody;
      const body =
        schema?.body ??
        (documented && documented !== 'none'
          ? {
              ...(documented.description ? { description: documented.description } : {}),
              content: Object.fromEntries(
                Object.entries(documented.content).map(([type, shape]) => [type, { schema: shape }]),
              ),
            }
          : undefined);
      const transformed: FastifySchema & Record<string, unknown> = {
        ...schema,
        tags: schema?.tags ?? [name],
        ...(body ? { body } : {}),
        response: {
          ...(schema?.response as object | undefined),
          default: { $ref: `${ERROR_ENVELOPE_ID}#` },
        },
      };
      if (!schema?.body && documented && documented !== 'none' && documented.required === false) {
        transformed[OPTIONAL_BODY] = true;
      }
      return { schema: transformed, url };
    },
    // @fastify/swagger marks every body required; an optional documented one says so.
    transformObject: ({ openapiObject }: { openapiObject: Record<string, unknown> }) => {
      const paths = (openapiObject.paths ?? {}) as Record<string, Record<string, Record<string, unknown>>>;
      for (const item of Object.values(paths)) {
        for (const method of METHODS) {
          const operation = item[method];
          if (!operation?.[OPTIONAL_BODY]) continue;
          delete operation[OPTIONAL_BODY];
          (operation.requestBody as { required: boolean }).required = false;
        }
      }
      return openapiObject;
    },
  } as Parameters<typeof swagger>[1]);

  app.get(API_DOCS_PATHS.service(name), { schema: { hide: true } }, async () => app.swagger());
}
