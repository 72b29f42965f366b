import { randomBytes } from 'node:crypto';
import { PAYMENT_API } from '@marketplace/contracts';
import type { Kysely, Selectable } from 'kysely';
import type { PaymentsDatabase, SandboxTransactionsTable } from '../db-types';
import {
  ProviderError,
  signatureMatches,
  webhookSignature,
  type InitializeInput,
  type PaymentProvider,
  type ProviderTransaction,
  type RefundInput,
  type RefundOutcome,
} from './provider';

export type SandboxTransaction = Selectable<SandboxTransactionsTable>;
export type SandboxAction = 'pay' | 'decline' | 'abandon';

/**
 * The test provider: it keeps its transactions in its own table and serves a checkout page (routes/
 * sandbox.ts) that says plainly it is a test payment. It is used whenever no Paystack key is set, and
 * goes through the same path as Paystack: initialize -> redirect to its page -> back to
 * /payment/callback?trxref&reference -> verify, plus a webhook signed like Paystack's.
 */
export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;
  readonly #secret: string;

  constructor(
    private readonly db: Kysely<PaymentsDatabase>,
    private readonly options: {
      /** Origin the checkout page is addressed from ('' = same origin as the API). */
      publicUrl: string;
      secret?: string;
      now: () => Date;
    },
  ) {
    this.#secret = options.secret ?? randomBytes(32).toString('hex');
  }

  async initialize(input: InitializeInput) {
    await this.db
      .insertInto('sandbox_transactions')
      .values({
        reference: input.reference,
        amount_kobo: input.amountKobo,
        currency: input.currency,
        email: input.email,
        callback_url: input.callbackUrl,
        status: 'ongoing',
        paid_at: null,
        refunded_at: null,
      })
      .onConflict((oc) => oc.column('reference').doNothing())
      .execute();
    return {
      authorizationUrl: `${this.options.publicUrl}${PAYMENT_API.sandboxCheckout(input.reference)}`,
      accessCode: `sandbox-${input.reference}`,
    };
  }

  async verify(reference: string): Promise<ProviderTransaction> {
    const row = await this.find(reference);
    if (!row) throw new ProviderError('not-found', 'Transaction reference not found', 400);
    const status =
      row.status === 'success'
        ? 'success'
        : row.status === 'failed' || row.status === 'refunded'
          ? 'failed'
          : 'pending';
    return {
      reference: row.reference,
      status,
      providerStatus: row.status === 'refunded' ? 'reversed' : row.status,
      amountKobo: row.amount_kobo,
      currency: row.currency,
      paidAt: row.paid_at,
      providerId: `sandbox-${row.reference}`,
    };
  }

  async refund(input: RefundInput): Promise<RefundOutcome> {
    const row = await this.find(input.reference);
    if (!row) throw new ProviderError('not-found', 'Transaction reference not found', 400);
    if (row.status === 'refunded') return 'already';
    if (row.status !== 'success') throw new ProviderError('rejected', 'Transaction has not been paid', 400);
    await this.db
      .updateTable('sandbox_transactions')
      .set({ status: 'refunded', refunded_at: this.options.now() })
      .where('reference', '=', input.reference)
      .execute();
    return 'processed';
  }

  verifyWebhookSignature(rawBody: Buffer, signature: string | undefined): boolean {
    return signatureMatches(this.#secret, rawBody, signature);
  }

  // The sandbox's own side (its checkout page).

  find(reference: string): Promise<SandboxTransaction | undefined> {
    return this.db
      .selectFrom('sandbox_transactions')
      .selectAll()
      .where('reference', '=', reference)
      .executeTakeFirst();
  }

  /**
   * The tester's choice on the checkout page. Paying or declining is possible while the transaction
   * is open (also after an earlier decline or abandon, as on a real checkout); a paid or refunded
   * transaction stays as it is.
   */
  async act(
    reference: string,
    action: SandboxAction,
  ): Promise<{ transaction: SandboxTransaction; changed: boolean } | undefined> {
    const status = action === 'pay' ? 'success' : action === 'decline' ? 'failed' : 'abandoned';
    const changed = await this.db
      .updateTable('sandbox_transactions')
      .set({ status, ...(action === 'pay' ? { paid_at: this.options.now() } : {}) })
      .where('reference', '=', reference)
      .where('status', 'in', ['ongoing', 'failed', 'abandoned'])
      .returningAll()
      .executeTakeFirst();
    if (changed) return { transaction: changed, changed: true };
    const transaction = await this.find(reference);
    return transaction ? { transaction, changed: false } : undefined;
  }

  /** The `charge.success` notification Paystack would send for a paid transaction, signed the same way. */
  chargeSuccessWebhook(row: SandboxTransaction): { body: string; signature: string } {
    const body = JSON.stringify({
      event: 'charge.success',
      data: {
        id: `sandbox-${row.reference}`,
        domain: 'test',
        status: 'success',
        reference: row.reference,
        amount: row.amount_kobo,
        currency: row.currency,
        gateway_response: 'Successful',
        paid_at: (row.paid_at ?? this.options.now()).toISOString(),
        channel: 'sandbox',
        customer: { email: row.email },
      },
    });
    return { body, signature: webhookSignature(this.#secret, body) };
  }
}
