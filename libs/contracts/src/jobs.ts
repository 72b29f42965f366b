import { Type } from 'typebox';
import { AccountTypeSchema } from './accounts';

export const JobStatusSchema = Type.Union([
  Type.Literal('open'),
  Type.Literal('in-progress'),
  Type.Literal('completed'),
]);

/** A job as lists return it (spec section 3, "Job"); contact details never appear in lists. */
export const JobSummarySchema = Type.Object({
  _id: Type.String(),
  title: Type.String(),
  jobHeading: Type.String(),
  description: Type.String(),
  category: Type.String(),
  subcategory: Type.Array(Type.String()),
  jobStartDate: Type.String(),
  status: JobStatusSchema,
  postedBy: Type.Object({ _id: Type.String(), name: Type.String() }),
  createdAt: Type.String(),
});

export const JobListResponseSchema = Type.Object({
  jobs: Type.Array(JobSummarySchema),
  page: Type.Integer(),
  limit: Type.Integer(),
});

/** What jobs knows of a member (from accounts events), shown with their jobs. */
export const PosterSchema = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  type: AccountTypeSchema,
  totalPostedJobs: Type.Integer(),
});
