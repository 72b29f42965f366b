import type { RefundReason } from '@marketplace/contracts';
import type { Kysely } from 'kysely';
import type { PaymentsDatabase } from '../db-types';
import { JobsReadModel } from '../repositories/jobs-read-model';
import { issueCreditNote } from '../receipts/issue';
import { PaymentsRepository } from '../repositories/payments-repository';
import type { UnlockDeps } from './deps';
import { unlockRefunded } from './events';

// The no-reply refund: a paid unlock whose poster has not written in that job's conversation with the
// company within UNLOCK_REFUND_HOURS of the payment is refunded by the reconciliation. Answers come
// from chat's `chat.message.sent` (consumers/chat.ts) and are judged by the time chat stored them.

/** The refund reason of the rule. */
export const NO_REPLY_REASON = 'no-reply' satisfies RefundReason;

/**
 * How long the reconciliation waits past a deadline before refunding: an answer sent just in time may
 * still be on its way (chat's outbox, the bus, this consumer). An answer counts by the time chat stored
 * it, not by when it arrived here.
 */
export const ANSWER_GRACE_MS = 10 * 60_000;

/** A message the poster wrote in the conversation of a company's unlock (from chat.message.sent). */
export interface PosterAnswer {
  jobId: string;
  companyId: string;
  posterId: string;
  /** When chat stored the message. */
  sentAt: Date;
}

export class NoReplyRefunds {
  readonly #deps: Pick<UnlockDeps, 'db' | 'settings' | 'logger' | 'payments' | 'closing'>;

  constructor(deps: Pick<UnlockDeps, 'db' | 'settings' | 'logger' | 'payments' | 'closing'>) {
    this.#deps = deps;
  }

  /**
   * Inside the transaction of a consumed `chat.message.sent` the poster wrote: remembers the poster's
   * first answer on the company's paid unlock of the job, and lifts the unlock's no-reply deadline when
   * the answer was sent by then. An answer sent after the deadline lifts nothing, also when it arrives
   * before the reconciliation has refunded: the outcome depends on when the poster wrote, never on when
   * a round happened to run. Applying the same answer again changes nothing.
   */
  async recordPosterAnswer(trx: Kysely<PaymentsDatabase>, answer: PosterAnswer): Promise<void> {
    const payments = new PaymentsRepository(trx);
    const paid = await payments.lockPaid(answer.jobId, answer.companyId);
    if (!paid) return; // refunded meanwhile, or not an unlock of ours
    if (paid.poster_id !== answer.posterId) {
      this.#deps.logger.warn(
        { reference: paid.reference, posterId: answer.posterId },
        'chat message names another poster than the unlock; ignored',
      );
      return;
    }
    const first =
      paid.poster_answered_at && paid.poster_answered_at <= answer.sentAt
        ? paid.poster_answered_at
        : answer.sentAt;
    const inTime = paid.no_reply_due_at !== null && answer.sentAt <= paid.no_reply_due_at;
    if (first === paid.poster_answered_at && !inTime) return;
    await payments.update(paid.id, {
      poster_answered_at: first,
      ...(inTime ? { no_reply_due_at: null } : {}),
    });
  }

  /**
   * Refunds the paid unlocks whose deadline passed (plus ANSWER_GRACE_MS for answers on their way)
   * without an answer sent in time: in a transaction with `payments.unlock.refunded`, the provider asked
   * after the commit, like every refund. Returns how many were refunded.
   */
  async refundUnanswered(correlationId: string): Promise<number> {
    const { db, settings, logger, closing } = this.#deps;
    const reason = NO_REPLY_REASON;
    const now = settings.now();
    const cutoff = new Date(now.getTime() - ANSWER_GRACE_MS);
    const batch = 50;
    let refunded = 0;
    for (;;) {
      const due = await this.#deps.payments.noReplyDue(cutoff, batch);
      let progress = 0;
      for (const { id, job_id: jobId } of due) {
        if (closing.aborted) return refunded;
        const done = await db.transaction().execute(async (trx) => {
          const payments = new PaymentsRepository(trx);
          const job = await new JobsReadModel(trx).lock(jobId);
          // The poster moved the job on since the list was read: not a dead lead.
          if (job && job.status !== 'open') return false;
          const locked = await payments.lockById(id);
          // An answer recorded (or another refund decided) since the list was read wins.
          if (locked?.status !== 'paid' || !locked.no_reply_due_at || locked.no_reply_due_at > cutoff) {
            return false;
          }
          const row = await payments.update(locked.id, {
            status: 'refunded',
            refunded_at: now,
            refund_reason: reason,
            refund_state: 'pending',
            refund_next_at: now,
          });
          await unlockRefunded(trx, row, settings.now, correlationId);
          await issueCreditNote(trx, row, settings);
          return true;
        });
        if (done) {
          progress += 1;
          logger.info({ paymentId: id }, 'no answer from the poster in time; unlock refunded');
        }
      }
      refunded += progress;
      if (due.length < batch || progress === 0) return refunded;
    }
  }
}
