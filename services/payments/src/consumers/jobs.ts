import { isUuid, type EventHandlers } from '@marketplace/service-kit';
import type { PaymentsDatabase } from '../db-types';
import { JobsReadModel } from '../repositories/jobs-read-model';
import type { Refunds } from '../unlocks/refunds';

/** Durable consumer name on the JOBS stream. */
export const JOBS_CONSUMER = 'payments-jobs';

/**
 * Keeps the jobs read model (owner, category, status, deleted, hidden) from jobs.job.* events, and
 * refunds the paid unlocks of a job its poster deleted or an admin hid (dead-lead refund). Run through
 * `service.consume`: each event once, in a transaction with the inbox row. Ids that are not uuids
 * cannot be ours and are ignored (a handler that throws would be redelivered forever).
 */
export function jobsReadModelHandlers(refunds: Refunds): EventHandlers<PaymentsDatabase> {
  return {
    'jobs.job.posted': async ({ jobId, postedBy, title, category }, trx) => {
      if (!isUuid(jobId) || !isUuid(postedBy)) return;
      await new JobsReadModel(trx).posted({
        id: jobId,
        postedBy,
        title: title ?? null,
        category: category ?? null,
      });
    },
    'jobs.job.updated': async ({ jobId, title }, trx) => {
      if (!isUuid(jobId) || title === undefined) return;
      await new JobsReadModel(trx).update(jobId, { title });
    },
    'jobs.job.completed': async ({ jobId, status }, trx) => {
      if (!isUuid(jobId)) return;
      await new JobsReadModel(trx).update(jobId, { status });
    },
    'jobs.job.deleted': async ({ jobId }, trx, event) => {
      if (!isUuid(jobId)) return;
      await new JobsReadModel(trx).update(jobId, { deleted_at: new Date() });
      await refunds.forDeadLead(trx, jobId, 'job-deleted', event.correlationId);
    },
    'jobs.job.moderated': async ({ jobId, hidden }, trx, event) => {
      if (!isUuid(jobId)) return;
      await new JobsReadModel(trx).update(jobId, { hidden });
      if (hidden) await refunds.forDeadLead(trx, jobId, 'job-hidden', event.correlationId);
    },
  };
}
