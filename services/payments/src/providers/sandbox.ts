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
/** The ways to pay the sandbox's page offers, as Paystack's checkout does (contracts UNLOCK_CHANNELS). */
export type SandboxTransferChannel = 'bank_transfer' | 'ussd';

/** The test bank account the sandbox's transfer page shows (no real bank: nothing is ever sent there). */
export const SANDBOX_TRANSFER_ACCOUNT = Object.freeze({
  bankName: 'Sandbox Test Bank',
  accountNumber: '9900112233',
  accountName: 'Marketplace Sandbox',
});
/** The USSD string the sandbox shows (a test code that no bank answers). */
export const SANDBOX_USSD_CODE = '*000*9900112233#';

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
      /** How long its simulated bank takes to confirm a transfer the payer said was sent. */
      transferConfirmMs?: number;
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
    // A transfer whose simulated bank confirmation is due has arrived (also after a restart).
    await this.confirmDueTransfer(reference);
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
      channel: row.status === 'success' || row.transfer_sent_at ? row.channel : null,
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
      .set({ status, ...(action === 'pay' ? { paid_at: this.options.now(), channel: 'card' } : {}) })
      .where('reference', '=', reference)
      .where('status', 'in', ['ongoing', 'failed', 'abandoned'])
      // A transfer the payer said was sent is the bank's to settle now.
      .where('transfer_sent_at', 'is', null)
      .returningAll()
      .executeTakeFirst();
    if (changed) return { transaction: changed, changed: true };
    const transaction = await this.find(reference);
    return transaction ? { transaction, changed: false } : undefined;
  }

  /**
   * "I have sent the money": the transaction waits for the simulated bank, which confirms it after
   * `transferConfirmMs`. Only an open transaction; a second press changes nothing.
   */
  async sendTransfer(
    reference: string,
    channel: SandboxTransferChannel,
  ): Promise<{ transaction: SandboxTransaction; changed: boolean } | undefined> {
    const now = this.options.now();
    const changed = await this.db
      .updateTable('sandbox_transactions')
      .set({
        channel,
        status: 'ongoing',
        transfer_sent_at: now,
        transfer_confirm_at: new Date(now.getTime() + (this.options.transferConfirmMs ?? 20_000)),
      })
      .where('reference', '=', reference)
      .where('status', 'in', ['ongoing', 'failed', 'abandoned'])
      .where('transfer_sent_at', 'is', null)
      .returningAll()
      .executeTakeFirst();
    if (changed) return { transaction: changed, changed: true };
    const transaction = await this.find(reference);
    return transaction ? { transaction, changed: false } : undefined;
  }

  /**
   * The simulated bank confirms a sent transfer: at its time (`dueOnly`), or at once (the page's test
   * control). Returns the transaction when this call confirmed it.
   */
  async confirmTransfer(reference: string, dueOnly: boolean): Promise<SandboxTransaction | undefined> {
    const now = this.options.now();
    let query = this.db
      .updateTable('sandbox_transactions')
      .set({ status: 'success', paid_at: now })
      .where('reference', '=', reference)
      .where('status', '=', 'ongoing')
      .where('transfer_sent_at', 'is not', null);
    if (dueOnly) query = query.where('transfer_confirm_at', '<=', now);
    return query.returningAll().executeTakeFirst();
  }

  confirmDueTransfer(reference: string): Promise<SandboxTransaction | undefined> {
    return this.confirmTransfer(reference, true);
  }

  /** Sent transfers not confirmed yet (the simulated bank's queue, picked up again after a restart). */
  awaitingBank(): Promise<SandboxTransaction[]> {
    return this.db
      .selectFrom('sandbox_transactions')
      .selectAll()
      .where('status', '=', 'ongoing')
      .where('transfer_sent_at', 'is not', null)
      .orderBy('transfer_confirm_at')
      .limit(500)
      .execute();
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
        channel: row.channel,
        customer: { email: row.email },
      },
    });
    return { body, signature: webhookSignature(this.#secret, body) };
  }
}
