import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  DISPUTE_REASON_LABELS,
  formatKobo,
  UI_TIMINGS,
  type AdminDispute,
  type AdminDisputesQuery,
  type DisputeJob,
  type DisputeStatus,
} from '@marketplace/contracts';
import { errorText, type ErrorTexts } from '@marketplace/ui';
import { formatDate, formatLagosTime } from '@marketplace/ui/format';
import { APP_PAGES } from '@marketplace/page-head';
import { AdminListPage, FilterBar, FilterSelect, ListStates, PagePager } from '../../../shared/AdminList';
import { pageFrom, useListParams, useMinimumDelay } from '../../../shared/list-state';
import { adminDisputesKey, DISPUTES_PAGE_SIZE, fetchAdminDisputes } from '../api/disputes';
import { DecideDisputeDialog, disputeHeadingId, type Decision } from './DecideDisputeDialog';
import '../../../shared/case-cards.css';
import './all-disputes.css';

const STATUS_LABELS: Readonly<Record<DisputeStatus, string>> = {
  open: 'To decide',
  refunded: 'Refunded',
  rejected: 'Rejected',
};
/** The queue opens on the disputes to decide; `?status=all` shows every one. */
const VIEW_OPTIONS = [
  { value: 'refunded', label: 'Refunded' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'all', label: 'All disputes' },
];

/** The queue's query from the address (?status=&page=); unknown values fall back to the open queue. */
export function queryFrom(params: URLSearchParams): AdminDisputesQuery {
  const query: AdminDisputesQuery = { page: pageFrom(params.get('page')), limit: DISPUTES_PAGE_SIZE };
  const status = params.get('status');
  if (status === 'refunded' || status === 'rejected') query.status = status;
  else if (status !== 'all') query.status = 'open';
  return query;
}

const LOAD_ERRORS: ErrorTexts = {
  status: { 403: 'Only administrators can see disputes.' },
  server: (status) => status === 400,
  answered: (status) => `Could not load disputes (status ${status}).`,
  fallback: 'Could not load disputes.',
};
const loadError = (error: unknown) => errorText(error, LOAD_ERRORS);

function day(value: string): string {
  return formatDate(new Date(value), { month: 'short', timeZone: 'Africa/Lagos' });
}
function when(value: string): string {
  return `${day(value)}, ${formatLagosTime(new Date(value))}`;
}
const percent = (rate: number) => `${Math.round(rate * 100)} %`;

function jobState(job: DisputeJob): string {
  if (job.deleted) return 'deleted';
  if (job.hidden) return 'hidden';
  return job.status === 'in-progress' ? 'in progress' : job.status;
}

/** Whether and when the poster wrote to the company in the job's chat. */
function PosterAnswer({ dispute }: { dispute: AdminDispute }) {
  if (!dispute.posterAnsweredAt)
    return <span className="admin-dispute__flag admin-dispute__flag--none">No answer in the chat</span>;
  const hours = Math.max(
    0,
    Math.round(
      (new Date(dispute.posterAnsweredAt).getTime() -
        new Date(dispute.paidAt ?? dispute.openedAt).getTime()) /
        3_600_000,
    ),
  );
  return (
    <span className="admin-dispute__flag admin-dispute__flag--yes">
      Answered {when(dispute.posterAnsweredAt)}
      <span className="admin-case__muted">
        {' '}
        ({hours < 1 ? 'within the hour' : `${hours} h after payment`})
      </span>
    </span>
  );
}

function DisputeCard({
  dispute,
  onDecide,
}: {
  dispute: AdminDispute;
  onDecide: (dispute: AdminDispute, decision: Decision) => void;
}) {
  const company = dispute.company.name?.trim() || 'Unknown company';
  const job = dispute.job.title?.trim() || 'Job no longer listed';
  const { company: stats } = dispute;
  const canRefund = dispute.status === 'open' && dispute.paymentStatus === 'paid';
  return (
    <article
      className={`admin-case admin-dispute--${dispute.status}${dispute.status === 'open' ? ' admin-case--to-decide' : ''}`}
      aria-labelledby={disputeHeadingId(dispute._id)}
    >
      <header className="admin-case__head">
        <h2 className="admin-case__title" id={disputeHeadingId(dispute._id)} tabIndex={-1}>
          {company} <span className="admin-case__muted">disputes</span> {job}
        </h2>
        <span className={`admin-badge admin-dispute__status admin-dispute__status--${dispute.status}`}>
          {STATUS_LABELS[dispute.status]}
        </span>
      </header>
      <p className="admin-dispute__reason">
        <strong>{DISPUTE_REASON_LABELS[dispute.reason]}</strong>
        <span className="admin-case__muted"> · opened {when(dispute.openedAt)}</span>
      </p>
      <blockquote className="admin-dispute__note">“{dispute.note}”</blockquote>

      <dl className="admin-case__facts">
        <div>
          <dt>Job</dt>
          <dd>
            {job}
            <span className="admin-case__muted">
              {' '}
              · {dispute.job.category ?? 'no category'} · {jobState(dispute.job)}
            </span>
          </dd>
        </div>
        <div>
          <dt>Payment</dt>
          <dd>
            {formatKobo(dispute.amount, 'NGN')}
            {dispute.paidAt && <span className="admin-case__muted"> paid {day(dispute.paidAt)}</span>}
            {dispute.status === 'open' && dispute.paymentStatus !== 'paid' && (
              <span className="admin-dispute__flag admin-dispute__flag--none">
                {' '}
                already {dispute.paymentStatus}
              </span>
            )}
            <code className="admin-dispute__ref">{dispute.reference}</code>
          </dd>
        </div>
        <div>
          <dt>Poster in the chat</dt>
          <dd>
            <PosterAnswer dispute={dispute} />
          </dd>
        </div>
        <div>
          <dt>Poster’s other jobs</dt>
          <dd>
            {dispute.posterOtherJobs.length === 0 ? (
              <span className="admin-case__muted">None</span>
            ) : (
              <ul className="admin-dispute__list">
                {dispute.posterOtherJobs.map((other) => (
                  <li key={other._id}>
                    {other.title?.trim() || 'Untitled job'}{' '}
                    <span className="admin-case__muted">
                      · {other.category ?? 'no category'} · {jobState(other)}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </dd>
        </div>
        <div>
          <dt>Company’s disputes</dt>
          <dd>
            <span
              className={`admin-dispute__rate${stats.highRate ? ' admin-dispute__rate--high' : ''}`}
              aria-label={`Dispute rate ${percent(stats.disputeRate)}${stats.highRate ? ', high' : ''}`}
            >
              {percent(stats.disputeRate)}
              {stats.highRate && <span className="admin-dispute__rate-tag">High</span>}
            </span>{' '}
            <span className="admin-case__muted">
              {stats.disputes} of {stats.unlocks} unlocks · {stats.refunded} refunded · {stats.rejected}{' '}
              rejected
            </span>
            {stats.history.length > 0 && (
              <ul className="admin-dispute__list">
                {stats.history.map((entry) => (
                  <li key={entry._id}>
                    {day(entry.openedAt)}: {DISPUTE_REASON_LABELS[entry.reason]}{' '}
                    <span className="admin-case__muted">
                      · {entry.jobTitle?.trim() || 'job no longer listed'} · {STATUS_LABELS[entry.status]}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </dd>
        </div>
        {dispute.status !== 'open' && dispute.decidedAt && (
          <div>
            <dt>Decision</dt>
            <dd>
              {STATUS_LABELS[dispute.status]} {day(dispute.decidedAt)}
              {dispute.rejectionReason && <q className="admin-case__quote">{dispute.rejectionReason}</q>}
            </dd>
          </div>
        )}
      </dl>

      {dispute.status === 'open' && (
        <div className="admin-case__actions">
          {canRefund && (
            <button
              type="button"
              className="ui-btn ui-btn--secondary ui-btn--sm ui-btn--danger"
              aria-haspopup="dialog"
              aria-label={`Refund ${company} for ${job}`}
              onClick={() => onDecide(dispute, 'refund')}
            >
              Refund
            </button>
          )}
          <button
            type="button"
            className="ui-btn ui-btn--secondary ui-btn--sm"
            aria-haspopup="dialog"
            aria-label={`Reject the dispute of ${company} for ${job}`}
            onClick={() => onDecide(dispute, 'reject')}
          >
            Reject
          </button>
        </div>
      )}
    </article>
  );
}

/** Issue 28: companies' disputes of paid unlocks, with what an admin needs to refund or reject each. */
export function AllDisputesPage() {
  const { params, goTo, setFilter, clearAll } = useListParams('q');
  const query = queryFrom(params);
  const page = query.page ?? 1;
  const [deciding, setDeciding] = useState<{ dispute: AdminDispute; decision: Decision } | null>(null);
  const minimumShown = useMinimumDelay(UI_TIMINGS.adminListSkeletonMs);

  const list = useQuery({
    queryKey: adminDisputesKey(query),
    queryFn: ({ signal }) => fetchAdminDisputes(query, signal),
    placeholderData: keepPreviousData,
  });
  const data = list.data;
  const view = params.get('status') ?? '';
  const filtered = query.status !== 'open';
  const empty =
    page > 1
      ? `Page ${page} is past the last dispute.`
      : query.status === 'open'
        ? 'No disputes to decide. Disputes appear here as soon as a company opens one.'
        : 'No disputes here.';

  return (
    <AdminListPage title={APP_PAGES.allDisputes.heading} lead={APP_PAGES.allDisputes.lead}>
      <FilterBar prefix="admin-pay" filtered={filtered} onClear={clearAll}>
        <FilterSelect
          className="admin-pay-filter"
          label="Show"
          all="To decide"
          value={['refunded', 'rejected', 'all'].includes(view) ? view : ''}
          options={VIEW_OPTIONS}
          onChange={(value) => setFilter('status', value)}
        />
      </FilterBar>
      <ListStates
        loading={!minimumShown || list.isPending}
        skeleton={{ label: 'Loading disputes', widths: [30, 20, 25, 15] }}
        error={list.error}
        errorText={loadError}
        onRetry={() => void list.refetch()}
        hasData={Boolean(data)}
        isEmpty={data?.disputes.length === 0}
        empty={
          <div className="admin-empty">
            <p>{empty}</p>
          </div>
        }
        pager={
          data &&
          (page > 1 || data.hasMore) && (
            <PagePager
              page={page}
              limit={data.limit}
              shown={data.disputes.length}
              hasMore={data.hasMore}
              busy={list.isFetching}
              onGoTo={goTo}
            />
          )
        }
      >
        {data && (
          <div className="admin-cases" aria-busy={list.isFetching || undefined}>
            {data.disputes.map((dispute) => (
              <DisputeCard
                key={dispute._id}
                dispute={dispute}
                onDecide={(target, decision) => setDeciding({ dispute: target, decision })}
              />
            ))}
          </div>
        )}
      </ListStates>
      {deciding && (
        <DecideDisputeDialog
          dispute={deciding.dispute}
          decision={deciding.decision}
          onClose={() => setDeciding(null)}
        />
      )}
    </AdminListPage>
  );
}
