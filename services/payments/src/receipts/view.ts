import { RECEIPT_MESSAGES, RECEIPT_METHOD_LABELS, formatKobo, type Receipt } from '@marketplace/contracts';
import type { ReceiptRow } from './issue';

const LAGOS_FORMAT = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Africa/Lagos',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** '27 November 2026, 14:05 WAT': Lagos time (UTC+1 all year), as receipts print it. */
export function lagosDateTime(at: Date): string {
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    LAGOS_FORMAT.formatToParts(at).find((p) => p.type === type)?.value ?? '';
  return `${part('day')} ${part('month')} ${part('year')}, ${part('hour')}:${part('minute')} WAT`;
}

/** The stored receipt as the API shows it (nothing recomputed: every value is the one frozen at issue). */
export function toReceipt(row: ReceiptRow): Receipt {
  return {
    number: row.number,
    kind: row.kind,
    creditsNumber: row.credits_number,
    issuedAt: row.issued_at.toISOString(),
    issuedAtLagos: lagosDateTime(row.issued_at),
    seller: {
      name: row.seller_name,
      address: row.seller_address,
      rcNumber: row.seller_rc_number,
      vatTin: row.seller_vat_tin,
    },
    company: { id: row.company_id, name: row.company_name, cacNumber: row.company_cac_number },
    job: { id: row.job_id, title: row.job_title },
    paymentReference: row.payment_reference,
    description: row.description,
    currency: row.currency,
    totalKobo: row.total_kobo,
    netKobo: row.net_kobo,
    vatKobo: row.vat_kobo,
    vatRateBasisPoints: row.vat_rate_basis_points,
    method: row.method,
    reason: row.reason,
  };
}

/** The lines both the page and the PDF print, in order (one layout of the words, two renderings). */
export interface ReceiptLines {
  title: string;
  number: string;
  seller: Array<[string, string]>;
  details: Array<[string, string]>;
  amounts: Array<[string, string]>;
  total: [string, string];
  note: string;
}

/** Kobo as naira with two decimals ('₦930.23'), as money on a receipt is written. */
export function receiptMoney(kobo: number, currency: string): string {
  if (currency !== 'NGN') return formatKobo(kobo, currency);
  return `₦${(kobo / 100).toLocaleString('en-NG', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

export function receiptLines(receipt: Receipt): ReceiptLines {
  const credit = receipt.kind === 'credit-note';
  const money = (kobo: number) => `${credit ? '−' : ''}${receiptMoney(kobo, receipt.currency)}`;
  const rate = `${(receipt.vatRateBasisPoints / 100).toLocaleString('en-NG')} %`;
  return {
    title: credit ? RECEIPT_MESSAGES.creditNoteTitle : RECEIPT_MESSAGES.receiptTitle,
    number: receipt.number,
    seller: [
      ['Seller', receipt.seller.name],
      ['Address', receipt.seller.address],
      ['RC number', receipt.seller.rcNumber],
      ['VAT / TIN', receipt.seller.vatTin],
    ],
    details: [
      [credit ? 'Credit note number' : 'Receipt number', receipt.number],
      ...(receipt.creditsNumber
        ? ([['Credits receipt', receipt.creditsNumber]] as Array<[string, string]>)
        : []),
      ['Date', receipt.issuedAtLagos],
      ['Billed to', receipt.company.name],
      ['CAC number', receipt.company.cacNumber ?? 'Not on record'],
      ['For', receipt.description],
      ['Job', receipt.job.title ?? 'Job no longer listed'],
      ['Payment reference', receipt.paymentReference],
      ['Method', RECEIPT_METHOD_LABELS[receipt.method]],
      ...(receipt.reason ? ([['Reason', receipt.reason]] as Array<[string, string]>) : []),
    ],
    amounts: [
      ['Net amount', money(receipt.netKobo)],
      [`VAT (${rate}, included)`, money(receipt.vatKobo)],
    ],
    total: [credit ? 'Total refunded' : 'Total paid', money(receipt.totalKobo)],
    note: credit
      ? `This credit note cancels receipt ${receipt.creditsNumber ?? ''}: the amount above is refunded to the payer.`
      : 'Paid in full. VAT is included in the price.',
  };
}
