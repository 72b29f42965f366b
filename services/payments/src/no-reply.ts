import {
  REFUND_REASONS,
  REFUND_REASON_MESSAGES,
  RefundReasonSchema,
  type RefundReason,
} from '@marketplace/contracts';
import { Value } from 'typebox/value';

// The no-reply refund: a paid unlock whose poster has not written in that job's conversation with the
// company within UNLOCK_REFUND_HOURS of the payment is refunded by the reconciliation. Answers come
// from chat's `chat.message.sent` (consumers/chat.ts) and are judged by the time chat stored them.

/** The refund reason of the rule, as the contracts are to declare it. */
export const NO_REPLY_REASON = 'no-reply';

/**
 * `NO_REPLY_REASON` once the contracts declare it: in REFUND_REASONS, in RefundReasonSchema (which every
 * payment shape the API returns uses) and in REFUND_REASON_MESSAGES. Until then the rule stays off
 * (no deadlines are set, nothing is refunded, the terms do not promise it): a refund with a reason the
 * contracts do not know could not be shown by any payments response, nor explained to the company.
 */
export function declaredNoReplyReason(): RefundReason | undefined {
  const declared =
    (REFUND_REASONS as readonly string[]).includes(NO_REPLY_REASON) &&
    Value.Check(RefundReasonSchema, NO_REPLY_REASON) &&
    typeof (REFUND_REASON_MESSAGES as Readonly<Record<string, string>>)[NO_REPLY_REASON] === 'string';
  return declared ? (NO_REPLY_REASON as RefundReason) : undefined;
}

/** What the terms add to `unlockRefundRule()` while the rule applies. */
export function noReplyRefundRule(hours: number): string {
  return (
    `If the poster has not answered you in the chat within ${hours} ${hours === 1 ? 'hour' : 'hours'} ` +
    'of your payment, you are refunded automatically.'
  );
}

/**
 * How long the reconciliation waits past a deadline before refunding: an answer sent just in time may
 * still be on its way (chat's outbox, the bus, this consumer). An answer counts by the time chat stored
 * it, not by when it arrived here.
 */
export const ANSWER_GRACE_MS = 10 * 60_000;
