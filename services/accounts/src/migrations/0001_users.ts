import { sql } from 'kysely';
import type { UntypedDb } from '@marketplace/service-kit';

/** Accounts: one row per person or company; emails unique case-insensitively. */
export const usersMigration = {
  async up(db: UntypedDb) {
    await db.schema
      .createTable('users')
      .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
      .addColumn('email', 'text', (c) => c.notNull())
      // Emails are unique case-insensitively; the lower-cased copy carries the constraint.
      .addColumn('email_normalized', 'text', (c) => c.notNull().unique())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('user', 'company', 'admin')`))
      .addColumn('phone_number', 'text')
      .addColumn('cacnumber', 'text')
      .addColumn('address', 'text')
      .addColumn('pincode', 'text')
      .addColumn('description', 'text')
      .addColumn('photo_url', 'text')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
  },
};
