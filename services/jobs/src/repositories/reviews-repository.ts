import type { Kysely } from 'kysely';
import type { JobsDatabase } from '../db-types';

export interface ReviewListRow {
  id: string;
  review: string;
  rating: number;
  user_id: string;
  reviewer_name: string | null;
  reviewer_photo: string | null;
  job_id: string;
  job_heading: string | null;
  created_at: Date;
}

export class ReviewsRepository {
  constructor(private readonly db: Kysely<JobsDatabase>) {}

  /** Inserts the review unless this job already has one for this company; returns its id, or undefined. */
  async insert(
    trx: Kysely<JobsDatabase>,
    review: { jobId: string; companyId: string; userId: string; rating: number; text: string },
  ): Promise<{ id: string; created_at: Date } | undefined> {
    return trx
      .insertInto('reviews')
      .values({
        job_id: review.jobId,
        company_id: review.companyId,
        user_id: review.userId,
        rating: review.rating,
        review: review.text,
      })
      .onConflict((oc) => oc.columns(['job_id', 'company_id']).doNothing())
      .returning(['id', 'created_at'])
      .executeTakeFirst();
  }

  async exists(trx: Kysely<JobsDatabase>, jobId: string, companyId: string): Promise<boolean> {
    const row = await trx
      .selectFrom('reviews')
      .select('id')
      .where('job_id', '=', jobId)
      .where('company_id', '=', companyId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** A company's reviews, newest first, with the reviewer's name and photo and the job's heading. */
  listForCompany(companyId: string, page: { limit: number; offset: number }): Promise<ReviewListRow[]> {
    return this.db
      .selectFrom('reviews')
      .leftJoin('members', 'members.id', 'reviews.user_id')
      .leftJoin('jobs', 'jobs.id', 'reviews.job_id')
      .select([
        'reviews.id',
        'reviews.review',
        'reviews.rating',
        'reviews.user_id',
        'members.name as reviewer_name',
        'members.photo_url as reviewer_photo',
        'reviews.job_id',
        'jobs.job_heading',
        'reviews.created_at',
      ])
      .where('reviews.company_id', '=', companyId)
      .orderBy('reviews.created_at', 'desc')
      .orderBy('reviews.id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute();
  }

  async summary(companyId: string): Promise<{ sum: number; count: number }> {
    const row = await this.db
      .selectFrom('reviews')
      .select((eb) => [
        eb.fn.coalesce(eb.fn.sum<string>('rating'), eb.lit(0)).as('sum'),
        eb.fn.countAll<string>().as('count'),
      ])
      .where('company_id', '=', companyId)
      .executeTakeFirstOrThrow();
    return { sum: Number(row.sum), count: Number(row.count) };
  }
}
