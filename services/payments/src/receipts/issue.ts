import {
  REFUND_REASON_MESSAGES,
  RECEIPT_MESSAGES,
  RECEIPT_SERIES,
  VAT_RATE_BASIS_POINTS,
  formatReceiptNumber,
  paymentMethodOf,
  splitVatInclusive,
  type ReceiptKind,
  type ReceiptMethod,
  type RefundReason,
} from '@marketplace/contracts';
import type { Kysely, Selectable } from 'kysely';
import type { ResolvedPaymentsSettings } from '../config';
import type { PaymentsDatabase, ReceiptsTable } from '../db-types';
import type { PaymentRow } from '../repositories/payments-repository';

export type ReceiptRow = Selectable<ReceiptsTable>;
type Trx = Kysely<PaymentsDatabase>;
/** What issuing needs of the settings: the seller's details (RECEIPT_SELLER_*) and the clock. */
export type ReceiptSettings = Pick<ResolvedPaymentsSettings, 'receiptSeller' | 'now'>;

/**
 * How the company paid, for its receipt: the channel the money came by (contracts' paymentMethodOf); a
 * Paystack payment whose channel was not recorded (paid before channels were kept) was a card payment,
 * the only channel offered then.
 */
export function receiptMethodOf(payment: Pick<PaymentRow, 'provider' | 'payment_channel'>): ReceiptMethod {
  return paymentMethodOf(payment.provider, payment.payment_channel) ?? 'card';
}

/**
 * Issues the receipt of a paid payment, inside the transaction that marks it paid (call it with that
 * transaction, while the payment row is locked). Idempotent: a payment has one receipt; a second call
 * returns it and takes no number.
 */
export async function issueReceipt(
  trx: Trx,
  payment: PaymentRow,
  settings: ReceiptSettings,
): Promise<ReceiptRow> {
  const existing = await findIssued(trx, payment.id, 'receipt');
  if (existing) return existing;
  const issuedAt = payment.paid_at ?? payment.provider_paid_at ?? settings.now();
  return insertNumbered(trx, 'receipt', payment, settings, { issuedAt, creditsNumber: null, reason: null });
}

/**
 * THE function every refund calls, inside the transaction that marks the payment refunded (next to
 * `unlockRefunded`): issues its credit note, crediting the payment's receipt. A payment the provider took
 * but that never became an unlock (settled straight into a refund) gets its receipt first, so every credit
 * note credits a receipt. Idempotent: one credit note per payment.
 */
export async function issueCreditNote(
  trx: Trx,
  payment: PaymentRow,
  settings: ReceiptSettings,
): Promise<ReceiptRow> {
  const existing = await findIssued(trx, payment.id, 'credit-note');
  if (existing) return existing;
  const receipt = await issueReceipt(trx, payment, settings);
  const reasonKey = (payment.refund_reason ?? 'admin') as RefundReason;
  const reason = payment.refund_note ?? REFUND_REASON_MESSAGES[reasonKey] ?? REFUND_REASON_MESSAGES.admin;
  return insertNumbered(trx, 'credit-note', payment, settings, {
    issuedAt: payment.refunded_at ?? settings.now(),
    creditsNumber: receipt.number,
    reason,
  });
}

function findIssued(trx: Trx, paymentId: string, kind: ReceiptKind): Promise<ReceiptRow | undefined> {
  return trx
    .selectFrom('receipts')
    .selectAll()
    .where('payment_id', '=', paymentId)
    .where('kind', '=', kind)
    .executeTakeFirst();
}

/**
 * The next number of a series. The counter row stays locked until the transaction ends: concurrent
 * payments take their turns here (never the same number), and a rollback puts the number back (never a
 * gap). Counters are always locked after the payment rows, so no two transactions wait on each other.
 */
async function nextNumber(trx: Trx, kind: ReceiptKind): Promise<number> {
  const row = await trx
    .insertInto('receipt_counters')
    .values({ series: RECEIPT_SERIES[kind], last_number: 1 })
    .onConflict((oc) =>
      oc.column('series').doUpdateSet((eb) => ({ last_number: eb('receipt_counters.last_number', '+', 1) })),
    )
    .returning('last_number')
    .executeTakeFirstOrThrow();
  return row.last_number;
}

async function insertNumbered(
  trx: Trx,
  kind: ReceiptKind,
  payment: PaymentRow,
  settings: ReceiptSettings,
  detail: { issuedAt: Date; creditsNumber: string | null; reason: string | null },
): Promise<ReceiptRow> {
  // Frozen now: what the company and the job were called, who the seller was, the split of the amount.
  const company = await trx
    .selectFrom('members')
    .select('name')
    .where('id', '=', payment.company_id)
    .executeTakeFirst();
  const cac = await trx
    .selectFrom('company_cac_numbers')
    .select('cac_number')
    .where('company_id', '=', payment.company_id)
    .executeTakeFirst();
  const job = await trx
    .selectFrom('jobs')
    .select('title')
    .where('id', '=', payment.job_id)
    .executeTakeFirst();
  const { netKobo, vatKobo } = splitVatInclusive(payment.amount_kobo, VAT_RATE_BASIS_POINTS);
  const sequence = await nextNumber(trx, kind);
  const seller = settings.receiptSeller;
  return trx
    .insertInto('receipts')
    .values({
      number: formatReceiptNumber(kind, sequence),
      kind,
      sequence,
      payment_id: payment.id,
      credits_number: detail.creditsNumber,
      issued_at: detail.issuedAt,
      seller_name: seller.name,
      seller_address: seller.address,
      seller_rc_number: seller.rcNumber,
      seller_vat_tin: seller.vatTin,
      company_id: payment.company_id,
      // A company the read model has not heard of yet (its event still on the way) is named by its id.
      company_name: company?.name ?? `Company ${payment.company_id}`,
      company_cac_number: cac?.cac_number ?? null,
      job_id: payment.job_id,
      job_title: job?.title ?? null,
      payment_reference: payment.reference,
      description: RECEIPT_MESSAGES.unlockDescription,
      currency: payment.currency,
      total_kobo: payment.amount_kobo,
      net_kobo: netKobo,
      vat_kobo: vatKobo,
      vat_rate_basis_points: VAT_RATE_BASIS_POINTS,
      method: receiptMethodOf(payment),
      reason: detail.reason,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
