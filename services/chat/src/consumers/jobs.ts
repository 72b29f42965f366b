import { isUuid, type EventHandlers } from '@marketplace/service-kit';
import type { ChatDatabase } from '../db-types';

/** Durable consumer name on the JOBS stream. */
export const JOBS_CONSUMER = 'chat-jobs';

/**
 * The jobs read model (chat_jobs): what the inbox and the thread show of a job. jobs.job.posted
 * carries title, category and start date; jobs.job.updated only the title (when it changed), so each
 * event sets what it carries and keeps the rest.
 */
export const jobHandlers: EventHandlers<ChatDatabase> = {
  'jobs.job.posted': async (job, trx) => {
    if (!isUuid(job.jobId)) return;
    const row = {
      title: job.title ?? null,
      category: job.category ?? null,
      job_start_date: job.jobStartDate ?? null,
      poster_id: isUuid(job.postedBy) ? job.postedBy : null,
    };
    await trx
      .insertInto('chat_jobs')
      .values({ job_id: job.jobId, ...row })
      .onConflict((oc) =>
        oc.column('job_id').doUpdateSet((eb) => ({
          title: eb.fn.coalesce(eb.ref('excluded.title'), eb.ref('chat_jobs.title')),
          category: eb.fn.coalesce(eb.ref('excluded.category'), eb.ref('chat_jobs.category')),
          job_start_date: eb.fn.coalesce(
            eb.ref('excluded.job_start_date'),
            eb.ref('chat_jobs.job_start_date'),
          ),
          poster_id: eb.fn.coalesce(eb.ref('excluded.poster_id'), eb.ref('chat_jobs.poster_id')),
          updated_at: new Date(),
        })),
      )
      .execute();
  },
  'jobs.job.updated': async (job, trx) => {
    if (!isUuid(job.jobId) || job.title === undefined) return;
    await trx
      .insertInto('chat_jobs')
      .values({ job_id: job.jobId, title: job.title, poster_id: isUuid(job.postedBy) ? job.postedBy : null })
      .onConflict((oc) => oc.column('job_id').doUpdateSet({ title: job.title, updated_at: new Date() }))
      .execute();
  },
};
