// The jobs service's events, one writer per type, each called inside the transaction of its change
// (the kit's outbox publishes it after commit). Payload shapes: libs/contracts/src/events.ts.
import {
  EVENT_TYPES,
  type JobsAlertMatchedV1,
  type JobsOfferAcceptedV1,
  type JobsOfferSentV1,
  type JobsOfferUnacceptedV1,
  type JobsOfferWithdrawnV1,
} from '@marketplace/contracts';
import { publishEvent } from '@marketplace/service-kit';
import type { Kysely } from 'kysely';
import type { JobsDatabase } from './db-types';
import type { NewJob } from './repositories/jobs-repository';

type Trx = Kysely<JobsDatabase>;
const opts = (correlationId: string) => ({ correlationId });

export function jobPosted(trx: Trx, jobId: string, job: NewJob, correlationId: string) {
  return publishEvent(
    trx,
    EVENT_TYPES.jobsJobPosted,
    {
      jobId,
      postedBy: job.postedBy,
      category: job.category,
      title: job.jobHeading,
      subcategory: job.subcategory,
      state: job.state,
      jobStartDate: job.jobStartDate,
    },
    opts(correlationId),
  );
}

export function jobUpdated(
  trx: Trx,
  change: { jobId: string; postedBy: string; fields: string[]; title: string },
  correlationId: string,
) {
  return publishEvent(trx, EVENT_TYPES.jobsJobUpdated, change, opts(correlationId));
}

export function jobStatusMoved(
  trx: Trx,
  change: { jobId: string; postedBy: string; status: 'in-progress' | 'completed'; companyIds: string[] },
  correlationId: string,
) {
  return publishEvent(trx, EVENT_TYPES.jobsJobCompleted, change, opts(correlationId));
}

export function jobDeleted(trx: Trx, job: { jobId: string; postedBy: string }, correlationId: string) {
  return publishEvent(trx, EVENT_TYPES.jobsJobDeleted, job, opts(correlationId));
}

export function jobModerated(
  trx: Trx,
  change: { jobId: string; postedBy: string; hidden: boolean; reason: string | null },
  correlationId: string,
) {
  return publishEvent(trx, EVENT_TYPES.jobsJobModerated, change, opts(correlationId));
}

export function applicationCreated(
  trx: Trx,
  application: { jobId: string; companyId: string; posterId: string },
  correlationId: string,
) {
  return publishEvent(trx, EVENT_TYPES.jobsApplicationCreated, application, opts(correlationId));
}

export function reviewPosted(
  trx: Trx,
  review: { reviewId: string; jobId: string; companyId: string; reviewerId: string; rating: number },
  correlationId: string,
) {
  return publishEvent(trx, EVENT_TYPES.jobsReviewPosted, review, opts(correlationId));
}

export function alertMatched(trx: Trx, match: JobsAlertMatchedV1, correlationId: string) {
  return publishEvent(trx, EVENT_TYPES.jobsAlertMatched, match, opts(correlationId));
}

export function offerSent(trx: Trx, offer: JobsOfferSentV1, correlationId: string) {
  return publishEvent(trx, EVENT_TYPES.jobsOfferSent, offer, opts(correlationId));
}

export function offerWithdrawn(trx: Trx, offer: JobsOfferWithdrawnV1, correlationId: string) {
  return publishEvent(trx, EVENT_TYPES.jobsOfferWithdrawn, offer, opts(correlationId));
}

export function offerAccepted(trx: Trx, hire: JobsOfferAcceptedV1, correlationId: string) {
  return publishEvent(trx, EVENT_TYPES.jobsOfferAccepted, hire, opts(correlationId));
}

export function offerUnaccepted(trx: Trx, undo: JobsOfferUnacceptedV1, correlationId: string) {
  return publishEvent(trx, EVENT_TYPES.jobsOfferUnaccepted, undo, opts(correlationId));
}
