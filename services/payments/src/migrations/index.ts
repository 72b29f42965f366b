import { sql } from 'kysely';
import { createMembersTable, type SchemaMigrations, type UntypedDb } from '@marketplace/service-kit';

// Schema-builder methods only: they are bound to the service's schema (raw `sql` statements are not;
// `sql` fragments inside a builder, such as a check or a default, are fine).
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
  '0002_unlock_lifecycle': {
    async up(db: UntypedDb) {
      await db.schema.alterTable('unlock_payments').dropConstraint('unlock_payments_status_check').execute();
      await db.schema
        .alterTable('unlock_payments')
        .addCheckConstraint(
          'unlock_payments_status_check',
          sql`status in ('pending', 'paid', 'failed', 'refunded')`,
        )
        .execute();
      await db.schema
        .alterTable('unlock_payments')
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('authorization_url', 'text')
        .addColumn('access_code', 'text')
        .addColumn('provider_transaction_id', 'text')
        .addColumn('provider_paid_at', 'timestamptz')
        .addColumn('verified_via', 'text')
        .addColumn('failed_at', 'timestamptz')
        .addColumn('failure_reason', 'text')
        .addColumn('refunded_at', 'timestamptz')
        .addColumn('refund_reason', 'text')
        .addColumn('refund_note', 'text')
        .addColumn('refund_state', 'text', (c) =>
          c.check(sql`refund_state in ('pending', 'queued', 'processed', 'failed')`),
        )
        .addColumn('refund_attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('refund_next_at', 'timestamptz')
        .addColumn('refund_error', 'text')
        .execute();
      // One unlock per company and job, and at most one checkout in progress: the database says so too.
      await db.schema
        .createIndex('unlock_payments_one_paid_idx')
        .unique()
        .on('unlock_payments')
        .columns(['job_id', 'company_id'])
        .where(sql.ref('status'), '=', 'paid')
        .execute();
      await db.schema
        .createIndex('unlock_payments_one_pending_idx')
        .unique()
        .on('unlock_payments')
        .columns(['job_id', 'company_id'])
        .where(sql.ref('status'), '=', 'pending')
        .execute();
      await db.schema
        .createIndex('unlock_payments_job_status_idx')
        .on('unlock_payments')
        .columns(['job_id', 'status'])
        .execute();
      await db.schema
        .createIndex('unlock_payments_status_created_idx')
        .on('unlock_payments')
        .columns(['status', 'created_at'])
        .execute();
      await db.schema
        .createIndex('unlock_payments_refund_due_idx')
        .on('unlock_payments')
        .column('refund_next_at')
        .where(sql.ref('refund_state'), '=', 'pending')
        .execute();
    },
  },
  '0003_members': createMembersTable,
  '0004_jobs': {
    async up(db: UntypedDb) {
      await db.schema
        .createTable('jobs')
        .addColumn('id', 'uuid', (c) => c.primaryKey())
        .addColumn('posted_by', 'uuid', (c) => c.notNull())
        .addColumn('title', 'text')
        .addColumn('category', 'text')
        .addColumn('status', 'text', (c) =>
          c
            .notNull()
            .defaultTo('open')
            .check(sql`status in ('open', 'in-progress', 'completed')`),
        )
        .addColumn('hidden', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('deleted_at', 'timestamptz')
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
    },
  },
  '0005_sandbox_transactions': {
    async up(db: UntypedDb) {
      await db.schema
        .createTable('sandbox_transactions')
        .addColumn('reference', 'text', (c) => c.primaryKey())
        .addColumn('amount_kobo', 'integer', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('callback_url', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) =>
          c.notNull().check(sql`status in ('ongoing', 'success', 'failed', 'abandoned', 'refunded')`),
        )
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('paid_at', 'timestamptz')
        .addColumn('refunded_at', 'timestamptz')
        .execute();
    },
  },
  '0006_security_events_webhooks': {
    async up(db: UntypedDb) {
      await db.schema
        .createTable('security_events')
        .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('reference', 'text')
        .addColumn('detail', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
        .addColumn('ip', 'text')
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
      await db.schema
        .createIndex('security_events_created_idx')
        .on('security_events')
        .column('created_at')
        .execute();
      await db.schema
        .createTable('webhook_receipts')
        .addColumn('body_sha256', 'text', (c) => c.primaryKey())
        .addColumn('event', 'text', (c) => c.notNull())
        .addColumn('reference', 'text')
        .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
    },
  },
  '0007_no_reply_rule': {
    // The no-reply refund (see unlocks/no-reply.ts): the deadline an unlock got when it was paid while the rule
    // applied, cleared once the poster answered by then; and the poster's first answer in the chat.
    async up(db: UntypedDb) {
      await db.schema
        .alterTable('unlock_payments')
        .addColumn('no_reply_due_at', 'timestamptz')
        .addColumn('poster_answered_at', 'timestamptz')
        .execute();
      await db.schema
        .createIndex('unlock_payments_no_reply_due_idx')
        .on('unlock_payments')
        .column('no_reply_due_at')
        .where(sql.ref('status'), '=', 'paid')
        .where(sql.ref('no_reply_due_at'), 'is not', null)
        .execute();
    },
  },
  '0008_payment_channel': {
    // Transfers and USSD: the channel the money came by (the provider's word, e.g. 'bank_transfer'),
    // when a pending payment expires (its window, fixed when it started), and the amount a refund gives
    // back when the money received was not the price. The sandbox keeps the channel of its test payment
    // and when its simulated bank confirms a transfer the payer said was sent.
    async up(db: UntypedDb) {
      await db.schema
        .alterTable('unlock_payments')
        .addColumn('payment_channel', 'text')
        .addColumn('expires_at', 'timestamptz')
        .addColumn('refund_amount_kobo', 'integer')
        .execute();
      await db
        .updateTable('unlock_payments')
        .set({ expires_at: sql`created_at + interval '30 minutes'` })
        .execute();
      await db.schema
        .createIndex('unlock_payments_pending_expiry_idx')
        .on('unlock_payments')
        .columns(['company_id', 'expires_at'])
        .where(sql.ref('status'), '=', 'pending')
        .execute();
      await db.schema
        .alterTable('sandbox_transactions')
        .addColumn('channel', 'text', (c) => c.notNull().defaultTo('card'))
        .addColumn('transfer_sent_at', 'timestamptz')
        .addColumn('transfer_confirm_at', 'timestamptz')
        .execute();
    },
  },
  '0009_receipts': {
    // Receipts and credit notes (receipts/issue.ts): numbered from one counter row per series, taken inside
    // the transaction of the payment's change (a rollback gives the number back); contents frozen at issue.
    async up(db: UntypedDb) {
      await db.schema
        .createTable('receipt_counters')
        .addColumn('series', 'text', (c) => c.primaryKey().check(sql`series in ('RCT', 'CRN')`))
        .addColumn('last_number', 'integer', (c) => c.notNull().check(sql`last_number > 0`))
        .execute();
      await db.schema
        .createTable('receipts')
        .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
        .addColumn('number', 'text', (c) => c.notNull().unique())
        .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('receipt', 'credit-note')`))
        .addColumn('sequence', 'integer', (c) => c.notNull())
        .addColumn('payment_id', 'uuid', (c) => c.notNull())
        .addColumn('credits_number', 'text')
        .addColumn('issued_at', 'timestamptz', (c) => c.notNull())
        .addColumn('seller_name', 'text', (c) => c.notNull())
        .addColumn('seller_address', 'text', (c) => c.notNull())
        .addColumn('seller_rc_number', 'text', (c) => c.notNull())
        .addColumn('seller_vat_tin', 'text', (c) => c.notNull())
        .addColumn('company_id', 'uuid', (c) => c.notNull())
        .addColumn('company_name', 'text', (c) => c.notNull())
        .addColumn('company_cac_number', 'text')
        .addColumn('job_id', 'uuid', (c) => c.notNull())
        .addColumn('job_title', 'text')
        .addColumn('payment_reference', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('total_kobo', 'integer', (c) => c.notNull().check(sql`total_kobo > 0`))
        .addColumn('net_kobo', 'integer', (c) => c.notNull())
        .addColumn('vat_kobo', 'integer', (c) => c.notNull())
        .addColumn('vat_rate_basis_points', 'integer', (c) => c.notNull())
        .addColumn('method', 'text', (c) => c.notNull())
        .addColumn('reason', 'text')
        .addCheckConstraint('receipts_net_vat_total_check', sql`net_kobo + vat_kobo = total_kobo`)
        .addUniqueConstraint('receipts_payment_kind_unique', ['payment_id', 'kind'])
        .addUniqueConstraint('receipts_kind_sequence_unique', ['kind', 'sequence'])
        .execute();
      await db.schema.createIndex('receipts_payment_idx').on('receipts').column('payment_id').execute();
    },
  },
  '0011_company_cac': {
    // A company's CAC registration number, from accounts.user.registered (printed on its receipts).
    async up(db: UntypedDb) {
      await db.schema
        .createTable('company_cac_numbers')
        .addColumn('company_id', 'uuid', (c) => c.primaryKey())
        .addColumn('cac_number', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
    },
  },
  '0010_disputes': {
    // Disputes of paid unlocks (unlocks/disputes.ts): one per unlock, a fixed reason, a short note; an admin
    // refunds (through the refunds that exist) or rejects with a reason the company reads.
    async up(db: UntypedDb) {
      await db.schema
        .createTable('disputes')
        .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
        .addColumn('payment_id', 'uuid', (c) => c.notNull().references('unlock_payments.id'))
        .addColumn('company_id', 'uuid', (c) => c.notNull())
        .addColumn('job_id', 'uuid', (c) => c.notNull())
        .addColumn('poster_id', 'uuid', (c) => c.notNull())
        .addColumn('reason', 'text', (c) =>
          c
            .notNull()
            .check(
              sql`reason in ('phone-unreachable', 'job-taken', 'wrong-location-or-category', 'duplicate-job', 'not-a-real-job')`,
            ),
        )
        .addColumn('note', 'text', (c) => c.notNull().check(sql`char_length(note) between 1 and 500`))
        .addColumn('status', 'text', (c) =>
          c
            .notNull()
            .defaultTo('open')
            .check(sql`status in ('open', 'refunded', 'rejected')`),
        )
        .addColumn('rejection_reason', 'text', (c) => c.check(sql`char_length(rejection_reason) <= 500`))
        .addColumn('decided_by', 'uuid')
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addColumn('decided_at', 'timestamptz')
        .execute();
      // One dispute per unlock: the database says so too (two tabs, two replicas).
      await db.schema
        .createIndex('disputes_one_per_payment_idx')
        .unique()
        .on('disputes')
        .column('payment_id')
        .execute();
      await db.schema
        .createIndex('disputes_status_created_idx')
        .on('disputes')
        .columns(['status', 'created_at'])
        .execute();
      await db.schema
        .createIndex('disputes_company_created_idx')
        .on('disputes')
        .columns(['company_id', 'created_at'])
        .execute();
      // The poster's other jobs (the disputes queue) are read from the jobs read model by poster.
      await db.schema.createIndex('jobs_posted_by_idx').on('jobs').column('posted_by').execute();
    },
  },
  '0012_admin_list_order': {
    // The admins' payments list (GET /api/payments) is newest first, ties broken by id: without an index in
    // that order its default view sorted every payment for each page (bench/admin-payments.ts). The
    // status-filtered view gets the same order after its status; it replaces (status, created_at), which
    // it covers (the reconciliation's oldest-pending scan reads it backwards).
    async up(db: UntypedDb) {
      await db.schema
        .createIndex('unlock_payments_admin_order_idx')
        .on('unlock_payments')
        .columns(['created_at desc', 'id desc'])
        .execute();
      await db.schema
        .createIndex('unlock_payments_admin_status_order_idx')
        .on('unlock_payments')
        .columns(['status', 'created_at desc', 'id desc'])
        .execute();
      await db.schema.dropIndex('unlock_payments_status_created_idx').execute();
    },
  },
};
