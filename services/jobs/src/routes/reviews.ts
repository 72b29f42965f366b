import {
  fieldError,
  HideReasonRule,
  JOB_MESSAGES,
  MESSAGES,
  pageQuery,
  pageWindow,
  RatingRule,
  ReplyTextRule,
  ReportedReviewsQuerySchema,
  ReportedReviewsResponseSchema,
  ReportNoteRule,
  REVIEW_MODERATION_MESSAGES,
  REVIEW_REPORT_REASONS,
  ReviewBodySchema,
  ReviewListResponseSchema,
  ReviewModerationBodySchema,
  ReviewModerationResponseSchema,
  ReviewPostedResponseSchema,
  ReviewReplyBodySchema,
  ReviewReplyResponseSchema,
  ReviewReportBodySchema,
  ReviewReportResponseSchema,
  MyReviewReportsResponseSchema,
  ReviewTextRule,
  trimmed,
  type ReportedReview,
  type Review,
  type ReviewReportReason,
} from '@marketplace/contracts';
import {
  AppError,
  badRequest,
  cachedJson,
  conflict,
  forbidden,
  isUuid,
  notFound,
  NotModifiedResponseSchema,
  sendCachedJson,
  type CachedJson,
  type FastifyPluginAsyncTypebox,
  type ReadCache,
} from '@marketplace/service-kit';
import { Type } from 'typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { reviewModerated, reviewPosted } from '../events';
import { SERVICE_MESSAGES } from '../messages';
import { REVIEW_LIMITS } from '../rate-limits';
import { JobsRepository } from '../repositories/jobs-repository';
import {
  ReviewsRepository,
  type ReportedReviewRow,
  type ReviewListRow,
  type ReviewReportRow,
} from '../repositories/reviews-repository';
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
    verifiedHire: row.verified_hire,
    reply:
      row.reply !== null && row.replied_at !== null
        ? { text: row.reply, repliedAt: row.replied_at.toISOString() }
        : null,
  };
}

/** A reported review with its reports, as the admins' queue shows it. */
function toReportedReview(row: ReportedReviewRow, reports: ReviewReportRow[]): ReportedReview {
  const listed = toReview(row);
  return {
    _id: row.id,
    review: row.review,
    rating: row.rating,
    dateOfReview: listed.dateOfReview,
    verifiedHire: row.verified_hire,
    reviewer: listed.userId,
    company: { _id: row.company_id, name: row.company_name ?? '' },
    job: { _id: row.job_id, title: row.job_heading ?? '' },
    reply: listed.reply ?? null,
    pending: row.first_pending_report !== null,
    hidden:
      row.hidden_at !== null ? { at: row.hidden_at.toISOString(), reason: row.hidden_reason ?? '' } : null,
    decidedAt: row.moderated_at?.toISOString() ?? null,
    reports: reports
      .filter((report) => report.review_id === row.id)
      .map((report) => ({
        reporter: {
          _id: report.reporter_id,
          name: report.reporter_name || MESSAGES.anonymousReviewer,
          type: report.reporter_type ?? 'user',
        },
        reason: report.reason as ReviewReportReason,
        note: report.note,
        reportedAt: report.created_at.toISOString(),
      })),
  };
}

const ReviewIdParams = Type.Object({ reviewId: Type.String({ maxLength: 100 }) });

/** The body as an object, or a 400 with `message` (a JSON array, string or null is not a body). */
function bodyObject(body: unknown, message: string): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badRequest(message);
  return body as Record<string, unknown>;
}

/**
 * Fastify's validator coerces types (`5` -> "5", `["a"]` -> "a"), so a wrong type could pass as text.
 * Before validation, a field that is there and not text is refused with the field's own message.
 */
function textFields(fields: Record<string, string>) {
  return async (request: FastifyRequest) => {
    const body = request.body;
    if (body === null || typeof body !== 'object' || Array.isArray(body) || Buffer.isBuffer(body)) return;
    for (const [field, message] of Object.entries(fields)) {
      const value = (body as Record<string, unknown>)[field];
      if (value !== undefined && typeof value !== 'string') throw badRequest(message, 'VALIDATION_FAILED');
    }
  };
}

/** A review id from the path: anything but a UUID names no review. */
function reviewIdOf(value: string): string {
  if (!isUuid(value)) throw notFound(REVIEW_MODERATION_MESSAGES.reviewNotFound);
  return value.toLowerCase();
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
> = async (app, { db, reviewCache, now }) => {
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
      // One spelling of the ids from here on (the event and the hire check compare them).
      const jobId = body.jobId.toLowerCase();
      const companyId = body.companyId.toLowerCase();
      const rating = body.rating as number;

      const review = await db.transaction().execute(async (trx) => {
        const job = existing(await jobs.find(jobId, trx));
        if (job.posted_by !== request.user.sub) throw forbidden(JOB_MESSAGES.reviewOnlyPoster);
        if (job.status !== 'completed')
          throw conflict(JOB_MESSAGES.reviewBeforeCompletion, 'JOB_NOT_COMPLETED');
        // A job with a hire is reviewed only about the hired company, and that review is verified (the
        // hire is the proof). A job completed without one: any company that paid to unlock it, as before.
        const verifiedHire = job.hired_company_id !== null;
        if (verifiedHire) {
          if (job.hired_company_id !== companyId) {
            throw new AppError(
              403,
              'NOT_THE_HIRED_COMPANY',
              REVIEW_MODERATION_MESSAGES.reviewOnlyHiredCompany,
            );
          }
        } else if (!(await unlocks.hasPaid(jobId, companyId, trx))) {
          throw new AppError(403, 'COMPANY_DID_NOT_UNLOCK', JOB_MESSAGES.reviewCompanyDidNotUnlock);
        }
        const row = await reviews.insert(trx, {
          jobId,
          companyId,
          userId: request.user.sub,
          rating,
          text: text as string,
          verifiedHire,
        });
        if (!row) throw conflict(JOB_MESSAGES.reviewAlreadyPosted, 'ALREADY_REVIEWED');
        await reviewPosted(
          trx,
          {
            reviewId: row.id,
            jobId,
            companyId,
            reviewerId: request.user.sub,
            rating,
            ...(verifiedHire ? { verifiedHire: true } : {}),
          },
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
          verified_hire: verifiedHire,
          reply: null,
          replied_at: null,
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
  // The reviewed company replies once, publicly (the list shows it under the review).
  app.post(
    '/api/jobs/reviews/:reviewId/reply',
    {
      onRequest: app.authenticate,
      preValidation: textFields({ text: REVIEW_MODERATION_MESSAGES.replyRequired }),
      attachValidation: true,
      schema: {
        params: ReviewIdParams,
        body: ReviewReplyBodySchema,
        response: { 201: ReviewReplyResponseSchema },
      },
    },
    async (request, reply) => {
      if (request.user.type !== 'company')
        throw forbidden(REVIEW_MODERATION_MESSAGES.replyOnlyReviewedCompany);
      const body = bodyObject(request.body, REVIEW_MODERATION_MESSAGES.replyRequired);
      const text = trimmed(body.text);
      const textError = fieldError(ReplyTextRule, text);
      if (textError) throw badRequest(textError, 'VALIDATION_FAILED');
      if (request.validationError) throw badRequest(request.validationError.message, 'VALIDATION_FAILED');
      const reviewId = reviewIdOf(request.params.reviewId);

      const saved = await db.transaction().execute(async (trx) => {
        const review = await reviews.findForRules(trx, reviewId);
        if (!review || review.hidden_at) throw notFound(REVIEW_MODERATION_MESSAGES.reviewNotFound);
        if (review.company_id !== request.user.sub)
          throw forbidden(REVIEW_MODERATION_MESSAGES.replyOnlyReviewedCompany);
        const replied = await reviews.reply(trx, reviewId, text as string, now());
        if (!replied?.reply || !replied.replied_at)
          throw conflict(REVIEW_MODERATION_MESSAGES.alreadyReplied, 'ALREADY_REPLIED');
        return { text: replied.reply, repliedAt: replied.replied_at.toISOString() };
      });
      return reply.status(201).send({
        statusCode: 201,
        message: REVIEW_MODERATION_MESSAGES.replyPosted,
        reviewId,
        reply: saved,
      });
    },
  );

  // A signed-in customer or company reports a review, once. Not its author (a poster edits nothing
  // here; reporting oneself says nothing) and not admins (they decide directly).
  app.post(
    '/api/jobs/reviews/:reviewId/report',
    {
      onRequest: app.authenticate,
      preValidation: textFields({
        reason: REVIEW_MODERATION_MESSAGES.reportReasonRequired,
        note: REVIEW_MODERATION_MESSAGES.reportNoteTooLong,
      }),
      attachValidation: true,
      schema: {
        params: ReviewIdParams,
        body: ReviewReportBodySchema,
        response: { 201: ReviewReportResponseSchema },
      },
    },
    async (request, reply) => {
      const { type, sub } = request.user;
      if (type !== 'user' && type !== 'company')
        throw forbidden(REVIEW_MODERATION_MESSAGES.reportOnlyMembers);
      const body = bodyObject(request.body, REVIEW_MODERATION_MESSAGES.reportReasonRequired);
      const reason = body.reason;
      if (typeof reason !== 'string' || !(REVIEW_REPORT_REASONS as readonly string[]).includes(reason))
        throw badRequest(REVIEW_MODERATION_MESSAGES.reportReasonRequired, 'VALIDATION_FAILED');
      const note = body.note === undefined || body.note === null ? '' : trimmed(body.note);
      const noteError = fieldError(ReportNoteRule, note);
      if (noteError) throw badRequest(noteError, 'VALIDATION_FAILED');
      if (request.validationError) throw badRequest(request.validationError.message, 'VALIDATION_FAILED');
      const reviewId = reviewIdOf(request.params.reviewId);

      await db.transaction().execute(async (trx) => {
        const review = await reviews.findForRules(trx, reviewId);
        if (!review || review.hidden_at) throw notFound(REVIEW_MODERATION_MESSAGES.reviewNotFound);
        if (review.user_id === sub) throw forbidden(REVIEW_MODERATION_MESSAGES.reportOwnReview);
        const added = await reviews.report(trx, {
          reviewId,
          reporterId: sub,
          reason,
          note: note as string,
          at: now(),
        });
        if (!added) throw conflict(REVIEW_MODERATION_MESSAGES.alreadyReported, 'ALREADY_REPORTED');
      });
      return reply.status(201).send({ statusCode: 201, message: REVIEW_MODERATION_MESSAGES.reported });
    },
  );

  // Which of a company's reviews the caller reported: the profile marks them "Reported" after a reload.
  app.get(
    '/api/jobs/reviews/reported-by-me/:companyId',
    {
      onRequest: app.authenticate,
      schema: {
        params: Type.Object({ companyId: Type.String({ format: 'uuid' }) }),
        response: { 200: MyReviewReportsResponseSchema },
      },
    },
    async (request) => {
      const { type, sub } = request.user;
      if (type !== 'user' && type !== 'company')
        throw forbidden(REVIEW_MODERATION_MESSAGES.reportOnlyMembers);
      return { reviewIds: await reviews.reportedBy(sub, request.params.companyId.toLowerCase()) };
    },
  );

  const adminOnly = async (request: FastifyRequest, reply: FastifyReply) => {
    await app.authenticate(request, reply);
    if (request.user.type !== 'admin') throw forbidden(SERVICE_MESSAGES.adminsOnly);
  };

  async function reportedPage(window: { limit: number; offset: number }, only?: string) {
    const rows = await reviews.reported(db, window, only);
    const shown = rows.slice(0, window.limit);
    const reports = await reviews.reportsOf(
      db,
      shown.map((row) => row.id),
    );
    return {
      reviews: shown.map((row) => toReportedReview(row, reports)),
      hasMore: rows.length > window.limit,
    };
  }

  // Admins: reported reviews with their reports, undecided first.
  app.get(
    '/api/jobs/reviews/reported',
    {
      // After validation: bad paging is a 400 whoever asks (as every paged list).
      preHandler: adminOnly,
      schema: { querystring: ReportedReviewsQuerySchema, response: { 200: ReportedReviewsResponseSchema } },
    },
    async (request) => {
      const window = pageWindow({ page: request.query.page ?? 1, limit: request.query.limit ?? 10 });
      const page = await reportedPage(window);
      return { statusCode: 200, ...page, page: window.page, limit: window.limit };
    },
  );

  // Admins: hide a review (a reason is required) or show it (again, or keep it shown). Only a change of
  // visibility is announced: accounts then takes its rating out of, or back into, the company's summary.
  app.post(
    '/api/jobs/reviews/:reviewId/moderation',
    {
      onRequest: adminOnly,
      preValidation: textFields({
        action: REVIEW_MODERATION_MESSAGES.decisionRequired,
        reason: REVIEW_MODERATION_MESSAGES.hideReasonRequired,
      }),
      attachValidation: true,
      schema: {
        params: ReviewIdParams,
        body: ReviewModerationBodySchema,
        response: { 200: ReviewModerationResponseSchema },
      },
    },
    async (request) => {
      const body = bodyObject(request.body, REVIEW_MODERATION_MESSAGES.decisionRequired);
      const action = body.action;
      if (action !== 'hide' && action !== 'show')
        throw badRequest(REVIEW_MODERATION_MESSAGES.decisionRequired, 'VALIDATION_FAILED');
      let reason: string | null = null;
      if (action === 'hide') {
        const given = trimmed(body.reason);
        const reasonError = fieldError(HideReasonRule, given);
        if (reasonError) throw badRequest(reasonError, 'VALIDATION_FAILED');
        reason = given as string;
      }
      if (request.validationError) throw badRequest(request.validationError.message, 'VALIDATION_FAILED');
      const reviewId = reviewIdOf(request.params.reviewId);

      const message = await db.transaction().execute(async (trx) => {
        const review = await reviews.findForRules(trx, reviewId, true);
        if (!review) throw notFound(REVIEW_MODERATION_MESSAGES.reviewNotFound);
        const at = now();
        const wasHidden = review.hidden_at !== null;
        if (action === 'hide' && wasHidden)
          throw conflict(REVIEW_MODERATION_MESSAGES.alreadyHidden, 'ALREADY_HIDDEN');
        await reviews.moderate(trx, reviewId, {
          hidden: action === 'hide' ? { at, reason: reason as string } : null,
          at,
        });
        if (action === 'hide' || wasHidden) {
          await reviewModerated(
            trx,
            {
              reviewId,
              jobId: review.job_id,
              companyId: review.company_id,
              rating: review.rating,
              hidden: action === 'hide',
              reason,
            },
            request.id,
          );
        }
        if (action === 'hide') return REVIEW_MODERATION_MESSAGES.hidden;
        return wasHidden ? REVIEW_MODERATION_MESSAGES.shown : REVIEW_MODERATION_MESSAGES.kept;
      });
      const {
        reviews: [decided],
      } = await reportedPage({ limit: 1, offset: 0 }, reviewId);
      return { statusCode: 200, message, review: decided as ReportedReview };
    },
  );
};
