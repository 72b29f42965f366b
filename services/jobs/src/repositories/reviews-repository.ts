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
  verified_hire: boolean;
  reply: string | null;
  replied_at: Date | null;
}

/** A review as the reply, report and moderation rules read it. */
export interface ReviewRuleRow {
  id: string;
  job_id: string;
  company_id: string;
  user_id: string;
  rating: number;
  reply: string | null;
  hidden_at: Date | null;
}

export interface ReportedReviewRow extends ReviewListRow {
  company_id: string;
  company_name: string | null;
  hidden_at: Date | null;
  hidden_reason: string | null;
  moderated_at: Date | null;
  first_pending_report: Date | null;
}

export interface ReviewReportRow {
  review_id: string;
  reporter_id: string;
  reporter_name: string | null;
  reporter_type: string | null;
  reason: string;
  note: string;
  created_at: Date;
}

export class ReviewsRepository {
  constructor(private readonly db: Kysely<JobsDatabase>) {}

  /** Inserts the review unless this job already has one for this company; returns its id, or undefined. */
  async insert(
    trx: Kysely<JobsDatabase>,
    review: {
      jobId: string;
      companyId: string;
      userId: string;
      rating: number;
      text: string;
      verifiedHire: boolean;
    },
  ): Promise<{ id: string; created_at: Date } | undefined> {
    return trx
      .insertInto('reviews')
      .values({
        job_id: review.jobId,
        company_id: review.companyId,
        user_id: review.userId,
        rating: review.rating,
        review: review.text,
        verified_hire: review.verifiedHire,
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
        'reviews.verified_hire',
        'reviews.reply',
        'reviews.replied_at',
      ])
      .where('reviews.company_id', '=', companyId)
      .where('reviews.hidden_at', 'is', null)
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
      .where('hidden_at', 'is', null)
      .executeTakeFirstOrThrow();
    return { sum: Number(row.sum), count: Number(row.count) };
  }

  /** A review for a rule check; `lock` holds it until the transaction ends (one decision at a time). */
  findForRules(
    trx: Kysely<JobsDatabase>,
    reviewId: string,
    lock = false,
  ): Promise<ReviewRuleRow | undefined> {
    const query = trx
      .selectFrom('reviews')
      .select(['id', 'job_id', 'company_id', 'user_id', 'rating', 'reply', 'hidden_at'])
      .where('id', '=', reviewId);
    return (lock ? query.forUpdate() : query).executeTakeFirst();
  }

  /** The company's one reply: set only while there is none; undefined when it was already set. */
  reply(
    trx: Kysely<JobsDatabase>,
    reviewId: string,
    text: string,
    at: Date,
  ): Promise<{ reply: string | null; replied_at: Date | null } | undefined> {
    return trx
      .updateTable('reviews')
      .set({ reply: text, replied_at: at })
      .where('id', '=', reviewId)
      .where('reply', 'is', null)
      .returning(['reply', 'replied_at'])
      .executeTakeFirst();
  }

  /** A report, once per review and reporter: false when this reporter had reported it already. */
  async report(
    trx: Kysely<JobsDatabase>,
    report: { reviewId: string; reporterId: string; reason: string; note: string; at: Date },
  ): Promise<boolean> {
    const row = await trx
      .insertInto('review_reports')
      .values({
        review_id: report.reviewId,
        reporter_id: report.reporterId,
        reason: report.reason,
        note: report.note,
        created_at: report.at,
      })
      .onConflict((oc) => oc.columns(['review_id', 'reporter_id']).doNothing())
      .returning('review_id')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The reviews of one company that this reporter has reported. */
  async reportedBy(reporterId: string, companyId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('review_reports')
      .innerJoin('reviews', 'reviews.id', 'review_reports.review_id')
      .select('review_reports.review_id')
      .where('review_reports.reporter_id', '=', reporterId)
      .where('reviews.company_id', '=', companyId)
      .orderBy('review_reports.created_at')
      .execute();
    return rows.map((row) => row.review_id);
  }

  /** An admin's decision: hidden (with its reason) or shown; `moderated_at` marks the reports as decided. */
  async moderate(
    trx: Kysely<JobsDatabase>,
    reviewId: string,
    decision: { hidden: { at: Date; reason: string } | null; at: Date },
  ): Promise<void> {
    await trx
      .updateTable('reviews')
      .set({
        hidden_at: decision.hidden?.at ?? null,
        hidden_reason: decision.hidden?.reason ?? null,
        moderated_at: decision.at,
      })
      .where('id', '=', reviewId)
      .execute();
  }

  /**
   * Reviews someone reported (or the one review `only`, reported or not): undecided ones first (reported since the last decision, oldest report
   * first), then decided ones (latest decision first). One more than the page, to tell if more follow.
   */
  reported(
    db: Kysely<JobsDatabase>,
    page: { limit: number; offset: number },
    only?: string,
  ): Promise<ReportedReviewRow[]> {
    let query = db
      .selectFrom('reviews')
      .leftJoin('members as reviewer', 'reviewer.id', 'reviews.user_id')
      .leftJoin('members as company', 'company.id', 'reviews.company_id')
      .leftJoin('jobs', 'jobs.id', 'reviews.job_id')
      .select((eb) => [
        'reviews.id',
        'reviews.review',
        'reviews.rating',
        'reviews.user_id',
        'reviewer.name as reviewer_name',
        'reviewer.photo_url as reviewer_photo',
        'reviews.job_id',
        'jobs.job_heading',
        'reviews.created_at',
        'reviews.verified_hire',
        'reviews.reply',
        'reviews.replied_at',
        'reviews.company_id',
        'company.name as company_name',
        'reviews.hidden_at',
        'reviews.hidden_reason',
        'reviews.moderated_at',
        eb
          .selectFrom('review_reports')
          .select((sub) => sub.fn.min('review_reports.created_at').as('first'))
          .whereRef('review_reports.review_id', '=', 'reviews.id')
          .where((w) =>
            w.or([
              w('reviews.moderated_at', 'is', null),
              w('review_reports.created_at', '>', w.ref('reviews.moderated_at')),
            ]),
          )
          .$castTo<Date | null>()
          .as('first_pending_report'),
      ]);
    query = only
      ? query.where('reviews.id', '=', only)
      : query.where((eb) =>
          eb.exists(
            eb.selectFrom('review_reports').select('review_id').whereRef('review_id', '=', 'reviews.id'),
          ),
        );
    return query
      .orderBy('first_pending_report', (ob) => ob.asc().nullsLast())
      .orderBy('reviews.moderated_at', (ob) => ob.desc().nullsLast())
      .orderBy('reviews.id')
      .limit(page.limit + 1)
      .offset(page.offset)
      .execute();
  }

  /** The reports of these reviews, oldest first, with each reporter's name and account type. */
  reportsOf(db: Kysely<JobsDatabase>, reviewIds: string[]): Promise<ReviewReportRow[]> {
    if (reviewIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('review_reports')
      .leftJoin('members', 'members.id', 'review_reports.reporter_id')
      .select([
        'review_reports.review_id',
        'review_reports.reporter_id',
        'members.name as reporter_name',
        'members.type as reporter_type',
        'review_reports.reason',
        'review_reports.note',
        'review_reports.created_at',
      ])
      .where('review_reports.review_id', 'in', reviewIds)
      .orderBy('review_reports.created_at')
      .orderBy('review_reports.reporter_id')
      .execute();
  }
}
