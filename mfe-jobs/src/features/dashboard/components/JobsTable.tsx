import { useState } from 'react';
import { Link } from '@marketplace/ui/router';
import {
  companyProfilePath,
  JOB_MESSAGES,
  MESSAGES,
  type JobStatus,
  type JobSummary,
} from '@marketplace/contracts';
import { jobDisplayName } from '@marketplace/ui/job';
import { formatDay } from '../../../shared/dates';
import { statusLabel } from './job-text';

export type SortKey = 'name' | 'date' | 'status';
type Sort = { key: SortKey; direction: 'ascending' | 'descending' } | null;

const STATUS_ORDER: Record<JobStatus, number> = { open: 0, 'in-progress': 1, completed: 2 };

const COMPARE: Record<SortKey, (a: JobSummary, b: JobSummary) => number> = {
  name: (a, b) =>
    jobDisplayName(a).localeCompare(jobDisplayName(b), 'en', { sensitivity: 'base', numeric: true }),
  date: (a, b) => a.jobStartDate.localeCompare(b.jobStartDate),
  status: (a, b) => STATUS_ORDER[a.status] - STATUS_ORDER[b.status],
};

/** The rows in the chosen order (stable: equal rows keep the server's newest-first order). */
export function sortJobs(jobs: readonly JobSummary[], sort: Sort): JobSummary[] {
  if (!sort) return [...jobs];
  const sign = sort.direction === 'ascending' ? 1 : -1;
  return jobs
    .map((job, index) => ({ job, index }))
    .sort((a, b) => sign * COMPARE[sort.key](a.job, b.job) || a.index - b.index)
    .map(({ job }) => job);
}

const COLUMNS: ReadonlyArray<{ key: SortKey; label: string }> = [
  { key: 'name', label: 'Job Name' },
  { key: 'date', label: 'Date' },
  { key: 'status', label: 'Status' },
];

function SortIcon({ direction }: { direction: 'ascending' | 'descending' | undefined }) {
  return (
    <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" className="dash-table__sort-icon">
      <path
        d="M5 6.5 8 3.5l3 3"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        opacity={direction === 'descending' ? 0.3 : 1}
      />
      <path
        d="m5 9.5 3 3 3-3"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        opacity={direction === 'ascending' ? 0.3 : 1}
      />
    </svg>
  );
}

export function StatusBadge({ status }: { status: JobStatus }) {
  return <span className={`dash-badge dash-badge--${status}`}>{statusLabel(status)}</span>;
}

interface JobsTableProps {
  jobs: readonly JobSummary[];
  labelledBy: string;
  /** Posters get the status select, Edit and Delete, and the applicants behind the job name. */
  poster: boolean;
  onApplicants: (job: JobSummary) => void;
  onStatus: (job: JobSummary, status: JobStatus) => void;
  onDelete: (job: JobSummary) => void;
  onReview: (job: JobSummary) => void;
  /** Opens the offers of a job that has some (posters). */
  onOffers?: (job: JobSummary) => void;
  /** A status change on its way for this job. */
  savingId?: string | undefined;
}

/** Spec "Dashboard": Job Name, Date, Status (+ Actions for posters); a header click sorts by it. */
export function JobsTable({
  jobs,
  labelledBy,
  poster,
  onApplicants,
  onStatus,
  onDelete,
  onReview,
  onOffers,
  savingId,
}: JobsTableProps) {
  const [sort, setSort] = useState<Sort>(null);
  const rows = sortJobs(jobs, sort);
  const sortBy = (key: SortKey) =>
    setSort((current) =>
      current?.key === key && current.direction === 'ascending'
        ? { key, direction: 'descending' }
        : { key, direction: 'ascending' },
    );

  return (
    <table
      className={['dash-table', poster && 'dash-table--poster'].filter(Boolean).join(' ')}
      aria-labelledby={labelledBy}
    >
      <thead>
        <tr>
          {COLUMNS.map((column) => {
            const direction = sort?.key === column.key ? sort.direction : undefined;
            return (
              <th key={column.key} scope="col" aria-sort={direction}>
                <button type="button" className="dash-table__sort" onClick={() => sortBy(column.key)}>
                  {column.label}
                  <SortIcon direction={direction} />
                </button>
              </th>
            );
          })}
          {poster && (
            <th scope="col" className="dash-table__actions-head">
              Actions
            </th>
          )}
        </tr>
      </thead>
      <tbody>
        {rows.map((job) => {
          const name = jobDisplayName(job);
          const where = [job.category, job.state].filter(Boolean).join(' · ');
          const unlocked =
            job.unlockCount === 1 ? '1 company unlocked' : `${job.unlockCount} companies unlocked`;
          return (
            <tr key={job._id} className={job.hidden ? 'dash-table__row--hidden' : undefined}>
              <th scope="row" className="dash-table__name">
                {poster ? (
                  <button
                    type="button"
                    className="dash-table__job"
                    onClick={() => onApplicants(job)}
                    aria-haspopup="dialog"
                    aria-describedby={`dash-meta-${job._id}`}
                  >
                    {name}
                  </button>
                ) : (
                  // A company's applied job leads to the job (its card on the job search) and the chat.
                  <Link
                    className="dash-table__job"
                    to={`/jobs?q=${encodeURIComponent(name)}`}
                    aria-describedby={`dash-meta-${job._id}`}
                  >
                    {name}
                  </Link>
                )}
                <span className="dash-table__meta" id={`dash-meta-${job._id}`}>
                  {poster ? `${where} · ${unlocked}` : where}
                </span>
                {poster && job.hiredCompany && (
                  <span className="dash-table__hired">
                    Hired: <Link to={companyProfilePath(job.hiredCompany._id)}>{job.hiredCompany.name}</Link>
                  </span>
                )}
                {!poster && job.paymentInfo?.status === 'paid' && (
                  <Link className="dash-table__chat" to="/chat" aria-label={`Open chat about ${name}`}>
                    Open chat
                  </Link>
                )}
                {job.hidden && (
                  <span className="dash-table__hidden">{JOB_MESSAGES.hiddenNotice(job.hidden.reason)}</span>
                )}
              </th>
              <td data-label="Date">
                <time dateTime={job.jobStartDate.slice(0, 10)}>{formatDay(job.jobStartDate)}</time>
              </td>
              <td data-label="Status">
                {poster && job.status !== 'completed' ? (
                  <select
                    className={`dash-status dash-status--${job.status}`}
                    value={job.status}
                    aria-label={`Status of ${name}`}
                    disabled={savingId === job._id}
                    onChange={(event) => onStatus(job, event.target.value as JobStatus)}
                  >
                    <option value="open" disabled={job.status !== 'open'}>
                      {statusLabel('open')}
                    </option>
                    {job.status === 'in-progress' && (
                      <option value="in-progress" disabled>
                        {statusLabel('in-progress')}
                      </option>
                    )}
                    <option value="completed">{statusLabel('completed')}</option>
                  </select>
                ) : (
                  <StatusBadge status={job.status} />
                )}
              </td>
              {poster && (
                <td className="dash-table__actions" data-label="Actions">
                  {onOffers && (job.offerCount ?? 0) > 0 && (
                    <button
                      type="button"
                      className="ui-btn ui-btn--primary ui-btn--sm"
                      onClick={() => onOffers(job)}
                      data-offers-job={job._id}
                      aria-haspopup="dialog"
                      aria-label={`Offers (${job.offerCount}) for ${name}`}
                    >
                      Offers ({job.offerCount})
                    </button>
                  )}
                  {job.status === 'open' && (
                    <Link
                      to={`/jobpost?edit=${encodeURIComponent(job._id)}`}
                      className="ui-btn ui-btn--secondary ui-btn--sm"
                      aria-label={`Edit ${name}`}
                    >
                      {MESSAGES.edit}
                    </Link>
                  )}
                  {job.status === 'completed' && (
                    <button
                      type="button"
                      className="ui-btn ui-btn--secondary ui-btn--sm"
                      onClick={() => onReview(job)}
                      data-review-job={job._id}
                      aria-haspopup="dialog"
                      aria-label={`Review a company for ${name}`}
                    >
                      Review
                    </button>
                  )}
                  <button
                    type="button"
                    className="ui-btn ui-btn--secondary ui-btn--sm ui-btn--danger"
                    onClick={() => onDelete(job)}
                    aria-haspopup="dialog"
                    aria-label={`Delete ${name}`}
                  >
                    {MESSAGES.delete}
                  </button>
                </td>
              )}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
