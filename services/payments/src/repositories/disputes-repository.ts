import type { DisputeStatus } from '@marketplace/contracts';
import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { DisputesTable, JobsTable, PaymentsDatabase } from '../db-types';

export type DisputeRow = Selectable<DisputesTable>;
export type JobReadRow = Selectable<JobsTable>;

/** A dispute with its payment and the names the queue shows. */
export interface QueueDisputeRow extends DisputeRow {
  reference: string;
  amount_kobo: number;
  paid_at: Date | null;
  payment_status: string;
  poster_answered_at: Date | null;
  job_title: string | null;
  job_category: string | null;
  job_status: string | null;
  job_hidden: boolean | null;
  job_deleted_at: Date | null;
  company_name: string | null;
}

export interface CompanyDisputeStats {
  unlocks: number;
  disputes: number;
  refunded: number;
  rejected: number;
}

/** Every query on disputes. Pass a transaction as `db` to run inside it. */
export class DisputesRepository {
  constructor(private readonly db: Kysely<PaymentsDatabase>) {}

  findById(id: string): Promise<DisputeRow | undefined> {
    return this.db.selectFrom('disputes').selectAll().where('id', '=', id).executeTakeFirst();
  }

  lockById(id: string): Promise<DisputeRow | undefined> {
    return this.db.selectFrom('disputes').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  }

  findByPayment(paymentId: string): Promise<DisputeRow | undefined> {
    return this.db.selectFrom('disputes').selectAll().where('payment_id', '=', paymentId).executeTakeFirst();
  }

  /** Inserts the dispute; undefined when the unlock already has one (the unique index decides). */
  insert(values: Insertable<DisputesTable>): Promise<DisputeRow | undefined> {
    return this.db
      .insertInto('disputes')
      .values(values)
      .onConflict((oc) => oc.column('payment_id').doNothing())
      .returningAll()
      .executeTakeFirst();
  }

  update(id: string, values: Updateable<DisputesTable>): Promise<DisputeRow> {
    return this.db
      .updateTable('disputes')
      .set(values)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /**
   * The admins' queue: open disputes oldest first (first come, first decided), decided ones newest
   * first; one row more than the page to tell whether more follow.
   */
  queue(
    filters: { status?: DisputeStatus; disputeId?: string },
    window: { limit: number; offset: number },
  ): Promise<QueueDisputeRow[]> {
    let query = this.db
      .selectFrom('disputes as d')
      .innerJoin('unlock_payments as p', 'p.id', 'd.payment_id')
      .leftJoin('jobs as j', 'j.id', 'd.job_id')
      .leftJoin('members as m', 'm.id', 'd.company_id')
      .selectAll('d')
      .select([
        'p.reference',
        'p.amount_kobo',
        'p.paid_at',
        'p.status as payment_status',
        'p.poster_answered_at',
        'j.title as job_title',
        'j.category as job_category',
        'j.status as job_status',
        'j.hidden as job_hidden',
        'j.deleted_at as job_deleted_at',
        'm.name as company_name',
      ]);
    if (filters.status) query = query.where('d.status', '=', filters.status);
    if (filters.disputeId) query = query.where('d.id', '=', filters.disputeId);
    const direction = filters.status === 'open' ? 'asc' : 'desc';
    return query
      .orderBy('d.created_at', direction)
      .orderBy('d.id', direction)
      .limit(window.limit + 1)
      .offset(window.offset)
      .execute();
  }

  /** The poster's other jobs, newest first. */
  posterOtherJobs(posterId: string, exceptJobId: string, limit: number): Promise<JobReadRow[]> {
    return this.db
      .selectFrom('jobs')
      .selectAll()
      .where('posted_by', '=', posterId)
      .where('id', '!=', exceptJobId)
      .orderBy('updated_at', 'desc')
      .limit(limit)
      .execute();
  }

  /** The company's other disputes with the job's heading, newest first. */
  companyHistory(
    companyId: string,
    exceptId: string,
    limit: number,
  ): Promise<
    Array<Pick<DisputeRow, 'id' | 'reason' | 'status' | 'created_at'> & { job_title: string | null }>
  > {
    return this.db
      .selectFrom('disputes as d')
      .leftJoin('jobs as j', 'j.id', 'd.job_id')
      .select(['d.id', 'd.reason', 'd.status', 'd.created_at', 'j.title as job_title'])
      .where('d.company_id', '=', companyId)
      .where('d.id', '!=', exceptId)
      .orderBy('d.created_at', 'desc')
      .limit(limit)
      .execute();
  }

  /** How many unlocks the company was given and how its disputes ended. */
  async companyStats(companyId: string): Promise<CompanyDisputeStats> {
    const unlocks = await this.db
      .selectFrom('unlock_payments')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('company_id', '=', companyId)
      .where('paid_at', 'is not', null)
      .executeTakeFirstOrThrow();
    const byStatus = await this.db
      .selectFrom('disputes')
      .select(['status', (eb) => eb.fn.countAll<string>().as('count')])
      .where('company_id', '=', companyId)
      .groupBy('status')
      .execute();
    const count = (status: DisputeStatus) =>
      Number(byStatus.find((row) => row.status === status)?.count ?? 0);
    return {
      unlocks: Number(unlocks.count),
      disputes: count('open') + count('refunded') + count('rejected'),
      refunded: count('refunded'),
      rejected: count('rejected'),
    };
  }
}
