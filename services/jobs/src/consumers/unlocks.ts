import { isUuid, type EventHandlers } from '@marketplace/service-kit';
import type { Kysely } from 'kysely';
import type { JobsDatabase } from '../db-types';
import { applicationCreated } from '../events';
import { JobsRepository } from '../repositories/jobs-repository';
import { UnlocksRepository, type PaymentRef } from '../repositories/unlocks-repository';

/** Durable consumer name on the PAYMENTS stream. */
export const UNLOCKS_CONSUMER = 'jobs-unlocks';

/**
 * Each company's unlock of a job, from payments' events: pending when a payment starts, paid when it
 * is verified (the company becomes an applicant: jobs records the application and announces
 * jobs.application.created), failed, or taken back when a paid unlock is refunded. Run through
 * `service.consume`: once per event, in a transaction with the inbox row. Events about ids that are
 * not uuids, or jobs this service does not have, cannot be applied and are ignored (a handler that
 * throws would be redelivered forever).
 */
export const unlockHandlers: EventHandlers<JobsDatabase> = {
  'payments.unlock.initiated': async (payment, trx) => {
    if (!(await applies(trx, payment))) return;
    await new UnlocksRepository(trx).initiated(trx, payment);
  },
  'payments.unlock.paid': async (payment, trx, event) => {
    const job = await applies(trx, payment);
    if (!job) return;
    const unlocks = new UnlocksRepository(trx);
    const paidAt = new Date(payment.paidAt);
    const newlyPaid = await unlocks.paid(trx, payment, Number.isNaN(paidAt.getTime()) ? new Date() : paidAt);
    if (!newlyPaid) return;
    await new JobsRepository(trx).adjustUnlockCount(trx, payment.jobId, 1);
    if (await unlocks.addApplication(trx, payment.jobId, payment.companyId)) {
      await applicationCreated(
        trx,
        { jobId: payment.jobId, companyId: payment.companyId, posterId: job.posted_by },
        event.correlationId,
      );
    }
  },
  'payments.unlock.failed': async (payment, trx) => {
    if (!(await applies(trx, payment))) return;
    await new UnlocksRepository(trx).failed(trx, payment);
  },
  'payments.unlock.refunded': async (refund, trx) => {
    if (!refund.unlocked || !(await applies(trx, refund))) return;
    if (await new UnlocksRepository(trx).refunded(trx, refund)) {
      await new JobsRepository(trx).adjustUnlockCount(trx, refund.jobId, -1);
    }
  },
};

/** The job the event is about, when its ids can be ours and the job exists. */
async function applies(trx: Kysely<JobsDatabase>, ref: PaymentRef) {
  if (!isUuid(ref.jobId) || !isUuid(ref.companyId)) return undefined;
  return trx.selectFrom('jobs').select(['id', 'posted_by']).where('id', '=', ref.jobId).executeTakeFirst();
}
