import { sql, type Kysely } from 'kysely';
import type { JobsDatabase } from '../db-types';

export class JobsRepository {
  constructor(private readonly db: Kysely<JobsDatabase>) {}

  /** Newest first, with the poster's name from the members read model. */
  listAll(page: { limit: number; offset: number }) {
    return this.db
      .selectFrom('jobs')
      .leftJoin('members', 'members.id', 'jobs.posted_by')
      .select([
        'jobs.id',
        'jobs.title',
        'jobs.job_heading',
        'jobs.description',
        'jobs.category',
        'jobs.subcategory',
        'jobs.status',
        sql<string>`to_char(jobs.job_start_date, 'YYYY-MM-DD')`.as('job_start_date'),
        'jobs.created_at',
        'jobs.posted_by',
        'members.name as poster_name',
      ])
      .orderBy('jobs.created_at', 'desc')
      .orderBy('jobs.id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute();
  }

  async countPostedBy(memberId: string): Promise<number> {
    const row = await this.db
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('posted_by', '=', memberId)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }
}
