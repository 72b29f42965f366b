import type { EventHandlers } from '@marketplace/service-kit';
import type { AccountsDatabase } from '../db-types';
import type { NoticeMails } from '../mail/notice-mails';
import { UsersRepository } from '../repositories/users-repository';

/** Durable consumer name on the CHAT stream. */
export const CHAT_REMINDERS_CONSUMER = 'accounts-chat-reminders';

/** One reminder per conversation, member and first unread message, whatever event ids carry it. */
export function chatReminderKey(chatId: string, memberId: string, firstUnreadAt: string): string {
  const time = new Date(firstUnreadAt);
  return `chat-reminder:${chatId}:${memberId}:${Number.isNaN(time.getTime()) ? firstUnreadAt : time.toISOString()}`;
}

/**
 * `chat.reminder.due` -> one e-mail to the member ("New messages about <job>", who wrote, how many, a
 * link to the conversation). Run through `service.consume`: the notice is stored with the inbox row, so
 * a redelivered event mails once; the notice's key also keeps a second event for the same unread streak
 * out. Unknown and deleted members get nothing. Unverified addresses do get it: it is a notice about the
 * member's own conversation, it carries no message text, and most accounts have never verified.
 */
export function chatReminderHandlers(notices: NoticeMails): EventHandlers<AccountsDatabase> {
  return {
    'chat.reminder.due': async (reminder, trx) => {
      const member = await new UsersRepository(trx).findById(reminder.memberId);
      if (!member?.email.includes('@')) return;
      await notices.enqueue(trx, {
        kind: 'chat-reminder',
        userId: member.id,
        dedupeKey: chatReminderKey(reminder.chatId, member.id, reminder.firstUnreadAt),
        data: {
          chatId: reminder.chatId,
          jobId: reminder.jobId,
          counterpartName: reminder.counterpartName,
          jobTitle: reminder.jobTitle,
          unreadCount: reminder.unreadCount,
          firstUnreadAt: reminder.firstUnreadAt,
        },
      });
    },
  };
}
