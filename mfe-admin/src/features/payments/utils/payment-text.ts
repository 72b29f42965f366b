// How the admin list says what a payment is: money in naira, Lagos dates, statuses, refund progress and
// why a payment failed, in plain words.
import type { AdminPayment, PaymentProviderName, PaymentStatus } from '@marketplace/contracts';
import { formatDate, formatLagosTime } from '@marketplace/ui/format';

export const STATUS_LABELS: Readonly<Record<PaymentStatus, string>> = {
  pending: 'Pending',
  paid: 'Paid',
  failed: 'Failed',
  refunded: 'Refunded',
};

export const PROVIDER_LABELS: Readonly<Record<PaymentProviderName, string>> = {
  paystack: 'Paystack',
  sandbox: 'Sandbox (test)',
};

type RefundState = NonNullable<AdminPayment['refund']>['state'];

/** Where the money of a refund stands, for the admin (the provider's side of it). */
export const REFUND_STATE_LABELS: Readonly<Record<RefundState, string>> = {
  pending: 'Refund being sent to the provider',
  queued: 'Refund accepted, paying out',
  processed: 'Money returned',
  failed: 'Provider refused the refund: needs attention',
};

type RefundReason = NonNullable<AdminPayment['refund']>['reason'];

/** Why the money went back, in a few words (the company reads the longer message). */
const REFUND_CAUSES: Readonly<Record<RefundReason, string>> = {
  'job-deleted': 'Job deleted by its poster',
  'job-hidden': 'Job hidden by an admin',
  'job-full': 'Job was already full',
  'job-unavailable': 'Job no longer available',
  'no-reply': 'Poster did not answer in time',
  duplicate: 'Duplicate payment',
  admin: 'Refunded by an admin',
  'late-payment': 'Money arrived after the payment expired',
  'wrong-amount': 'Amount received was not the price',
  dispute: 'Dispute accepted by an admin',
};

export function refundCause(reason: string): string {
  return REFUND_CAUSES[reason as RefundReason] ?? reason.replace(/[-_]+/g, ' ');
}

/** The service's failure reasons (the provider's outcome or its own) in plain words. */
const FAILURE_REASONS: Readonly<Record<string, string>> = {
  failed: 'Declined at checkout',
  abandoned: 'Abandoned at checkout',
  reversed: 'Reversed by the provider',
  expired: 'Never completed (expired)',
  superseded: 'Replaced by a newer checkout',
  'initialize-failed': 'Checkout could not be started',
  'amount-mismatch': 'Amount did not match the price',
  'currency-mismatch': 'Currency did not match',
};

export function failureText(reason: string | null): string | null {
  if (!reason) return null;
  return FAILURE_REASONS[reason] ?? reason.replace(/[-_]+/g, ' ');
}

/** '3 Nov 2026' in Lagos time; the raw value when it is no date. */
export function formatDay(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime())
    ? value
    : formatDate(date, { month: 'short', timeZone: 'Africa/Lagos' });
}

/** '14:05' in Lagos time; '' when it is no date. */
export function formatTime(value: string): string {
  return formatLagosTime(new Date(value));
}

export function jobTitleOf(payment: Pick<AdminPayment, 'jobTitle'>): string {
  return payment.jobTitle?.trim() || 'Job no longer listed';
}

export function companyNameOf(payment: Pick<AdminPayment, 'companyName'>): string {
  return payment.companyName?.trim() || 'Unknown company';
}
