import { sql } from 'kysely';
import type { UntypedDb } from '@marketplace/service-kit';

/**
 * Payments' notices to the company: a pending unlock (a bank transfer or USSD payment) was confirmed, or
 * expired unpaid. They go through the same notice-mail outbox as chat's reminders: only the kinds widen.
 */
export const paymentNoticesMigration = {
  async up(db: UntypedDb) {
    await db.schema.alterTable('notice_mails').dropConstraint('notice_mails_kind_check').execute();
    await db.schema
      .alterTable('notice_mails')
      .addCheckConstraint(
        'notice_mails_kind_check',
        sql`kind in ('chat-reminder', 'payment-confirmed', 'payment-expired')`,
      )
      .execute();
  },
};
