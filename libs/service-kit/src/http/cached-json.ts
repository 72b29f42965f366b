import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';

/** A JSON answer as sent (serialized by the route's response schema) and its entity tag. */
export interface CachedJson {
  json: string;
  etag: string;
}

/**
 * A weak entity tag of a body: equal bodies, equal tags. Weak because the edge may compress the body on
 * the way out, and a weak tag still holds for the same content in another encoding.
 */
export function weakEtag(body: string): string {
  return `W/"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** The answer to keep: the body and its tag, computed once. */
export function cachedJson(json: string): CachedJson {
  return { json, etag: weakEtag(json) };
}

/** The 304 of a route answered by `sendCachedJson`, for its response schemas (and the OpenAPI document). */
export const NotModifiedResponseSchema = Type.Null({
  description: 'Not Modified: the If-None-Match tag is still current (no body; ETag and Cache-Control sent)',
});

/** RFC 9110 If-None-Match: `*`, or any listed tag equal to `etag` by weak comparison. */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = etag.startsWith('W/') ? etag.slice(2) : etag;
  return ifNoneMatch.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || (tag.startsWith('W/') ? tag.slice(2) : tag) === opaque;
  });
}

/**
 * Sends a cached JSON answer with its ETag and `cacheControl`, or 304 without a body when the client's
 * If-None-Match already names it. The body is sent as it is: it was serialized (by the route's response
 * schema, `reply.serialize`) before it was cached.
 */
export function sendCachedJson(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: CachedJson,
  cacheControl: string,
): FastifyReply {
  reply.header('etag', answer.etag).header('cache-control', cacheControl);
  if (etagMatches(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
  return reply
    .type('application/json; charset=utf-8')
    .serializer((payload: unknown) => payload as string)
    .send(answer.json);
}
