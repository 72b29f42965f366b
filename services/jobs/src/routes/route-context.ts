// What every route plugin of the jobs service is given (options, caches, the job id parameter) and the
// two look-ups most routes start with: who is calling, and the job they name. Who may do what with a job
// is the access policy (../access-policy.ts).
import { JOB_MESSAGES, type JobSummary } from '@marketplace/contracts';
import { accessTokenOf, notFound, type AccessClaims } from '@marketplace/service-kit';
import type { ImageStore } from '@marketplace/service-kit/uploads';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { Type } from 'typebox';
import type { JobsDatabase, UnlockStatusValue } from '../db-types';
import type { ListingCaches } from '../listing-cache';
import type { StoredJob } from '../repositories/jobs-repository';

/** A page of a public listing as cached: the summaries without anyone's unlock, and its JSON. */
export interface CachedPage {
  jobs: JobSummary[];
  hasMore: boolean;
  /** The response for callers without unlocks (visitors, customers, admins), serialized once. */
  json?: string;
}

export type JobsCaches = ListingCaches<CachedPage, Map<string, UnlockStatusValue>>;

/** What every route plugin of the service is given. */
export interface JobsRouteOptions {
  db: Kysely<JobsDatabase>;
  images: ImageStore;
  /** The clock of start-date checks (tests move it). */
  now: () => Date;
  caches: JobsCaches;
}

export const JobIdParams = Type.Object({ jobId: Type.String({ format: 'uuid' }) });

/**
 * The signed-in caller of a route open to visitors, or undefined for a visitor. A request without a
 * token is a visitor. `strict`: a token that does not verify (expired, revoked) is a 401, so a client
 * refreshes and asks again; otherwise such a caller is served as a visitor (public lists).
 */
export async function viewerOf(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  options: { strict: boolean },
): Promise<AccessClaims | undefined> {
  if (!accessTokenOf(request)) return undefined;
  if (options.strict) {
    await app.authenticate(request, reply);
    return request.user;
  }
  try {
    await app.authenticate(request, reply);
    return request.user;
  } catch {
    return undefined;
  }
}

/** A job that exists and is not deleted, or 404. */
export function existing(job: StoredJob | undefined): StoredJob {
  if (!job || job.deleted_at) throw notFound(JOB_MESSAGES.jobNotFound);
  return job;
}
