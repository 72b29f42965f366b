import { sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { UntypedDb } from '@marketplace/service-kit';

/**
 * Offers (issue 29, item 1): a company that paid to unlock a job offers a price (null = by inspection),
 * the earliest start and how long the offer stands. At most one `active` offer per company and job (a
 * new one replaces it) and at most one `accepted` offer per job (the hire), both held by the database
 * so two requests at once cannot break them. An offer past `valid_until` reads as expired.
 * The notifications gain the two notices of a hire: the hired company's and each declined one's.
 */
export const offersMigration: Migration = {
  async up(db: UntypedDb) {
    await db.schema
      .createTable('offers')
      .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
      .addColumn('job_id', 'uuid', (c) => c.notNull().references('jobs.id').onDelete('cascade'))
      .addColumn('company_id', 'uuid', (c) => c.notNull())
      .addColumn('price_naira', 'integer', (c) => c.check(sql`price_naira > 0`))
      .addColumn('start_date', 'date', (c) => c.notNull())
      .addColumn('valid_until', 'timestamptz', (c) => c.notNull())
      .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('status', 'text', (c) =>
        c
          .notNull()
          .defaultTo('active')
          .check(sql`status in ('active', 'replaced', 'withdrawn', 'expired', 'accepted', 'declined')`),
      )
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('decided_at', 'timestamptz')
      .execute();
    await db.schema
      .createIndex('offers_one_active_per_company')
      .on('offers')
      .columns(['job_id', 'company_id'])
      .unique()
      .where(sql.ref('status'), '=', 'active')
      .execute();
    await db.schema
      .createIndex('offers_one_accepted_per_job')
      .on('offers')
      .column('job_id')
      .unique()
      .where(sql.ref('status'), '=', 'accepted')
      .execute();
    await db.schema
      .createIndex('offers_company_idx')
      .on('offers')
      .columns(['company_id', 'job_id'])
      .execute();

    await db.schema.alterTable('notifications').dropConstraint('notifications_kind_check').execute();
    await db.schema
      .alterTable('notifications')
      .addCheckConstraint(
        'notifications_kind_check',
        sql`kind in ('job-alert', 'offer-accepted', 'offer-declined')`,
      )
      .execute();
  },
};
