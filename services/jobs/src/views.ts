// How stored jobs leave the service. Lists carry JobSummary (never the poster's email, phone number or
// address); one job carries JobDetail, with the contact details only when the caller may see them.
import {
  canonicalCategoryName,
  canonicalSubcategoryName,
  JOB_API,
  canonicalStateName,
  type JobDetail,
  type JobSummary,
  type UnlockStatus,
} from '@marketplace/contracts';
import type { UnlockStatusValue } from './db-types';
import type { StoredJob } from './repositories/jobs-repository';

export interface SummaryOptions {
  /** The signed-in company's own unlock status of this job. */
  unlock?: UnlockStatusValue | undefined;
  /** The poster's own lists and the admin's: whether (and why) the job is hidden. */
  showHidden?: boolean;
}

/** A company's unlock as its card reads it; a refunded unlock is no unlock at all (it may pay again). */
export function paymentInfoOf(status: UnlockStatusValue | undefined): { status: UnlockStatus } | undefined {
  if (!status || status === 'refunded') return undefined;
  return { status };
}

export function toSummary(job: StoredJob, options: SummaryOptions = {}): JobSummary {
  const paymentInfo = paymentInfoOf(options.unlock);
  return {
    _id: job.id,
    title: job.title,
    jobHeading: job.job_heading,
    description: job.description,
    category: job.category,
    subcategory: job.subcategory,
    state: job.state,
    pincode: job.pincode,
    jobStartDate: job.job_start_date,
    status: job.status,
    images: job.images.map((name) => ({ url: JOB_API.image(name) })),
    postedBy: { _id: job.posted_by, name: job.poster_name || job.name || 'Anonymous' },
    createdAt: job.created_at.toISOString(),
    unlockCount: job.unlock_count,
    hiredCompanyId: job.hired_company_id,
    ...(paymentInfo ? { paymentInfo } : {}),
    ...(options.showHidden
      ? {
          hidden:
            job.hidden_at && job.hidden_reason !== null
              ? { reason: job.hidden_reason, at: job.hidden_at.toISOString() }
              : null,
        }
      : {}),
  };
}

export function toDetail(job: StoredJob, options: SummaryOptions & { contact: boolean }): JobDetail {
  return {
    ...toSummary(job, options),
    name: job.name || job.poster_name || 'Anonymous',
    contactLocked: !options.contact,
    ...(options.contact
      ? { email: job.email ?? '', phoneNumber: job.phone_number ?? '', address: job.address }
      : {}),
    updatedAt: job.updated_at.toISOString(),
  };
}

/** A landing-page key as the catalogue spells it: any casing, underscores for spaces ('paving_stone'). */
function spaced(raw: string): string {
  return raw.replace(/_/g, ' ').replace(/\s+/g, ' ').trim();
}

export type TypeFilter = { category: string } | { subcategory: string };

/**
 * The listing a landing-page key names. The pages also send trades to the category endpoint
 * (/category/plumber) and categories to the sub-category one, so the other kind is tried second (as
 * the accounts directory does). Unknown keys give undefined: an empty list, never an error.
 */
export function typeFilter(raw: string, prefer: 'category' | 'subcategory'): TypeFilter | undefined {
  const name = spaced(raw);
  const category = canonicalCategoryName(name);
  const subcategory = canonicalSubcategoryName(name);
  if (prefer === 'category') {
    if (category) return { category };
    if (subcategory) return { subcategory };
  } else {
    if (subcategory) return { subcategory };
    if (category) return { category };
  }
  return undefined;
}

/** The category of a search filter, in any casing or underscore form; undefined when unknown. */
export function categoryKey(raw: string): string | undefined {
  return canonicalCategoryName(spaced(raw));
}

export function subcategoryKey(raw: string): string | undefined {
  return canonicalSubcategoryName(spaced(raw));
}

/** A state as NIGERIAN_STATES spells it (contracts' rule: any casing, FCT or Abuja), underscores as spaces. */
export function canonicalState(input: string): string | undefined {
  return canonicalStateName(spaced(input));
}
