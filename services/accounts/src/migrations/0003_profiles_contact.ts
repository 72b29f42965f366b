import { sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { UntypedDb } from '@marketplace/service-kit';

/**
 * Company profiles, the directory, admin totals, contact messages and account deletion:
 * - users: CAC class, state, catalogue categories and sub-categories (canonical names), job totals kept
 *   from jobs events, deleted_at for erased accounts (the row stays, anonymised, so ids still resolve).
 * - contact_messages: stored before delivery so nothing is lost while mail is down; the delivery
 *   columns drive the retry sweep.
 */
export const profilesContactMigration: Migration = {
  async up(db: UntypedDb) {
    await db.schema
      .alterTable('users')
      .addColumn('cac_class', 'text', (c) => c.check(sql`cac_class in ('RC', 'BN', 'IT')`))
      .addColumn('state', 'text')
      .addColumn('categories', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
      .addColumn('subcategories', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
      .addColumn('total_posted_jobs', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('total_applied_jobs', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('deleted_at', 'timestamptz')
      .execute();

    // Admin list: newest first, stable by id; an index walk serves every unfiltered page. A search is a
    // case-insensitive "contains" over email, name and phone, i.e. a scan of one narrow table: tens of
    // milliseconds at 100,000 accounts. pg_trgm would be the next step if that ever matters.
    await db.schema.createIndex('users_created_idx').on('users').columns(['created_at', 'id']).execute();
    // Directory: companies by category / sub-category (array containment, GIN).
    await db.schema
      .createIndex('users_company_categories_idx')
      .on('users')
      .using('gin')
      .column('categories')
      .where(sql.ref('type'), '=', 'company')
      .execute();
    await db.schema
      .createIndex('users_company_subcategories_idx')
      .on('users')
      .using('gin')
      .column('subcategories')
      .where(sql.ref('type'), '=', 'company')
      .execute();

    await db.schema
      .createTable('contact_messages')
      .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
      // Set when the sender was signed in; the export and the deletion also match by email.
      .addColumn('user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('email_normalized', 'text', (c) => c.notNull())
      .addColumn('phone_number', 'text')
      .addColumn('house_address', 'text')
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('message', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('delivered_at', 'timestamptz')
      .addColumn('delivery_transport', 'text')
      .addColumn('delivery_attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('last_error', 'text')
      // Undelivered rows are due at this time; a delivery in progress pushes it ahead (a lease).
      .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema
      .createIndex('contact_messages_due_idx')
      .on('contact_messages')
      .column('next_attempt_at')
      .where(sql.ref('delivered_at'), 'is', null)
      .execute();
    await db.schema
      .createIndex('contact_messages_user_idx')
      .on('contact_messages')
      .column('user_id')
      .execute();
    await db.schema
      .createIndex('contact_messages_email_idx')
      .on('contact_messages')
      .column('email_normalized')
      .execute();
  },
};
