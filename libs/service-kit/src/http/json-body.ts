import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors';

/** How deep a JSON body may nest: every body of the API is a few levels deep. */
export const MAX_JSON_DEPTH = 32;

export const JSON_BODY_MESSAGES = Object.freeze({
  notUtf8: 'The request body is not valid UTF-8 text.',
  tooDeep: `The request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels).`,
});

/** True when the JSON text opens more than `max` objects or arrays inside one another (strings skipped). */
export function jsonNestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === 0x5c)
        i += 1; // a backslash escapes the next character
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) inString = true;
    else if (char === 0x7b || char === 0x5b) {
      depth += 1;
      if (depth > max) return true;
    } else if (char === 0x7d || char === 0x5d) depth -= 1;
  }
  return false;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The one reader of `application/json` bodies for every route of a service (set by setupService):
 * - no body, or only white space, is no body (`request.body` undefined), on every route alike: a route
 *   that takes none (DELETE deletejob, complete) carries on; one whose body has required fields answers
 *   400 "needs a JSON body" (the input guard), one whose fields are all optional reads it as `{}`;
 * - bytes that are not UTF-8, and JSON nested deeper than MAX_JSON_DEPTH, are a 400 (Fastify would
 *   decode the first with replacement characters and parse the second);
 * - the rest as Fastify's own parser does (`__proto__` and `constructor.prototype` refused).
 * A route that needs the raw bytes (a signed webhook) replaces it in its own scope.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const bytes = body as Buffer;
    let text: string;
    try {
      text = utf8.decode(bytes);
    } catch {
      done(badRequest(JSON_BODY_MESSAGES.notUtf8, 'INVALID_BODY'), undefined);
      return;
    }
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    if (jsonNestsDeeperThan(text, MAX_JSON_DEPTH)) {
      done(badRequest(JSON_BODY_MESSAGES.tooDeep, 'INVALID_BODY'), undefined);
      return;
    }
    parse(request, text, done);
  });
}
