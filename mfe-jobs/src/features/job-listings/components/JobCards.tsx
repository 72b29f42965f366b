import { lazy, Suspense, useState, type ReactNode } from 'react';
import { LIMITS, MESSAGES, type JobSummary } from '@marketplace/contracts';
import { Button, errorText } from '@marketplace/ui';
import { JobCard, JobCardSkeletons } from './JobCard';
import type { JobModalVariant } from './JobModal';

// The modal (and the kit's form blocks under it) loads on the first 'Apply', not with the cards.
const JobModal = lazy(async () => ({
  default: (await import(/* webpackChunkName: "lazy-job-modal" */ './JobModal')).JobModal,
}));

/** What a failed job list says (spec section 8's texts; the network one when no response came). */
export function jobsErrorText(error: unknown): string {
  return errorText(error, { answered: MESSAGES.failedToFetchJobs, fallback: MESSAGES.errorFetchingJobs });
}

export interface JobCardsProps {
  jobs: JobSummary[];
  /** The first page is on its way: 8 skeleton cards. */
  loading: boolean;
  /** The list could not be loaded (shown with 'Try again' when there are no cards to keep showing). */
  error: unknown;
  onRetry: () => void;
  /** Accessible name of the list, e.g. 'Plumber jobs'. */
  label: string;
  /** Replaces the plain 'No Jobs Found'. */
  empty?: ReactNode;
  /** The /jobapply modal has the message box. */
  modalVariant?: JobModalVariant;
  /** Under the cards (paging). */
  footer?: ReactNode;
  /** A new page is loading: the cards stay, dimmed. */
  busy?: boolean;
}

/** Job cards with their loading, empty and error states, and the job modal the buttons open. */
export function JobCards({
  jobs,
  loading,
  error,
  onRetry,
  label,
  empty,
  modalVariant = 'card',
  footer,
  busy = false,
}: JobCardsProps) {
  const [open, setOpen] = useState<JobSummary | null>(null);

  let body: ReactNode;
  if (loading) {
    body = <JobCardSkeletons count={LIMITS.jobSkeletons} />;
  } else if (jobs.length === 0 && error) {
    body = (
      <div className="jobs-empty jobs-empty--error" role="alert">
        <p>{jobsErrorText(error)}</p>
        <Button variant="secondary" onClick={onRetry}>
          Try again
        </Button>
      </div>
    );
  } else if (jobs.length === 0) {
    body = empty ?? <p className="jobs-empty">{MESSAGES.noJobsFound}</p>;
  } else {
    body = (
      <>
        <ul className="job-grid" aria-label={label} aria-busy={busy || undefined}>
          {jobs.map((job) => (
            <JobCard key={job._id} job={job} onOpen={setOpen} />
          ))}
        </ul>
        {error ? (
          <p className="jobs-inline-error" role="alert">
            {jobsErrorText(error)}{' '}
            <button type="button" className="jobs-link-button" onClick={onRetry}>
              Try again
            </button>
          </p>
        ) : null}
        {footer}
      </>
    );
  }

  return (
    <div className="job-cards">
      {body}
      {open && (
        <Suspense fallback={null}>
          <JobModal job={open} variant={modalVariant} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </div>
  );
}
