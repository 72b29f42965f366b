import { sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { UntypedDb } from '@marketplace/service-kit';

/**
 * - unlocks: each company's unlock of a job, as payments announces it (payments.unlock.*): pending,
 *   paid, failed, or refunded (a paid unlock taken back). One row per job and company; `payment_id` is
 *   the payment the status belongs to.
 * - applications: a company applied to a job (recorded when its unlock is paid, or by the apply call).
 * - reviews: a poster's review of a company that unlocked a completed job, once per job and company.
 */
export const unlocksApplicationsReviewsMigration: Migration = {
  async up(db: UntypedDb) {
    await db.schema
      .createTable('unlocks')
      .addColumn('job_id', 'uuid', (c) => c.notNull().references('jobs.id'))
      .addColumn('company_id', 'uuid', (c) => c.notNull())
      .addColumn('status', 'text', (c) =>
        c.notNull().check(sql`status in ('pending', 'paid', 'failed', 'refunded')`),
      )
      .addColumn('payment_id', 'text', (c) => c.notNull())
      .addColumn('reference', 'text', (c) => c.notNull())
      .addColumn('paid_at', 'timestamptz')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addPrimaryKeyConstraint('unlocks_pk', ['job_id', 'company_id'])
      .execute();
    await db.schema
      .createIndex('unlocks_company_idx')
      .on('unlocks')
      .columns(['company_id', 'status'])
      .execute();

    await db.schema
      .createTable('applications')
      .addColumn('job_id', 'uuid', (c) => c.notNull().references('jobs.id'))
      .addColumn('company_id', 'uuid', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addPrimaryKeyConstraint('applications_pk', ['job_id', 'company_id'])
      .execute();
    await db.schema.createIndex('applications_company_idx').on('applications').column('company_id').execute();

    await db.schema
      .createTable('reviews')
      .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
      .addColumn('job_id', 'uuid', (c) => c.notNull().references('jobs.id'))
      .addColumn('company_id', 'uuid', (c) => c.notNull())
      .addColumn('user_id', 'uuid', (c) => c.notNull())
      .addColumn('rating', 'integer', (c) => c.notNull().check(sql`rating between 1 and 5`))
      .addColumn('review', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addUniqueConstraint('reviews_job_company_key', ['job_id', 'company_id'])
      .execute();
    await db.schema
      .createIndex('reviews_company_idx')
      .on('reviews')
      .columns(['company_id', 'created_at desc'])
      .execute();
  },
};
