import { useId } from 'react';
import { Link, useLocation } from '@marketplace/ui/router';
import { MESSAGES, type JobSummary } from '@marketplace/contracts';
import { buttonClass, useSession } from '@marketplace/ui';
import { jobDisplayName, JobImage } from '@marketplace/ui/job';
import { calendarDay, formatDay } from '../../../shared/dates';
import { cardAction, unlockedText } from '../utils/job-card';
import { CalendarIcon, JobIllustration, PinIcon, UnlockedIcon } from './icons';

/** Where a visitor's 'Login to Apply' goes: /login, coming back to this page after signing in. */
function useLoginPath(): string {
  const location = useLocation();
  const next = `${location.pathname}${location.search}`;
  return `/login?next=${encodeURIComponent(next)}`;
}

function CardButton({ job, titleId, onOpen }: { job: JobSummary; titleId: string; onOpen: () => void }) {
  const { user } = useSession();
  const loginPath = useLoginPath();
  switch (cardAction(user, job)) {
    case 'login':
      return (
        <Link
          className={buttonClass('primary', 'sm', 'job-card__action')}
          to={loginPath}
          aria-describedby={titleId}
        >
          {MESSAGES.loginToApply}
        </Link>
      );
    case 'apply':
      return (
        <button
          type="button"
          className={buttonClass('primary', 'sm', 'job-card__action')}
          onClick={onOpen}
          aria-haspopup="dialog"
          aria-describedby={titleId}
        >
          {MESSAGES.apply}
        </button>
      );
    case 'pending':
      return (
        <button
          type="button"
          className={buttonClass('secondary', 'sm', 'job-card__action job-card__action--pending')}
          onClick={onOpen}
          aria-haspopup="dialog"
          aria-describedby={titleId}
        >
          {MESSAGES.paymentPendingCompleteToApply}
        </button>
      );
    case 'chat':
      return (
        <Link
          className={buttonClass('secondary', 'sm', 'job-card__action job-card__action--done')}
          to="/chat"
          aria-describedby={titleId}
        >
          {MESSAGES.alreadyAppliedYouCanChat}
        </Link>
      );
    default:
      return null;
  }
}

/** One job: first image (or the illustration), title, state, start date, unlocks, and the session's button. */
export function JobCard({ job, onOpen }: { job: JobSummary; onOpen: (job: JobSummary) => void }) {
  const titleId = useId();
  const day = calendarDay(job.jobStartDate);
  const trade = job.subcategory[0] ?? job.category;
  return (
    <li className="job-card">
      <JobImage job={job} className="job-card__media" fallback={<JobIllustration />} />
      <div className="job-card__body">
        {trade && <p className="job-card__trade">{trade}</p>}
        <h3 className="job-card__title" id={titleId}>
          {jobDisplayName(job)}
        </h3>
        <ul className="job-card__meta">
          <li>
            <PinIcon />
            <span className="ui-visually-hidden">State: </span>
            {job.state || 'State not given'}
          </li>
          <li>
            <CalendarIcon />
            <span>
              Starts <time dateTime={day}>{formatDay(day)}</time>
            </span>
          </li>
          <li>
            <UnlockedIcon />
            {unlockedText(job.unlockCount)}
          </li>
        </ul>
        <div className="job-card__foot">
          <CardButton job={job} titleId={titleId} onOpen={() => onOpen(job)} />
        </div>
      </div>
    </li>
  );
}

/** Eight cards' worth of grey while the first page loads (spec: 8 skeleton placeholders). */
export function JobCardSkeletons({ count }: { count: number }) {
  return (
    <div role="status" aria-label="Loading jobs">
      <ul className="job-grid" aria-hidden="true">
        {Array.from({ length: count }, (_, i) => (
          <li key={i} className="job-card job-card--skeleton" data-testid="job-skeleton">
            <span className="job-card__media ui-skeleton__line" />
            <span className="ui-skeleton__line" style={{ width: '40%' }} />
            <span className="ui-skeleton__line" style={{ width: '85%' }} />
            <span className="ui-skeleton__line" style={{ width: '60%' }} />
            <span className="ui-skeleton__line job-card__skeleton-button" />
          </li>
        ))}
      </ul>
    </div>
  );
}
