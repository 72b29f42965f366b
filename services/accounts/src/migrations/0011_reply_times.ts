import { sql } from 'kysely';
import type { UntypedDb } from '@marketplace/service-kit';

/**
 * Reply times (REPLY_TIME_RULE): one sample per conversation, from chat.message.sent (the poster's first
 * message, the company's first message after it), and the company's median on its row, so the
 * directory shows it without asking chat.
 */
export const replyTimesMigration = {
  async up(db: UntypedDb) {
    await db.schema
      .createTable('reply_samples')
      .addColumn('chat_id', 'text', (c) => c.primaryKey())
      .addColumn('company_id', 'uuid', (c) => c.notNull())
      .addColumn('poster_first_at', 'timestamptz', (c) => c.notNull())
      .addColumn('answered_at', 'timestamptz')
      .addCheckConstraint('reply_samples_answer_after_question', sql`answered_at >= poster_first_at`)
      .execute();
    await db.schema
      .createIndex('reply_samples_company_idx')
      .on('reply_samples')
      .columns(['company_id', 'poster_first_at'])
      .execute();
    await db.schema
      .alterTable('users')
      .addColumn('reply_minutes', 'integer', (c) => c.check(sql`reply_minutes >= 0`))
      .execute();
  },
};
