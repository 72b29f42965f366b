import { sql } from 'kysely';
import { createMembersTable, type SchemaMigrations, type UntypedDb } from '@marketplace/service-kit';

export const chatMigrations: SchemaMigrations = {
  '0001_members': createMembersTable,
  '0002_chats': {
    async up(db: UntypedDb) {
      await db.schema
        .createTable('chats')
        .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
        .addColumn('job_id', 'uuid', (c) => c.notNull())
        .addColumn('job_title', 'text', (c) => c.notNull())
        .addColumn('poster_id', 'uuid', (c) => c.notNull())
        .addColumn('applicant_id', 'uuid', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('last_message_at', 'timestamptz')
        // One conversation per job and company.
        .addUniqueConstraint('chats_job_applicant_unique', ['job_id', 'applicant_id'])
        .execute();
      await db.schema.createIndex('chats_poster_idx').on('chats').column('poster_id').execute();
      await db.schema.createIndex('chats_applicant_idx').on('chats').column('applicant_id').execute();
    },
  },
  '0003_messages_read_state_jobs': {
    async up(db: UntypedDb) {
      // The job's title now comes from the jobs read model (chat_jobs), kept current by jobs' events.
      await db.schema
        .alterTable('chats')
        .dropColumn('job_title')
        .addColumn('payment_id', 'text')
        .addColumn('read_only', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('last_seq', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('poster_read_seq', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('applicant_read_seq', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('poster_unread', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('applicant_unread', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('poster_unread_since', 'timestamptz')
        .addColumn('applicant_unread_since', 'timestamptz')
        .addColumn('poster_reminded_at', 'timestamptz')
        .addColumn('applicant_reminded_at', 'timestamptz')
        .execute();
      // The reminder sweep reads only the unread stretches that have no reminder yet.
      for (const side of ['poster', 'applicant']) {
        await db.schema
          .createIndex(`chats_${side}_reminder_idx`)
          .on('chats')
          .column(`${side}_unread_since`)
          .where(sql.ref(`${side}_reminded_at`), 'is', null)
          .execute();
      }

      await db.schema
        .createTable('messages')
        .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
        .addColumn('chat_id', 'uuid', (c) => c.notNull().references('chats.id'))
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('sender_id', 'uuid', (c) => c.notNull())
        .addColumn('client_id', 'text')
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('sent_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        // The order, the resume point, and the index of every page read.
        .addUniqueConstraint('messages_chat_seq_unique', ['chat_id', 'seq'])
        // A retried send (same sender, same client id) is stored once; null client ids never collide.
        .addUniqueConstraint('messages_chat_sender_client_unique', ['chat_id', 'sender_id', 'client_id'])
        .execute();

      await db.schema
        .createTable('chat_jobs')
        .addColumn('job_id', 'uuid', (c) => c.primaryKey())
        .addColumn('title', 'text')
        .addColumn('category', 'text')
        .addColumn('job_start_date', 'text')
        .addColumn('poster_id', 'uuid')
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
    },
  },
  '0004_offer_messages': {
    async up(db: UntypedDb) {
      // Offers and their updates (from jobs.offer.*) are messages of their own kind: they take a seq and
      // count as unread like any message. `event_key` stores each one once when its event comes again.
      await db.schema
        .alterTable('messages')
        .addColumn('kind', 'text', (c) => c.notNull().defaultTo('text'))
        .addColumn('offer', 'jsonb')
        .addColumn('event_key', 'text')
        .execute();
      await db.schema
        .alterTable('messages')
        .addUniqueConstraint('messages_chat_event_key_unique', ['chat_id', 'event_key'])
        .execute();
      // An unaccepted hire reopens offers known by id only: their conversation is found by the offer.
      await db.schema
        .createIndex('messages_offer_id_idx')
        .on('messages')
        .expression(sql`(offer->>'offerId')`)
        .where(sql.ref('kind'), '=', 'offer')
        .execute();
    },
  },
  '0005_conversation_milestones': {
    async up(db: UntypedDb) {
      // Only the messages that move a conversation on are announced (chat.message.sent): the poster's
      // first, and the company's first after it. Each conversation remembers when they were written.
      await db.schema
        .alterTable('chats')
        .addColumn('poster_wrote_at', 'timestamptz')
        .addColumn('company_answered_at', 'timestamptz')
        .execute();
      // From the history: the members' own messages, and the company's offers (the company writing).
      await sql`
        update chat.chats c set poster_wrote_at = (
          select min(m.sent_at) from chat.messages m
          where m.chat_id = c.id and m.sender_id = c.poster_id and m.kind = 'text')
      `.execute(db);
      await sql`
        update chat.chats c set company_answered_at = (
          select min(m.sent_at) from chat.messages m
          where m.chat_id = c.id and m.sender_id = c.applicant_id and m.kind in ('text', 'offer')
            and m.sent_at >= c.poster_wrote_at)
        where c.poster_wrote_at is not null
      `.execute(db);
    },
  },
};
