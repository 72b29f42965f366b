// The reasons an admin picks when refunding a paid unlock. The service stores every admin refund as
// reason 'admin' and shows the company the text sent as `reason`, so each choice carries the sentence the
// company reads. Of REFUND_REASONS, the automatic ones (job deleted, hidden or full, no reply) are the
// service's own; an admin decides 'job-unavailable' (a dead lead), 'duplicate' or 'admin' (in their own
// words).
import { REFUND_REASON_MESSAGES, type RefundReason } from '@marketplace/contracts';

/** The longest reason the service accepts (RefundPaymentBodySchema). */
export const REFUND_REASON_MAX = 500;

export type AdminRefundChoice = Extract<RefundReason, 'job-unavailable' | 'duplicate' | 'admin'>;

export interface AdminRefundReason {
  value: AdminRefundChoice;
  label: string;
  detail: string;
  /** What the company reads; null: the admin writes it. */
  message: string | null;
}

export const ADMIN_REFUND_REASONS: readonly AdminRefundReason[] = [
  {
    value: 'job-unavailable',
    label: 'Dead lead',
    detail: 'The poster cannot be reached, the job is not genuine or it is no longer available.',
    message:
      'The job was no longer available or its poster could not be reached. Your payment has been refunded.',
  },
  {
    value: 'duplicate',
    label: 'Duplicate payment',
    detail: 'The company paid more than once for this job.',
    message: REFUND_REASON_MESSAGES.duplicate,
  },
  {
    value: 'admin',
    label: 'Another reason',
    detail: 'Write the reason yourself.',
    message: null,
  },
];

export const REFUND_CHOICE_REQUIRED = 'Please choose why the payment is refunded.';
export const REFUND_NOTE_REQUIRED = 'Please write the reason: the company will read it.';
export const REFUND_NOTE_TOO_LONG = `The reason is too long (at most ${REFUND_REASON_MAX} characters).`;

/** The text sent as `reason` for a choice (and the admin's own words for 'admin'). */
export function refundMessage(choice: AdminRefundChoice, note: string): string {
  const preset = ADMIN_REFUND_REASONS.find((reason) => reason.value === choice)?.message;
  return preset ?? note.trim();
}
