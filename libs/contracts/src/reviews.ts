import { Type, type Static } from 'typebox';
import { withMessages } from './fields';
import { ReviewReplySchema } from './jobs';
import { pageQuery } from './pagination';

// ---------------------------------------------------------------------------------------------------
// Verified reviews, replies, reports and moderation (issue 29, item 2). A review of the company the
// poster hired is a "verified hire". The reviewed company replies once, publicly. A signed-in customer
// or company (not the review's author; admins moderate instead) reports a review once, with a reason
// from a short list. Admins hide a reported review with a reason, or show it again; hidden reviews leave
// the company's list and its rating (accounts follows jobs.review.moderated). Owned by the jobs service.

export const REVIEW_MODERATION_LIMITS = /* @__PURE__ */ Object.freeze({
  /** Characters of a company's reply, after trimming. */
  replyMax: 1000,
  /** Characters of a reporter's optional note, after trimming. */
  reportNoteMax: 500,
  /** Characters of an admin's reason for hiding, after trimming. */
  hideReasonMax: 500,
});

export const REVIEW_REPORT_REASONS = [
  'false-or-misleading',
  'offensive',
  'personal-details',
  'not-about-this-company',
  'other',
] as const;
export type ReviewReportReason = (typeof REVIEW_REPORT_REASONS)[number];
export const ReviewReportReasonSchema = /* @__PURE__ */ Type.Union([
  Type.Literal('false-or-misleading'),
  Type.Literal('offensive'),
  Type.Literal('personal-details'),
  Type.Literal('not-about-this-company'),
  Type.Literal('other'),
]);

/** The reasons as reporters and admins read them. */
export const REVIEW_REPORT_REASON_LABELS: Readonly<Record<ReviewReportReason, string>> = Object.freeze({
  'false-or-misleading': 'False or misleading',
  offensive: 'Offensive or abusive',
  'personal-details': 'Shares personal details',
  'not-about-this-company': 'Not about this company',
  other: 'Something else',
});

export const REVIEW_MODERATION_MESSAGES = Object.freeze({
  verifiedHire: 'Verified hire',
  replyFrom: (company: string) => `Reply from ${company}`,
  replyPosted: 'Your reply is published under the review.',
  replyRequired: 'Please write your reply.',
  replyTooLong: `The reply is too long (at most ${REVIEW_MODERATION_LIMITS.replyMax} characters).`,
  replyOnlyReviewedCompany: 'Only the company that was reviewed can reply to this review.',
  alreadyReplied: 'This review already has a reply.',
  reviewNotFound: 'Review not found.',
  reported: 'Thank you. An administrator will look at this review.',
  reportReasonRequired: 'Please choose why you are reporting this review.',
  reportNoteTooLong: `The note is too long (at most ${REVIEW_MODERATION_LIMITS.reportNoteMax} characters).`,
  reportOnlyMembers: 'Only signed-in customers and companies can report a review.',
  reportOwnReview: 'You cannot report your own review.',
  alreadyReported: 'You have already reported this review.',
  hidden: 'The review is hidden. The company’s rating no longer counts it.',
  shown: 'The review is shown. The company’s rating counts it.',
  kept: 'The review stays shown. Its reports are marked as decided.',
  decisionRequired: 'Please choose to hide the review or to keep it shown.',
  hideReasonRequired: 'Please give a reason for hiding the review.',
  hideReasonTooLong: `The reason is too long (at most ${REVIEW_MODERATION_LIMITS.hideReasonMax} characters).`,
  alreadyHidden: 'This review is already hidden.',
  reviewOnlyHiredCompany: 'You hired a company for this job: you can review only that company.',
  noReportedReviews: 'No reported reviews. Well done, everyone.',
});

export const ReplyTextRule = /* @__PURE__ */ withMessages(
  Type.String({ minLength: 1, maxLength: REVIEW_MODERATION_LIMITS.replyMax }),
  {
    type: REVIEW_MODERATION_MESSAGES.replyRequired,
    minLength: REVIEW_MODERATION_MESSAGES.replyRequired,
    maxLength: REVIEW_MODERATION_MESSAGES.replyTooLong,
  },
);

export const ReportNoteRule = /* @__PURE__ */ withMessages(
  Type.String({ maxLength: REVIEW_MODERATION_LIMITS.reportNoteMax }),
  {
    type: REVIEW_MODERATION_MESSAGES.reportNoteTooLong,
    maxLength: REVIEW_MODERATION_MESSAGES.reportNoteTooLong,
  },
);

export const HideReasonRule = /* @__PURE__ */ withMessages(
  Type.String({ minLength: 1, maxLength: REVIEW_MODERATION_LIMITS.hideReasonMax }),
  {
    type: REVIEW_MODERATION_MESSAGES.hideReasonRequired,
    minLength: REVIEW_MODERATION_MESSAGES.hideReasonRequired,
    maxLength: REVIEW_MODERATION_MESSAGES.hideReasonTooLong,
  },
);

// A company's public reply under a review (ReviewReplySchema) lives in jobs.ts beside the Review: jobs.ts
// must not import this file, which imports fields.ts, which reads jobs.ts's types.

/** POST /api/jobs/reviews/:reviewId/reply (the reviewed company, once). */
export const ReviewReplyBodySchema = /* @__PURE__ */ Type.Object(
  { text: Type.String({ maxLength: REVIEW_MODERATION_LIMITS.replyMax * 2 }) },
  { additionalProperties: false },
);
export type ReviewReplyBody = Static<typeof ReviewReplyBodySchema>;

export const ReviewReplyResponseSchema = /* @__PURE__ */ Type.Object({
  statusCode: Type.Integer(),
  message: Type.String(),
  reviewId: Type.String(),
  reply: ReviewReplySchema,
});
export type ReviewReplyResponse = Static<typeof ReviewReplyResponseSchema>;

/** POST /api/jobs/reviews/:reviewId/report (a signed-in customer or company, once). */
export const ReviewReportBodySchema = /* @__PURE__ */ Type.Object(
  {
    reason: ReviewReportReasonSchema,
    note: Type.Optional(Type.String({ maxLength: REVIEW_MODERATION_LIMITS.reportNoteMax * 2 })),
  },
  { additionalProperties: false },
);
export type ReviewReportBody = Static<typeof ReviewReportBodySchema>;

export const ReviewReportResponseSchema = /* @__PURE__ */ Type.Object({
  statusCode: Type.Integer(),
  message: Type.String(),
});

/**
 * GET /api/jobs/reviews/reported-by-me/:companyId: which of a company's reviews the caller has reported,
 * so the profile shows "Reported" after a reload instead of offering a second report.
 */
export const MyReviewReportsResponseSchema = /* @__PURE__ */ Type.Object({
  reviewIds: Type.Array(Type.String({ format: 'uuid' })),
});
export type MyReviewReportsResponse = Static<typeof MyReviewReportsResponseSchema>;

/** POST /api/jobs/reviews/:reviewId/moderation (admins): hide with a reason, or show (keep shown). */
export const ReviewModerationBodySchema = /* @__PURE__ */ Type.Object(
  {
    action: Type.Union([Type.Literal('hide'), Type.Literal('show')]),
    reason: Type.Optional(Type.String({ maxLength: REVIEW_MODERATION_LIMITS.hideReasonMax * 2 })),
  },
  { additionalProperties: false },
);
export type ReviewModerationBody = Static<typeof ReviewModerationBodySchema>;

/** One report as admins read it. */
export const ReviewReportSchema = /* @__PURE__ */ Type.Object({
  reporter: Type.Object({
    _id: Type.String(),
    name: Type.String(),
    type: Type.String(),
  }),
  reason: ReviewReportReasonSchema,
  note: Type.String(),
  reportedAt: Type.String(),
});
export type ReviewReport = Static<typeof ReviewReportSchema>;

/** A reported review in the admins' queue. */
export const ReportedReviewSchema = /* @__PURE__ */ Type.Object({
  _id: Type.String(),
  review: Type.String(),
  rating: Type.Integer(),
  dateOfReview: Type.String(),
  verifiedHire: Type.Boolean(),
  reviewer: Type.Object({ _id: Type.String(), name: Type.String() }),
  company: Type.Object({ _id: Type.String(), name: Type.String() }),
  job: Type.Object({ _id: Type.String(), title: Type.String() }),
  reply: Type.Union([ReviewReplySchema, Type.Null()]),
  /** Reports arrived since the last decision (or there was none). */
  pending: Type.Boolean(),
  hidden: Type.Union([Type.Object({ at: Type.String(), reason: Type.String() }), Type.Null()]),
  /** The last admin decision on the review (hide, show or keep), if any. */
  decidedAt: Type.Union([Type.String(), Type.Null()]),
  reports: Type.Array(ReviewReportSchema),
});
export type ReportedReview = Static<typeof ReportedReviewSchema>;

/** GET /api/jobs/reviews/reported (admins): undecided first (oldest report first), then decided ones. */
export const ReportedReviewsQuerySchema = /* @__PURE__ */ Type.Object(
  pageQuery({ defaultLimit: 10, maxLimit: 50 }),
);
export type ReportedReviewsQuery = Static<typeof ReportedReviewsQuerySchema>;

export const ReportedReviewsResponseSchema = /* @__PURE__ */ Type.Object({
  statusCode: Type.Integer(),
  reviews: Type.Array(ReportedReviewSchema),
  page: Type.Integer(),
  limit: Type.Integer(),
  hasMore: Type.Boolean(),
});
export type ReportedReviewsResponse = Static<typeof ReportedReviewsResponseSchema>;

export const ReviewModerationResponseSchema = /* @__PURE__ */ Type.Object({
  statusCode: Type.Integer(),
  message: Type.String(),
  review: ReportedReviewSchema,
});
export type ReviewModerationResponse = Static<typeof ReviewModerationResponseSchema>;
