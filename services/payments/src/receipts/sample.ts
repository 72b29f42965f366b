import { VAT_RATE_BASIS_POINTS, splitVatInclusive, type Receipt } from '@marketplace/contracts';
import { PLACEHOLDER_RECEIPT_SELLER } from '../config';
import { lagosDateTime } from './view';

/**
 * A receipt as issued, with the letters a Nigerian receipt must print (₦, Yoruba's ẹ ọ ṣ and tone marks,
 * Igbo's ị ụ ṅ, Hausa's ɓ ɗ ƙ ƴ): for the PDF's figure (bench/receipt-pdf.ts), the image test
 * (infra/images) and an operator's look at the layout (write-sample.ts).
 */
export function sampleReceipt(kind: Receipt['kind'] = 'receipt'): Receipt {
  const issuedAt = new Date('2026-11-27T13:05:00.000Z');
  const totalKobo = 250_000;
  const { netKobo, vatKobo } = splitVatInclusive(totalKobo);
  const credit = kind === 'credit-note';
  return {
    number: credit ? 'CRN-000042' : 'RCT-001234',
    kind,
    creditsNumber: credit ? 'RCT-001234' : null,
    issuedAt: issuedAt.toISOString(),
    issuedAtLagos: lagosDateTime(issuedAt),
    seller: { ...PLACEHOLDER_RECEIPT_SELLER },
    company: {
      id: '00000000-0000-4000-8000-000000000001',
      name: 'Ọlọ́run Ṣẹ́gun & Ụmụ Nkechi Ɓaƙi Ƴan Ɗaya Ltd',
      cacNumber: 'RC1234567',
    },
    job: { id: '00000000-0000-4000-8000-000000000002', title: 'Tún òrùlé ṣe ní Ìkẹjà: roof repair in Ikeja' },
    paymentReference: 'MP-8b9c1d2e-3f40-4a5b-9c6d-7e8f90a1b2c3',
    description: "Unlocking a job's contact details and chat",
    currency: 'NGN',
    totalKobo,
    netKobo,
    vatKobo,
    vatRateBasisPoints: VAT_RATE_BASIS_POINTS,
    method: 'card',
    reason: credit
      ? 'The poster did not answer you in the chat in time. Your payment has been refunded.'
      : null,
  };
}
