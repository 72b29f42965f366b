import { sql } from 'kysely';
import type { UntypedDb } from '@marketplace/service-kit';

/**
 * A company's rating summary, kept from `jobs.review.posted` (the jobs service owns the reviews): the
 * sum and count of its ratings, so the directory can show the average without asking jobs.
 */
export const companyRatingMigration = {
  async up(db: UntypedDb) {
    await db.schema
      .alterTable('users')
      .addColumn('rating_sum', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('rating_count', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('users')
      .addCheckConstraint('users_rating_nonnegative', sql`rating_sum >= 0 and rating_count >= 0`)
      .execute();
  },
};
