import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { UntypedDb } from '@marketplace/service-kit';

/**
 * Job alerts (issue 29, item 4).
 * - job_alert_preferences: what a company wants to hear about (categories, sub-categories, states; no
 *   states = every state) and how it is mailed (instant, daily, none). No row = no alerts.
 * - notifications: in-app notices of any `kind` (the first: 'job-alert'); at most one per recipient,
 *   kind and job (the unique key makes a redelivered or repeated fan-out harmless).
 * - alert_signing_key: the HMAC key of the one-click unsubscribe links, made once here so every replica
 *   signs and checks with the same key without a secret to distribute.
 */
export const jobAlertsMigration: Migration = {
  async up(db: UntypedDb) {
    await db.schema
      .createTable('job_alert_preferences')
      .addColumn('company_id', 'uuid', (c) => c.primaryKey())
      .addColumn('categories', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
      .addColumn('subcategories', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
      .addColumn('states', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
      .addColumn('email', 'text', (c) =>
        c
          .notNull()
          .defaultTo('instant')
          .check(sql`email in ('instant', 'daily', 'none')`),
      )
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema
      .createTable('notifications')
      .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
      .addColumn('recipient_id', 'uuid', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('job-alert')`))
      .addColumn('job_id', 'uuid', (c) => c.references('jobs.id').onDelete('cascade'))
      .addColumn('data', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('read_at', 'timestamptz')
      .addUniqueConstraint('notifications_once_per_job', ['recipient_id', 'kind', 'job_id'])
      .execute();
    await db.schema
      .createIndex('notifications_recipient_idx')
      .on('notifications')
      .columns(['recipient_id', 'created_at desc'])
      .execute();
    await db.schema
      .createTable('alert_signing_key')
      .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
      .addColumn('secret', 'text', (c) => c.notNull())
      .execute();
    await db
      .insertInto('alert_signing_key')
      .values({ id: 1, secret: randomBytes(32).toString('base64url') })
      .execute();
  },
};
