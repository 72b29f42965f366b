import { randomBytes, randomUUID } from 'node:crypto';
import { migrateSchema, openDatabase, schemaDb, type Database } from '@marketplace/service-kit';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { PLACEHOLDER_RECEIPT_SELLER } from '../config';
import type { PaymentsDatabase } from '../db-types';
import { paymentsMigrations } from '../migrations';
import { PaymentsRepository, type PaymentRow } from '../repositories/payments-repository';
import { issueCreditNote, issueReceipt } from './issue';

/**
 * Receipt numbers on a real PostgreSQL under concurrent payments: many transactions issue at once, some
 * roll back after taking their number. The numbers that remain are exactly 1..n: none repeated, none skipped.
 */
describe('receipt numbering under concurrent payments (PostgreSQL)', () => {
  let databaseName: string;
  let database: Database;
  let db: Kysely<PaymentsDatabase>;
  const settings = { receiptSeller: PLACEHOLDER_RECEIPT_SELLER, now: () => new Date() };

  beforeAll(async () => {
    const serverUrl = process.env.DATABASE_URL;
    if (!serverUrl) throw new Error('DATABASE_URL is required (npm run test:infra)');
    databaseName = `t_receipts_${randomBytes(4).toString('hex')}`;
    await adminQuery(serverUrl, `create database ${databaseName}`);
    const url = new URL(serverUrl);
    url.pathname = `/${databaseName}`;
    database = await openDatabase({ url: url.toString(), poolSize: 12 });
    await migrateSchema(database, 'payments', paymentsMigrations);
    db = schemaDb<PaymentsDatabase>(database, 'payments');
  }, 60_000);

  afterAll(async () => {
    await database?.close();
    if (databaseName) {
      await adminQuery(process.env.DATABASE_URL!, `drop database if exists ${databaseName} with (force)`);
    }
  }, 60_000);

  const newPayment = (status: 'paid' | 'refunded'): Promise<PaymentRow> => {
    const now = new Date();
    return new PaymentsRepository(db).insert({
      reference: `rct_${randomUUID()}`,
      job_id: randomUUID(),
      company_id: randomUUID(),
      poster_id: randomUUID(),
      amount_kobo: 100_000,
      currency: 'NGN',
      provider: 'sandbox',
      status,
      created_at: now,
      paid_at: now,
      ...(status === 'refunded'
        ? { refunded_at: now, refund_reason: 'admin', refund_note: 'Test refund' }
        : {}),
    });
  };

  const sequences = async (kind: 'receipt' | 'credit-note') =>
    (
      await db
        .selectFrom('receipts')
        .select(['sequence', 'number'])
        .where('kind', '=', kind)
        .orderBy('sequence')
        .execute()
    ).map((row) => row.sequence);

  it('gives 1..n with no gap and no repeat when 60 payments settle at once and a third roll back', async () => {
    const payments = await Promise.all(Array.from({ length: 60 }, () => newPayment('paid')));
    const outcomes = await Promise.allSettled(
      payments.map((payment, index) =>
        db.transaction().execute(async (trx) => {
          await new PaymentsRepository(trx).lockById(payment.id);
          const receipt = await issueReceipt(trx, payment, settings);
          // The settlement failed after numbering (e.g. the database went away): the number goes back.
          if (index % 3 === 0) throw new Error(`rolled back ${receipt.number}`);
          return receipt;
        }),
      ),
    );
    const kept = outcomes.filter((o) => o.status === 'fulfilled');
    expect(kept).toHaveLength(40);
    expect(await sequences('receipt')).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    const numbers = kept.map((o) => (o as PromiseFulfilledResult<{ number: string }>).value.number).sort();
    expect(numbers[0]).toBe('RCT-000001');
    expect(numbers.at(-1)).toBe('RCT-000040');
    expect(new Set(numbers).size).toBe(40);
  }, 60_000);

  it('numbers credit notes in their own series, each after its receipt, with the same guarantees', async () => {
    const refunds = await Promise.all(Array.from({ length: 30 }, () => newPayment('refunded')));
    const receiptsBefore = (await sequences('receipt')).length;
    const outcomes = await Promise.allSettled(
      refunds.map((payment, index) =>
        db.transaction().execute(async (trx) => {
          await new PaymentsRepository(trx).lockById(payment.id);
          const note = await issueCreditNote(trx, payment, settings);
          if (index % 4 === 1) throw new Error(`rolled back ${note.number}`);
          // A second call in the same transaction (a redelivered event) takes no number.
          expect((await issueCreditNote(trx, payment, settings)).number).toBe(note.number);
          return note;
        }),
      ),
    );
    const kept = outcomes.filter((o) => o.status === 'fulfilled').length;
    expect(kept).toBe(22);
    expect(await sequences('credit-note')).toEqual(Array.from({ length: kept }, (_, i) => i + 1));
    // Each refunded payment that never had a receipt got one first, in the same transaction.
    expect(await sequences('receipt')).toEqual(
      Array.from({ length: receiptsBefore + kept }, (_, i) => i + 1),
    );
    const notes = await db.selectFrom('receipts').selectAll().where('kind', '=', 'credit-note').execute();
    for (const note of notes) {
      const receipt = await db
        .selectFrom('receipts')
        .select('number')
        .where('payment_id', '=', note.payment_id)
        .where('kind', '=', 'receipt')
        .executeTakeFirstOrThrow();
      expect(note.credits_number).toBe(receipt.number);
      expect(note.reason).toBe('Test refund');
    }
  }, 60_000);
});

async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
