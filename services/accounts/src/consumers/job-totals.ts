import {
  EVENT_TYPES,
  JobsApplicationCreatedV1,
  JobsJobDeletedV1,
  JobsJobPostedV1,
  type EventEnvelope,
} from '@marketplace/contracts';
import type { Kysely } from 'kysely';
import { Value } from 'typebox/value';
import type { AccountsDatabase } from '../db-types';
import { UsersRepository } from '../repositories/users-repository';

/** Durable consumer name on the JOBS stream. */
export const JOB_TOTALS_CONSUMER = 'accounts-job-totals';

/**
 * Keeps users.total_posted_jobs / total_applied_jobs (the admin's All Users columns) from jobs events.
 * Runs through `service.consume`, i.e. in a transaction with the inbox row, so a redelivered event
 * counts once. Unknown types, versions or malformed payloads are ignored (acked), never retried forever.
 */
export async function applyJobsEvent(event: EventEnvelope, trx: Kysely<AccountsDatabase>): Promise<void> {
  const users = new UsersRepository(trx);
  if (event.version !== 1) return;
  if (event.type === EVENT_TYPES.jobsJobPosted && Value.Check(JobsJobPostedV1, event.payload)) {
    await users.adjustJobTotals(trx, event.payload.postedBy, { posted: 1 });
  } else if (event.type === EVENT_TYPES.jobsJobDeleted && Value.Check(JobsJobDeletedV1, event.payload)) {
    await users.adjustJobTotals(trx, event.payload.postedBy, { posted: -1 });
  } else if (
    event.type === EVENT_TYPES.jobsApplicationCreated &&
    Value.Check(JobsApplicationCreatedV1, event.payload)
  ) {
    await users.adjustJobTotals(trx, event.payload.companyId, { applied: 1 });
  }
}
