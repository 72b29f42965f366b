import type { Kysely, Selectable } from 'kysely';
import type { JobsTable, PaymentsDatabase } from '../db-types';

export type JobRow = Selectable<JobsTable>;

/** The jobs read model (kept from jobs.job.* events). Pass a transaction as `db` to run inside it. */
export class JobsReadModel {
  constructor(private readonly db: Kysely<PaymentsDatabase>) {}

  find(id: string): Promise<JobRow | undefined> {
    return this.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The row, locked until the transaction ends: confirmations for one job take turns. */
  lock(id: string): Promise<JobRow | undefined> {
    return this.db.selectFrom('jobs').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  }

  async posted(job: { id: string; postedBy: string; title: string | null; category: string | null }) {
    await this.db
      .insertInto('jobs')
      .values({
        id: job.id,
        posted_by: job.postedBy,
        title: job.title,
        category: job.category,
        status: 'open',
      })
      .onConflict((oc) =>
        oc.column('id').doUpdateSet({
          posted_by: job.postedBy,
          ...(job.title !== null ? { title: job.title } : {}),
          ...(job.category !== null ? { category: job.category } : {}),
          updated_at: new Date(),
        }),
      )
      .execute();
  }

  async update(id: string, values: Partial<Pick<JobRow, 'title' | 'status' | 'hidden' | 'deleted_at'>>) {
    await this.db
      .updateTable('jobs')
      .set({ ...values, updated_at: new Date() })
      .where('id', '=', id)
      .execute();
  }
}
