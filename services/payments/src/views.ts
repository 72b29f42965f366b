import {
  REFUND_REASON_MESSAGES,
  paymentMethodOf,
  type PaymentProgress,
  disputeDeadline,
  type PaymentDispute,
  type AdminPayment,
  type PaymentRefund,
  type ReceiptRef,
  type RefundReason,
  type UnlockPayment,
} from '@marketplace/contracts';
import { DEFAULT_PENDING_EXPIRE_MINUTES } from './config';
import type { DisputeRow } from './repositories/disputes-repository';
import type { AdminPaymentRow, CompanyPaymentRow, PaymentRow } from './repositories/payments-repository';

// The payments service's rows as its API shows them (contracts: UnlockPayment, AdminPayment).

/** `receipts`: given by the lists (the payment's receipt and credit note), left out elsewhere. */
export function toUnlockPayment(
  row: PaymentRow,
  jobTitle: string | null,
  receipts?: ReceiptRef[],
): UnlockPayment {
  return {
    _id: row.id,
    reference: row.reference,
    jobId: row.job_id,
    amount: row.amount_kobo,
    currency: row.currency,
    status: row.status,
    createdAt: row.created_at.toISOString(),
    paidAt: row.paid_at ? row.paid_at.toISOString() : null,
    jobTitle,
    refund: refundOf(row),
    channel: row.payment_channel,
    method: paymentMethodOf(row.provider, row.payment_channel),
    // Every row has one since migration 0008; a row written without it counts from its start.
    expiresAt: (
      row.expires_at ?? new Date(row.created_at.getTime() + DEFAULT_PENDING_EXPIRE_MINUTES * 60_000)
    ).toISOString(),
    progress: progressOf(row),
    ...(receipts ? { receipts } : {}),
  };
}

/** The state as the payer reads it: an expired payment is a failed one whose window ran out. */
export function progressOf(row: PaymentRow): PaymentProgress {
  if (row.status === 'failed' && row.failure_reason === 'expired') return 'expired';
  return row.status;
}

export function toAdminPayment(row: AdminPaymentRow, receipts?: ReceiptRef[]): AdminPayment {
  return {
    ...toUnlockPayment(row, row.job_title, receipts),
    companyId: row.company_id,
    companyName: row.company_name,
    posterId: row.poster_id,
    provider: row.provider,
    failureReason: row.failure_reason,
    verifiedVia: row.verified_via,
  };
}

function refundOf(row: PaymentRow): PaymentRefund | null {
  if (row.status !== 'refunded' || !row.refunded_at) return null;
  const reason = (row.refund_reason ?? 'admin') as RefundReason;
  return {
    reason,
    message: row.refund_note ?? REFUND_REASON_MESSAGES[reason] ?? REFUND_REASON_MESSAGES.admin,
    refundedAt: row.refunded_at.toISOString(),
    state: row.refund_state ?? 'pending',
  };
}

/** A dispute as the company that opened it sees it. */
export function toPaymentDispute(
  row: Pick<
    DisputeRow,
    'id' | 'reason' | 'note' | 'status' | 'created_at' | 'decided_at' | 'rejection_reason'
  >,
): PaymentDispute {
  return {
    _id: row.id,
    reason: row.reason,
    note: row.note,
    status: row.status,
    openedAt: row.created_at.toISOString(),
    decidedAt: row.decided_at ? row.decided_at.toISOString() : null,
    rejectionReason: row.rejection_reason,
  };
}

/**
 * A payment in the company's own list: with its dispute, and until when it can be disputed (a paid
 * unlock without one, while the window is open at `now`).
 */
export function toCompanyPayment(row: CompanyPaymentRow, now: Date, receipts: ReceiptRef[]) {
  const dispute =
    row.dispute_id && row.dispute_reason && row.dispute_status && row.dispute_created_at
      ? toPaymentDispute({
          id: row.dispute_id,
          reason: row.dispute_reason,
          note: row.dispute_note ?? '',
          status: row.dispute_status,
          created_at: row.dispute_created_at,
          decided_at: row.dispute_decided_at,
          rejection_reason: row.dispute_rejection_reason,
        })
      : null;
  const deadline = row.status === 'paid' && row.paid_at && !dispute ? disputeDeadline(row.paid_at) : null;
  return {
    ...toUnlockPayment(row, row.job_title, receipts),
    dispute,
    disputableUntil: deadline && deadline > now ? deadline.toISOString() : null,
  };
}
