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
};
