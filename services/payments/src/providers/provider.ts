import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ProviderName } from '../db-types';

/** What a provider says about one transaction. Anything but 'success' gives no unlock. */
export type ProviderTransactionStatus =
  /** Paid. */
  | 'success'
  /** Declined, reversed or otherwise final without money taken. */
  | 'failed'
  /** Not finished yet (opened and left, in progress, queued at the bank): may still succeed. */
  | 'pending';

export interface ProviderTransaction {
  reference: string;
  status: ProviderTransactionStatus;
  /** The provider's own word for the status (e.g. Paystack's 'abandoned'), for logs and admins. */
  providerStatus: string;
  amountKobo: number;
  currency: string;
  paidAt: Date | null;
  providerId: string | null;
  /** How the money came (Paystack's `channel`: 'card', 'bank_transfer', 'ussd', ...), when known. */
  channel: string | null;
}

export interface InitializeInput {
  reference: string;
  amountKobo: number;
  currency: 'NGN';
  email: string;
  /** Where the payer comes back to: /payment/callback (absolute for Paystack). */
  callbackUrl: string;
  metadata: Record<string, string>;
  /** The ways to pay the checkout offers (contracts UNLOCK_CHANNELS). */
  channels: readonly string[];
}

export interface RefundInput {
  reference: string;
  amountKobo: number;
  /** Shown to the customer by the provider. */
  customerNote: string;
  merchantNote: string;
}

/** 'queued': the provider accepted the refund; 'processed': paid out; 'already': refunded before. */
export type RefundOutcome = 'queued' | 'processed' | 'already';

/**
 * A payment provider, as the unlock rules use it. Paystack in production; the sandbox (a test checkout
 * page served by this service) otherwise. Both go through the same code path: initialize, redirect,
 * callback, verify, and a signed webhook.
 */
export interface PaymentProvider {
  readonly name: ProviderName;
  initialize(input: InitializeInput): Promise<{ authorizationUrl: string; accessCode: string | null }>;
  /** The transaction as the provider has it; ProviderError 'not-found' when it has none. */
  verify(reference: string): Promise<ProviderTransaction>;
  refund(input: RefundInput): Promise<RefundOutcome>;
  /** True when `signature` is the provider's signature of exactly these bytes. */
  verifyWebhookSignature(rawBody: Buffer, signature: string | undefined): boolean;
}

export type ProviderErrorKind =
  /** The provider could not be reached, timed out or answered 5xx: try again later. */
  | 'unavailable'
  /** The provider refused the request (4xx): trying again will not help. */
  | 'rejected'
  /** The provider knows no such transaction. */
  | 'not-found';

export class ProviderError extends Error {
  constructor(
    readonly kind: ProviderErrorKind,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

/** Paystack's webhook signature: hex HMAC-SHA512 of the raw body with the secret key. */
export function webhookSignature(secret: string, rawBody: Buffer | string): string {
  return createHmac('sha512', secret).update(rawBody).digest('hex');
}

/** Constant-time comparison of a received signature with the expected one. */
export function signatureMatches(secret: string, rawBody: Buffer, signature: string | undefined): boolean {
  if (!signature || !/^[0-9a-f]{128}$/i.test(signature)) return false;
  const expected = Buffer.from(webhookSignature(secret, rawBody), 'hex');
  const received = Buffer.from(signature.toLowerCase(), 'hex');
  return expected.length === received.length && timingSafeEqual(expected, received);
}
