import { JOB_MESSAGES, type JobSummary } from '@marketplace/contracts';
import { accessTokenOf, forbidden, notFound, type AccessClaims } from '@marketplace/service-kit';
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

export const isOwner = (job: StoredJob, user: AccessClaims) => job.posted_by === user.sub;

/** The job's poster (or, with `admins`, an administrator); 403 for anyone else. */
export function assertOwner(job: StoredJob, user: AccessClaims, options: { admins?: boolean } = {}): void {
  if (isOwner(job, user)) return;
  if (options.admins && user.type === 'admin') return;
  throw forbidden(JOB_MESSAGES.notYourJob);
}
