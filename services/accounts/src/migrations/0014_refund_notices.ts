import { sql } from 'kysely';
import type { UntypedDb } from '@marketplace/service-kit';

/**
 * A refund's notice to the company (payments.unlock.refunded): the money it paid is going back, and why.
 * Same notice-mail outbox; only the kinds widen (0013 set them last).
 */
export const refundNoticesMigration = {
  async up(db: UntypedDb) {
    await db.schema.alterTable('notice_mails').dropConstraint('notice_mails_kind_check').execute();
    await db.schema
      .alterTable('notice_mails')
      .addCheckConstraint(
        'notice_mails_kind_check',
        sql`kind in ('chat-reminder', 'payment-confirmed', 'payment-expired', 'payment-refunded', 'dispute-decided', 'job-alert', 'job-alert-digest', 'company-verification')`,
      )
      .execute();
  },
};
