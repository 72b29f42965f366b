import type { RefundReason } from '@marketplace/contracts';

// The no-reply refund: a paid unlock whose poster has not written in that job's conversation with the
// company within UNLOCK_REFUND_HOURS of the payment is refunded by the reconciliation. Answers come
// from chat's `chat.message.sent` (consumers/chat.ts) and are judged by the time chat stored them.

/** The refund reason of the rule. */
export const NO_REPLY_REASON = 'no-reply' satisfies RefundReason;

/**
 * How long the reconciliation waits past a deadline before refunding: an answer sent just in time may
 * still be on its way (chat's outbox, the bus, this consumer). An answer counts by the time chat stored
 * it, not by when it arrived here.
 */
export const ANSWER_GRACE_MS = 10 * 60_000;
