import { isAsynchronousChannel, type RefundReason } from '@marketplace/contracts';
import type { ProviderTransaction } from '../providers/provider';
import { issueCreditNote, issueReceipt } from '../receipts/issue';
import { JobsReadModel } from '../repositories/jobs-read-model';
import { PaymentsRepository, type PaymentRow } from '../repositories/payments-repository';
import type { UnlockDeps } from './deps';
import { unlockConfirmed, unlockExpired, unlockFailed, unlockPaid, unlockRefunded } from './events';
import { expiresAtOf, unlockable, windowMinutesOf, type Via } from './rules';

const HOUR = 60 * 60_000;

/**
 * The one confirmation path: the callback (checkout.ts), the webhook (webhooks.ts) and the
 * reconciliation (reconcile.ts) all settle through `confirm`, which asks the provider and settles
 * under row locks, with the cap re-checked, exactly once whatever order they arrive in. Provider calls
 * never run inside a database transaction.
 */
export class Settlement {
  readonly #deps: Pick<UnlockDeps, 'db' | 'provider' | 'settings' | 'logger' | 'security'>;

  constructor(deps: Pick<UnlockDeps, 'db' | 'provider' | 'settings' | 'logger' | 'security'>) {
    this.#deps = deps;
  }

  /**
   * Settles a payment that is not final (pending, or failed: a payer may retry on the provider's page
   * and succeed) with what the provider says now. Paid and refunded payments are final: returned as
   * they are, so any number of callbacks, webhooks and reconciliation rounds give one unlock.
   */
  async confirm(payment: PaymentRow, via: Via, correlationId: string): Promise<PaymentRow> {
    if (payment.status === 'paid' || payment.status === 'refunded') return payment;
    const transaction = await this.#deps.provider.verify(payment.reference);
    return this.#settle(payment, transaction, via, correlationId);
  }

  async #settle(
    payment: PaymentRow,
    tx: ProviderTransaction,
    via: Via,
    correlationId: string,
  ): Promise<PaymentRow> {
    const { db, settings, logger, security } = this.#deps;
    const mismatch =
      tx.reference !== payment.reference || (tx.status === 'success' && tx.currency !== payment.currency);
    // Money for our reference in naira, but not the price (a transfer of another sum): it unlocks
    // nothing and is given back (what arrived, 'wrong-amount'), recorded for admins as well.
    const wrongAmount =
      !mismatch &&
      tx.status === 'success' &&
      tx.amountKobo !== payment.amount_kobo &&
      Number.isSafeInteger(tx.amountKobo) &&
      tx.amountKobo > 0;
    if (mismatch || (tx.status === 'success' && !wrongAmount && tx.amountKobo !== payment.amount_kobo)) {
      // Only the exact amount and currency we asked for, for our reference, unlocks anything.
      await security.record('verify-mismatch', {
        reference: payment.reference,
        detail: {
          via,
          providerReference: tx.reference,
          amount: tx.amountKobo,
          expectedAmount: payment.amount_kobo,
          currency: tx.currency,
          expectedCurrency: payment.currency,
        },
      });
      return payment;
    }
    if (wrongAmount) {
      await security.record('verify-mismatch', {
        reference: payment.reference,
        detail: { via, amount: tx.amountKobo, expectedAmount: payment.amount_kobo, refunded: true },
      });
    }
    if (tx.status === 'pending') {
      // A transfer the payer has sent (the provider knows its channel): the result page waits for it.
      if (tx.channel && payment.status === 'pending' && payment.payment_channel !== tx.channel) {
        return this.#deps.db
          .updateTable('unlock_payments')
          .set({ payment_channel: tx.channel, updated_at: settings.now() })
          .where('id', '=', payment.id)
          .where('status', '=', 'pending')
          .returningAll()
          .executeTakeFirst()
          .then((row) => row ?? payment);
      }
      return payment;
    }
    if (tx.status === 'failed') {
      if (payment.status !== 'pending') return payment;
      return this.fail(payment, tx.providerStatus, via, correlationId);
    }

    const now = settings.now();
    const cap = settings.unlockCap;
    const settled = await db.transaction().execute(async (trx) => {
      const payments = new PaymentsRepository(trx);
      // The job row first: confirmations for one job take turns, so the cap holds under a race.
      const job = await new JobsReadModel(trx).lock(payment.job_id);
      const locked = await payments.lockById(payment.id);
      if (!locked || locked.status === 'paid' || locked.status === 'refunded') return locked ?? payment;
      const fromProvider = {
        provider_paid_at: tx.paidAt ?? now,
        provider_transaction_id: tx.providerId,
        verified_via: via,
        failed_at: null,
        failure_reason: null,
        payment_channel: tx.channel,
      };
      // Money after the payment window (the reconciliation expired it, or it came after its end):
      // the place was not held for it, so it is given back.
      const late =
        (locked.status === 'failed' && locked.failure_reason === 'expired') ||
        (tx.paidAt ?? now).getTime() > expiresAtOf(locked, settings).getTime();
      const problem: RefundReason | null = wrongAmount
        ? 'wrong-amount'
        : late
          ? 'late-payment'
          : (await payments.hasOtherPaid(locked.job_id, locked.company_id, locked.id))
            ? 'duplicate'
            : !job || !unlockable(job)
              ? 'job-unavailable'
              : (await payments.countPaid(locked.job_id)) >= cap
                ? 'job-full'
                : null;
      if (problem) {
        // Paid, but it cannot become an unlock: the money goes back at once.
        const refunded = await payments.update(locked.id, {
          ...fromProvider,
          status: 'refunded',
          refunded_at: now,
          refund_reason: problem,
          refund_state: 'pending',
          refund_next_at: now,
          ...(wrongAmount ? { refund_amount_kobo: tx.amountKobo } : {}),
        });
        if (locked.status === 'pending') await unlockFailed(trx, refunded, correlationId);
        await unlockRefunded(trx, refunded, settings.now, correlationId);
        await issueCreditNote(trx, refunded, settings);
        return refunded;
      }
      const paid = await payments.update(locked.id, {
        ...fromProvider,
        status: 'paid',
        paid_at: now,
        // The terms shown before this payment promised the no-reply refund.
        no_reply_due_at: new Date(now.getTime() + settings.unlockRefundHours * HOUR),
      });
      await unlockPaid(trx, paid, now, correlationId);
      await issueReceipt(trx, paid, settings);
      // A transfer or USSD payment settles after the company left the checkout: it is told.
      if (isAsynchronousChannel(paid.payment_channel)) {
        await unlockConfirmed(trx, paid, job?.title ?? null, correlationId);
      }
      return paid;
    });
    if (settled.status === 'refunded' && settled.refund_reason !== 'admin') {
      logger.warn(
        { reference: settled.reference, reason: settled.refund_reason },
        'paid unlock could not be granted; refunding',
      );
    }
    return settled;
  }

  /** A pending payment set aside as failed (`reason`: the provider's status, superseded, expired). */
  async fail(payment: PaymentRow, reason: string, via: Via, correlationId: string): Promise<PaymentRow> {
    const { db, settings } = this.#deps;
    return db.transaction().execute(async (trx) => {
      const payments = new PaymentsRepository(trx);
      const locked = await payments.lockById(payment.id);
      if (!locked || locked.status !== 'pending') return locked ?? payment;
      const failed = await payments.update(locked.id, {
        status: 'failed',
        failed_at: settings.now(),
        failure_reason: reason,
        verified_via: via,
      });
      await unlockFailed(trx, failed, correlationId);
      if (reason === 'expired') {
        const job = await new JobsReadModel(trx).find(failed.job_id);
        await unlockExpired(
          trx,
          failed,
          { jobTitle: job?.title ?? null, windowMinutes: windowMinutesOf(failed, settings) },
          correlationId,
        );
      }
      return failed;
    });
  }
}
