// A company's reply under a review of it, and a member's report of a review (the jobs service).
import { apiJson } from '@marketplace/ui';
import {
  JOB_API,
  type ReviewReplyBody,
  type ReviewReplyResponse,
  type ReviewReportBody,
} from '@marketplace/contracts';

export function replyToReview(reviewId: string, body: ReviewReplyBody): Promise<ReviewReplyResponse> {
  return apiJson<ReviewReplyResponse>(JOB_API.replyToReview(reviewId), { method: 'POST', json: body });
}

export function reportReview(reviewId: string, body: ReviewReportBody): Promise<{ message: string }> {
  return apiJson<{ message: string }>(JOB_API.reportReview(reviewId), { method: 'POST', json: body });
}
