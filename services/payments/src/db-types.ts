import type { DisputeReason, DisputeStatus } from '@marketplace/contracts';
import type { MembersTable } from '@marketplace/service-kit';
import type { ColumnType, Generated } from 'kysely';

export type PaymentStatus = 'pending' | 'paid' | 'failed' | 'refunded';
export type ProviderName = 'paystack' | 'sandbox';
export type RefundState = 'pending' | 'queued' | 'processed' | 'failed';

/**
 * One attempt by a company to unlock a job (amount in kobo, set by server config, never the client).
 * `paid_at` is when the company got the unlock (a `payments.unlock.paid` went out); a payment the
 * provider took but that could not become an unlock (the job filled up meanwhile) has
 * `provider_paid_at` and no `paid_at`, and is refunded.
 */
export interface UnlockPaymentsTable {
  id: Generated<string>;
  reference: string;
  job_id: string;
  company_id: string;
  poster_id: string;
  amount_kobo: number;
  currency: string;
  provider: ProviderName;
  status: PaymentStatus;
  /** Set from the service's clock (as every other time of a payment), so ages are measured on one clock. */
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
  paid_at: Date | null;
  authorization_url: string | null;
  access_code: string | null;
  provider_transaction_id: string | null;
  provider_paid_at: Date | null;
  /** 'callback', 'webhook' or 'reconcile': what confirmed (or failed) it. */
  verified_via: string | null;
  failed_at: Date | null;
  failure_reason: string | null;
  refunded_at: Date | null;
  refund_reason: string | null;
  /** The admin's words, for refunds an admin made. */
  refund_note: string | null;
  /** The provider's side of the refund; 'pending' until the provider accepted it (retried until then). */
  refund_state: RefundState | null;
  refund_attempts: ColumnType<number, number | undefined, number>;
  refund_next_at: Date | null;
  refund_error: string | null;
  /**
   * The no-reply rule (unlocks/no-reply.ts): when the poster must have answered the company in the chat, set when
   * the unlock was paid while the rule applied (paid_at + UNLOCK_REFUND_HOURS); cleared once an answer
   * sent by then is known. A paid unlock still carrying it after the deadline is refunded.
   */
  no_reply_due_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** When the poster first wrote in this unlock's conversation (chat's time of the message). */
  poster_answered_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** The provider's channel of the money ('card', 'bank_transfer', 'ussd', ...), once it is known. */
  payment_channel: ColumnType<string | null, string | null | undefined, string | null>;
  /** A pending payment not paid by then expires (created_at + the window when it started). */
  expires_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** What a refund gives back when it is not `amount_kobo` (money received was not the price). */
  refund_amount_kobo: ColumnType<number | null, number | null | undefined, number | null>;
}

/** Read model of jobs, kept from jobs.job.* events: what the unlock rules need to know of a job. */
export interface JobsTable {
  id: string;
  posted_by: string;
  title: string | null;
  category: string | null;
  status: 'open' | 'in-progress' | 'completed';
  hidden: ColumnType<boolean, boolean | undefined, boolean>;
  deleted_at: Date | null;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** The sandbox provider's own transactions (it stands in for Paystack's side). */
export interface SandboxTransactionsTable {
  reference: string;
  amount_kobo: number;
  currency: string;
  email: string;
  callback_url: string;
  status: 'ongoing' | 'success' | 'failed' | 'abandoned' | 'refunded';
  created_at: ColumnType<Date, never, never>;
  paid_at: Date | null;
  refunded_at: Date | null;
  /** 'card', 'bank_transfer' or 'ussd': how the tester chose to pay. */
  channel: ColumnType<string, string | undefined, string>;
  /** The tester said "I have sent the money" (a transfer or USSD payment awaiting the bank). */
  transfer_sent_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** When the simulated bank confirms that transfer. */
  transfer_confirm_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** Forged, replayed, mismatched or unknown notifications and verifications: they change nothing. */
export interface SecurityEventsTable {
  id: Generated<string>;
  kind: string;
  reference: string | null;
  detail: ColumnType<Record<string, unknown>, string, string>;
  ip: string | null;
  created_at: ColumnType<Date, never, never>;
}

/** Webhook bodies already handled (SHA-256 of the raw body): a second delivery is a replay. */
export interface WebhookReceiptsTable {
  body_sha256: string;
  event: string;
  reference: string | null;
  received_at: ColumnType<Date, never, never>;
}

/** The last number taken in each series (RCT: receipts, CRN: credit notes); one row each. */
export interface ReceiptCountersTable {
  series: 'RCT' | 'CRN';
  last_number: number;
}

/**
 * A receipt (a paid unlock) or a credit note (its refund), as issued: every field is frozen then and never
 * recomputed (the seller's details, the company's name and CAC number, the job's heading, the amounts).
 */
export interface ReceiptsTable {
  id: Generated<string>;
  number: string;
  kind: 'receipt' | 'credit-note';
  sequence: number;
  payment_id: string;
  /** A credit note's receipt. */
  credits_number: string | null;
  issued_at: Date;
  seller_name: string;
  seller_address: string;
  seller_rc_number: string;
  seller_vat_tin: string;
  company_id: string;
  company_name: string;
  company_cac_number: string | null;
  job_id: string;
  job_title: string | null;
  payment_reference: string;
  description: string;
  currency: string;
  total_kobo: number;
  net_kobo: number;
  vat_kobo: number;
  vat_rate_basis_points: number;
  method: 'card' | 'transfer' | 'ussd' | 'sandbox';
  /** A credit note's reason (the refund's words). */
  reason: string | null;
}

/** Companies' CAC registration numbers, from accounts.user.registered. */
export interface CompanyCacNumbersTable {
  company_id: string;
  cac_number: string;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** A company's dispute of one of its paid unlocks (unlocks/disputes.ts); one per unlock. */
export interface DisputesTable {
  id: Generated<string>;
  payment_id: string;
  company_id: string;
  job_id: string;
  poster_id: string;
  reason: DisputeReason;
  note: string;
  status: ColumnType<DisputeStatus, DisputeStatus | undefined, DisputeStatus>;
  /** The admin's reason for a rejection: what the company reads. */
  rejection_reason: string | null;
  decided_by: string | null;
  /** From the service's clock, like every time of a payment (the 14 days are measured on one clock). */
  created_at: ColumnType<Date, Date, never>;
  decided_at: Date | null;
}

export interface PaymentsDatabase {
  /** Read model of accounts, kept from accounts.user.* events. */
  members: MembersTable;
  jobs: JobsTable;
  unlock_payments: UnlockPaymentsTable;
  sandbox_transactions: SandboxTransactionsTable;
  security_events: SecurityEventsTable;
  webhook_receipts: WebhookReceiptsTable;
  receipt_counters: ReceiptCountersTable;
  receipts: ReceiptsTable;
  company_cac_numbers: CompanyCacNumbersTable;
  disputes: DisputesTable;
}
