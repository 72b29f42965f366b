import {
  DISPUTE_MESSAGES,
  DISPUTE_RATE_HIGH,
  DISPUTE_RATE_MIN_DISPUTES,
  PAYMENT_MESSAGES,
  disputeDeadline,
  type AdminDispute,
  type DecideDisputeBody,
  type DisputeStatus,
  type OpenDisputeBody,
} from '@marketplace/contracts';
import { AppError, badRequest, conflict, forbidden, isUuid, notFound } from '@marketplace/service-kit';
import {
  DisputesRepository,
  type DisputeRow,
  type JobReadRow,
  type QueueDisputeRow,
} from '../repositories/disputes-repository';
import { JobsReadModel } from '../repositories/jobs-read-model';
import { PaymentsRepository } from '../repositories/payments-repository';
import type { UnlockDeps } from './deps';
import { disputeDecided, disputeOpened } from './events';
import type { Refunds } from './refunds';
import type { Caller } from './rules';

/** How many of the poster's other jobs and of the company's other disputes the queue shows. */
const CONTEXT_ROWS = 10;

/**
 * Disputes of paid unlocks: the company that paid opens one (within DISPUTE_WINDOW_DAYS of the payment,
 * one per unlock, a fixed reason and a short note); an admin refunds it through the refunds that exist
 * (`payments.unlock.refunded`: chat read-only, the application taken back, the cap freed) or rejects it
 * with a reason the company reads. Each change goes out with its event in the same transaction.
 */
export class Disputes {
  readonly #deps: Pick<UnlockDeps, 'db' | 'settings' | 'payments'>;
  readonly #refunds: Refunds;
  readonly #disputes: DisputesRepository;

  constructor(deps: Pick<UnlockDeps, 'db' | 'settings' | 'payments'>, refunds: Refunds) {
    this.#deps = deps;
    this.#refunds = refunds;
    this.#disputes = new DisputesRepository(deps.db);
  }

  async open(
    caller: Caller,
    paymentId: string,
    body: OpenDisputeBody,
    correlationId: string,
  ): Promise<DisputeRow> {
    const { db, settings, payments } = this.#deps;
    if (caller.type !== 'company') throw forbidden(DISPUTE_MESSAGES.onlyCompanies);
    const note = body.note.trim();
    if (!note) throw badRequest(DISPUTE_MESSAGES.noteRequired, 'NOTE_REQUIRED');
    if (!isUuid(paymentId)) throw notFound(PAYMENT_MESSAGES.paymentNotFound);
    const payment = await payments.findById(paymentId);
    if (!payment) throw notFound(PAYMENT_MESSAGES.paymentNotFound);
    if (payment.company_id !== caller.sub) throw forbidden(DISPUTE_MESSAGES.notYourPayment);
    return db.transaction().execute(async (trx) => {
      const locked = await new PaymentsRepository(trx).lockById(payment.id);
      if (!locked || locked.status !== 'paid' || !locked.paid_at)
        throw conflict(DISPUTE_MESSAGES.onlyPaid, 'NOT_PAID');
      const now = settings.now();
      if (now > disputeDeadline(locked.paid_at))
        throw conflict(DISPUTE_MESSAGES.tooLate, 'DISPUTE_WINDOW_CLOSED');
      const disputes = new DisputesRepository(trx);
      const opened = await disputes.insert({
        payment_id: locked.id,
        company_id: locked.company_id,
        job_id: locked.job_id,
        poster_id: locked.poster_id,
        reason: body.reason,
        note,
        created_at: now,
      });
      if (!opened) throw conflict(DISPUTE_MESSAGES.alreadyDisputed, 'ALREADY_DISPUTED');
      await disputeOpened(trx, opened, locked.reference, correlationId);
      return opened;
    });
  }

  async decide(
    admin: Caller,
    disputeId: string,
    body: DecideDisputeBody,
    correlationId: string,
  ): Promise<DisputeRow> {
    const { db, settings } = this.#deps;
    if (!isUuid(disputeId)) throw notFound(DISPUTE_MESSAGES.disputeNotFound);
    const rejectionReason = (body.reason ?? '').trim();
    if (body.decision === 'reject' && !rejectionReason)
      throw badRequest(DISPUTE_MESSAGES.rejectionReasonRequired, 'REASON_REQUIRED');
    const found = await this.#disputes.findById(disputeId);
    if (!found) throw notFound(DISPUTE_MESSAGES.disputeNotFound);
    const decided = await db.transaction().execute(async (trx) => {
      // The same lock order as every refund: the job, then the payment, then the dispute.
      await new JobsReadModel(trx).lock(found.job_id);
      const payment = await new PaymentsRepository(trx).lockById(found.payment_id);
      const disputes = new DisputesRepository(trx);
      const dispute = await disputes.lockById(found.id);
      if (!payment || !dispute) throw notFound(DISPUTE_MESSAGES.disputeNotFound);
      if (dispute.status !== 'open') throw conflict(DISPUTE_MESSAGES.alreadyDecided, 'ALREADY_DECIDED');
      const now = settings.now();
      let outcome: Exclude<DisputeStatus, 'open'>;
      if (body.decision === 'refund') {
        if (payment.status === 'refunded')
          throw conflict(PAYMENT_MESSAGES.alreadyRefunded, 'ALREADY_REFUNDED');
        if (payment.status !== 'paid') throw conflict(PAYMENT_MESSAGES.onlyPaidCanBeRefunded, 'NOT_PAID');
        await this.#refunds.refundPaid(trx, payment, 'dispute', null, correlationId);
        outcome = 'refunded';
      } else {
        outcome = 'rejected';
      }
      const updated = await disputes.update(dispute.id, {
        status: outcome,
        rejection_reason: outcome === 'rejected' ? rejectionReason : null,
        decided_by: admin.sub,
        decided_at: now,
      });
      const jobTitle = await new PaymentsRepository(trx).jobTitleOf(payment.job_id);
      await disputeDecided(trx, updated, payment, jobTitle, correlationId);
      return updated;
    });
    // The provider is asked right away (as for an admin's refund); a failure is retried by the rounds.
    if (decided.status === 'refunded') await this.#refunds.processDue();
    return decided;
  }

  /** The admins' queue, a page at a time, each dispute with what an admin needs to decide it. */
  async queue(
    filters: { status?: DisputeStatus; disputeId?: string },
    window: { limit: number; offset: number },
  ): Promise<{ disputes: AdminDispute[]; hasMore: boolean }> {
    const rows = await this.#disputes.queue(filters, window);
    const page = rows.slice(0, window.limit);
    const disputes: AdminDispute[] = [];
    for (const row of page) disputes.push(await this.#withContext(row));
    return { disputes, hasMore: rows.length > window.limit };
  }

  /** One dispute as the queue shows it. */
  async one(disputeId: string): Promise<AdminDispute> {
    const [row] = await this.#disputes.queue({ disputeId }, { limit: 1, offset: 0 });
    if (!row) throw new AppError(404, 'NOT_FOUND', DISPUTE_MESSAGES.disputeNotFound);
    return this.#withContext(row);
  }

  async #withContext(row: QueueDisputeRow): Promise<AdminDispute> {
    const [otherJobs, history, stats] = await Promise.all([
      this.#disputes.posterOtherJobs(row.poster_id, row.job_id, CONTEXT_ROWS),
      this.#disputes.companyHistory(row.company_id, row.id, CONTEXT_ROWS),
      this.#disputes.companyStats(row.company_id),
    ]);
    const disputeRate = stats.unlocks > 0 ? Math.min(1, stats.disputes / stats.unlocks) : 0;
    return {
      _id: row.id,
      reason: row.reason,
      note: row.note,
      status: row.status,
      openedAt: row.created_at.toISOString(),
      decidedAt: row.decided_at ? row.decided_at.toISOString() : null,
      rejectionReason: row.rejection_reason,
      paymentId: row.payment_id,
      reference: row.reference,
      amount: row.amount_kobo,
      paidAt: row.paid_at ? row.paid_at.toISOString() : null,
      paymentStatus: row.payment_status,
      job: {
        _id: row.job_id,
        title: row.job_title,
        category: row.job_category,
        status: row.job_status ?? 'unknown',
        hidden: row.job_hidden ?? false,
        deleted: row.job_deleted_at !== null,
      },
      posterId: row.poster_id,
      posterAnsweredAt: row.poster_answered_at ? row.poster_answered_at.toISOString() : null,
      posterOtherJobs: otherJobs.map(toDisputeJob),
      company: {
        _id: row.company_id,
        name: row.company_name,
        ...stats,
        disputeRate: Math.round(disputeRate * 1000) / 1000,
        highRate: stats.disputes >= DISPUTE_RATE_MIN_DISPUTES && disputeRate >= DISPUTE_RATE_HIGH,
        history: history.map((entry) => ({
          _id: entry.id,
          reason: entry.reason,
          status: entry.status,
          openedAt: entry.created_at.toISOString(),
          jobTitle: entry.job_title,
        })),
      },
      decidedBy: row.decided_by,
    };
  }
}

function toDisputeJob(job: JobReadRow) {
  return {
    _id: job.id,
    title: job.title,
    category: job.category,
    status: job.status,
    hidden: job.hidden,
    deleted: job.deleted_at !== null,
  };
}
