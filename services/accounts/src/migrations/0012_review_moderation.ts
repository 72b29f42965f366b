import type { UntypedDb } from '@marketplace/service-kit';

/**
 * Reviews an admin hid (jobs.review.moderated): one row while a review is hidden, so its rating leaves
 * the company's summary once when it is hidden and comes back once when it is shown again, however
 * often an event about the same change arrives.
 */
export const reviewModerationMigration = {
  async up(db: UntypedDb) {
    await db.schema
      .createTable('hidden_reviews')
      .addColumn('review_id', 'uuid', (c) => c.primaryKey())
      .addColumn('company_id', 'uuid', (c) => c.notNull())
      .addColumn('rating', 'integer', (c) => c.notNull())
      .addColumn('hidden_at', 'timestamptz', (c) => c.notNull())
      .execute();
  },
};
