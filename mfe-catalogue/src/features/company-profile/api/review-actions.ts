// A company's reply under a review of it, and a member's report of a review (the jobs service).
import { apiJson } from '@marketplace/ui';
import {
  JOB_API,
  type ReviewReplyBody,
  type ReviewReplyResponse,
  type MyReviewReportsResponse,
  type ReviewReportBody,
} from '@marketplace/contracts';

export function replyToReview(reviewId: string, body: ReviewReplyBody): Promise<ReviewReplyResponse> {
  return apiJson<ReviewReplyResponse>(JOB_API.replyToReview(reviewId), { method: 'POST', json: body });
}

export function reportReview(reviewId: string, body: ReviewReportBody): Promise<{ message: string }> {
  return apiJson<{ message: string }>(JOB_API.reportReview(reviewId), { method: 'POST', json: body });
}

export const myReviewReportsKey = (companyId: string) =>
  ['catalogue', 'my-review-reports', companyId] as const;

/** Which of this company's reviews the signed-in member has reported (their own reports only). */
export function fetchMyReviewReports(
  companyId: string,
  signal?: AbortSignal,
): Promise<MyReviewReportsResponse> {
  return apiJson<MyReviewReportsResponse>(JOB_API.myReviewReports(companyId), {
    signal,
    networkToast: false,
  });
}
