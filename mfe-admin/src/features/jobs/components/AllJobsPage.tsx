import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CATEGORY_NAMES,
  JOB_MESSAGES,
  JOB_STATUS_LABELS,
  MESSAGES,
  NIGERIAN_STATES,
  UI_TIMINGS,
  type AdminJobListQuery,
} from '@marketplace/contracts';
import { ApiError, errorText, notify, type ErrorTexts } from '@marketplace/ui';
import { jobDisplayName } from '@marketplace/ui/job';
import { formatDate } from '@marketplace/ui/format';
import { APP_PAGES } from '@marketplace/page-head';
import { adminJobsKey, fetchAdminJobs, JOBS_PAGE_SIZE, unhideJob, type AdminJobRow } from '../api/jobs';
import { AdminListPage, FilterBar, FilterSelect, ListStates, PagePager } from '../../../shared/AdminList';
import { pageFrom, useListParams, useMinimumDelay } from '../../../shared/list-state';
import { HideJobDialog } from './HideJobDialog';
import './all-jobs.css';

type StatusFilter = NonNullable<AdminJobListQuery['status']>;

const STATUS_FILTERS: ReadonlyArray<{ value: StatusFilter; label: string }> = [
  { value: 'open', label: JOB_STATUS_LABELS.open },
  { value: 'in-progress', label: JOB_STATUS_LABELS['in-progress'] },
  { value: 'completed', label: JOB_STATUS_LABELS.completed },
  { value: 'hidden', label: 'Hidden' },
];

const COLUMNS = ['Job Name', 'Posted Date', 'Posted By', 'Status'] as const;

function postedDate(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime())
    ? value
    : formatDate(date, { month: 'short', timeZone: 'Africa/Lagos' });
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

const LOAD_ERRORS: ErrorTexts = {
  status: { 403: 'Only administrators can see the list of jobs.' },
  answered: (status) => `Could not load jobs (status ${status}).`,
  fallback: 'Could not load jobs.',
};
const loadError = (error: unknown) => errorText(error, LOAD_ERRORS);

const CATEGORY_OPTIONS = CATEGORY_NAMES.map((name) => ({ value: name, label: name }));
const STATE_OPTIONS = NIGERIAN_STATES.map((name) => ({ value: name, label: name }));

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
  const { params, draft, setDraft, goTo, setFilter, clearAll } = useListParams('q');
  const query = queryFrom(params);
  const page = query.page ?? 1;
  const [hiding, setHiding] = useState<AdminJobRow | null>(null);
  const minimumShown = useMinimumDelay(UI_TIMINGS.adminListSkeletonMs);
  const queryClient = useQueryClient();

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
        error instanceof ApiError && error.serverMessage ? error.serverMessage : loadError(error),
      );
    },
  });

  const data = list.data;
  const loading = !minimumShown || list.isPending;
  const filtered = Boolean(query.q || query.status || query.category || query.state);

  return (
    <AdminListPage
      title={APP_PAGES.allJobs.heading}
      lead={APP_PAGES.allJobs.lead}
      search={{
        id: 'admin-job-search',
        label: 'Search jobs',
        placeholder: 'Job name or description',
        value: draft,
        onChange: setDraft,
      }}
    >
      <FilterBar prefix="admin-jobs" filtered={filtered} onClear={clearAll}>
        <FilterSelect
          className="admin-jobs-filter"
          label="Status"
          all="All statuses"
          value={query.status}
          options={STATUS_FILTERS}
          onChange={(value) => setFilter('status', value)}
        />
        <FilterSelect
          className="admin-jobs-filter"
          label="Category"
          all="All categories"
          value={query.category}
          options={CATEGORY_OPTIONS}
          onChange={(value) => setFilter('category', value)}
        />
        <FilterSelect
          className="admin-jobs-filter"
          label="State"
          all="All states"
          value={query.state}
          options={STATE_OPTIONS}
          onChange={(value) => setFilter('state', value)}
        />
      </FilterBar>

      <ListStates
        loading={loading}
        skeleton={{ label: 'Loading jobs', widths: [34, 14, 18, 10, 10] }}
        error={list.error}
        errorText={loadError}
        onRetry={() => void list.refetch()}
        hasData={Boolean(data)}
        isEmpty={data?.jobs.length === 0}
        empty={
          <p className="admin-empty">
            {page > 1 ? `Page ${page} is past the last job.` : MESSAGES.noJobsToShow}
          </p>
        }
        pager={
          data &&
          (page > 1 || data.hasMore) && (
            <PagePager
              page={page}
              limit={data.limit}
              shown={data.jobs.length}
              hasMore={data.hasMore}
              busy={list.isFetching}
              onGoTo={goTo}
            />
          )
        }
      >
        {data && (
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
                    <span className="admin-jobs-table__title">{jobDisplayName(job)}</span>
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
                        aria-label={`Unhide ${jobDisplayName(job)}`}
                      >
                        Unhide
                      </button>
                    ) : (
                      <button
                        type="button"
                        className="ui-btn ui-btn--secondary ui-btn--sm ui-btn--danger"
                        onClick={() => setHiding(job)}
                        aria-haspopup="dialog"
                        aria-label={`Hide ${jobDisplayName(job)}`}
                      >
                        Hide
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </ListStates>
      {hiding && (
        <HideJobDialog job={hiding} jobName={jobDisplayName(hiding)} onClose={() => setHiding(null)} />
      )}
    </AdminListPage>
  );
}
