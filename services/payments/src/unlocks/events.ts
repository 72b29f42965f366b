// The payments service's events, one writer per type, each called inside the transaction of its change
// (the kit's outbox publishes it after commit). Payload shapes: libs/contracts/src/events.ts.
import { EVENT_TYPES, paymentMethodOf } from '@marketplace/contracts';
import { publishEvent } from '@marketplace/service-kit';
import type { Kysely } from 'kysely';
import type { PaymentsDatabase } from '../db-types';
import type { DisputeRow } from '../repositories/disputes-repository';
import { PaymentsRepository, type PaymentRow } from '../repositories/payments-repository';

type Trx = Kysely<PaymentsDatabase>;
const opts = (correlationId: string) => ({ correlationId });

/** A checkout was handed out (jobs shows 'Payment Pending'). */
export function unlockInitiated(
  trx: Trx,
  checkout: { paymentId: string; reference: string; jobId: string; companyId: string },
  correlationId: string,
) {
  return publishEvent(trx, EVENT_TYPES.paymentsUnlockInitiated, checkout, opts(correlationId));
}

/** The company has the unlock (jobs records the application, chat opens the conversation). */
export function unlockPaid(trx: Trx, paid: PaymentRow, paidAt: Date, correlationId: string) {
  return publishEvent(
    trx,
    EVENT_TYPES.paymentsUnlockPaid,
    {
      paymentId: paid.id,
      reference: paid.reference,
      jobId: paid.job_id,
      companyId: paid.company_id,
      posterId: paid.poster_id,
      amount: paid.amount_kobo,
      currency: paid.currency,
      paidAt: paidAt.toISOString(),
    },
    opts(correlationId),
  );
}

/** Jobs shows 'Payment Pending' from `initiated`; a payment announced so is announced failed too. */
export async function unlockFailed(trx: Trx, payment: PaymentRow, correlationId: string) {
  if (!payment.authorization_url) return;
  await publishEvent(
    trx,
    EVENT_TYPES.paymentsUnlockFailed,
    {
      paymentId: payment.id,
      reference: payment.reference,
      jobId: payment.job_id,
      companyId: payment.company_id,
    },
    opts(correlationId),
  );
}

/**
 * A refund was decided (the provider is asked after the commit). `unlocked` tells jobs and chat whether
 * there is access to take back. `now` only stands in for a row without `refunded_at`.
 */
export async function unlockRefunded(trx: Trx, payment: PaymentRow, now: () => Date, correlationId: string) {
  const jobTitle = await new PaymentsRepository(trx).jobTitleOf(payment.job_id);
  await publishEvent(
    trx,
    EVENT_TYPES.paymentsUnlockRefunded,
    {
      paymentId: payment.id,
      reference: payment.reference,
      jobId: payment.job_id,
      jobTitle,
      companyId: payment.company_id,
      posterId: payment.poster_id,
      amount: payment.amount_kobo,
      currency: payment.currency,
      reason: payment.refund_reason ?? 'admin',
      unlocked: payment.paid_at !== null,
      refundedAt: (payment.refunded_at ?? now()).toISOString(),
    },
    opts(correlationId),
  );
}

/**
 * A pending unlock paid by transfer or USSD was confirmed by the bank, after the company left the
 * checkout: accounts tells the company (sent with `unlockPaid`).
 */
export async function unlockConfirmed(
  trx: Trx,
  paid: PaymentRow,
  jobTitle: string | null,
  correlationId: string,
) {
  const channel = paid.payment_channel ?? 'bank_transfer';
  await publishEvent(
    trx,
    EVENT_TYPES.paymentsUnlockConfirmed,
    {
      paymentId: paid.id,
      reference: paid.reference,
      jobId: paid.job_id,
      jobTitle,
      companyId: paid.company_id,
      amount: paid.amount_kobo,
      currency: paid.currency,
      method: paymentMethodOf(paid.provider, channel) ?? 'transfer',
      channel,
      confirmedAt: (paid.paid_at ?? new Date()).toISOString(),
    },
    opts(correlationId),
  );
}

/** A company disputed its paid unlock (admins decide). */
export function disputeOpened(trx: Trx, dispute: DisputeRow, reference: string, correlationId: string) {
  return publishEvent(
    trx,
    EVENT_TYPES.paymentsDisputeOpened,
    {
      disputeId: dispute.id,
      paymentId: dispute.payment_id,
      reference,
      jobId: dispute.job_id,
      companyId: dispute.company_id,
      posterId: dispute.poster_id,
      reason: dispute.reason,
      openedAt: dispute.created_at.toISOString(),
    },
    opts(correlationId),
  );
}

/** A pending unlock ran out of its payment window (sent with `unlockFailed`); accounts tells the company. */
export async function unlockExpired(
  trx: Trx,
  expired: PaymentRow,
  details: { jobTitle: string | null; windowMinutes: number },
  correlationId: string,
) {
  if (!expired.authorization_url) return;
  await publishEvent(
    trx,
    EVENT_TYPES.paymentsUnlockExpired,
    {
      paymentId: expired.id,
      reference: expired.reference,
      jobId: expired.job_id,
      jobTitle: details.jobTitle,
      companyId: expired.company_id,
      amount: expired.amount_kobo,
      currency: expired.currency,
      windowMinutes: details.windowMinutes,
      channel: expired.payment_channel,
      expiredAt: (expired.failed_at ?? new Date()).toISOString(),
    },
    opts(correlationId),
  );
}

/** An admin decided a dispute (a refund goes out with its own `payments.unlock.refunded`). */
export function disputeDecided(
  trx: Trx,
  dispute: DisputeRow,
  payment: Pick<PaymentRow, 'reference' | 'amount_kobo' | 'currency'>,
  jobTitle: string | null,
  correlationId: string,
) {
  if (dispute.status === 'open' || !dispute.decided_at || !dispute.decided_by)
    throw new Error('disputeDecided needs a decided dispute');
  return publishEvent(
    trx,
    EVENT_TYPES.paymentsDisputeDecided,
    {
      disputeId: dispute.id,
      paymentId: dispute.payment_id,
      reference: payment.reference,
      jobId: dispute.job_id,
      companyId: dispute.company_id,
      posterId: dispute.poster_id,
      outcome: dispute.status,
      decidedBy: dispute.decided_by,
      decidedAt: dispute.decided_at.toISOString(),
      jobTitle,
      amount: payment.amount_kobo,
      currency: payment.currency,
      rejectionReason: dispute.rejection_reason,
    },
    opts(correlationId),
  );
}
