import type { EventHandlers } from '@marketplace/service-kit';
import type { AccountsDatabase } from '../db-types';
import { UsersRepository } from '../repositories/users-repository';

/** Durable consumer name on the JOBS stream. */
export const JOB_TOTALS_CONSUMER = 'accounts-job-totals';

/**
 * Keeps users.total_posted_jobs / total_applied_jobs (the admin's All Users columns) and each company's
 * rating summary (rating_sum / rating_count, shown by the directory) from jobs events.
 * Run through `service.consume`, i.e. in a transaction with the inbox row, so a redelivered event
 * counts once; the kit acks and ignores other types, versions and malformed payloads.
 */
export const jobTotalsHandlers: EventHandlers<AccountsDatabase> = {
  'jobs.job.posted': async ({ postedBy }, trx) =>
    new UsersRepository(trx).adjustJobTotals(trx, postedBy, { posted: 1 }),
  'jobs.job.deleted': async ({ postedBy }, trx) =>
    new UsersRepository(trx).adjustJobTotals(trx, postedBy, { posted: -1 }),
  'jobs.application.created': async ({ companyId }, trx) =>
    new UsersRepository(trx).adjustJobTotals(trx, companyId, { applied: 1 }),
  'jobs.review.posted': async ({ companyId, rating }, trx) =>
    new UsersRepository(trx).addRating(trx, companyId, rating),
};
