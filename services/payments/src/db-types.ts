import type { ColumnType, Generated } from 'kysely';

/** One attempt by a company to unlock a job (amount in kobo, set by server config, never the client). */
export interface UnlockPaymentsTable {
  id: Generated<string>;
  reference: string;
  job_id: string;
  company_id: string;
  poster_id: string;
  amount_kobo: number;
  currency: string;
  provider: 'paystack' | 'sandbox';
  status: 'pending' | 'paid' | 'failed';
  created_at: ColumnType<Date, never, never>;
  paid_at: Date | null;
}

export interface PaymentsDatabase {
  unlock_payments: UnlockPaymentsTable;
}
