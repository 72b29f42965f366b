// The edge's view of the jobs service's public search, for the first page of cards it draws on /jobs
// before the jobs remote has loaded. Embedded topology: the jobs routes of this very server (inject);
// distributed: the jobs service over HTTP. Asked as a visitor (no session is forwarded), so the answer
// is the same for everyone; kept a few seconds, one request at a time.
import { API_PATHS, JOB_API, type JobListResponse, type JobSummary } from '@marketplace/contracts';
import { ownPhotoPath, type JobCardPicture } from '@marketplace/page-head';
import { formatCount, formatDay } from '@marketplace/ui/format';
import type { AccountsGet } from './directory';

/** The cards of the first page: the jobs remote's page size (its JOBS_PAGE_SIZE). */
export const FIRST_PAGE_SIZE = 12;

/** The title a card shows (the kit's jobDisplayName). */
function displayName(job: Pick<JobSummary, 'jobHeading' | 'title'>): string {
  return job.jobHeading?.trim() || job.title?.trim() || 'Untitled job';
}

/** The job's first image as a path of this site's own (the kit's jobImageUrl), or null. */
function imagePath(job: Pick<JobSummary, 'images'>): string | null {
  const url = job.images?.[0]?.url?.trim();
  if (!url) return null;
  return ownPhotoPath(url.includes('/') ? url : JOB_API.image(url));
}

/**
 * What a card shows of one job, and nothing else: trade, title, state, start day, unlocks, picture. The
 * poster (name, e-mail, phone, address, postal code) and the description never leave this function.
 */
export function jobCardPicture(job: JobSummary): JobCardPicture {
  const day = String(job.jobStartDate ?? '').slice(0, 10);
  const unlocks = Math.max(0, Math.trunc(Number(job.unlockCount) || 0));
  return {
    trade: job.subcategory?.[0] ?? job.category ?? '',
    title: displayName(job),
    state: job.state || 'State not given',
    startDay: day,
    startText: formatDay(day),
    unlocked: `${formatCount(unlocks)} ${unlocks === 1 ? 'company' : 'companies'} unlocked`,
    image: imagePath(job),
  };
}

export interface JobListingOptions {
  /** How long the first page is kept (default 5 seconds). */
  ttlMs?: number;
  now?: () => number;
}

/** The newest open jobs, as the search without filters gives them to a visitor. */
export class JobListing {
  private kept: { cards: Promise<JobCardPicture[] | undefined>; expires: number } | undefined;
  private readonly ttlMs: number;
  private readonly now: () => number;

  constructor(
    private readonly get: AccountsGet,
    options: JobListingOptions = {},
  ) {
    this.ttlMs = options.ttlMs ?? 5000;
    this.now = options.now ?? Date.now;
  }

  /** The first page's cards, or undefined when the jobs service could not answer (nothing is kept then). */
  firstPage(requestId?: string): Promise<JobCardPicture[] | undefined> {
    if (this.kept && this.kept.expires > this.now()) return this.kept.cards;
    const cards = this.fetch(requestId);
    const kept = { cards, expires: this.now() + this.ttlMs };
    this.kept = kept;
    void cards.then((value) => {
      if (value === undefined && this.kept === kept) this.kept = undefined;
    });
    return cards;
  }

  private async fetch(requestId?: string): Promise<JobCardPicture[] | undefined> {
    try {
      const { status, body } = await this.get(
        `${API_PATHS.searchJobs}?page=1&limit=${FIRST_PAGE_SIZE}`,
        requestId,
      );
      if (status !== 200 || !body || !Array.isArray((body as JobListResponse).jobs)) return undefined;
      return (body as JobListResponse).jobs.slice(0, FIRST_PAGE_SIZE).map(jobCardPicture);
    } catch {
      return undefined;
    }
  }
}
