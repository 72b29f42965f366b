// What a job card shows and which button it offers, from the job and the session (spec section 2,
// "Job card button", and section 6: only companies see apply and payment buttons).
import {
  canonicalCategoryName,
  canonicalSubcategoryName,
  JOB_API,
  type JobSummary,
} from '@marketplace/contracts';
import type { SessionUser } from '@marketplace/ui';
import type { JobListKind } from '../api/get-jobs';

/** The job's heading; the legacy `title` (a fixed placeholder on old posts) only when there is none. */
export function jobTitle(job: Pick<JobSummary, 'jobHeading' | 'title'>): string {
  return job.jobHeading.trim() || job.title.trim() || 'Untitled job';
}

/**
 * Address of the job's first image. The server sends `images[].url` as a path of its own
 * (/api/jobs/images/{name}); a bare file name is turned into that path.
 */
export function jobImageUrl(job: Pick<JobSummary, 'images'>): string | null {
  const url = job.images[0]?.url?.trim();
  if (!url) return null;
  if (/^(https?:)?\/\//i.test(url) || url.startsWith('/') || /^(data|blob):/i.test(url)) return url;
  return JOB_API.image(url);
}

export type CardAction =
  /** Visitor: 'Login to Apply', to /login. */
  | 'login'
  /** Company without an unlock of this job: 'Apply', opens the job modal. */
  | 'apply'
  /** Company whose unlock is not paid (pending or failed): 'Payment Pending - Complete to Apply', opens the modal. */
  | 'pending'
  /** Company whose unlock is paid: 'Already Applied - You Can Chat', to /chat. */
  | 'chat'
  /** Signed in as a customer or an admin: no button. */
  | 'none';

export function cardAction(user: SessionUser | null, job: Pick<JobSummary, 'paymentInfo'>): CardAction {
  if (!user) return 'login';
  if (user.type !== 'company') return 'none';
  const status = job.paymentInfo?.status;
  if (!status) return 'apply';
  return status === 'paid' ? 'chat' : 'pending';
}

/** 'N companies unlocked' with the right number. */
export function unlockedText(count: number): string {
  const n = Math.max(0, Math.trunc(count));
  return `${new Intl.NumberFormat('en-NG').format(n)} ${n === 1 ? 'company' : 'companies'} unlocked`;
}

/**
 * Which list /jobapply/{type} shows: a category's jobs when the type names a category, otherwise a
 * sub-category's (any casing, underscores for spaces, as the landing pages' keys).
 */
export function resolveJobType(raw: string): { kind: JobListKind; name: string; known: boolean } {
  const spaced = raw.replace(/_/g, ' ').replace(/\s+/g, ' ').trim();
  const category = canonicalCategoryName(spaced);
  if (category) return { kind: 'category', name: category, known: true };
  const subcategory = canonicalSubcategoryName(spaced);
  if (subcategory) return { kind: 'subcategory', name: subcategory, known: true };
  return { kind: 'subcategory', name: spaced, known: false };
}
