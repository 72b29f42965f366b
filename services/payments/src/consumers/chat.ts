import { isUuid, type EventHandlers } from '@marketplace/service-kit';
import type { PaymentsDatabase } from '../db-types';
import type { NoReplyRefunds } from '../unlocks/no-reply';

/** Durable consumer name on the CHAT stream. */
export const CHAT_CONSUMER = 'payments-chat';

/**
 * Whether the poster answered (the no-reply refund, unlocks/no-reply.ts): a `chat.message.sent`
 * written by the job's poster is recorded on the company's paid unlock of that job. Messages of the company, ids that
 * cannot be ours and unreadable times are ignored (a handler that throws would be redelivered forever).
 * Run through `service.consume`: once per event, in a transaction with the inbox row.
 */
export function chatHandlers(noReply: NoReplyRefunds): EventHandlers<PaymentsDatabase> {
  return {
    'chat.message.sent': async (message, trx) => {
      if (message.senderId !== message.posterId) return;
      if (![message.jobId, message.applicantId, message.posterId].every(isUuid)) return;
      const sentAt = new Date(message.sentAt);
      if (Number.isNaN(sentAt.getTime())) return;
      await noReply.recordPosterAnswer(trx, {
        jobId: message.jobId,
        companyId: message.applicantId,
        posterId: message.posterId,
        sentAt,
      });
    },
  };
}
