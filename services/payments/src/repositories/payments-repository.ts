import type { DisputeReason, DisputeStatus } from '@marketplace/contracts';
import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { PaymentStatus, PaymentsDatabase, ProviderName, UnlockPaymentsTable } from '../db-types';

export type PaymentRow = Selectable<UnlockPaymentsTable>;
export type PaymentRowWithJob = PaymentRow & { job_title: string | null };
/** A payment in the company's own list: its job's heading and its dispute, if any. */
export type CompanyPaymentRow = PaymentRowWithJob & {
  dispute_id: string | null;
  dispute_reason: DisputeReason | null;
  dispute_note: string | null;
  dispute_status: DisputeStatus | null;
  dispute_created_at: Date | null;
  dispute_decided_at: Date | null;
  dispute_rejection_reason: string | null;
};
export type AdminPaymentRow = PaymentRowWithJob & { company_name: string | null };

export interface AdminPaymentFilters {
  status?: PaymentStatus;
  provider?: ProviderName;
  jobId?: string;
  companyId?: string;
  reference?: string;
  /** Inclusive days (YYYY-MM-DD, Lagos time). */
  from?: string;
  to?: string;
}

/** Every query on unlock payments. Pass a transaction as `db` to run inside it. */
export class PaymentsRepository {
  constructor(private readonly db: Kysely<PaymentsDatabase>) {}

  findByReference(reference: string): Promise<PaymentRow | undefined> {
    return this.db
      .selectFrom('unlock_payments')
      .selectAll()
      .where('reference', '=', reference)
      .executeTakeFirst();
  }

  findById(id: string): Promise<PaymentRow | undefined> {
    return this.db.selectFrom('unlock_payments').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The row, locked until the transaction ends (use inside one). */
  lockById(id: string): Promise<PaymentRow | undefined> {
    return this.db
      .selectFrom('unlock_payments')
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
  }

  /** A company's payments for one job, newest first. */
  forJobAndCompany(jobId: string, companyId: string): Promise<PaymentRow[]> {
    return this.db
      .selectFrom('unlock_payments')
      .selectAll()
      .where('job_id', '=', jobId)
      .where('company_id', '=', companyId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  async countPaid(jobId: string): Promise<number> {
    const row = await this.db
      .selectFrom('unlock_payments')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('job_id', '=', jobId)
      .where('status', '=', 'paid')
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  async hasOtherPaid(jobId: string, companyId: string, exceptId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('unlock_payments')
      .select('id')
      .where('job_id', '=', jobId)
      .where('company_id', '=', companyId)
      .where('status', '=', 'paid')
      .where('id', '!=', exceptId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Paid unlocks of a job, locked (a dead-lead refund turns them into refunds). */
  lockPaidForJob(jobId: string): Promise<PaymentRow[]> {
    return this.db
      .selectFrom('unlock_payments')
      .selectAll()
      .where('job_id', '=', jobId)
      .where('status', '=', 'paid')
      .orderBy('created_at')
      .forUpdate()
      .execute();
  }

  /** A company's paid unlock of a job, locked (at most one exists). */
  lockPaid(jobId: string, companyId: string): Promise<PaymentRow | undefined> {
    return this.db
      .selectFrom('unlock_payments')
      .selectAll()
      .where('job_id', '=', jobId)
      .where('company_id', '=', companyId)
      .where('status', '=', 'paid')
      .forUpdate()
      .executeTakeFirst();
  }

  /**
   * Paid unlocks whose poster had not answered by their no-reply deadline, which is at or before `before`.
   * A job already under way or done is not a dead lead (the poster may have phoned instead of writing).
   */
  noReplyDue(before: Date, limit: number): Promise<Array<{ id: string; job_id: string }>> {
    return this.db
      .selectFrom('unlock_payments as p')
      .leftJoin('jobs as j', 'j.id', 'p.job_id')
      .select(['p.id', 'p.job_id'])
      .where('p.status', '=', 'paid')
      .where('p.no_reply_due_at', 'is not', null)
      .where('p.no_reply_due_at', '<=', before)
      .where((eb) => eb.or([eb('j.status', 'is', null), eb('j.status', '=', 'open')]))
      .orderBy('p.no_reply_due_at')
      .limit(limit)
      .execute();
  }

  /** The job's heading from the jobs read model, when known. */
  async jobTitleOf(jobId: string): Promise<string | null> {
    const row = await this.db.selectFrom('jobs').select('title').where('id', '=', jobId).executeTakeFirst();
    return row?.title ?? null;
  }

  insert(values: Insertable<UnlockPaymentsTable>): Promise<PaymentRow> {
    return this.db.insertInto('unlock_payments').values(values).returningAll().executeTakeFirstOrThrow();
  }

  update(id: string, values: Updateable<UnlockPaymentsTable>): Promise<PaymentRow> {
    return this.db
      .updateTable('unlock_payments')
      .set({ ...values, updated_at: new Date() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** A company's payments with the job's heading and their disputes, newest first (the latest 100). */
  listForCompany(companyId: string): Promise<CompanyPaymentRow[]> {
    return this.db
      .selectFrom('unlock_payments as p')
      .leftJoin('jobs as j', 'j.id', 'p.job_id')
      .leftJoin('disputes as d', 'd.payment_id', 'p.id')
      .selectAll('p')
      .select([
        'j.title as job_title',
        'd.id as dispute_id',
        'd.reason as dispute_reason',
        'd.note as dispute_note',
        'd.status as dispute_status',
        'd.created_at as dispute_created_at',
        'd.decided_at as dispute_decided_at',
        'd.rejection_reason as dispute_rejection_reason',
      ])
      .where('p.company_id', '=', companyId)
      .orderBy('p.created_at', 'desc')
      .orderBy('p.id', 'desc')
      .limit(100)
      .execute();
  }

  /**
   * Admins' list: filtered, newest first, one row more than the page to tell whether more follow. The page
   * is cut from the payments alone (the order index, migration 0012), then joined to the job's heading and
   * the company's name: a deep page skips index entries, not joined rows (bench/admin-payments.ts).
   */
  listForAdmin(
    filters: AdminPaymentFilters,
    window: { limit: number; offset: number },
  ): Promise<AdminPaymentRow[]> {
    return this.db
      .selectFrom((eb) => {
        let page = eb.selectFrom('unlock_payments').selectAll();
        if (filters.status) page = page.where('status', '=', filters.status);
        if (filters.provider) page = page.where('provider', '=', filters.provider);
        if (filters.jobId) page = page.where('job_id', '=', filters.jobId);
        if (filters.companyId) page = page.where('company_id', '=', filters.companyId);
        if (filters.reference) page = page.where('reference', '=', filters.reference);
        if (filters.from) page = page.where('created_at', '>=', lagosDayStart(filters.from));
        if (filters.to) page = page.where('created_at', '<', lagosDayStart(filters.to, 1));
        return page
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(window.limit + 1)
          .offset(window.offset)
          .as('p');
      })
      .leftJoin('jobs as j', 'j.id', 'p.job_id')
      .leftJoin('members as m', 'm.id', 'p.company_id')
      .selectAll('p')
      .select(['j.title as job_title', 'm.name as company_name'])
      .orderBy('p.created_at', 'desc')
      .orderBy('p.id', 'desc')
      .execute();
  }

  /** Pending payments created before `before`, oldest first. */
  pendingCreatedBefore(before: Date, limit: number): Promise<PaymentRow[]> {
    return this.db
      .selectFrom('unlock_payments')
      .selectAll()
      .where('status', '=', 'pending')
      .where('created_at', '<=', before)
      .orderBy('created_at')
      .limit(limit)
      .execute();
  }

  /** Refunds the provider has not accepted yet whose next attempt is due. */
  refundsDue(now: Date, limit: number): Promise<Array<{ id: string }>> {
    return this.db
      .selectFrom('unlock_payments')
      .select('id')
      .where('refund_state', '=', 'pending')
      .where('refund_next_at', '<=', now)
      .orderBy('refund_next_at')
      .limit(limit)
      .execute();
  }

  /**
   * Takes one refund attempt (so two instances do not both ask the provider): moves its next attempt to
   * `nextAt` only if it is still due. Returns the row when this caller got it.
   */
  claimRefund(id: string, now: Date, nextAt: Date): Promise<PaymentRow | undefined> {
    return this.db
      .updateTable('unlock_payments')
      .set((eb) => ({
        refund_attempts: eb('refund_attempts', '+', 1),
        refund_next_at: nextAt,
        updated_at: now,
      }))
      .where('id', '=', id)
      .where('refund_state', '=', 'pending')
      .where('refund_next_at', '<=', now)
      .returningAll()
      .executeTakeFirst();
  }

  setRefundStateByReference(reference: string, state: 'processed' | 'failed', error: string | null) {
    return this.db
      .updateTable('unlock_payments')
      .set({ refund_state: state, refund_error: error, updated_at: new Date() })
      .where('reference', '=', reference)
      .where('status', '=', 'refunded')
      .execute();
  }
}

/** Midnight in Lagos (UTC+1, no daylight saving) of a YYYY-MM-DD day, plus `addDays`. */
function lagosDayStart(day: string, addDays = 0): Date {
  const start = new Date(`${day}T00:00:00+01:00`);
  return new Date(start.getTime() + addDays * 24 * 60 * 60 * 1000);
}
