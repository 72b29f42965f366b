// What a job card shows and which button it offers, from the job and the session (spec section 2,
// "Job card button", and section 6: only companies see apply and payment buttons).
import type { JobSummary } from '@marketplace/contracts';
import type { SessionUser } from '@marketplace/ui';
import { formatCount } from '@marketplace/ui/format';

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
  return `${formatCount(n)} ${n === 1 ? 'company' : 'companies'} unlocked`;
}
