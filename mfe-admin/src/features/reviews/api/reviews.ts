// The admins' reported reviews: GET /api/jobs/reviews/reported (undecided first) and the decision
// (POST /api/jobs/reviews/{id}/moderation: hide with a reason, or show / keep shown).
import { apiJson } from '@marketplace/ui';
import {
  API_PATHS,
  JOB_API,
  type ReportedReviewsQuery,
  type ReportedReviewsResponse,
  type ReviewModerationBody,
  type ReviewModerationResponse,
} from '@marketplace/contracts';

export const REPORTED_REVIEWS_PAGE_SIZE = 10;

export type ReportedReviewsPage = Pick<ReportedReviewsResponse, 'reviews' | 'page' | 'limit' | 'hasMore'>;

/** Root of every reported-reviews query key (a decision refreshes them all). */
export const REPORTED_REVIEWS_KEY = ['admin', 'reported-reviews'] as const;
export const reportedReviewsKey = (query: ReportedReviewsQuery) => [...REPORTED_REVIEWS_KEY, query] as const;

export async function fetchReportedReviews(
  query: ReportedReviewsQuery,
  signal?: AbortSignal,
): Promise<ReportedReviewsPage> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.set(key, String(value));
  }
  const body = await apiJson<Partial<ReportedReviewsResponse>>(`${API_PATHS.reportedReviews}?${params}`, {
    signal,
    networkToast: false,
  });
  return {
    reviews: Array.isArray(body.reviews) ? body.reviews : [],
    page: typeof body.page === 'number' ? body.page : (query.page ?? 1),
    limit: typeof body.limit === 'number' ? body.limit : (query.limit ?? REPORTED_REVIEWS_PAGE_SIZE),
    hasMore: body.hasMore === true,
  };
}

export function moderateReview(
  reviewId: string,
  body: ReviewModerationBody,
): Promise<ReviewModerationResponse> {
  return apiJson<ReviewModerationResponse>(JOB_API.moderateReview(reviewId), { method: 'POST', json: body });
}
