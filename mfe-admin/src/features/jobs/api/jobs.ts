// The admin's All Jobs screen: GET /api/jobs/admin/jobs (every job, hidden and completed included) and
// hiding a job that breaks the rules (PUT .../hide with a reason, PUT .../unhide).
import { apiJson } from '@marketplace/ui';
import {
  API_PATHS,
  JOB_API,
  type AdminJobListQuery,
  type HideJobBody,
  type JobListResponse,
  type JobSummary,
} from '@marketplace/contracts';

/** Server-side paging, as on All Users. */
export const JOBS_PAGE_SIZE = 20;

/** One row: the contracts' job summary (never the poster's contact details), with `hidden` for admins. */
export type AdminJobRow = JobSummary;
export type AdminJobsPage = JobListResponse;

export const adminJobsKey = (query: AdminJobListQuery) => ['admin', 'jobs', query] as const;

export async function fetchAdminJobs(query: AdminJobListQuery, signal?: AbortSignal): Promise<AdminJobsPage> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const body = await apiJson<Partial<JobListResponse>>(`${API_PATHS.adminJobs}?${params}`, {
    signal,
    networkToast: false,
  });
  const page = query.page ?? 1;
  return {
    jobs: Array.isArray(body.jobs) ? body.jobs : [],
    page: typeof body.page === 'number' ? body.page : page,
    limit: typeof body.limit === 'number' ? body.limit : (query.limit ?? JOBS_PAGE_SIZE),
    hasMore: body.hasMore === true,
  };
}

/** PUT /api/jobs/admin/jobs/{jobId}/hide: the job leaves every listing; its poster sees the reason. */
export async function hideJob(jobId: string, body: HideJobBody): Promise<void> {
  await apiJson<unknown>(JOB_API.hideJob(jobId), { method: 'PUT', json: body });
}

/** PUT /api/jobs/admin/jobs/{jobId}/unhide: the job is listed again. */
export async function unhideJob(jobId: string): Promise<void> {
  await apiJson<unknown>(JOB_API.unhideJob(jobId), { method: 'PUT' });
}
