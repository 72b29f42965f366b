import { createHash } from 'node:crypto';
import { SESSION_MESSAGES } from '@marketplace/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { AppError } from './errors';

/** One limit: at most `max` requests per key within a fixed window of `windowMs`. */
export interface RateLimitRule {
  max: number;
  windowMs: number;
}

/** A service's named limits, e.g. { 'login-ip': { max: 30, windowMs: 900_000 } }, read from its config. */
export type RateLimitRules = Record<string, RateLimitRule>;

/** What a request is counted under; undefined = this limit does not apply to the request. */
export type RateLimitKey = (request: FastifyRequest) => string | undefined;

/**
 * A limit declared on a route: its name (the rule comes from the service's config) and what it counts
 * per: the client address (default; see TRUST_PROXY) or a key taken from the request, e.g. an email.
 */
export type RouteRateLimit = string | { name: string; key: RateLimitKey };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's named rate limits, checked in order before validation (see http/rate-limit.ts). */
    rateLimits?: readonly RouteRateLimit[];
  }
}

export function tooManyAttempts(): AppError {
  return new AppError(429, 'TOO_MANY_ATTEMPTS', SESSION_MESSAGES.tooManyAttempts);
}

/** The client address: the socket's, or the one trusted proxies forwarded (Fastify's trustProxy). */
export const clientAddress: RateLimitKey = (request) => request.ip;

type CountersDb = Kysely<{
  rate_limit_counters: {
    name: string;
    key_hash: string;
    window_start: string | number;
    hits: number;
    expires_at: Date;
  };
}>;

/**
 * Counters in the service's own schema (kit table `rate_limit_counters`): one row per limit, key and
 * fixed window, incremented with one atomic upsert, so every instance of a service on the same
 * database shares one budget. Works on PostgreSQL and PGlite alike.
 */
export class RateLimitStore {
  #sinceCleanup = 0;

  constructor(
    private readonly db: Kysely<unknown>,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one hit; returns the hits in the current window and the ms until the window ends. */
  async hit(name: string, key: string, rule: RateLimitRule): Promise<{ hits: number; resetInMs: number }> {
    const now = this.now();
    const windowStart = Math.floor(now / rule.windowMs) * rule.windowMs;
    const windowEnd = windowStart + rule.windowMs;
    const db = this.db as unknown as CountersDb;
    const row = await db
      .insertInto('rate_limit_counters')
      .values({
        name,
        key_hash: createHash('sha256').update(key).digest('hex'),
        window_start: windowStart,
        hits: 1,
        expires_at: new Date(windowEnd),
      })
      .onConflict((oc) =>
        oc.columns(['name', 'key_hash', 'window_start']).doUpdateSet({
          hits: sql<number>`rate_limit_counters.hits + 1`,
        }),
      )
      .returning('hits')
      .executeTakeFirstOrThrow();
    if (++this.#sinceCleanup >= 500) {
      this.#sinceCleanup = 0;
      await db.deleteFrom('rate_limit_counters').where('expires_at', '<', new Date(now)).execute();
    }
    return { hits: Number(row.hits), resetInMs: windowEnd - now };
  }
}

/**
 * Named per-route rate limits for one service: every route that declares `config.rateLimits` is
 * checked before validation (so malformed requests count too); the first limit over its maximum answers
 * 429 in the error envelope with Retry-After. A route naming a limit the config lacks fails at start.
 */
export function registerRateLimits(app: FastifyInstance, store: RateLimitStore, rules: RateLimitRules): void {
  app.addHook('onRoute', (route) => {
    for (const limit of route.config?.rateLimits ?? []) {
      const name = typeof limit === 'string' ? limit : limit.name;
      if (!rules[name]) throw new Error(`route ${route.method} ${route.url}: no rate limit named '${name}'`);
    }
  });
  app.addHook('preValidation', async (request: FastifyRequest, reply: FastifyReply) => {
    const limits = request.routeOptions.config.rateLimits;
    if (!limits) return;
    for (const limit of limits) {
      const name = typeof limit === 'string' ? limit : limit.name;
      const key = (typeof limit === 'string' ? clientAddress : limit.key)(request);
      const rule = rules[name];
      if (key === undefined || !rule) continue;
      const { hits, resetInMs } = await store.hit(name, key, rule);
      if (hits > rule.max) {
        reply.header('retry-after', String(Math.max(1, Math.ceil(resetInMs / 1000))));
        throw tooManyAttempts();
      }
    }
  });
}
