import { sql } from 'kysely';
import type { UntypedDb } from '@marketplace/service-kit';

/**
 * Verified companies.
 * - verification_requests: a company's CAC number (as it typed it) and certificate (the stored file's
 *   server-made name and its content type, read from its bytes), the admin's decision and reason. At most
 *   one open ('requested') request per company (a partial unique index).
 * - users.verified_at: when the company was verified; null when not (never, refused, revoked).
 * - notice_mails takes one more kind: 'company-verification' (the decision, mailed to the company).
 */
export const companyVerificationMigration = {
  async up(db: UntypedDb) {
    await db.schema
      .createTable('verification_requests')
      .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
      .addColumn('company_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('cac_number', 'text', (c) => c.notNull())
      .addColumn('certificate_name', 'text', (c) => c.notNull())
      .addColumn('certificate_type', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) =>
        c
          .notNull()
          .defaultTo('requested')
          .check(sql`status in ('requested', 'approved', 'refused', 'revoked')`),
      )
      .addColumn('reason', 'text')
      .addColumn('decided_by', 'uuid')
      .addColumn('decided_at', 'timestamptz')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema
      .createIndex('verification_requests_one_open_idx')
      .on('verification_requests')
      .column('company_id')
      .unique()
      .where(sql.ref('status'), '=', 'requested')
      .execute();
    await db.schema
      .createIndex('verification_requests_company_idx')
      .on('verification_requests')
      .columns(['company_id', 'created_at'])
      .execute();
    await db.schema
      .createIndex('verification_requests_queue_idx')
      .on('verification_requests')
      .columns(['status', 'created_at'])
      .execute();
    await db.schema.alterTable('users').addColumn('verified_at', 'timestamptz').execute();
    // 0010 set the kinds last; this adds the decision's notice to them.
    await db.schema.alterTable('notice_mails').dropConstraint('notice_mails_kind_check').execute();
    await db.schema
      .alterTable('notice_mails')
      .addCheckConstraint(
        'notice_mails_kind_check',
        sql`kind in ('chat-reminder', 'payment-confirmed', 'payment-expired', 'dispute-decided', 'job-alert', 'job-alert-digest', 'company-verification')`,
      )
      .execute();
  },
};
