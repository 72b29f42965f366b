import type { EventHandlers } from '@marketplace/service-kit';
import { closeForRefund, openForUnlock, type Members } from '../conversations';
import type { ChatDatabase } from '../db-types';

/** Durable consumer name on the PAYMENTS stream. */
export const UNLOCKS_CONSUMER = 'chat-unlocks';

/** Called inside the handler's transaction; the consumer runs it once that transaction committed. */
export type AfterCommit = (eventId: string, change: { chatId: string; members: Members }) => void;

/**
 * A paid unlock opens the conversation of the job and the company (a new paid unlock after a refund
 * reopens it); a refund of the unlock that opened it makes it read-only. Both members are then told
 * (`inboxChanged`) - after the commit, so the inbox they fetch has the change.
 */
export function unlockHandlers(afterCommit: AfterCommit): EventHandlers<ChatDatabase> {
  return {
    'payments.unlock.paid': async (paid, trx, event) => {
      const change = await openForUnlock(trx, paid);
      if (change) afterCommit(event.id, change);
    },
    'payments.unlock.refunded': async (refund, trx, event) => {
      const change = await closeForRefund(trx, refund);
      if (change) afterCommit(event.id, change);
    },
  };
}
