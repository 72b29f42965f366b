import { sql } from 'kysely';
import type { UntypedDb } from '@marketplace/service-kit';

/**
 * Notices mailed to members because of another service's event (the first: chat's `chat.reminder.due`).
 * A notice is stored in the transaction that consumes the event (with the inbox row), then delivered
 * after the commit and, if that fails, by the retry sweep; so a redelivered event mails once and a crash
 * loses nothing.
 * - dedupe_key: one notice per key, whatever event ids carry it (e.g. one reminder per conversation,
 *   member and first unread message).
 * - data: what the mail says (rendered when it is sent, to the member's address of that moment).
 * - dropped_at / last_error: not sent on purpose (the member was deleted, the notice went stale).
 */
export const noticeMailsMigration = {
  async up(db: UntypedDb) {
    await db.schema
      .createTable('notice_mails')
      .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
      .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('chat-reminder')`))
      .addColumn('dedupe_key', 'text', (c) => c.notNull().unique())
      .addColumn('data', 'jsonb', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('delivered_at', 'timestamptz')
      .addColumn('delivery_transport', 'text')
      .addColumn('delivery_attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('last_error', 'text')
      .addColumn('dropped_at', 'timestamptz')
      // Undelivered rows are due at this time; a delivery in progress pushes it ahead (a lease).
      .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema
      .createIndex('notice_mails_due_idx')
      .on('notice_mails')
      .column('next_attempt_at')
      .where(sql.ref('delivered_at'), 'is', null)
      .where(sql.ref('dropped_at'), 'is', null)
      .execute();
    await db.schema.createIndex('notice_mails_user_idx').on('notice_mails').column('user_id').execute();
    await db.schema.createIndex('notice_mails_created_idx').on('notice_mails').column('created_at').execute();
  },
};
