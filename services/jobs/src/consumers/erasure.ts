import { isUuid, type EventHandlers } from '@marketplace/service-kit';
import type { JobsDatabase } from '../db-types';
import { jobDeleted } from '../events';
import { AlertsRepository } from '../repositories/alerts-repository';
import { JobsRepository } from '../repositories/jobs-repository';

/** Durable consumer name on the ACCOUNTS stream. */
export const ERASURE_CONSUMER = 'jobs-erasure';

/**
 * An account was deleted (accounts.user.deleted, personal data erased): its jobs that are not
 * completed leave every listing (announced as deleted, so payments refunds their paid unlocks), and
 * the name, e-mail, phone number and address the poster typed are wiped from all of its jobs. A
 * company's job alert preferences and notifications are deleted.
 */
export const erasureHandlers: EventHandlers<JobsDatabase> = {
  'accounts.user.deleted': async ({ userId }, trx, event) => {
    if (!isUuid(userId)) return;
    await new AlertsRepository(trx).eraseOf(trx, userId);
    const deleted = await new JobsRepository(trx).eraseJobsOf(trx, userId);
    for (const jobId of deleted) await jobDeleted(trx, { jobId, postedBy: userId }, event.correlationId);
  },
};
