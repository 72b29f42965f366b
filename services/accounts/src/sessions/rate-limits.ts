import fastifyRateLimit from '@fastify/rate-limit';
import { SESSION_MESSAGES } from '@marketplace/contracts';
import { AppError } from '@marketplace/service-kit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RateLimitRule, RateLimits } from '../config';

export type RateLimitHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

export interface AccountsRateLimiters {
  loginPerIp: RateLimitHandler;
  loginPerAccount: RateLimitHandler;
  registrationPerIp: RateLimitHandler;
  refreshPerIp: RateLimitHandler;
  facebookPerIp: RateLimitHandler;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The accounts service's limiters (decorated by the sessions plugin on the service's context). */
    accountsRateLimits: AccountsRateLimiters;
  }
}

export function tooManyAttempts(): AppError {
  return new AppError(429, 'TOO_MANY_ATTEMPTS', SESSION_MESSAGES.tooManyAttempts);
}

/**
 * Builds the limiters on @fastify/rate-limit's store (in memory, per process). Each limiter counts
 * every request it sees under its own key and answers 429 in the error envelope with Retry-After once
 * the key is over its maximum for the window. Used as route preHandlers: several can guard one route
 * (the plugin's own route hook runs only one limiter per request).
 */
export async function createRateLimiters(
  app: FastifyInstance,
  limits: RateLimits,
  accountKey: (request: FastifyRequest) => string | undefined,
): Promise<AccountsRateLimiters> {
  if (!app.hasDecorator('createRateLimit')) await app.register(fastifyRateLimit, { global: false });

  const limiter = (
    name: string,
    rule: RateLimitRule,
    key: (request: FastifyRequest) => string | undefined,
  ): RateLimitHandler => {
    const check = app.createRateLimit({
      max: rule.max,
      timeWindow: rule.windowMs,
      keyGenerator: (request) => `${name}:${key(request) ?? ''}`,
    });
    return async (request, reply) => {
      if (key(request) === undefined) return;
      const result = await check(request);
      if (!result.isAllowed && result.isExceeded) {
        reply.header('retry-after', String(Math.max(1, result.ttlInSeconds)));
        throw tooManyAttempts();
      }
    };
  };
  const ip = (request: FastifyRequest) => request.ip;
  return {
    loginPerIp: limiter('login-ip', limits.loginPerIp, ip),
    loginPerAccount: limiter('login-account', limits.loginPerAccount, accountKey),
    registrationPerIp: limiter('register-ip', limits.registrationPerIp, ip),
    refreshPerIp: limiter('refresh-ip', limits.refreshPerIp, ip),
    facebookPerIp: limiter('facebook-ip', limits.facebookPerIp, ip),
  };
}

/**
 * Per-IP limit of registrations, for `POST /api/user` (owned by routes/users.ts): add it as the route's
 * `onRequest` (or `preHandler`). It finds the limiters on the accounts service's context at request
 * time, so it works whatever order the route plugins are registered in.
 */
export async function registrationRateLimit(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const limiters = (request.server as Partial<FastifyInstance>).accountsRateLimits;
  if (!limiters) throw new Error('registrationRateLimit needs the accounts sessions plugin');
  await limiters.registrationPerIp(request, reply);
}
