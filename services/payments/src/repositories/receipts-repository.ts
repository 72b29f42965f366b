import type { ReceiptRef } from '@marketplace/contracts';
import type { Kysely } from 'kysely';
import type { PaymentsDatabase } from '../db-types';
import type { ReceiptRow } from '../receipts/issue';

/** Reading receipts and credit notes (issuing is receipts/issue.ts, inside the payment's transaction). */
export class ReceiptsRepository {
  constructor(private readonly db: Kysely<PaymentsDatabase>) {}

  findByNumber(number: string): Promise<ReceiptRow | undefined> {
    return this.db.selectFrom('receipts').selectAll().where('number', '=', number).executeTakeFirst();
  }

  /** The receipts of these payments by payment id, each list receipt first. */
  async refsOf(paymentIds: readonly string[]): Promise<Map<string, ReceiptRef[]>> {
    const refs = new Map<string, ReceiptRef[]>();
    if (paymentIds.length === 0) return refs;
    const rows = await this.db
      .selectFrom('receipts')
      .select(['payment_id', 'number', 'kind'])
      .where('payment_id', 'in', [...paymentIds])
      .orderBy('kind', 'desc')
      .execute();
    for (const row of rows) {
      const list = refs.get(row.payment_id) ?? [];
      list.push({ number: row.number, kind: row.kind });
      refs.set(row.payment_id, list);
    }
    return refs;
  }
}
