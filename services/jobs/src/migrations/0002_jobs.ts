import { sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { UntypedDb } from '@marketplace/service-kit';

/** The first jobs table (the one list route of the platform's first cut). */
export const jobsMigration: Migration = {
  async up(db: UntypedDb) {
    await db.schema
      .createTable('jobs')
      .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
      .addColumn('posted_by', 'uuid', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('job_heading', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('category', 'text', (c) => c.notNull())
      .addColumn('subcategory', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
      .addColumn('state', 'text')
      .addColumn('address', 'text')
      .addColumn('pincode', 'text')
      .addColumn('job_start_date', 'date', (c) => c.notNull())
      .addColumn('status', 'text', (c) =>
        c
          .notNull()
          .defaultTo('open')
          .check(sql`status in ('open', 'in-progress', 'completed')`),
      )
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema.createIndex('jobs_created_idx').on('jobs').columns(['created_at', 'id']).execute();
  },
};
