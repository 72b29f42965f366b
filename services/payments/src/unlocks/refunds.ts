import { PAYMENT_MESSAGES, REFUND_REASON_MESSAGES, type RefundReason } from '@marketplace/contracts';
import { backoffDelay, conflict, isUuid, notFound } from '@marketplace/service-kit';
import type { Kysely } from 'kysely';
import type { PaymentsDatabase } from '../db-types';
import { ProviderError } from '../providers/provider';
import { issueCreditNote } from '../receipts/issue';
import { JobsReadModel } from '../repositories/jobs-read-model';
import { PaymentsRepository, type PaymentRow } from '../repositories/payments-repository';
import type { UnlockDeps } from './deps';
import { unlockRefunded } from './events';

const MINUTE = 60_000;

/**
 * Refunds: decided in a transaction with `payments.unlock.refunded` (dead lead, admin; the settlement
 * and the no-reply rule decide theirs the same way), then asked of the provider after the commit and
 * again, with back-off, until it accepts. Provider calls never run inside a database transaction.
 */
export class Refunds {
  readonly #deps: Pick<UnlockDeps, 'db' | 'provider' | 'settings' | 'logger' | 'payments' | 'closing'>;
  #round: Promise<number> | undefined;
  #nextRound: Promise<number> | undefined;

  constructor(deps: Pick<UnlockDeps, 'db' | 'provider' | 'settings' | 'logger' | 'payments' | 'closing'>) {
    this.#deps = deps;
  }

  /**
   * Dead-lead refund, inside the transaction of the jobs event that removed the job: every paid unlock
   * of it becomes a refund (the provider is asked right after commit, and again until it accepts).
   */
  async forDeadLead(
    trx: Kysely<PaymentsDatabase>,
    jobId: string,
    reason: 'job-deleted' | 'job-hidden',
    correlationId: string,
  ) {
    const { settings } = this.#deps;
    const payments = new PaymentsRepository(trx);
    const now = settings.now();
    for (const paid of await payments.lockPaidForJob(jobId)) {
      const refunded = await payments.update(paid.id, {
        status: 'refunded',
        refunded_at: now,
        refund_reason: reason,
        refund_state: 'pending',
        refund_next_at: now,
      });
      await unlockRefunded(trx, refunded, settings.now, correlationId);
      await issueCreditNote(trx, refunded, settings);
    }
  }

  /** An admin's refund of a paid unlock, with the admin's reason. */
  async byAdmin(paymentId: string, reason: string, correlationId: string): Promise<PaymentRow> {
    const { db } = this.#deps;
    if (!isUuid(paymentId)) throw notFound(PAYMENT_MESSAGES.paymentNotFound);
    const payment = await this.#deps.payments.findById(paymentId);
    if (!payment) throw notFound(PAYMENT_MESSAGES.paymentNotFound);
    await db.transaction().execute(async (trx) => {
      const payments = new PaymentsRepository(trx);
      await new JobsReadModel(trx).lock(payment.job_id);
      const locked = await payments.lockById(payment.id);
      if (locked?.status === 'refunded') throw conflict(PAYMENT_MESSAGES.alreadyRefunded, 'ALREADY_REFUNDED');
      if (!locked || locked.status !== 'paid')
        throw conflict(PAYMENT_MESSAGES.onlyPaidCanBeRefunded, 'NOT_PAID');
      await this.refundPaid(trx, locked, 'admin', reason, correlationId);
    });
    // Ask the provider now (the round started by the commit, if one is running, takes it along).
    await this.processDue();
    return (await this.#deps.payments.findById(payment.id)) as PaymentRow;
  }

  /**
   * Inside a transaction that holds the job's and the payment's row locks: turns a paid unlock into a
   * refund with its `payments.unlock.refunded` (jobs and chat take the access back, the cap frees a place);
   * the provider is asked after the commit. Used by admins' refunds and disputes decided as refunds.
   */
  async refundPaid(
    trx: Kysely<PaymentsDatabase>,
    locked: PaymentRow,
    reason: Extract<RefundReason, 'admin' | 'dispute'>,
    note: string | null,
    correlationId: string,
  ): Promise<PaymentRow> {
    const now = this.#deps.settings.now();
    const refunded = await new PaymentsRepository(trx).update(locked.id, {
      status: 'refunded',
      refunded_at: now,
      refund_reason: reason,
      refund_note: note,
      refund_state: 'pending',
      refund_next_at: now,
    });
    await unlockRefunded(trx, refunded, this.#deps.settings.now, correlationId);
    await issueCreditNote(trx, refunded, this.#deps.settings);
    return refunded;
  }

  /** Start (or repeat) the provider refunds that are due; called after commits that decided refunds. */
  kick(): void {
    void this.processDue().catch((err) => this.#deps.logger.error({ err }, 'refund round failed'));
  }

  /**
   * Asks the provider for every refund that is due, one round at a time. A call while a round runs gets
   * the next round (started when that one ends, shared by every caller meanwhile), so a refund decided
   * just before the call is always included. Returns the attempts made.
   */
  processDue(): Promise<number> {
    if (!this.#round) {
      this.#round = this.#refundRound().finally(() => (this.#round = undefined));
      return this.#round;
    }
    this.#nextRound ??= this.#round
      .catch(() => 0)
      .then(() => {
        this.#nextRound = undefined;
        return this.processDue();
      });
    return this.#nextRound;
  }

  /** Resolves once the rounds running (or queued) have ended. */
  async idle(): Promise<void> {
    await this.#nextRound?.catch(() => undefined);
    await this.#round?.catch(() => undefined);
  }

  async #refundRound(): Promise<number> {
    const { settings, payments, closing } = this.#deps;
    let attempts = 0;
    if (closing.aborted) return attempts;
    const due = await payments.refundsDue(settings.now(), 50);
    for (const { id } of due) {
      if (closing.aborted) break;
      if (await this.#refundOne(id)) attempts += 1;
    }
    return attempts;
  }

  async #refundOne(id: string): Promise<boolean> {
    const { provider, settings, logger, payments } = this.#deps;
    const now = settings.now();
    // A lease: another instance leaves it alone while this one asks the provider.
    const claimed = await payments.claimRefund(id, now, new Date(now.getTime() + 5 * MINUTE));
    if (!claimed) return false;
    const reason = (claimed.refund_reason ?? 'admin') as RefundReason;
    try {
      const outcome = await provider.refund({
        reference: claimed.reference,
        amountKobo: claimed.refund_amount_kobo ?? claimed.amount_kobo,
        customerNote: REFUND_REASON_MESSAGES[reason] ?? REFUND_REASON_MESSAGES.admin,
        merchantNote:
          `Unlock refund (${reason})${claimed.refund_note ? `: ${claimed.refund_note}` : ''}`.slice(0, 500),
      });
      await payments.update(id, {
        refund_state: outcome === 'queued' ? 'queued' : 'processed',
        refund_error: null,
        refund_next_at: null,
      });
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      if (err instanceof ProviderError && err.kind !== 'unavailable') {
        logger.error(
          { err, reference: claimed.reference },
          'the provider refused a refund; an admin must look',
        );
        await payments.update(id, {
          refund_state: 'failed',
          refund_error: message.slice(0, 500),
          refund_next_at: null,
        });
      } else {
        // 30 s, 1, 2, 4 ... minutes, at most an hour apart.
        const delay = backoffDelay(claimed.refund_attempts + 1, 30_000, 60 * MINUTE);
        logger.warn({ err, reference: claimed.reference }, 'refund not accepted yet; will retry');
        await payments.update(id, {
          refund_error: message.slice(0, 500),
          refund_next_at: new Date(now.getTime() + delay),
        });
      }
    }
    return true;
  }
}
