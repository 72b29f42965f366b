import { sql } from 'kysely';
import type { SchemaMigrations, UntypedDb } from '@marketplace/service-kit';

export const paymentsMigrations: SchemaMigrations = {
  '0001_unlock_payments': {
    async up(db: UntypedDb) {
      await db.schema
        .createTable('unlock_payments')
        .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
        .addColumn('reference', 'text', (c) => c.notNull().unique())
        .addColumn('job_id', 'uuid', (c) => c.notNull())
        .addColumn('company_id', 'uuid', (c) => c.notNull())
        .addColumn('poster_id', 'uuid', (c) => c.notNull())
        .addColumn('amount_kobo', 'integer', (c) => c.notNull().check(sql`amount_kobo > 0`))
        .addColumn('currency', 'text', (c) => c.notNull().defaultTo('NGN'))
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'paid', 'failed')`))
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('paid_at', 'timestamptz')
        .execute();
      await db.schema
        .createIndex('unlock_payments_company_idx')
        .on('unlock_payments')
        .columns(['company_id', 'created_at'])
        .execute();
    },
  },
};
