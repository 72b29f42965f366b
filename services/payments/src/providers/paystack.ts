import type { PaystackSettings } from '../config';
import {
  ProviderError,
  signatureMatches,
  type InitializeInput,
  type PaymentProvider,
  type ProviderTransaction,
  type ProviderTransactionStatus,
  type RefundInput,
  type RefundOutcome,
} from './provider';

// Paystack's REST API (https://paystack.com/docs/api/): every answer is
// `{ status: boolean, message: string, data?: ... }`; amounts are integers in kobo.

interface PaystackEnvelope<T> {
  status?: unknown;
  message?: unknown;
  data?: T;
}

interface PaystackTransactionData {
  id?: unknown;
  status?: unknown;
  reference?: unknown;
  amount?: unknown;
  currency?: unknown;
  paid_at?: unknown;
  paidAt?: unknown;
  channel?: unknown;
}

/** Paystack's transaction statuses that are final without money taken. */
const FAILED_STATUSES = new Set(['failed', 'reversed', 'cancelled']);

export class PaystackProvider implements PaymentProvider {
  readonly name = 'paystack' as const;
  readonly #baseUrl: string;

  constructor(private readonly settings: PaystackSettings) {
    this.#baseUrl = settings.baseUrl.replace(/\/+$/, '');
  }

  async initialize(input: InitializeInput) {
    const body = await this.#call<{
      authorization_url?: unknown;
      access_code?: unknown;
      reference?: unknown;
    }>('POST', '/transaction/initialize', {
      email: input.email,
      amount: input.amountKobo,
      currency: input.currency,
      reference: input.reference,
      callback_url: input.callbackUrl,
      metadata: JSON.stringify(input.metadata),
      // Card, bank transfer (Paystack's 30-minute transfer account) and USSD on the one checkout.
      channels: [...input.channels],
    });
    const data = body.data;
    if (!data || typeof data.authorization_url !== 'string' || !/^https:\/\//.test(data.authorization_url)) {
      throw new ProviderError('unavailable', 'Paystack answered without an authorization_url');
    }
    if (data.reference !== undefined && data.reference !== input.reference) {
      throw new ProviderError('rejected', 'Paystack answered with another reference');
    }
    return {
      authorizationUrl: data.authorization_url,
      accessCode: typeof data.access_code === 'string' ? data.access_code : null,
    };
  }

  async verify(reference: string): Promise<ProviderTransaction> {
    let body: PaystackEnvelope<PaystackTransactionData>;
    try {
      body = await this.#call<PaystackTransactionData>(
        'GET',
        `/transaction/verify/${encodeURIComponent(reference)}`,
      );
    } catch (err) {
      // Paystack answers an unknown reference with 400 "Transaction reference not found".
      if (
        err instanceof ProviderError &&
        (err.status === 404 || (err.status === 400 && /not found/i.test(err.message)))
      ) {
        throw new ProviderError('not-found', err.message, err.status);
      }
      throw err;
    }
    const data = body.data;
    if (!data || typeof data.status !== 'string') {
      throw new ProviderError('unavailable', 'Paystack answered a verification without a status');
    }
    const providerStatus = data.status;
    const status: ProviderTransactionStatus =
      providerStatus === 'success' ? 'success' : FAILED_STATUSES.has(providerStatus) ? 'failed' : 'pending';
    const paidAtRaw =
      typeof data.paid_at === 'string' ? data.paid_at : typeof data.paidAt === 'string' ? data.paidAt : null;
    const paidAt = paidAtRaw ? new Date(paidAtRaw) : null;
    return {
      reference: typeof data.reference === 'string' ? data.reference : '',
      status,
      providerStatus,
      amountKobo: typeof data.amount === 'number' ? data.amount : Number.NaN,
      currency: typeof data.currency === 'string' ? data.currency : '',
      paidAt: paidAt && !Number.isNaN(paidAt.getTime()) ? paidAt : null,
      providerId: typeof data.id === 'number' || typeof data.id === 'string' ? String(data.id) : null,
      channel: typeof data.channel === 'string' && data.channel ? data.channel.slice(0, 40) : null,
    };
  }

  async refund(input: RefundInput): Promise<RefundOutcome> {
    try {
      const body = await this.#call<{ status?: unknown }>('POST', '/refund', {
        transaction: input.reference,
        amount: input.amountKobo,
        customer_note: input.customerNote,
        merchant_note: input.merchantNote,
      });
      return body.data?.status === 'processed' ? 'processed' : 'queued';
    } catch (err) {
      // A second refund of the same transaction is refused as "fully reversed": it is done.
      if (err instanceof ProviderError && err.kind === 'rejected' && /reversed|refunded/i.test(err.message)) {
        return 'already';
      }
      throw err;
    }
  }

  verifyWebhookSignature(rawBody: Buffer, signature: string | undefined): boolean {
    return signatureMatches(this.settings.secretKey, rawBody, signature);
  }

  async #call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<PaystackEnvelope<T>> {
    let response: Response;
    try {
      response = await fetch(`${this.#baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${this.settings.secretKey}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(this.settings.timeoutMs),
        redirect: 'error',
      });
    } catch (err) {
      const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
      throw new ProviderError(
        'unavailable',
        timedOut ? `Paystack ${path} timed out` : `Paystack ${path} unreachable`,
      );
    }
    let parsed: PaystackEnvelope<T> | undefined;
    try {
      parsed = (await response.json()) as PaystackEnvelope<T>;
    } catch {
      parsed = undefined;
    }
    const message = typeof parsed?.message === 'string' ? parsed.message : `HTTP ${response.status}`;
    if (response.status >= 500 || (response.ok && !parsed)) {
      throw new ProviderError('unavailable', `Paystack ${path}: ${message}`, response.status);
    }
    if (!response.ok || parsed?.status !== true) {
      throw new ProviderError('rejected', message, response.status);
    }
    return parsed;
  }
}
