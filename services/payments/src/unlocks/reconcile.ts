import { randomUUID } from 'node:crypto';
import { ProviderError } from '../providers/provider';
import type { PaymentRow } from '../repositories/payments-repository';
import type { UnlockDeps } from './deps';
import type { NoReplyRefunds } from './no-reply';
import type { Refunds } from './refunds';
import { expiresAtOf } from './rules';
import type { Settlement } from './settlement';

export interface ReconcileSummary {
  /** Pending payments re-verified with the provider. */
  checked: number;
  paid: number;
  failed: number;
  expired: number;
  refunded: number;
  stillPending: number;
  /** Provider unreachable for these: tried again next round. */
  errors: number;
  /** Paid unlocks refunded because the poster did not answer in the chat in time (no-reply.ts). */
  noReplyRefunded: number;
  /** Refund attempts made (provider calls). */
  refundAttempts: number;
}

/**
 * The reconciliation round (the service runs it every PAYMENTS_RECONCILE_SECONDS): re-verifies payments
 * left pending (lost callback, closed tab, webhook never came) so no company pays without getting its
 * unlock; fails those the provider still has not settled after the expiry; refunds unlocks whose poster
 * did not answer in time (while the no-reply rule applies); retries refunds the provider has not
 * accepted yet.
 */
export class Reconciliation {
  readonly #deps: Pick<UnlockDeps, 'settings' | 'logger' | 'payments' | 'closing'>;
  readonly #parts: { settlement: Settlement; noReply: NoReplyRefunds; refunds: Refunds };

  constructor(
    deps: Pick<UnlockDeps, 'settings' | 'logger' | 'payments' | 'closing'>,
    parts: { settlement: Settlement; noReply: NoReplyRefunds; refunds: Refunds },
  ) {
    this.#deps = deps;
    this.#parts = parts;
  }

  async run(correlationId = `reconcile-${randomUUID()}`): Promise<ReconcileSummary> {
    const { settings, logger, payments, closing } = this.#deps;
    const { settlement, noReply, refunds } = this.#parts;
    const summary: ReconcileSummary = {
      checked: 0,
      paid: 0,
      failed: 0,
      expired: 0,
      refunded: 0,
      stillPending: 0,
      errors: 0,
      noReplyRefunded: 0,
      refundAttempts: 0,
    };
    const now = settings.now();
    const due = await payments.pendingCreatedBefore(
      new Date(now.getTime() - Math.min(settings.pendingVerifyAfterMs, settings.pendingExpireAfterMs)),
      100,
    );
    for (const pending of due) {
      if (closing.aborted) break;
      summary.checked += 1;
      let settled: PaymentRow;
      try {
        settled = await settlement.confirm(pending, 'reconcile', correlationId);
      } catch (err) {
        if (!(err instanceof ProviderError && err.kind === 'not-found')) {
          summary.errors += 1;
          logger.warn({ err, reference: pending.reference }, 'reconcile: provider unavailable');
          continue;
        }
        settled = pending;
      }
      if (settled.status === 'pending' && now.getTime() >= expiresAtOf(pending, settings).getTime()) {
        settled = await settlement.fail(settled, 'expired', 'reconcile', correlationId);
        if (settled.status === 'failed') {
          summary.expired += 1;
          continue;
        }
      }
      if (settled.status === 'paid') summary.paid += 1;
      else if (settled.status === 'failed') summary.failed += 1;
      else if (settled.status === 'refunded') summary.refunded += 1;
      else summary.stillPending += 1;
    }
    summary.noReplyRefunded = await noReply.refundUnanswered(correlationId);
    summary.refundAttempts = await refunds.processDue();
    return summary;
  }
}
