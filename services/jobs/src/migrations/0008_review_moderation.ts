import { sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { UntypedDb } from '@marketplace/service-kit';

/**
 * Verified reviews, replies, reports and moderation (issue 29):
 * - reviews.verified_hire: the review is about the company the poster hired (set when it is posted);
 * - reviews.reply / replied_at: the reviewed company's one public reply;
 * - reviews.hidden_at / hidden_reason: an admin hid it (out of the list and the rating);
 * - reviews.moderated_at: the last admin decision (hide, show or keep): reports after it are undecided;
 * - review_reports: who reported a review, why, once per review and reporter.
 */
export const reviewModerationMigration: Migration = {
  async up(db: UntypedDb) {
    await db.schema
      .alterTable('reviews')
      .addColumn('verified_hire', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('reply', 'text')
      .addColumn('replied_at', 'timestamptz')
      .addColumn('hidden_at', 'timestamptz')
      .addColumn('hidden_reason', 'text')
      .addColumn('moderated_at', 'timestamptz')
      .execute();
    await db.schema
      .createTable('review_reports')
      .addColumn('review_id', 'uuid', (c) => c.notNull().references('reviews.id'))
      .addColumn('reporter_id', 'uuid', (c) => c.notNull())
      .addColumn('reason', 'text', (c) =>
        c
          .notNull()
          .check(
            sql`reason in ('false-or-misleading', 'offensive', 'personal-details', 'not-about-this-company', 'other')`,
          ),
      )
      .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addPrimaryKeyConstraint('review_reports_pk', ['review_id', 'reporter_id'])
      .execute();
    await db.schema
      .createIndex('review_reports_created_idx')
      .on('review_reports')
      .column('created_at')
      .execute();
  },
};
