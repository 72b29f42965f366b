import type { EventHandlers } from '@marketplace/service-kit';
import type { AccountsDatabase } from '../db-types';
import { ReplyTimesRepository } from '../repositories/reply-times-repository';

/** Durable consumer name on the CHAT stream. */
export const REPLY_TIMES_CONSUMER = 'accounts-reply-times';

/**
 * `chat.message.sent` -> the conversation's reply-time sample and, when the company's message answered
 * the poster, its median. Run through `service.consume` (in a transaction with the inbox row), so a
 * redelivered event counts once. Only the two members of the conversation count; the message text
 * never reaches accounts.
 */
export function replyTimeHandlers(now: () => Date): EventHandlers<AccountsDatabase> {
  return {
    'chat.message.sent': async (message, trx) => {
      const sentAt = new Date(message.sentAt);
      if (Number.isNaN(sentAt.getTime())) return;
      const samples = new ReplyTimesRepository(trx);
      if (message.senderId === message.posterId) {
        await samples.posterWrote(message.chatId, message.applicantId, sentAt);
      } else if (message.senderId === message.applicantId) {
        const company = await samples.companyWrote(message.chatId, sentAt);
        if (company) await samples.refresh(now(), [company]);
      }
    },
  };
}
