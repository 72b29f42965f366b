import { sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { UntypedDb } from '@marketplace/service-kit';

/**
 * The bell tells a company about its money too (from payments' events, consumer `jobs-payment-notices`):
 * its transfer/USSD unlock payment arrived (`payment-confirmed`), its payment window ran out
 * (`payment-expired`), an admin decided its dispute of an unlock (`dispute-decided`). Their `data` holds
 * what the event said (amount, outcome, the rejection's reason) and the payment or dispute it is about.
 */
export const paymentNoticesMigration: Migration = {
  async up(db: UntypedDb) {
    await db.schema.alterTable('notifications').dropConstraint('notifications_kind_check').execute();
    await db.schema
      .alterTable('notifications')
      .addCheckConstraint(
        'notifications_kind_check',
        sql`kind in ('job-alert', 'offer-accepted', 'offer-declined', 'payment-confirmed', 'payment-expired', 'dispute-decided')`,
      )
      .execute();
  },
};
