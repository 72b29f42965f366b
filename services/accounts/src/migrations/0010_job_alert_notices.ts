import { sql } from 'kysely';
import type { UntypedDb } from '@marketplace/service-kit';

/**
 * Job alert mails (from the jobs service's `jobs.alert.matched`).
 * - notice_mails takes two more kinds: 'job-alert' (one job, at once, at most ALERT_LIMITS.instantMailsPerDay
 *   per company and Lagos day) and 'job-alert-digest' (the daily digest at 07:00 Lagos).
 * - job_alert_digest_items: jobs waiting for a company's next digest; one row per company and job.
 */
export const jobAlertNoticesMigration = {
  async up(db: UntypedDb) {
    // PostgreSQL named the column's check of 0007 `notice_mails_kind_check`; 0009 widened it for payments'
    // notices, which stay, with a dispute's decision (payments.dispute.decided) beside them.
    await db.schema.alterTable('notice_mails').dropConstraint('notice_mails_kind_check').execute();
    await db.schema
      .alterTable('notice_mails')
      .addCheckConstraint(
        'notice_mails_kind_check',
        sql`kind in ('chat-reminder', 'payment-confirmed', 'payment-expired', 'dispute-decided', 'job-alert', 'job-alert-digest')`,
      )
      .execute();
    await db.schema
      .createIndex('notice_mails_user_kind_idx')
      .on('notice_mails')
      .columns(['user_id', 'kind', 'created_at'])
      .execute();
    await db.schema
      .createTable('job_alert_digest_items')
      .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('job_id', 'uuid', (c) => c.notNull())
      .addColumn('job_heading', 'text', (c) => c.notNull())
      .addColumn('category', 'text', (c) => c.notNull())
      .addColumn('state', 'text')
      .addColumn('unsubscribe_signature', 'text', (c) => c.notNull())
      .addColumn('posted_at', 'timestamptz', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('digested_at', 'timestamptz')
      .addPrimaryKeyConstraint('job_alert_digest_items_pk', ['user_id', 'job_id'])
      .execute();
    await db.schema
      .createIndex('job_alert_digest_pending_idx')
      .on('job_alert_digest_items')
      .columns(['user_id', 'created_at'])
      .where(sql.ref('digested_at'), 'is', null)
      .execute();
  },
};
