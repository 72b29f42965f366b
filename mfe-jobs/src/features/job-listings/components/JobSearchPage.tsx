import { lazy, Suspense, useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from '@marketplace/ui/router';
import {
  CATEGORY_NAMES,
  categoryOfSubcategory,
  JOB_LIMITS,
  NIGERIAN_STATES,
  SERVICE_CATALOGUE,
  subcategoriesOf,
} from '@marketplace/contracts';
import { JOB_SEARCH_COPY } from '@marketplace/page-head';
import { notify, PendingPage, useSession, retryUnlessClientError } from '@marketplace/ui';
import { SelectField, TextField } from '@marketplace/ui/fields';
import { formatCount } from '@marketplace/ui/format';
import { EnsureQueryClient } from '@marketplace/ui/query';
import { fetchJob, jobKey, searchJobs, searchJobsKey } from '../api/get-jobs';
import {
  dateRangeError,
  hasFilters,
  readFilters,
  readPage,
  toSearchQuery,
  writeFilters,
  type SearchFilters,
} from '../utils/search-params';
import { JobCards } from './JobCards';
import './job-listings.css';

const JobModal = lazy(async () => ({
  default: (await import(/* webpackChunkName: "lazy-job-modal" */ './JobModal')).JobModal,
}));

export const LINKED_JOB_GONE = 'This job is no longer available.';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The job named by `?job=` (a job alert's link, in the app or a mail), opened in the job modal. */
function LinkedJob({ jobId, onClose }: { jobId: string; onClose: () => void }) {
  const { user } = useSession();
  const job = useQuery({
    queryKey: jobKey(jobId, user?._id ?? ''),
    queryFn: ({ signal }) => fetchJob(jobId, signal),
    retry: retryUnlessClientError,
  });
  const failed = job.isError;
  useEffect(() => {
    if (!failed) return;
    notify('error', LINKED_JOB_GONE);
    onClose();
  }, [failed, onClose]);
  if (!job.data) return null;
  return (
    <Suspense fallback={null}>
      <JobModal job={job.data} onClose={onClose} />
    </Suspense>
  );
}

function SearchForm({
  applied,
  onApply,
}: {
  applied: SearchFilters;
  onApply: (filters: SearchFilters) => void;
}) {
  const [draft, setDraft] = useState<SearchFilters>(applied);
  const [dateError, setDateError] = useState<string | undefined>();

  const apply = (next: SearchFilters) => {
    const error = dateRangeError(next);
    setDateError(error);
    if (!error) onApply(next);
  };
  /** Selects and dates search at once; the words when the form is sent. */
  const change = (changes: Partial<SearchFilters>, now = true) => {
    const next = { ...draft, ...changes };
    if (next.category && next.subcategory && categoryOfSubcategory(next.subcategory) !== next.category)
      next.subcategory = '';
    setDraft(next);
    if (now) apply(next);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    apply(draft);
  };

  const subcategoryGroups = draft.category
    ? [{ categoryname: draft.category, subcategory: subcategoriesOf([draft.category]) }]
    : SERVICE_CATALOGUE;

  return (
    <form className="jobs-search" role="search" aria-label="Search jobs" onSubmit={submit} noValidate>
      <div className="jobs-search__words">
        <TextField
          label="Words"
          type="search"
          name="q"
          placeholder="e.g. leaking roof, kitchen tiles"
          maxLength={JOB_LIMITS.searchWordsMax}
          value={draft.q}
          onChange={(event) => change({ q: event.target.value }, false)}
          autoComplete="off"
          fieldClassName="jobs-search__words-field"
        />
        <button type="submit" className="ui-btn ui-btn--primary jobs-search__submit">
          Search
        </button>
      </div>

      <div className="jobs-search__filters">
        <SelectField
          label="Category"
          value={draft.category}
          onChange={(event) => change({ category: event.target.value })}
        >
          <option value="">All categories</option>
          {CATEGORY_NAMES.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Sub-category"
          value={draft.subcategory}
          onChange={(event) => change({ subcategory: event.target.value })}
        >
          <option value="">{draft.category ? `All of ${draft.category}` : 'All sub-categories'}</option>
          {subcategoryGroups.map((group) => (
            <optgroup key={group.categoryname} label={group.categoryname}>
              {group.subcategory.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </optgroup>
          ))}
        </SelectField>
        <SelectField
          label="State"
          value={draft.state}
          onChange={(event) => change({ state: event.target.value })}
        >
          <option value="">All states</option>
          {NIGERIAN_STATES.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Starts on or after"
          type="date"
          value={draft.startFrom}
          max={draft.startTo || undefined}
          onChange={(event) => change({ startFrom: event.target.value })}
        />
        <TextField
          label="Starts on or before"
          type="date"
          value={draft.startTo}
          min={draft.startFrom || undefined}
          error={dateError}
          onChange={(event) => change({ startTo: event.target.value })}
        />
      </div>
    </form>
  );
}

function describe(filters: SearchFilters): string {
  const parts: string[] = [];
  if (filters.q) parts.push(`matching “${filters.q}”`);
  const trade = filters.subcategory || filters.category;
  if (trade) parts.push(`in ${trade}`);
  if (filters.state) parts.push(`in ${filters.state}`);
  return parts.length ? `Open jobs ${parts.join(' ')}` : JOB_SEARCH_COPY.allJobs;
}

function JobSearch() {
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const page = readPage(params);
  const { user } = useSession();
  const resultsHeading = useRef<HTMLHeadingElement>(null);
  const query = toSearchQuery(filters, page);
  const result = useQuery({
    queryKey: searchJobsKey(query, user?._id ?? ''),
    queryFn: ({ signal }) => searchJobs(query, signal),
    placeholderData: keepPreviousData,
    retry: retryUnlessClientError,
  });

  const apply = (next: SearchFilters) => setParams(writeFilters(next));
  const linkedJob = params.get('job');
  const closeLinkedJob = useCallback(
    () =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('job');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const goTo = (target: number) => {
    setParams(writeFilters(filters, target));
    resultsHeading.current?.focus();
    resultsHeading.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  };

  const data = result.data;
  const jobs = data?.jobs ?? [];
  const first = (page - 1) * (data?.limit ?? query.limit ?? 12) + 1;
  const filtered = hasFilters(filters);
  const pastTheEnd = page > 1 && data !== undefined && jobs.length === 0;

  const empty = (
    <div className="jobs-empty">
      <p className="jobs-empty__title">
        {pastTheEnd ? `Page ${page} is past the last job.` : 'No Jobs Found'}
      </p>
      {pastTheEnd ? (
        <button type="button" className="ui-btn ui-btn--secondary" onClick={() => goTo(1)}>
          Back to the first page
        </button>
      ) : filtered ? (
        <>
          <p>Try fewer words, another state or a wider range of start dates.</p>
          <Link className="ui-btn ui-btn--secondary" to="/jobs">
            Clear all filters
          </Link>
        </>
      ) : (
        <p>New jobs are posted every day. Please check back soon.</p>
      )}
    </div>
  );

  const pager =
    page > 1 || data?.hasMore ? (
      <nav className="jobs-pager" aria-label="Pages of results">
        <button
          type="button"
          className="ui-btn ui-btn--secondary ui-btn--sm"
          onClick={() => goTo(page - 1)}
          disabled={page <= 1 || result.isFetching}
        >
          Previous
        </button>
        <span className="jobs-pager__page" aria-current="page">
          Page {formatCount(page)}
        </span>
        <button
          type="button"
          className="ui-btn ui-btn--secondary ui-btn--sm"
          onClick={() => goTo(page + 1)}
          disabled={!data?.hasMore || result.isFetching}
        >
          Next
        </button>
      </nav>
    ) : null;

  const view = (
    <section className="jobs-page" data-remote="jobs">
      <header className="ui-page__band">
        <div className="ui-container jobs-page__head">
          <p className="ui-eyebrow">{JOB_SEARCH_COPY.eyebrow}</p>
          <h1 className="ui-page__title">{JOB_SEARCH_COPY.heading}</h1>
          <p className="ui-page__lead">{JOB_SEARCH_COPY.lead}</p>
          <SearchForm key={params.toString()} applied={filters} onApply={apply} />
        </div>
      </header>
      <div className="ui-container jobs-page__body">
        <div className="jobs-results__head">
          <h2 className="jobs-results__title" ref={resultsHeading} tabIndex={-1}>
            {describe(filters)}
          </h2>
          {data && jobs.length > 0 && (
            <p className="jobs-results__count" aria-live="polite">
              {jobs.length === 1
                ? `Job ${formatCount(first)}`
                : `Jobs ${formatCount(first)}–${formatCount(first + jobs.length - 1)}`}
              , newest first
            </p>
          )}
          {filtered && (
            <Link className="jobs-results__clear" to="/jobs">
              Clear filters
            </Link>
          )}
        </div>
        <JobCards
          jobs={jobs}
          loading={result.isPending}
          error={result.error}
          onRetry={() => void result.refetch()}
          label="Search results"
          empty={empty}
          footer={pager}
          busy={result.isPlaceholderData && result.isFetching}
        />
      </div>
      {linkedJob && UUID.test(linkedJob) && <LinkedJob jobId={linkedJob} onClose={closeLinkedJob} />}
    </section>
  );
  // Opened by its address without filters, the edge drew this page with its first cards into the HTML:
  // that picture stays until the first page is here (skeletons only where there is none).
  return result.isPending && !filtered && page === 1 ? <PendingPage fallback={view} /> : view;
}

/** /jobs (beyond the spec): companies, and anyone, find open jobs; the filters live in the address. */
export function JobSearchPage() {
  return (
    <EnsureQueryClient>
      <JobSearch />
    </EnsureQueryClient>
  );
}
