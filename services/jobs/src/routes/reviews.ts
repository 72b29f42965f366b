import {
  fieldError,
  JOB_MESSAGES,
  MESSAGES,
  pageQuery,
  pageWindow,
  RatingRule,
  ReviewBodySchema,
  ReviewListResponseSchema,
  ReviewPostedResponseSchema,
  ReviewTextRule,
  trimmed,
  type Review,
} from '@marketplace/contracts';
import {
  AppError,
  badRequest,
  cachedJson,
  conflict,
  forbidden,
  isUuid,
  NotModifiedResponseSchema,
  sendCachedJson,
  type CachedJson,
  type FastifyPluginAsyncTypebox,
  type ReadCache,
} from '@marketplace/service-kit';
import { Type } from 'typebox';
import { reviewPosted } from '../events';
import { REVIEW_LIMITS } from '../rate-limits';
import { JobsRepository } from '../repositories/jobs-repository';
import { ReviewsRepository, type ReviewListRow } from '../repositories/reviews-repository';
import { UnlocksRepository } from '../repositories/unlocks-repository';
import { existing, type JobsRouteOptions } from './route-context';

export const REVIEW_MESSAGES = Object.freeze({
  invalidIds: 'Please choose a job and a company.',
});

/** A review as a company profile lists it (spec section 3, "Review"). */
function toReview(row: ReviewListRow): Review {
  return {
    _id: row.id,
    review: row.review,
    rating: row.rating,
    userId: {
      _id: row.user_id,
      name: row.reviewer_name || MESSAGES.anonymousReviewer,
      avatar: row.reviewer_photo,
    },
    jobId: { _id: row.job_id, title: row.job_heading ?? '' },
    dateOfReview: row.created_at.toISOString(),
  };
}

const ReviewPageQuery = Type.Object(pageQuery({ defaultLimit: 50, maxLimit: 100 }));

/**
 * `no-cache`, not `max-age`: a poster who just reviewed, and the company, must see the review on the next
 * read. Every read still asks; an unchanged list costs a 304 from memory. The same list for everyone.
 */
export const REVIEWS_CACHE_CONTROL = 'public, no-cache';

/**
 * Reviews: a poster reviews a company that unlocked one of its jobs, once the job is completed, once
 * per job and company (rating 1-5, text required and limited); a company's reviews are public, with
 * the rating summary. accounts keeps each company's rating from jobs.review.posted.
 */
export const reviewRoutes: FastifyPluginAsyncTypebox<
  JobsRouteOptions & {
    /** A company's review pages as sent, by company and page; cleared by the service on its writes. */
    reviewCache: ReadCache<CachedJson>;
  }
> = async (app, { db, reviewCache }) => {
  const jobs = new JobsRepository(db);
  const unlocks = new UnlocksRepository(db);
  const reviews = new ReviewsRepository(db);

  app.post(
    '/api/jobs/postreviews',
    {
      onRequest: app.authenticate,
      config: { rateLimits: REVIEW_LIMITS },
      // The schema documents the body; the field rules give the messages the review form shows.
      attachValidation: true,
      schema: { body: ReviewBodySchema, response: { 201: ReviewPostedResponseSchema } },
    },
    async (request, reply) => {
      if (request.user.type !== 'user') throw forbidden(JOB_MESSAGES.reviewOnlyPoster);
      const body = (request.body ?? {}) as Record<string, unknown>;
      if (typeof body !== 'object' || Array.isArray(body)) throw badRequest(REVIEW_MESSAGES.invalidIds);
      const ratingError = fieldError(RatingRule, body.rating);
      if (ratingError) throw badRequest(ratingError, 'VALIDATION_FAILED');
      const text = trimmed(body.review);
      const textError = fieldError(ReviewTextRule, text);
      if (textError) throw badRequest(textError, 'VALIDATION_FAILED');
      if (!isUuid(body.jobId) || !isUuid(body.companyId)) throw badRequest(REVIEW_MESSAGES.invalidIds);
      if (request.validationError) throw badRequest(request.validationError.message, 'VALIDATION_FAILED');
      const { jobId, companyId } = body;
      const rating = body.rating as number;

      const review = await db.transaction().execute(async (trx) => {
        const job = existing(await jobs.find(jobId, trx));
        if (job.posted_by !== request.user.sub) throw forbidden(JOB_MESSAGES.reviewOnlyPoster);
        if (job.status !== 'completed')
          throw conflict(JOB_MESSAGES.reviewBeforeCompletion, 'JOB_NOT_COMPLETED');
        if (!(await unlocks.hasPaid(jobId, companyId, trx))) {
          throw new AppError(403, 'COMPANY_DID_NOT_UNLOCK', JOB_MESSAGES.reviewCompanyDidNotUnlock);
        }
        const row = await reviews.insert(trx, {
          jobId,
          companyId,
          userId: request.user.sub,
          rating,
          text: text as string,
        });
        if (!row) throw conflict(JOB_MESSAGES.reviewAlreadyPosted, 'ALREADY_REVIEWED');
        await reviewPosted(
          trx,
          { reviewId: row.id, jobId, companyId, reviewerId: request.user.sub, rating },
          request.id,
        );
        const reviewer = await trx
          .selectFrom('members')
          .select(['name', 'photo_url'])
          .where('id', '=', request.user.sub)
          .executeTakeFirst();
        return toReview({
          id: row.id,
          review: text as string,
          rating,
          user_id: request.user.sub,
          reviewer_name: reviewer?.name ?? request.user.name ?? null,
          reviewer_photo: reviewer?.photo_url ?? null,
          job_id: jobId,
          job_heading: job.job_heading,
          created_at: row.created_at,
        });
      });
      return reply.status(201).send({
        statusCode: 201,
        resultMessage: { en: JOB_MESSAGES.reviewPosted },
        review,
      });
    },
  );

  app.get(
    '/api/jobs/getreviews/:companyId',
    {
      schema: {
        params: Type.Object({ companyId: Type.String({ format: 'uuid' }) }),
        querystring: ReviewPageQuery,
        response: { 200: ReviewListResponseSchema, 304: NotModifiedResponseSchema },
      },
    },
    async (request, reply) => {
      const { companyId } = request.params;
      const window = pageWindow({ page: request.query.page ?? 1, limit: request.query.limit ?? 50 });
      // The key from the normalized query only (ids compare in any case, defaults applied).
      const key = `${companyId.toLowerCase()}|${window.page}|${window.limit}`;
      const answer = await reviewCache.through(key, async () => {
        const [rows, summary] = await Promise.all([
          reviews.listForCompany(companyId, window),
          reviews.summary(companyId),
        ]);
        // Serialized by the route's response schema, once per cached page.
        return cachedJson(
          String(
            reply.serialize({
              statusCode: 200,
              reviews: rows.map(toReview),
              rating: {
                average: summary.count > 0 ? Math.round((summary.sum / summary.count) * 10) / 10 : 0,
                count: summary.count,
              },
            }),
          ),
        );
      });
      return sendCachedJson(request, reply, answer, REVIEWS_CACHE_CONTROL);
    },
  );
};
