import { isUuid, type EventHandlers } from '@marketplace/service-kit';
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
  // An admin hid a review (or showed it again): its rating leaves (or rejoins) the summary. The
  // hidden_reviews row makes each change count once, even if the same change were announced twice.
  'jobs.review.moderated': async ({ reviewId, companyId, rating, hidden }, trx) => {
    if (!isUuid(reviewId) || !isUuid(companyId)) return;
    const users = new UsersRepository(trx);
    if (hidden) {
      const added = await trx
        .insertInto('hidden_reviews')
        .values({ review_id: reviewId, company_id: companyId, rating, hidden_at: new Date() })
        .onConflict((oc) => oc.column('review_id').doNothing())
        .returning('review_id')
        .executeTakeFirst();
      if (added) await users.removeRating(trx, companyId, rating);
    } else {
      const removed = await trx
        .deleteFrom('hidden_reviews')
        .where('review_id', '=', reviewId)
        .returning(['company_id', 'rating'])
        .executeTakeFirst();
      if (removed) await users.addRating(trx, removed.company_id, removed.rating);
    }
  },
};
