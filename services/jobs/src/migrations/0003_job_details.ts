import { sql, type ExpressionBuilder } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { UntypedDb } from '@marketplace/service-kit';

/**
 * What a listing shows: open, not hidden by an admin, not deleted. Every listing query repeats these
 * three conditions word for word (see `listed` in the jobs repository) so the partial indexes apply.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const listed = (eb: ExpressionBuilder<any, any>) =>
  eb.and([eb('status', '=', 'open'), eb('hidden_at', 'is', null), eb('deleted_at', 'is', null)]);

/**
 * The whole job of the spec (poster's name and contact, images), its life (updated, deleted,
 * hidden by an admin and why), the words search looks in, how many companies unlocked it, and the
 * partial indexes that serve the listings newest first.
 */
export const jobDetailsMigration: Migration = {
  async up(db: UntypedDb) {
    await db.schema
      .alterTable('jobs')
      .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('email', 'text')
      .addColumn('phone_number', 'text')
      .addColumn('images', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
      .addColumn('unlock_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('deleted_at', 'timestamptz')
      .addColumn('hidden_reason', 'text')
      .addColumn('hidden_at', 'timestamptz')
      // The words of the job, language-neutral ('simple': no stemming, no stop words), the same on
      // PostgreSQL and PGlite. Generated, so no write path can forget it.
      .addColumn('search', sql`tsvector`, (c) =>
        c
          .generatedAlwaysAs(
            sql`to_tsvector('simple'::regconfig, title || ' ' || job_heading || ' ' || description || ' ' || category)`,
          )
          .stored(),
      )
      .execute();

    await db.schema
      .createIndex('jobs_listed_created_idx')
      .on('jobs')
      .columns(['created_at desc', 'id desc'])
      .where(listed)
      .execute();
    await db.schema
      .createIndex('jobs_listed_category_idx')
      .on('jobs')
      .columns(['category', 'created_at desc', 'id desc'])
      .where(listed)
      .execute();
    await db.schema
      .createIndex('jobs_listed_state_idx')
      .on('jobs')
      .columns(['state', 'created_at desc', 'id desc'])
      .where(listed)
      .execute();
    await db.schema
      .createIndex('jobs_listed_subcategory_idx')
      .on('jobs')
      .using('gin')
      .column('subcategory')
      .where(listed)
      .execute();
    await db.schema
      .createIndex('jobs_listed_search_idx')
      .on('jobs')
      .using('gin')
      .column('search')
      .where(listed)
      .execute();
    // A poster's dashboard; the admin's list walks jobs_created_idx.
    await db.schema
      .createIndex('jobs_posted_by_idx')
      .on('jobs')
      .columns(['posted_by', 'created_at desc'])
      .execute();
  },
};
