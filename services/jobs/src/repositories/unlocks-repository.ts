import type { Kysely, Selectable } from 'kysely';
import type { JobsDatabase, UnlockStatusValue, UnlocksTable } from '../db-types';

export type UnlockRow = Selectable<UnlocksTable>;

export interface PaymentRef {
  jobId: string;
  companyId: string;
  paymentId: string;
  reference: string;
}

/** A company that has a paid unlock of a job, as the poster's Applicants list shows it. */
export interface ApplicantRow {
  company_id: string;
  name: string | null;
  reviewed: boolean;
}

/**
 * Companies' unlocks of jobs, as payments announces them, and the applications that follow. One row per
 * job and company: a company may pay again after a failure, so the row follows its latest payment, and
 * a paid unlock is only taken back by a refund of that same payment.
 */
export class UnlocksRepository {
  constructor(private readonly db: Kysely<JobsDatabase>) {}

  find(jobId: string, companyId: string, db: Kysely<JobsDatabase> = this.db): Promise<UnlockRow | undefined> {
    return db
      .selectFrom('unlocks')
      .selectAll()
      .where('job_id', '=', jobId)
      .where('company_id', '=', companyId)
      .executeTakeFirst();
  }

  /** A company's unlock status of every job it unlocked or is paying for (for the cards' buttons). */
  async statusesOf(companyId: string): Promise<Map<string, UnlockStatusValue>> {
    const rows = await this.db
      .selectFrom('unlocks')
      .select(['job_id', 'status'])
      .where('company_id', '=', companyId)
      .orderBy('updated_at', 'desc')
      .limit(10_000)
      .execute();
    return new Map(rows.map((row) => [row.job_id, row.status]));
  }

  async hasPaid(jobId: string, companyId: string, db: Kysely<JobsDatabase> = this.db): Promise<boolean> {
    return (await this.find(jobId, companyId, db))?.status === 'paid';
  }

  /** Whether any company's unlock of the job is paid. */
  async anyPaid(trx: Kysely<JobsDatabase>, jobId: string): Promise<boolean> {
    const row = await trx
      .selectFrom('unlocks')
      .select('job_id')
      .where('job_id', '=', jobId)
      .where('status', '=', 'paid')
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  async paidCompanies(trx: Kysely<JobsDatabase>, jobId: string): Promise<string[]> {
    const rows = await trx
      .selectFrom('unlocks')
      .select('company_id')
      .where('job_id', '=', jobId)
      .where('status', '=', 'paid')
      .orderBy('paid_at')
      .execute();
    return rows.map((row) => row.company_id);
  }

  /** Companies with a paid unlock of the job, first paid first, with their name and whether reviewed. */
  applicants(jobId: string): Promise<ApplicantRow[]> {
    return this.db
      .selectFrom('unlocks')
      .leftJoin('members', 'members.id', 'unlocks.company_id')
      .leftJoin('reviews', (join) =>
        join
          .onRef('reviews.job_id', '=', 'unlocks.job_id')
          .onRef('reviews.company_id', '=', 'unlocks.company_id'),
      )
      .select((eb) => [
        'unlocks.company_id',
        'members.name',
        eb('reviews.id', 'is not', null).$castTo<boolean>().as('reviewed'),
      ])
      .where('unlocks.job_id', '=', jobId)
      .where('unlocks.status', '=', 'paid')
      .orderBy('unlocks.paid_at')
      .orderBy('unlocks.company_id')
      .execute();
  }

  /** A payment started: pending, unless the company already has this job paid. */
  async initiated(trx: Kysely<JobsDatabase>, ref: PaymentRef): Promise<void> {
    const now = new Date();
    await trx
      .insertInto('unlocks')
      .values({
        job_id: ref.jobId,
        company_id: ref.companyId,
        status: 'pending',
        payment_id: ref.paymentId,
        reference: ref.reference,
        updated_at: now,
      })
      .onConflict((oc) =>
        oc
          .columns(['job_id', 'company_id'])
          .doUpdateSet({
            status: 'pending',
            payment_id: ref.paymentId,
            reference: ref.reference,
            updated_at: now,
          })
          .where('unlocks.status', '!=', 'paid'),
      )
      .execute();
  }

  /** A payment was verified. Returns true when the unlock became paid now (it was not paid before). */
  async paid(trx: Kysely<JobsDatabase>, ref: PaymentRef, paidAt: Date): Promise<boolean> {
    const before = await trx
      .selectFrom('unlocks')
      .select('status')
      .where('job_id', '=', ref.jobId)
      .where('company_id', '=', ref.companyId)
      .forUpdate()
      .executeTakeFirst();
    if (before?.status === 'paid') return false;
    const now = new Date();
    await trx
      .insertInto('unlocks')
      .values({
        job_id: ref.jobId,
        company_id: ref.companyId,
        status: 'paid',
        payment_id: ref.paymentId,
        reference: ref.reference,
        paid_at: paidAt,
        updated_at: now,
      })
      .onConflict((oc) =>
        oc.columns(['job_id', 'company_id']).doUpdateSet({
          status: 'paid',
          payment_id: ref.paymentId,
          reference: ref.reference,
          paid_at: paidAt,
          updated_at: now,
        }),
      )
      .execute();
    return true;
  }

  /** A payment failed: only a pending unlock of that same payment becomes failed. */
  async failed(trx: Kysely<JobsDatabase>, ref: PaymentRef): Promise<void> {
    await trx
      .updateTable('unlocks')
      .set({ status: 'failed', updated_at: new Date() })
      .where('job_id', '=', ref.jobId)
      .where('company_id', '=', ref.companyId)
      .where('payment_id', '=', ref.paymentId)
      .where('status', '=', 'pending')
      .execute();
  }

  /** The paid unlock of this payment was refunded: taken back. Returns true when it was paid. */
  async refunded(trx: Kysely<JobsDatabase>, ref: PaymentRef): Promise<boolean> {
    const rows = await trx
      .updateTable('unlocks')
      .set({ status: 'refunded', updated_at: new Date() })
      .where('job_id', '=', ref.jobId)
      .where('company_id', '=', ref.companyId)
      .where('payment_id', '=', ref.paymentId)
      .where('status', '=', 'paid')
      .returning('job_id')
      .execute();
    return rows.length > 0;
  }

  /** Records an application once. Returns true when it is new. */
  async addApplication(trx: Kysely<JobsDatabase>, jobId: string, companyId: string): Promise<boolean> {
    const rows = await trx
      .insertInto('applications')
      .values({ job_id: jobId, company_id: companyId })
      .onConflict((oc) => oc.columns(['job_id', 'company_id']).doNothing())
      .returning('job_id')
      .execute();
    return rows.length > 0;
  }
}
