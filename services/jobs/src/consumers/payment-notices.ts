import { isUuid, type EventHandlers } from '@marketplace/service-kit';
import type { Kysely } from 'kysely';
import type { JobsDatabase } from '../db-types';
import { AlertsRepository } from '../repositories/alerts-repository';

/** Durable consumer name on the PAYMENTS stream. */
export const PAYMENT_NOTICES_CONSUMER = 'jobs-payment-notices';

/**
 * `payments.unlock.confirmed` / `payments.unlock.expired` / `payments.dispute.decided` /
 * `payments.unlock.refunded` -> one bell notice to the paying company (accounts mails the same news of
 * the first three). A refund after an accepted dispute is told by the decision's notice, not twice. Run through `service.consume`: the notice
 * commits with the inbox row, so a redelivered event writes nothing; the notice is keyed by payment or
 * dispute as well (alerts repository), so the same news twice stays one notice. Events about ids that
 * are not uuids, or jobs this service does not have, are ignored (a throwing handler would be
 * redelivered forever).
 */
export const paymentNoticeHandlers: EventHandlers<JobsDatabase> = {
  'payments.unlock.confirmed': async (confirmed, trx) => {
    if (!(await jobExists(trx, confirmed))) return;
    await new AlertsRepository(trx).notifyPayment(trx, {
      kind: 'payment-confirmed',
      companyId: confirmed.companyId,
      jobId: confirmed.jobId,
      source: confirmed.paymentId,
      amount: confirmed.amount,
      currency: confirmed.currency,
      at: dateOr(confirmed.confirmedAt),
    });
  },
  'payments.unlock.expired': async (expired, trx) => {
    if (!(await jobExists(trx, expired))) return;
    await new AlertsRepository(trx).notifyPayment(trx, {
      kind: 'payment-expired',
      companyId: expired.companyId,
      jobId: expired.jobId,
      source: expired.paymentId,
      amount: expired.amount,
      currency: expired.currency,
      windowMinutes: expired.windowMinutes,
      at: dateOr(expired.expiredAt),
    });
  },
  'payments.dispute.decided': async (decided, trx) => {
    if (!(await jobExists(trx, decided))) return;
    await new AlertsRepository(trx).notifyPayment(trx, {
      kind: 'dispute-decided',
      companyId: decided.companyId,
      jobId: decided.jobId,
      source: decided.disputeId,
      amount: decided.amount,
      currency: decided.currency,
      outcome: decided.outcome,
      // Only a rejection has a reason to tell; a refund's text says what happened.
      rejectionReason: decided.outcome === 'rejected' ? decided.rejectionReason : null,
      at: dateOr(decided.decidedAt),
    });
  },
  'payments.unlock.refunded': async (refunded, trx) => {
    if (refunded.reason === 'dispute' || !(await jobExists(trx, refunded))) return;
    await new AlertsRepository(trx).notifyPayment(trx, {
      kind: 'payment-refunded',
      companyId: refunded.companyId,
      jobId: refunded.jobId,
      source: refunded.paymentId,
      amount: refunded.amount,
      currency: refunded.currency,
      refundReason: refunded.reason,
      at: dateOr(refunded.refundedAt),
    });
  },
};

async function jobExists(trx: Kysely<JobsDatabase>, ref: { jobId: string; companyId: string }) {
  if (!isUuid(ref.jobId) || !isUuid(ref.companyId)) return false;
  const job = await trx.selectFrom('jobs').select('id').where('id', '=', ref.jobId).executeTakeFirst();
  return job !== undefined;
}

/** The event's time (when it happened); the consumer's clock when the event's is not a date. */
function dateOr(iso: string): Date {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? new Date() : at;
}
