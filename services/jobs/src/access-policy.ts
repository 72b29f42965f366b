// The jobs service's access policy: who may see a poster's contact details, and who owns a job. Every
// route that answers with contact details or changes a job asks here.
import { JOB_MESSAGES } from '@marketplace/contracts';
import { forbidden, type AccessClaims } from '@marketplace/service-kit';
import type { UnlockStatusValue } from './db-types';
import type { StoredJob } from './repositories/jobs-repository';

/**
 * Who may see the poster's contact details: the poster, an admin, a company whose unlock is paid. No
 * one else: not a visitor, not another customer, not a company whose payment is pending or refunded.
 */
export function maySeeContact(
  job: StoredJob,
  viewer: AccessClaims | undefined,
  unlock: UnlockStatusValue | undefined,
): boolean {
  if (!viewer) return false;
  if (viewer.type === 'admin') return true;
  if (viewer.sub === job.posted_by) return true;
  return viewer.type === 'company' && unlock === 'paid';
}

/** Whether the caller posted the job. */
export const isOwner = (job: StoredJob, user: AccessClaims) => job.posted_by === user.sub;

/** The job's poster (or, with `admins`, an administrator); 403 for anyone else. */
export function assertOwner(job: StoredJob, user: AccessClaims, options: { admins?: boolean } = {}): void {
  if (isOwner(job, user)) return;
  if (options.admins && user.type === 'admin') return;
  throw forbidden(JOB_MESSAGES.notYourJob);
}
