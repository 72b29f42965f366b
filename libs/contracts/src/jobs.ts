// The jobs service's public shapes (spec section 3 "Job", "Applicant", "Review"; section 7 `jobs/...`).
// The poster's contact details (email, phone number, address) appear in a job only for the poster, an
// admin and a company whose unlock of that job is paid: lists never carry them.
import { Type, type Static } from 'typebox';
import { AccountTypeSchema, RatingSummarySchema, ResultMessageSchema } from './accounts';
import { BinaryFileSchema } from './files';
import { pageQuery } from './pagination';
import { JOB_IMAGE_LIMIT, JOB_LIMITS } from './job-rules';

export const JobStatusSchema = Type.Union([
  Type.Literal('open'),
  Type.Literal('in-progress'),
  Type.Literal('completed'),
]);
export type JobStatus = Static<typeof JobStatusSchema>;

/** A company's own unlock of a job, as the card's button needs it (spec: paymentInfo.status). */
export const UnlockStatusSchema = Type.Union([
  Type.Literal('pending'),
  Type.Literal('paid'),
  Type.Literal('failed'),
]);
export type UnlockStatus = Static<typeof UnlockStatusSchema>;

const PostedBySchema = Type.Object({ _id: Type.String(), name: Type.String() });

/** Set when an admin hid the job for breaking the rules; shown to its poster and admins only. */
export const JobHiddenSchema = Type.Object({ reason: Type.String(), at: Type.String() });

/** A job as lists and cards return it: never the poster's email, phone number or address. */
export const JobSummarySchema = Type.Object({
  _id: Type.String(),
  title: Type.String(),
  jobHeading: Type.String(),
  description: Type.String(),
  category: Type.String(),
  subcategory: Type.Array(Type.String()),
  state: Type.Union([Type.String(), Type.Null()]),
  pincode: Type.Union([Type.String(), Type.Null()]),
  jobStartDate: Type.String({ description: 'YYYY-MM-DD' }),
  status: JobStatusSchema,
  images: Type.Array(Type.Object({ url: Type.String() })),
  postedBy: PostedBySchema,
  createdAt: Type.String(),
  /** How many companies have paid to unlock this job. */
  unlockCount: Type.Integer(),
  /** The signed-in company's own unlock of this job; absent for everyone else or when there is none. */
  paymentInfo: Type.Optional(Type.Object({ status: UnlockStatusSchema })),
  /** The company whose offer the poster accepted (issue 29), or null while nobody is hired. */
  hiredCompanyId: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  /**
   * The poster's own list only: the offers the poster can compare (standing, accepted or declined by
   * the hire; not replaced, withdrawn or expired ones).
   */
  offerCount: Type.Optional(Type.Integer({ minimum: 0 })),
  /** The poster's own list only: the company hired for the job (its public name), or null. */
  hiredCompany: Type.Optional(
    Type.Union([Type.Object({ _id: Type.String(), name: Type.String() }), Type.Null()]),
  ),
  /** Poster's own lists and the admin's list only. */
  hidden: Type.Optional(Type.Union([JobHiddenSchema, Type.Null()])),
});
export type JobSummary = Static<typeof JobSummarySchema>;

/**
 * One job (GET /api/jobs/viewjob/:jobId): the summary plus the name the poster gave, and the contact
 * details only when the caller may see them (`contactLocked` false).
 */
export const JobDetailSchema = Type.Object({
  ...JobSummarySchema.properties,
  /** The poster's name as typed on the form: the job modal's title. */
  name: Type.String(),
  contactLocked: Type.Boolean(),
  email: Type.Optional(Type.String()),
  phoneNumber: Type.Optional(Type.String()),
  address: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  updatedAt: Type.String(),
});
export type JobDetail = Static<typeof JobDetailSchema>;

export const JobDetailResponseSchema = Type.Object({ statusCode: Type.Integer(), job: JobDetailSchema });
export type JobDetailResponse = Static<typeof JobDetailResponseSchema>;

/** A page of jobs. `hasMore` rather than a total: counting every match would cost more than the page. */
export const JobListResponseSchema = Type.Object({
  jobs: Type.Array(JobSummarySchema),
  page: Type.Integer(),
  limit: Type.Integer(),
  hasMore: Type.Boolean(),
});
export type JobListResponse = Static<typeof JobListResponseSchema>;

/** GET /api/jobs/search: open jobs by words, category, sub-category, state and start date; newest first. */
export const JobSearchQuerySchema = Type.Object({
  q: Type.Optional(Type.String({ maxLength: JOB_LIMITS.searchWordsMax })),
  category: Type.Optional(Type.String({ maxLength: 100 })),
  subcategory: Type.Optional(Type.String({ maxLength: 100 })),
  state: Type.Optional(Type.String({ maxLength: 60 })),
  /** Jobs starting on or after this day (YYYY-MM-DD). */
  startFrom: Type.Optional(Type.String({ format: 'date' })),
  /** Jobs starting on or before this day (YYYY-MM-DD). */
  startTo: Type.Optional(Type.String({ format: 'date' })),
  ...pageQuery({ defaultLimit: 12, maxLimit: 50 }),
});
export type JobSearchQuery = Static<typeof JobSearchQuerySchema>;

/**
 * POST /api/jobs/postjob and PUT /api/jobs/editjob/:jobId, as multipart (web, Android) or JSON (no
 * images). `subcategory` is a list: repeated parts, a JSON array string or one name. On edit every field
 * is optional and only the ones sent change.
 */
export const JobFieldsSchema = Type.Object({
  name: Type.String(),
  email: Type.String(),
  phoneNumber: Type.String(),
  state: Type.String(),
  address: Type.Optional(Type.String()),
  pincode: Type.Optional(Type.String()),
  jobStartDate: Type.String({ description: 'YYYY-MM-DD, today (Lagos time) or later' }),
  category: Type.String(),
  subcategory: Type.Array(Type.String()),
  jobHeading: Type.String(),
  /** The legacy client sends a fixed placeholder; the job heading is used when it is missing. */
  title: Type.Optional(Type.String()),
  description: Type.String(),
});
export type JobFields = Static<typeof JobFieldsSchema>;

/**
 * POST /api/jobs/postjob as multipart/form-data (web, Android): the job's fields (`subcategory` one part
 * per name) and up to JOB_IMAGE_LIMIT images as `images` parts. The route reads the parts itself and
 * checks them with the field rules; the same fields without images may come as JSON (JobFieldsSchema).
 */
export const JobFormSchema = Type.Object({
  ...JobFieldsSchema.properties,
  images: Type.Optional(Type.Array(BinaryFileSchema, { maxItems: JOB_IMAGE_LIMIT })),
});

/** PUT /api/jobs/editjob/:jobId as multipart/form-data: the fields that change; images sent replace all. */
export const JobEditFormSchema = Type.Partial(JobFormSchema);

/** PUT /api/jobs/editjob/:jobId as JSON: the fields that change; `images: []` removes every image. */
export const JobEditBodySchema = Type.Object({
  ...Type.Partial(JobFieldsSchema).properties,
  images: Type.Optional(Type.Array(Type.String(), { maxItems: 0 })),
});

/** POST /api/jobs/postjob (201) and PUT /api/jobs/editjob/:jobId (200). */
export const JobSavedResponseSchema = Type.Object({
  statusCode: Type.Integer(),
  resultMessage: ResultMessageSchema,
  job: JobDetailSchema,
});
export type JobSavedResponse = Static<typeof JobSavedResponseSchema>;

/** PUT /api/jobs/complete/:jobId: the legacy call sends no body and means completed. */
export const CompleteJobBodySchema = Type.Object({
  status: Type.Optional(JobStatusSchema),
});
export type CompleteJobBody = Static<typeof CompleteJobBodySchema>;

export const JobStatusResponseSchema = Type.Object({
  statusCode: Type.Integer(),
  resultMessage: ResultMessageSchema,
  job: Type.Object({ _id: Type.String(), status: JobStatusSchema }),
});

/** GET /api/jobs/user/jobs/posted (poster) and /api/jobs/applied/jobs/:userId (company). */
export const MyJobsResponseSchema = Type.Object({
  statusCode: Type.Integer(),
  jobs: Type.Array(JobSummarySchema),
  /** The dashboard's counters. */
  totals: Type.Object({ jobs: Type.Integer(), completed: Type.Integer() }),
});
export type MyJobsResponse = Static<typeof MyJobsResponseSchema>;

/** The applied variant keeps the legacy field name `jobsApplied`. */
export const AppliedJobsResponseSchema = Type.Object({
  statusCode: Type.Integer(),
  jobsApplied: Type.Array(JobSummarySchema),
  totals: Type.Object({ jobs: Type.Integer(), completed: Type.Integer() }),
});
export type AppliedJobsResponse = Static<typeof AppliedJobsResponseSchema>;

/** A company that paid to unlock a job (spec section 3, "Applicant"). */
export const ApplicantSchema = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  email: Type.Union([Type.String(), Type.Null()]),
  phoneNumber: Type.Union([Type.String(), Type.Null()]),
  /** Whether the poster has reviewed this company for this job. */
  reviewed: Type.Boolean(),
});
export type Applicant = Static<typeof ApplicantSchema>;

export const ApplicantsResponseSchema = Type.Object({
  statusCode: Type.Integer(),
  applicants: Type.Array(ApplicantSchema),
});
export type ApplicantsResponse = Static<typeof ApplicantsResponseSchema>;

/** POST /api/jobs/postreviews (spec section 3, "Review"). `userId` is taken from the token. */
export const ReviewBodySchema = Type.Object({
  userId: Type.Optional(Type.String({ maxLength: 100 })),
  companyId: Type.String({ maxLength: 100 }),
  jobId: Type.String({ maxLength: 100 }),
  rating: Type.Integer({ minimum: 1, maximum: 5 }),
  review: Type.String({ maxLength: JOB_LIMITS.reviewMax }),
});
export type ReviewBody = Static<typeof ReviewBodySchema>;

/** A review as a company profile lists it. */
/** A company's public reply under a review. */
export const ReviewReplySchema = Type.Object({
  text: Type.String(),
  repliedAt: Type.String(),
});
export type ReviewReply = Static<typeof ReviewReplySchema>;

export const ReviewSchema = Type.Object({
  _id: Type.String(),
  review: Type.String(),
  rating: Type.Integer(),
  userId: Type.Object({
    _id: Type.String(),
    name: Type.String(),
    avatar: Type.Union([Type.String(), Type.Null()]),
  }),
  jobId: Type.Object({ _id: Type.String(), title: Type.String() }),
  dateOfReview: Type.String(),
  /** The poster hired this company through an accepted offer (issue 29); absent for older clients' eyes. */
  verifiedHire: Type.Optional(Type.Boolean()),
  /** The company's public reply, or null. */
  reply: Type.Optional(Type.Union([ReviewReplySchema, Type.Null()])),
});
export type Review = Static<typeof ReviewSchema>;

export const ReviewPostedResponseSchema = Type.Object({
  statusCode: Type.Integer(),
  resultMessage: ResultMessageSchema,
  review: ReviewSchema,
});

/** GET /api/jobs/getreviews/:companyId */
export const ReviewListResponseSchema = Type.Object({
  statusCode: Type.Integer(),
  reviews: Type.Array(ReviewSchema),
  rating: RatingSummarySchema,
});
export type ReviewListResponse = Static<typeof ReviewListResponseSchema>;

/** GET /api/jobs/admin/jobs: the admin's All Jobs screen, every job including hidden and completed. */
export const AdminJobListQuerySchema = Type.Object({
  q: Type.Optional(Type.String({ maxLength: JOB_LIMITS.searchWordsMax })),
  status: Type.Optional(Type.Union([JobStatusSchema, Type.Literal('hidden')])),
  category: Type.Optional(Type.String({ maxLength: 100 })),
  state: Type.Optional(Type.String({ maxLength: 60 })),
  ...pageQuery({ defaultLimit: 20, maxLimit: 100 }),
});
export type AdminJobListQuery = Static<typeof AdminJobListQuerySchema>;

/** PUT /api/jobs/admin/jobs/:jobId/hide */
export const HideJobBodySchema = Type.Object({
  reason: Type.String({ minLength: 1, maxLength: JOB_LIMITS.hideReasonMax }),
});
export type HideJobBody = Static<typeof HideJobBodySchema>;

/** What jobs knows of a member (from accounts events), shown with their jobs. */
export const PosterSchema = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  type: AccountTypeSchema,
  totalPostedJobs: Type.Integer(),
});
