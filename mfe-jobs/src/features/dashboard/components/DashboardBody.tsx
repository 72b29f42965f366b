// The dashboard's content for a poster or a company, a lazy chunk of its own.
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useSearchParams } from '@marketplace/ui/router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { JOB_MESSAGES, MESSAGES, UI_TIMINGS, type JobStatus, type JobSummary } from '@marketplace/contracts';
import {
  Button,
  ButtonLink,
  errorText,
  NetworkError,
  notify,
  type SessionUser,
  retryUnlessClientError,
} from '@marketplace/ui';
import { jobDisplayName } from '@marketplace/ui/job';
import { MY_JOBS_KEY } from '../../../shared/my-jobs';
import { fetchMyJobs, myJobsKey, setJobStatus, type MyJobs } from '../api/my-jobs';
import { CompleteJobDialog } from './CompleteJobDialog';
import { DeleteJobDialog } from './DeleteJobDialog';
import { JobsTable } from './JobsTable';
import { DashboardSkeleton } from './DashboardSkeleton';

// What is not part of the first frames is a chunk of its own (issue 27: one long evaluation of the whole
// dashboard was the page's longest task). The company's money sections are asked for at once, beside
// the jobs list, and shown with it; the dialogs that load data are fetched when first opened.
const CompanyMoney = lazy(async () => ({
  default: (await import(/* webpackChunkName: "lazy-dashboard-money" */ './CompanyMoney')).CompanyMoney,
}));
const OffersModal = lazy(async () => ({
  default: (await import(/* webpackChunkName: "lazy-dashboard-offers" */ './OffersModal')).OffersModal,
}));
const ReviewModal = lazy(async () => ({
  default: (await import(/* webpackChunkName: "lazy-dashboard-review" */ './ReviewModal')).ReviewModal,
}));
const ApplicantsModal = lazy(async () => ({
  default: (await import(/* webpackChunkName: "lazy-dashboard-applicants" */ './ApplicantsModal'))
    .ApplicantsModal,
}));

export const STATUS_FAILED = 'The status could not be changed.';

/** Spec section 8: 'Failed to fetch …' when the server answered, 'Error fetching …' otherwise. */
function listErrorText(error: unknown, company: boolean): string {
  return company
    ? errorText(error, {
        answered: MESSAGES.failedToFetchAppliedJobs,
        fallback: MESSAGES.errorFetchingAppliedJobs,
      })
    : errorText(error, { answered: MESSAGES.failedToFetchJobs, fallback: MESSAGES.errorFetchingJobs });
}

/** The list with one job's status changed (and the completed counter following it). */
function withStatus(data: MyJobs, jobId: string, status: JobStatus): MyJobs {
  let completed = data.totals.completed;
  const jobs = data.jobs.map((job) => {
    if (job._id !== jobId || job.status === status) return job;
    if (status === 'completed') completed += 1;
    if (job.status === 'completed') completed -= 1;
    return { ...job, status };
  });
  return { jobs, totals: { ...data.totals, completed } };
}

function StatIcon({ kind }: { kind: 'jobs' | 'completed' }) {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
      {kind === 'jobs' ? (
        <path
          d="M8 6V4.8A1.8 1.8 0 0 1 9.8 3h4.4A1.8 1.8 0 0 1 16 4.8V6M3.5 8.2A2.2 2.2 0 0 1 5.7 6h12.6a2.2 2.2 0 0 1 2.2 2.2v9.6a2.2 2.2 0 0 1-2.2 2.2H5.7a2.2 2.2 0 0 1-2.2-2.2zM3.5 12.5h17"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.7"
          strokeLinejoin="round"
        />
      ) : (
        <>
          <circle cx="12" cy="12" r="8.5" fill="none" stroke="currentColor" strokeWidth="1.7" />
          <path
            d="m8.2 12.3 2.5 2.5 5.1-5.3"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
          />
        </>
      )}
    </svg>
  );
}

type Dialog =
  | { kind: 'complete'; job: JobSummary }
  | { kind: 'applicants'; job: JobSummary }
  | { kind: 'review'; job: JobSummary }
  | { kind: 'delete'; job: JobSummary }
  | { kind: 'offers'; jobId: string }
  | null;

/** `/dashboard?offers=<jobId>` opens that job's offers (the chat's offer cards link there). */
const OFFERS_PARAM = 'offers';

/** Counters, the jobs table and its dialogs (spec "Dashboard"). */
export function DashboardBody({ user }: { user: SessionUser }) {
  const company = user.type === 'company';
  const key = myJobsKey(user.type, user._id);
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const linkedOffers = company ? null : params.get(OFFERS_PARAM);
  const [dialog, setDialog] = useState<Dialog>(() =>
    linkedOffers ? { kind: 'offers', jobId: linkedOffers } : null,
  );
  useEffect(() => {
    if (linkedOffers) setDialog({ kind: 'offers', jobId: linkedOffers });
  }, [linkedOffers]);
  const closeOffers = () => {
    setDialog(null);
    // Closed, the address no longer names the offers (a reload or Back does not open them again).
    if (params.has(OFFERS_PARAM)) {
      const next = new URLSearchParams(params);
      next.delete(OFFERS_PARAM);
      setParams(next, { replace: true });
    }
  };
  const reviewTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(reviewTimer.current), []);

  const list = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => fetchMyJobs(user, signal),
    retry: retryUnlessClientError,
  });

  const status = useMutation({
    mutationFn: ({ job, next }: { job: JobSummary; next: JobStatus; chosenAt: number }) =>
      setJobStatus(job._id, next),
    // Spec section 4: the row changes at once; it goes back if the server refuses.
    onMutate: async ({ job, next }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<MyJobs>(key);
      if (previous) queryClient.setQueryData<MyJobs>(key, withStatus(previous, job._id, next));
      return { previous };
    },
    onError: (error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      if (!(error instanceof NetworkError))
        notify('error', errorText(error, { server: true, fallback: STATUS_FAILED }));
    },
    onSuccess: (_data, { job, next, chosenAt }) => {
      notify('success', JOB_MESSAGES.jobStatusChanged);
      if (next !== 'completed') return;
      // Spec: the review modal opens about 1 s after Completed is chosen (here: confirmed).
      const wait = Math.max(0, UI_TIMINGS.reviewModalAfterCompletedMs - (Date.now() - chosenAt));
      clearTimeout(reviewTimer.current);
      reviewTimer.current = setTimeout(
        () => setDialog((open) => open ?? { kind: 'review', job: { ...job, status: 'completed' } }),
        wait,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: MY_JOBS_KEY }),
  });

  const data = list.data;
  const title = company ? MESSAGES.appliedJob : MESSAGES.postedJob;

  return (
    <>
      <dl className="dash-stats" aria-busy={list.isPending || undefined}>
        <div className="dash-stat">
          <dt>
            <span className="dash-stat__icon">
              <StatIcon kind="jobs" />
            </span>
            {company ? MESSAGES.jobApplied : MESSAGES.jobPosted}
          </dt>
          <dd>{data ? data.totals.jobs : <span className="ui-skeleton__line dash-stat__skeleton" />}</dd>
        </div>
        <div className="dash-stat dash-stat--completed">
          <dt>
            <span className="dash-stat__icon">
              <StatIcon kind="completed" />
            </span>
            {MESSAGES.completedJobs}
          </dt>
          <dd>{data ? data.totals.completed : <span className="ui-skeleton__line dash-stat__skeleton" />}</dd>
        </div>
      </dl>

      <section className="dash-card" aria-labelledby="dash-jobs-title">
        <header className="dash-card__head">
          <h2 className="dash-card__title" id="dash-jobs-title">
            {title}
          </h2>
          {data && data.jobs.length > 0 && (
            <p className="dash-card__hint">
              {company
                ? 'Sort by clicking a column title.'
                : 'Click a job name to see the companies that unlocked it.'}
            </p>
          )}
        </header>
        {list.isPending ? (
          <DashboardSkeleton rowsOnly />
        ) : list.isError && !data ? (
          <div className="dash-empty" role="alert">
            <p>{listErrorText(list.error, company)}</p>
            <Button variant="secondary" onClick={() => void list.refetch()}>
              Try again
            </Button>
          </div>
        ) : !data || data.jobs.length === 0 ? (
          <div className="dash-empty">
            <p>{MESSAGES.noJobsToShow}</p>
            {company ? (
              <ButtonLink to="/jobs" variant="secondary">
                Find jobs
              </ButtonLink>
            ) : (
              <ButtonLink to="/jobpost" variant="secondary">
                {MESSAGES.postJob}
              </ButtonLink>
            )}
          </div>
        ) : (
          <div className="dash-card__table">
            <JobsTable
              jobs={data.jobs}
              labelledBy="dash-jobs-title"
              poster={!company}
              savingId={status.isPending ? status.variables?.job._id : undefined}
              onApplicants={(job) => setDialog({ kind: 'applicants', job })}
              onReview={(job) => setDialog({ kind: 'review', job })}
              onOffers={company ? undefined : (job) => setDialog({ kind: 'offers', jobId: job._id })}
              onDelete={(job) => setDialog({ kind: 'delete', job })}
              onStatus={(job, next) => {
                if (next === job.status) return;
                if (next === 'completed') setDialog({ kind: 'complete', job });
                else status.mutate({ job, next, chosenAt: Date.now() });
              }}
            />
          </div>
        )}
      </section>

      {/* Shown once the jobs list has its length (its query starts at once): the list's skeleton has
          five rows, so a payments card under it would move when fewer jobs arrive (issue 27). */}
      {company && (
        <div hidden={list.isPending} className="dash-money">
          <Suspense fallback={null}>
            <CompanyMoney userId={user._id} />
          </Suspense>
        </div>
      )}

      <Suspense fallback={null}>
        {dialog?.kind === 'complete' && (
          <CompleteJobDialog
            job={dialog.job}
            onClose={() => setDialog(null)}
            onConfirm={() => {
              setDialog(null);
              status.mutate({ job: dialog.job, next: 'completed', chosenAt: Date.now() });
            }}
          />
        )}
        {dialog?.kind === 'offers' && (
          <OffersModal
            jobId={dialog.jobId}
            jobName={(() => {
              const found = data?.jobs.find((job) => job._id === dialog.jobId);
              return found ? jobDisplayName(found) : undefined;
            })()}
            onClose={closeOffers}
          />
        )}
        {dialog?.kind === 'applicants' && (
          <ApplicantsModal job={dialog.job} onClose={() => setDialog(null)} />
        )}
        {dialog?.kind === 'review' && (
          <ReviewModal
            job={dialog.job}
            onClose={() => setDialog(null)}
            // Opened after Completed was chosen, the control that opened it (the status select) is gone:
            // focus goes back to the row's Review button, never to the page body.
            returnFocus={() =>
              [...document.querySelectorAll<HTMLElement>('[data-review-job]')].find(
                (button) => button.dataset.reviewJob === dialog.job._id,
              )
            }
          />
        )}
      </Suspense>
      {dialog?.kind === 'delete' && <DeleteJobDialog job={dialog.job} onClose={() => setDialog(null)} />}
    </>
  );
}
