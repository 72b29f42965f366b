import { sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { UntypedDb } from '@marketplace/service-kit';

/**
 * The bell tells a company of a refund of its unlock payment for any reason but a dispute (whose
 * decision has its own notice): `payment-refunded`, its `data` holding the amount and the reason.
 */
export const refundNoticesMigration: Migration = {
  async up(db: UntypedDb) {
    await db.schema.alterTable('notifications').dropConstraint('notifications_kind_check').execute();
    await db.schema
      .alterTable('notifications')
      .addCheckConstraint(
        'notifications_kind_check',
        sql`kind in ('job-alert', 'offer-accepted', 'offer-declined', 'payment-confirmed', 'payment-expired', 'dispute-decided', 'payment-refunded')`,
      )
      .execute();
  },
};
