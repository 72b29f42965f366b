// Fetching jobs for the cards: by category or sub-category (the landing pages' jobs section and
// /jobapply/{type}), by search (/jobs), and one job for the modal. Shapes come from contracts.
import { apiJson } from '@marketplace/ui';
import {
  API_PATHS,
  JOB_API,
  type JobDetail,
  type JobDetailResponse,
  type JobListResponse,
  type JobSearchQuery,
  type JobSummary,
} from '@marketplace/contracts';

/** Jobs per page of the lists (3 rows of 4, 4 of 3 or 6 of 2: full rows at every width). */
export const JOBS_PAGE_SIZE = 12;

export type JobListKind = 'category' | 'subcategory';

/** One page of cards: the contracts' list response, with defaults for fields an old server leaves out. */
function normalisePage(body: Partial<JobListResponse>, page: number, limit: number): JobListResponse {
  const jobs: JobSummary[] = Array.isArray(body.jobs) ? body.jobs : [];
  return {
    jobs,
    page: typeof body.page === 'number' ? body.page : page,
    limit: typeof body.limit === 'number' ? body.limit : limit,
    hasMore: body.hasMore === true,
  };
}

function withQuery(path: string, query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/**
 * GET /api/jobs/getjobsbycategory/{category}/{userId} or getjobsbysubcategory: open jobs of one type,
 * newest first, a page at a time. The legacy trailing userId is the signed-in account's (empty for a
 * visitor); the server reads the caller from the session either way.
 */
export async function fetchJobsByType(
  kind: JobListKind,
  type: string,
  userId: string,
  page: number,
  signal?: AbortSignal,
): Promise<JobListResponse> {
  const path =
    kind === 'category' ? JOB_API.jobsByCategory(type, userId) : JOB_API.jobsBySubcategory(type, userId);
  const body = await apiJson<Partial<JobListResponse>>(withQuery(path, { page, limit: JOBS_PAGE_SIZE }), {
    signal,
    networkToast: false,
  });
  return normalisePage(body, page, JOBS_PAGE_SIZE);
}

export const jobsByTypeKey = (kind: JobListKind, type: string, userId: string) =>
  ['jobs', 'by-type', kind, type.toLowerCase(), userId] as const;

/** GET /api/jobs/search: open jobs by words, category, sub-category, state and start dates. */
export async function searchJobs(query: JobSearchQuery, signal?: AbortSignal): Promise<JobListResponse> {
  const page = query.page ?? 1;
  const limit = query.limit ?? JOBS_PAGE_SIZE;
  const body = await apiJson<Partial<JobListResponse>>(
    withQuery(API_PATHS.searchJobs, { ...query, page, limit }),
    { signal, networkToast: false },
  );
  return normalisePage(body, page, limit);
}

export const searchJobsKey = (query: JobSearchQuery, userId: string) =>
  ['jobs', 'search', query, userId] as const;

/**
 * GET /api/jobs/viewjob/{jobId}: one job for the modal. The poster's email, phone number and address are
 * in it only when the caller may see them (`contactLocked` false).
 */
export async function fetchJob(jobId: string, signal?: AbortSignal): Promise<JobDetail> {
  const body = await apiJson<JobDetailResponse>(JOB_API.viewJob(jobId), { signal, networkToast: false });
  return body.job;
}

export const jobKey = (jobId: string, userId: string) => ['jobs', 'detail', jobId, userId] as const;
