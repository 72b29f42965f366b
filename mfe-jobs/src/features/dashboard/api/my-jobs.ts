// The dashboard's calls: the member's own jobs (posted or applied) with the counters, a job's applicants,
// changing a job's status, deleting a job and reviewing a company. Shapes come from contracts.
import {
  API_PATHS,
  JOB_API,
  unexpectedStatus,
  type Applicant,
  type ApplicantsResponse,
  type AppliedJobsResponse,
  type CompleteJobBody,
  type JobStatus,
  type JobSummary,
  type MyJobsResponse,
  type ReviewBody,
} from '@marketplace/contracts';
import { ApiError, apiFetch, apiJson, readApiBody, type AccountType } from '@marketplace/ui';
import { MY_JOBS_KEY } from '../../../shared/my-jobs';

/** The dashboard's data, the same for both kinds of member. */
export interface MyJobs {
  jobs: JobSummary[];
  totals: MyJobsResponse['totals'];
}

/** Posters: GET /api/jobs/user/jobs/posted. Companies: GET /api/jobs/applied/jobs/{userId}. */
export async function fetchMyJobs(
  member: { _id: string; type: AccountType },
  signal?: AbortSignal,
): Promise<MyJobs> {
  if (member.type === 'company') {
    const body = await apiJson<AppliedJobsResponse>(JOB_API.appliedJobs(member._id), {
      signal,
      networkToast: false,
    });
    return { jobs: body.jobsApplied ?? [], totals: body.totals };
  }
  const body = await apiJson<MyJobsResponse>(API_PATHS.postedJobs, { signal, networkToast: false });
  return { jobs: body.jobs ?? [], totals: body.totals };
}

export const myJobsKey = (type: AccountType, userId: string) => [...MY_JOBS_KEY, type, userId] as const;

/** GET /api/jobs/applications/{jobId}: the companies that unlocked the poster's job. */
export async function fetchApplicants(jobId: string, signal?: AbortSignal): Promise<Applicant[]> {
  const body = await apiJson<ApplicantsResponse>(JOB_API.applicants(jobId), { signal, networkToast: false });
  return body.applicants ?? [];
}

export const applicantsKey = (jobId: string) => ['jobs', 'applicants', jobId] as const;

/** PUT /api/jobs/complete/{jobId} with the chosen status (the legacy call without one means completed). */
export async function setJobStatus(jobId: string, status: JobStatus): Promise<void> {
  const json: CompleteJobBody = { status };
  await apiJson<unknown>(JOB_API.completeJob(jobId), { method: 'PUT', json });
}

/** DELETE /api/jobs/deletejob/{jobId} */
export async function deleteJob(jobId: string): Promise<void> {
  await apiJson<unknown>(JOB_API.deleteJob(jobId), { method: 'DELETE' });
}

/**
 * POST /api/jobs/postreviews. Spec section 8: success is 201; another 2xx is 'Unexpected status: {n}'.
 * A refusal is an ApiError carrying the server's message.
 */
export async function postReview(body: ReviewBody): Promise<void> {
  const response = await apiFetch(API_PATHS.postReview, { method: 'POST', json: body });
  if (response.status === 201) return;
  const { body: parsed, message, details } = await readApiBody(response);
  if (response.ok) throw new Error(unexpectedStatus(response.status));
  throw new ApiError(
    response.status,
    message ?? `Request failed with status ${response.status}`,
    message,
    details,
    parsed,
  );
}
