import type { RateLimitRule, RateLimitRules, RouteRateLimit } from '@marketplace/service-kit';
import type { FastifyRequest } from 'fastify';

/** Per-account limits of the writes a person makes by hand (a script posting jobs is refused). */
export interface JobsRateLimits {
  postJobPerAccount: RateLimitRule;
  reviewPerAccount: RateLimitRule;
}

export const DEFAULT_JOBS_RATE_LIMITS: JobsRateLimits = Object.freeze({
  postJobPerAccount: { max: 30, windowMs: 60 * 60 * 1000 },
  reviewPerAccount: { max: 60, windowMs: 60 * 60 * 1000 },
});

/** The jobs service's named limits (routes name them in `config.rateLimits`). */
export function jobsRateLimitRules(limits: JobsRateLimits): RateLimitRules {
  return {
    'post-job-account': limits.postJobPerAccount,
    'review-account': limits.reviewPerAccount,
  };
}

/** Counted per signed-in account (the routes authenticate in onRequest, before limits are checked). */
const account = (request: FastifyRequest) => (request.user as { sub?: string } | null | undefined)?.sub;

export const POST_JOB_LIMITS: readonly RouteRateLimit[] = [{ name: 'post-job-account', key: account }];
export const REVIEW_LIMITS: readonly RouteRateLimit[] = [{ name: 'review-account', key: account }];
