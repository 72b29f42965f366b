import { useEffect, useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import {
  CATEGORY_NAMES,
  JOB_MESSAGES,
  JOB_STATUS_LABELS,
  MESSAGES,
  NIGERIAN_STATES,
  UI_TIMINGS,
  type AdminJobListQuery,
} from '@marketplace/contracts';
import { ApiError, NETWORK_ERROR_MESSAGE, NetworkError, notify } from '@marketplace/ui';
import { adminJobsKey, fetchAdminJobs, JOBS_PAGE_SIZE, unhideJob, type AdminJobRow } from '../api/jobs';
import { HideJobDialog } from './HideJobDialog';
import './all-jobs.css';

export const SEARCH_DEBOUNCE_MS = 350;

type StatusFilter = NonNullable<AdminJobListQuery['status']>;

const STATUS_FILTERS: ReadonlyArray<{ value: StatusFilter; label: string }> = [
  { value: 'open', label: JOB_STATUS_LABELS.open },
  { value: 'in-progress', label: JOB_STATUS_LABELS['in-progress'] },
  { value: 'completed', label: JOB_STATUS_LABELS.completed },
  { value: 'hidden', label: 'Hidden' },
];

const COLUMNS = ['Job Name', 'Posted Date', 'Posted By', 'Status'] as const;

const postedDateFormat = new Intl.DateTimeFormat('en-NG', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Africa/Lagos',
});

function postedDate(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : postedDateFormat.format(date);
}

/** True once `ms` have passed since mount (spec: the admin lists show their skeleton for 1 s). */
function useMinimumDelay(ms: number): boolean {
  const [elapsed, setElapsed] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setElapsed(true), ms);
    return () => clearTimeout(timer);
  }, [ms]);
  return elapsed;
}

function pageFrom(value: string | null): number {
  const page = Number.parseInt(value ?? '', 10);
  return Number.isFinite(page) && page > 0 ? page : 1;
}

function oneOf<T extends string>(value: string | null, allowed: readonly T[]): T | undefined {
  return allowed.find((item) => item === value);
}

/** The list's query from the address (?q=&status=&category=&state=&page=); unknown values are dropped. */
function queryFrom(params: URLSearchParams): AdminJobListQuery {
  const query: AdminJobListQuery = { page: pageFrom(params.get('page')), limit: JOBS_PAGE_SIZE };
  const q = (params.get('q') ?? '').trim();
  if (q) query.q = q;
  const status = oneOf(
    params.get('status'),
    STATUS_FILTERS.map((s) => s.value),
  );
  if (status) query.status = status;
  const category = oneOf(params.get('category'), CATEGORY_NAMES);
  if (category) query.category = category;
  const state = oneOf(params.get('state'), NIGERIAN_STATES);
  if (state) query.state = state;
  return query;
}

function errorText(error: unknown): string {
  if (error instanceof NetworkError) return NETWORK_ERROR_MESSAGE;
  if (error instanceof ApiError && error.status === 403)
    return 'Only administrators can see the list of jobs.';
  if (error instanceof ApiError) return `Could not load jobs (status ${error.status}).`;
  return 'Could not load jobs.';
}

function jobName(job: AdminJobRow): string {
  return job.jobHeading.trim() || job.title.trim() || 'Untitled job';
}

function TableSkeleton() {
  return (
    <div className="admin-skeleton" role="status" aria-label="Loading jobs">
      {Array.from({ length: 8 }, (_, row) => (
        <div key={row} className="admin-skeleton__row">
          {[34, 14, 18, 10, 10].map((width, col) => (
            <span key={col} className="ui-skeleton__line" style={{ width: `${width}%` }} />
          ))}
        </div>
      ))}
    </div>
  );
}

function StatusBadge({ job }: { job: AdminJobRow }) {
  return (
    <span className="admin-jobs-status">
      <span className={`admin-badge admin-jobs-badge admin-jobs-badge--${job.status}`}>
        {JOB_STATUS_LABELS[job.status] ?? job.status}
      </span>
      {job.hidden && <span className="admin-badge admin-jobs-badge admin-jobs-badge--hidden">Hidden</span>}
    </span>
  );
}

/** Spec "Admin screens", All Jobs: Job Name, Posted Date, Posted By, Status; plus hiding a job. */
export function AllJobsPage() {
  const [params, setParams] = useSearchParams();
  const query = queryFrom(params);
  const search = query.q ?? '';
  const page = query.page ?? 1;
  const [draft, setDraft] = useState(search);
  const [hiding, setHiding] = useState<AdminJobRow | null>(null);
  const minimumShown = useMinimumDelay(UI_TIMINGS.adminListSkeletonMs);
  const queryClient = useQueryClient();

  // Typing updates the address (and so the query) once the user pauses; a new search starts at page 1.
  useEffect(() => {
    if (draft.trim() === search) return;
    const timer = setTimeout(() => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (draft.trim()) next.set('q', draft.trim());
          else next.delete('q');
          next.delete('page');
          return next;
        },
        { replace: true },
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft, search, setParams]);

  const list = useQuery({
    queryKey: adminJobsKey(query),
    queryFn: ({ signal }) => fetchAdminJobs(query, signal),
    placeholderData: keepPreviousData,
  });

  const unhide = useMutation({
    mutationFn: (job: AdminJobRow) => unhideJob(job._id),
    onSuccess: async () => {
      notify('success', JOB_MESSAGES.jobShown);
      await queryClient.invalidateQueries({ queryKey: ['admin', 'jobs'] });
    },
    onError: (error) => {
      notify(
        'error',
        error instanceof ApiError && error.serverMessage ? error.serverMessage : errorText(error),
      );
    },
  });

  const setFilter = (name: 'status' | 'category' | 'state', value: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value) next.set(name, value);
      else next.delete(name);
      next.delete('page');
      return next;
    });

  const goTo = (target: number) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (target > 1) next.set('page', String(target));
      else next.delete('page');
      return next;
    });

  const data = list.data;
  const loading = !minimumShown || list.isPending;
  const filtered = Boolean(query.q || query.status || query.category || query.state);

  return (
    <section className="admin-page" data-remote="admin">
      <header className="admin-page__head">
        <div>
          <p className="ui-eyebrow">Admin</p>
          <h1 className="admin-page__title">All jobs</h1>
          <p className="admin-page__lead">
            Every job on the marketplace, who posted it and where it stands. Hide a job that breaks the rules.
          </p>
        </div>
        <div className="admin-search" role="search" aria-label="Jobs">
          <label className="ui-visually-hidden" htmlFor="admin-job-search">
            Search jobs
          </label>
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <path
              d="M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14zM20 20l-3.5-3.5"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinecap="round"
            />
          </svg>
          <input
            id="admin-job-search"
            type="search"
            placeholder="Search by job name or description"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            autoComplete="off"
          />
        </div>
      </header>

      <div className="admin-jobs-filters" role="group" aria-label="Filters">
        <label className="admin-jobs-filter">
          <span>Status</span>
          <select value={query.status ?? ''} onChange={(event) => setFilter('status', event.target.value)}>
            <option value="">All statuses</option>
            {STATUS_FILTERS.map((status) => (
              <option key={status.value} value={status.value}>
                {status.label}
              </option>
            ))}
          </select>
        </label>
        <label className="admin-jobs-filter">
          <span>Category</span>
          <select
            value={query.category ?? ''}
            onChange={(event) => setFilter('category', event.target.value)}
          >
            <option value="">All categories</option>
            {CATEGORY_NAMES.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <label className="admin-jobs-filter">
          <span>State</span>
          <select value={query.state ?? ''} onChange={(event) => setFilter('state', event.target.value)}>
            <option value="">All states</option>
            {NIGERIAN_STATES.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </label>
        {filtered && (
          <button
            type="button"
            className="ui-btn ui-btn--ghost ui-btn--sm admin-jobs-filters__clear"
            onClick={() => {
              setDraft('');
              setParams(new URLSearchParams());
            }}
          >
            Clear filters
          </button>
        )}
      </div>

      <div className="admin-card">
        {loading ? (
          <TableSkeleton />
        ) : list.isError && !data ? (
          <div className="admin-empty" role="alert">
            <p>{errorText(list.error)}</p>
            <button type="button" className="ui-btn ui-btn--secondary" onClick={() => void list.refetch()}>
              Try again
            </button>
          </div>
        ) : !data || data.jobs.length === 0 ? (
          <p className="admin-empty">
            {page > 1 ? `Page ${page} is past the last job.` : MESSAGES.noJobsToShow}
          </p>
        ) : (
          <>
            <table className="admin-table admin-jobs-table" aria-busy={list.isFetching || undefined}>
              <caption className="ui-visually-hidden">All jobs, page {page}</caption>
              <thead>
                <tr>
                  {COLUMNS.map((column) => (
                    <th key={column} scope="col">
                      {column}
                    </th>
                  ))}
                  <th scope="col">
                    <span className="ui-visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.jobs.map((job) => (
                  <tr key={job._id} className={job.hidden ? 'admin-jobs-row--hidden' : undefined}>
                    <td className="admin-jobs-table__name">
                      <span className="admin-jobs-table__title">{jobName(job)}</span>
                      <span className="admin-jobs-table__where">
                        {[job.category, job.state].filter(Boolean).join(' · ')}
                      </span>
                      {job.hidden && (
                        <span className="admin-jobs-table__hidden">
                          {JOB_MESSAGES.hiddenNotice(job.hidden.reason)}
                        </span>
                      )}
                    </td>
                    <td data-short="Posted">
                      <time dateTime={job.createdAt}>{postedDate(job.createdAt)}</time>
                    </td>
                    <td data-short="By">{job.postedBy.name || MESSAGES.missingValue}</td>
                    <td className="admin-jobs-table__status">
                      <StatusBadge job={job} />
                    </td>
                    <td className="admin-jobs-table__actions">
                      {job.hidden ? (
                        <button
                          type="button"
                          className="ui-btn ui-btn--secondary ui-btn--sm"
                          onClick={() => unhide.mutate(job)}
                          disabled={unhide.isPending && unhide.variables?._id === job._id}
                          aria-label={`Unhide ${jobName(job)}`}
                        >
                          Unhide
                        </button>
                      ) : (
                        <button
                          type="button"
                          className="ui-btn ui-btn--secondary ui-btn--sm ui-btn--danger"
                          onClick={() => setHiding(job)}
                          aria-haspopup="dialog"
                          aria-label={`Hide ${jobName(job)}`}
                        >
                          Hide
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            {list.isError && (
              <p className="admin-inline-error" role="alert">
                {errorText(list.error)}
              </p>
            )}
          </>
        )}
        {data && !loading && (page > 1 || data.hasMore) && (
          <nav className="admin-pager" aria-label="Pages">
            <p className="admin-pager__info">
              {data.jobs.length > 0
                ? `${(page - 1) * data.limit + 1}–${(page - 1) * data.limit + data.jobs.length}`
                : `Page ${page}`}
            </p>
            <div className="admin-pager__buttons">
              <button
                type="button"
                className="ui-btn ui-btn--secondary ui-btn--sm"
                onClick={() => goTo(page - 1)}
                disabled={page <= 1 || list.isFetching}
              >
                Previous
              </button>
              <span className="admin-pager__page" aria-current="page">
                Page {page}
              </span>
              <button
                type="button"
                className="ui-btn ui-btn--secondary ui-btn--sm"
                onClick={() => goTo(page + 1)}
                disabled={!data.hasMore || list.isFetching}
              >
                Next
              </button>
            </div>
          </nav>
        )}
      </div>
      {hiding && <HideJobDialog job={hiding} jobName={jobName(hiding)} onClose={() => setHiding(null)} />}
    </section>
  );
}
