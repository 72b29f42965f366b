import { Type, type Static } from 'typebox';
import { PaymentMethodSchema, type PaymentMethod } from './payment-channels';

// ---------------------------------------------------------------------------------------------------
// Receipts and credit notes (issue 28, item 3). Every paid unlock gets a receipt (RCT-000001, ...) and
// every refund a credit note (CRN-000001, ...): two gap-free series numbered inside the transaction of
// the payment's change. What a receipt says is frozen when it is issued (stored, never recomputed).

export const RECEIPT_SERIES = { receipt: 'RCT', 'credit-note': 'CRN' } as const;
export type ReceiptKind = keyof typeof RECEIPT_SERIES;
export const ReceiptKindSchema = Type.Union([Type.Literal('receipt'), Type.Literal('credit-note')]);

/** A receipt's number as printed: the series, a dash, at least six digits (RCT-000001). */
export const RECEIPT_NUMBER_PATTERN = /^(RCT|CRN)-\d{6,12}$/;

export function formatReceiptNumber(kind: ReceiptKind, sequence: number): string {
  return `${RECEIPT_SERIES[kind]}-${String(sequence).padStart(6, '0')}`;
}

/** VAT in Nigeria: 7.5 %, inside the price the company paid (net + VAT = total). */
export const VAT_RATE_BASIS_POINTS = 750;

/** Splits a VAT-inclusive total (kobo) into net and VAT, rounded to the kobo; net + VAT is the total. */
export function splitVatInclusive(
  totalKobo: number,
  rateBasisPoints = VAT_RATE_BASIS_POINTS,
): { netKobo: number; vatKobo: number } {
  const netKobo = Math.round((totalKobo * 10_000) / (10_000 + rateBasisPoints));
  return { netKobo, vatKobo: totalKobo - netKobo };
}

/** How the company paid, as the receipt says it: the one PaymentMethod (payment-channels.ts). */
export const ReceiptMethodSchema = PaymentMethodSchema;
export type ReceiptMethod = PaymentMethod;

export const RECEIPT_METHOD_LABELS: Readonly<Record<ReceiptMethod, string>> = Object.freeze({
  card: 'Card',
  transfer: 'Bank transfer',
  ussd: 'USSD',
  sandbox: 'Sandbox (test payment, no real money)',
});

/** A receipt or credit note as a list shows it (the company's payments, the admins' list). */
export const ReceiptRefSchema = Type.Object({
  number: Type.String(),
  kind: ReceiptKindSchema,
});
export type ReceiptRef = Static<typeof ReceiptRefSchema>;

/** The marketplace as the seller, as it stood when the receipt was issued. */
export const ReceiptSellerSchema = Type.Object({
  name: Type.String(),
  address: Type.String(),
  rcNumber: Type.String(),
  vatTin: Type.String(),
});
export type ReceiptSeller = Static<typeof ReceiptSellerSchema>;

/** GET /api/payments/receipts/:number: one receipt or credit note, as issued. */
export const ReceiptSchema = Type.Object({
  number: Type.String(),
  kind: ReceiptKindSchema,
  /** For a credit note: the receipt it credits. */
  creditsNumber: Type.Union([Type.String(), Type.Null()]),
  issuedAt: Type.String({ description: 'ISO date-time' }),
  /** Date and time in Lagos, as printed ('27 November 2026, 14:05 WAT'). */
  issuedAtLagos: Type.String(),
  seller: ReceiptSellerSchema,
  company: Type.Object({
    id: Type.String(),
    name: Type.String(),
    /** The company's CAC registration number, when accounts announced one. */
    cacNumber: Type.Union([Type.String(), Type.Null()]),
  }),
  job: Type.Object({ id: Type.String(), title: Type.Union([Type.String(), Type.Null()]) }),
  paymentReference: Type.String(),
  description: Type.String(),
  currency: Type.String(),
  totalKobo: Type.Integer(),
  netKobo: Type.Integer(),
  vatKobo: Type.Integer(),
  vatRateBasisPoints: Type.Integer(),
  method: ReceiptMethodSchema,
  /** For a credit note: why the money went back. */
  reason: Type.Union([Type.String(), Type.Null()]),
});
export type Receipt = Static<typeof ReceiptSchema>;

export const RECEIPT_MESSAGES = Object.freeze({
  notFound: 'Receipt not found.',
  receiptTitle: 'Receipt',
  creditNoteTitle: 'Credit note',
  unlockDescription: "Unlocking a job's contact details and chat",
} as const);
