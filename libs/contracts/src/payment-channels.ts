import { Type, type Static } from 'typebox';

// How the money came: the provider's channel (Paystack's `channel` on a transaction) and the method
// people read on the result page, the dashboard, e-mails and receipts.

/** The channels an unlock checkout offers (Paystack's `channels` on initialize). */
export const UNLOCK_CHANNELS = ['card', 'bank_transfer', 'ussd'] as const;
export type UnlockChannel = (typeof UNLOCK_CHANNELS)[number];

/** How an unlock was paid, as people read it. Test payments are 'sandbox' whatever the channel. */
export const PAYMENT_METHODS = ['card', 'transfer', 'ussd', 'sandbox'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PaymentMethodSchema = Type.Union([
  Type.Literal('card'),
  Type.Literal('transfer'),
  Type.Literal('ussd'),
  Type.Literal('sandbox'),
]);

export const PAYMENT_METHOD_LABELS: Readonly<Record<PaymentMethod, string>> = Object.freeze({
  card: 'Card',
  transfer: 'Bank transfer',
  ussd: 'USSD',
  sandbox: 'Sandbox (test payment)',
});

/** Paystack's channels that mean money sent from a bank account (transfer, or a "pay with bank"). */
const TRANSFER_CHANNELS = new Set(['bank_transfer', 'bank', 'dedicated_nuban']);

/**
 * The method of a payment from its provider and channel; null while the channel is not known (a checkout
 * not paid yet) or is one we never offer.
 */
export function paymentMethodOf(
  provider: 'paystack' | 'sandbox',
  channel: string | null | undefined,
): PaymentMethod | null {
  if (provider === 'sandbox') return 'sandbox';
  if (!channel) return null;
  if (channel === 'card') return 'card';
  if (channel === 'ussd') return 'ussd';
  if (TRANSFER_CHANNELS.has(channel)) return 'transfer';
  return null;
}

/**
 * Channels whose money arrives minutes after the payer left the checkout (the bank confirms later):
 * the result page waits for them, and the company is told by e-mail and in the app when they settle.
 */
export function isAsynchronousChannel(channel: string | null | undefined): boolean {
  return channel === 'ussd' || (channel !== null && channel !== undefined && TRANSFER_CHANNELS.has(channel));
}

/** A payment's state as the payer follows it (GET /api/payments/status/:reference). */
export const PaymentProgressSchema = Type.Union([
  /** Waiting for the money (a transfer may take minutes). */
  Type.Literal('pending'),
  Type.Literal('paid'),
  /** Not paid within the window: it holds nothing, money arriving later is refunded. */
  Type.Literal('expired'),
  Type.Literal('failed'),
  Type.Literal('refunded'),
]);
export type PaymentProgress = Static<typeof PaymentProgressSchema>;
