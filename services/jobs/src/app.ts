import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  memberEventHandlers,
  ReadCache,
  setupService,
  type CachedJson,
  type EventHandlers,
  type ServiceDeps,
} from '@marketplace/service-kit';
import { ImageStore } from '@marketplace/service-kit/uploads';
import type { FastifyInstance } from 'fastify';
import { DEFAULT_UNLOCK_CAP, type JobsSettings } from './config';
import { ERASURE_CONSUMER, erasureHandlers } from './consumers/erasure';
import { JOB_ALERTS_CONSUMER, jobAlertHandlers } from './consumers/job-alerts';
import { PAYMENT_NOTICES_CONSUMER, paymentNoticeHandlers } from './consumers/payment-notices';
import { UNLOCKS_CONSUMER, unlockHandlers } from './consumers/unlocks';
import type { JobsDatabase } from './db-types';
import { ListingCaches } from './listing-cache';
import { jobsMigrations } from './migrations';
import { adminRoutes } from './routes/admin';
import { alertRoutes } from './routes/alerts';
import { applicationRoutes } from './routes/applications';
import { listingRoutes } from './routes/listings';
import { manageRoutes } from './routes/manage';
import { offerRoutes } from './routes/offers';
import { DEFAULT_JOBS_RATE_LIMITS, jobsRateLimitRules, type JobsRateLimits } from './rate-limits';
import { reviewRoutes } from './routes/reviews';
import type { JobsCaches } from './routes/route-context';

/** Where job images are served from. */
export const JOB_IMAGE_URL_PREFIX = '/api/jobs/images/';

export { DEFAULT_JOBS_RATE_LIMITS, type JobsRateLimits } from './rate-limits';
export { unsubscribeSignature } from './repositories/alerts-repository';
export { JobsConfigSchema, jobsSettingsFromConfig, loadJobsSettings, type JobsSettings } from './config';

export type JobsServiceOptions = ServiceDeps & {
  /** Settings from the environment (config.ts); default: UNLOCK_CAP 5. */
  jobs?: Partial<JobsSettings>;
  /** Rate limits; default DEFAULT_JOBS_RATE_LIMITS. */
  rateLimits?: Partial<JobsRateLimits>;
  /** The clock of start-date rules (tests move it); default the real one. */
  now?: () => Date;
  /** How long a listing page may be served from memory (ms; 0 = never). Default 1000. */
  listingCacheMs?: number;
  /**
   * How long a company's review list may be served from memory (ms; 0 = never). This instance's
   * writes of reviews, members and jobs clear it at once; the time bounds other instances'. Default 30 s.
   */
  reviewCacheMs?: number;
};

/** Handlers that clear the listing caches after each event they apply. */
function clearing(handlers: EventHandlers<JobsDatabase>, clear: () => void): EventHandlers<JobsDatabase> {
  const wrapped: Record<string, unknown> = {};
  for (const [type, handler] of Object.entries(handlers)) {
    if (typeof handler !== 'function') throw new Error(`clearing() takes version-1 handlers only (${type})`);
    wrapped[type] = async (...args: unknown[]) => {
      await (handler as (...a: unknown[]) => Promise<void>)(...args);
      clear();
    };
  }
  return wrapped as EventHandlers<JobsDatabase>;
}

/**
 * The jobs service: jobs and their images, listings and search, applications (from payments'
 * unlocks), completion, reviews and moderation. Files live under UPLOADS_DIR (default `<DATA_DIR>/uploads`):
 * `jobs/` (images).
 */
export default async function jobsService(app: FastifyInstance, options: JobsServiceOptions) {
  const service = await setupService<JobsDatabase>(app, {
    name: 'jobs',
    schema: 'jobs',
    migrations: jobsMigrations,
    deps: options,
    rateLimits: jobsRateLimitRules({ ...DEFAULT_JOBS_RATE_LIMITS, ...options.rateLimits }),
  });
  const { db } = service;
  const caches: JobsCaches = new ListingCaches(options.listingCacheMs ?? 1000);
  const clear = () => caches.clear();
  service.consume({
    durable: 'jobs-members',
    filterSubject: 'accounts.user.*',
    handlers: memberEventHandlers,
  });
  service.consume({
    durable: ERASURE_CONSUMER,
    filterSubject: 'accounts.user.deleted',
    handlers: clearing(erasureHandlers, clear),
  });
  service.consume({
    durable: UNLOCKS_CONSUMER,
    filterSubject: 'payments.unlock.*',
    handlers: clearing(unlockHandlers, clear),
  });
  // The bell's payment notices: the company's transfer arrived or expired, its dispute was decided, its
  // payment was refunded.
  service.consume({
    durable: PAYMENT_NOTICES_CONSUMER,
    filterSubject: 'payments.>',
    handlers: paymentNoticeHandlers,
  });
  // Job alerts: this service consumes its own jobs.job.posted (durable, inbox: once per event) and
  // fans each new job out to the matching companies' notifications, then announces the e-mails.
  service.consume({
    durable: JOB_ALERTS_CONSUMER,
    filterSubject: 'jobs.job.posted',
    handlers: jobAlertHandlers(options.jobs?.unlockCap ?? DEFAULT_UNLOCK_CAP),
  });
  // Every write through this instance's API clears the listings once its answer is out (committed).
  // Refused requests change nothing and do not clear it (a flood of bad requests cannot empty it).
  app.addHook('onResponse', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400) clear();
  });

  // The edge and the standalone main always hand DATA_DIR over; a host that does not (a test mounting
  // the plugin bare) gets a folder under the OS temp directory rather than files in its working copy.
  const dataDir = options.dataDir ?? join(tmpdir(), 'marketplace-jobs');
  // Shared by every replica in production (a volume mounted at UPLOADS_DIR): any replica serves an image
  // another one stored.
  const uploadsDir = options.uploadsDir ?? join(dataDir, 'uploads');
  const images = new ImageStore({ dir: join(uploadsDir, 'jobs'), urlPrefix: JOB_IMAGE_URL_PREFIX });
  const routeOptions = { db, images, now: options.now ?? (() => new Date()), caches };

  await app.register(listingRoutes, routeOptions);
  await app.register(manageRoutes, routeOptions);
  await app.register(applicationRoutes, routeOptions);
  // A company's review list, as sent: reviews, reviewer names and photos (members) and job headings
  // (jobs) are what it shows, so any commit that writes one of them clears it, whoever wrote.
  const reviewCache = new ReadCache<CachedJson>({
    ttlMs: options.reviewCacheMs ?? 30_000,
    staleLimit: 0,
    maxWeight: 16 * 1024 * 1024,
    weigh: (answer) => answer.json.length,
  });
  const stopClearing = options.db.onTablesWritten('jobs', ['reviews', 'members', 'jobs'], () =>
    reviewCache.clear(),
  );
  app.addHook('onClose', async () => stopClearing());
  await app.register(reviewRoutes, { ...routeOptions, reviewCache });
  await app.register(adminRoutes, routeOptions);
  await app.register(alertRoutes, routeOptions);
  await app.register(offerRoutes, routeOptions);
}
