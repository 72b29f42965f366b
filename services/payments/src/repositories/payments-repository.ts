import type { Kysely } from 'kysely';
import type { PaymentsDatabase } from '../db-types';

export class PaymentsRepository {
  constructor(private readonly db: Kysely<PaymentsDatabase>) {}

  /** A company's unlock payments, newest first (the latest 100). */
  listForCompany(companyId: string) {
    return this.db
      .selectFrom('unlock_payments')
      .selectAll()
      .where('company_id', '=', companyId)
      .orderBy('created_at', 'desc')
      .limit(100)
      .execute();
  }
}
