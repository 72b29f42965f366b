import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  REVIEW_MODERATION_MESSAGES,
  REVIEW_REPORT_REASON_LABELS,
  UI_TIMINGS,
  companyProfilePath,
  type ReportedReview,
  type ReportedReviewsQuery,
} from '@marketplace/contracts';
import { errorText, notify, type ErrorTexts } from '@marketplace/ui';
import { formatDate, formatLagosTime } from '@marketplace/ui/format';
import { Link } from '@marketplace/ui/router';
import { APP_PAGES } from '@marketplace/page-head';
import { AdminListPage, ListStates, PagePager } from '../../../shared/AdminList';
import { pageFrom, useListParams, useMinimumDelay } from '../../../shared/list-state';
import {
  fetchReportedReviews,
  moderateReview,
  REPORTED_REVIEWS_KEY,
  REPORTED_REVIEWS_PAGE_SIZE,
  reportedReviewsKey,
} from '../api/reviews';
import { HideReviewDialog, moderationError } from './HideReviewDialog';
import '../../../shared/case-cards.css';
import './all-reviews.css';

/** The queue's query from the address (?page=). */
export function queryFrom(params: URLSearchParams): ReportedReviewsQuery {
  return { page: pageFrom(params.get('page')), limit: REPORTED_REVIEWS_PAGE_SIZE };
}

const LOAD_ERRORS: ErrorTexts = {
  status: { 403: 'Only administrators can see reported reviews.' },
  server: (status) => status === 400,
  answered: (status) => `Could not load reported reviews (status ${status}).`,
  fallback: 'Could not load reported reviews.',
};
const loadError = (error: unknown) => errorText(error, LOAD_ERRORS);

function when(value: string): string {
  const date = new Date(value);
  return `${formatDate(date, { month: 'short', timeZone: 'Africa/Lagos' })}, ${formatLagosTime(date)}`;
}

export const reviewHeadingId = (reviewId: string) => `admin-review-${reviewId}`;

function stateOf(review: ReportedReview): { key: string; label: string } {
  if (review.pending) return { key: 'pending', label: 'To decide' };
  if (review.hidden) return { key: 'hidden', label: 'Hidden' };
  return { key: 'kept', label: 'Kept shown' };
}

function ReviewCard({
  review,
  onHide,
  onShow,
  busy,
}: {
  review: ReportedReview;
  onHide: (review: ReportedReview) => void;
  onShow: (review: ReportedReview) => void;
  busy: boolean;
}) {
  const company = review.company.name || 'Unknown company';
  const state = stateOf(review);
  return (
    <article
      className={`admin-case admin-review--${state.key}${state.key === 'pending' ? ' admin-case--to-decide' : ''}`}
      aria-labelledby={reviewHeadingId(review._id)}
    >
      <header className="admin-case__head">
        <h2 className="admin-case__title" id={reviewHeadingId(review._id)} tabIndex={-1}>
          {review.reviewer.name} <span className="admin-case__muted">on</span>{' '}
          <Link to={companyProfilePath(review.company._id)}>{company}</Link>
        </h2>
        <span className={`admin-badge admin-review__status admin-review__status--${state.key}`}>
          {state.label}
        </span>
      </header>
      <p className="admin-review__meta">
        <span role="img" aria-label={`${review.rating} out of 5 stars`}>
          {'★'.repeat(review.rating)}
          <span className="admin-review__stars-off" aria-hidden="true">
            {'★'.repeat(5 - review.rating)}
          </span>
        </span>
        {review.verifiedHire && (
          <span className="admin-review__verified">{REVIEW_MODERATION_MESSAGES.verifiedHire}</span>
        )}
        <span className="admin-case__muted">
          {review.job.title || 'Job'} · {when(review.dateOfReview)}
        </span>
      </p>
      <blockquote className="admin-review__text">“{review.review}”</blockquote>
      {review.reply && (
        <p className="admin-review__reply">
          <strong>{REVIEW_MODERATION_MESSAGES.replyFrom(company)}:</strong> {review.reply.text}
        </p>
      )}
      <div>
        <h3 className="admin-review__subhead">
          {review.reports.length} {review.reports.length === 1 ? 'report' : 'reports'}
        </h3>
        <ul className="admin-review__reports">
          {review.reports.map((report) => (
            <li key={report.reporter._id}>
              <strong>{REVIEW_REPORT_REASON_LABELS[report.reason]}</strong>{' '}
              <span className="admin-case__muted">
                by {report.reporter.name} ({report.reporter.type === 'company' ? 'company' : 'customer'}),{' '}
                {when(report.reportedAt)}
              </span>
              {report.note && <q className="admin-review__note">{report.note}</q>}
            </li>
          ))}
        </ul>
      </div>
      {review.hidden && (
        <p className="admin-review__decision">
          Hidden {when(review.hidden.at)}: <q>{review.hidden.reason}</q>
        </p>
      )}
      <div className="admin-case__actions">
        {review.hidden ? (
          <button
            type="button"
            className="ui-btn ui-btn--secondary ui-btn--sm"
            aria-label={`Show again: the review by ${review.reviewer.name} on ${company}`}
            disabled={busy}
            onClick={() => onShow(review)}
          >
            Show again
          </button>
        ) : (
          <>
            {review.pending && (
              <button
                type="button"
                className="ui-btn ui-btn--secondary ui-btn--sm"
                aria-label={`Keep shown: the review by ${review.reviewer.name} on ${company}`}
                disabled={busy}
                onClick={() => onShow(review)}
              >
                Keep shown
              </button>
            )}
            <button
              type="button"
              className="ui-btn ui-btn--secondary ui-btn--sm ui-btn--danger"
              aria-haspopup="dialog"
              aria-label={`Hide the review by ${review.reviewer.name} on ${company}`}
              onClick={() => onHide(review)}
            >
              Hide
            </button>
          </>
        )}
      </div>
    </article>
  );
}

/** Issue 29: reviews members reported, undecided first; hide one with a reason, or keep it shown. */
export function AllReviewsPage() {
  const { params, goTo } = useListParams('q');
  const query = queryFrom(params);
  const page = query.page ?? 1;
  const [hiding, setHiding] = useState<ReportedReview | null>(null);
  const minimumShown = useMinimumDelay(UI_TIMINGS.adminListSkeletonMs);
  const queryClient = useQueryClient();

  const list = useQuery({
    queryKey: reportedReviewsKey(query),
    queryFn: ({ signal }) => fetchReportedReviews(query, signal),
    placeholderData: keepPreviousData,
  });
  const show = useMutation({
    mutationFn: (review: ReportedReview) => moderateReview(review._id, { action: 'show' }),
    onSuccess: async (result) => {
      notify('success', result.message);
      await queryClient.invalidateQueries({ queryKey: REPORTED_REVIEWS_KEY });
      document.getElementById(reviewHeadingId(result.review._id))?.focus();
    },
    onError: (error) => notify('error', moderationError(error)),
  });
  const data = list.data;

  return (
    <AdminListPage title={APP_PAGES.allReviews.heading} lead={APP_PAGES.allReviews.lead}>
      <ListStates
        loading={!minimumShown || list.isPending}
        skeleton={{ label: 'Loading reported reviews', widths: [30, 20, 25, 15] }}
        error={list.error}
        errorText={loadError}
        onRetry={() => void list.refetch()}
        hasData={Boolean(data)}
        isEmpty={data?.reviews.length === 0}
        empty={
          <div className="admin-empty">
            <p>
              {page > 1
                ? `Page ${page} is past the last reported review.`
                : REVIEW_MODERATION_MESSAGES.noReportedReviews}
            </p>
          </div>
        }
        pager={
          data &&
          (page > 1 || data.hasMore) && (
            <PagePager
              page={page}
              limit={data.limit}
              shown={data.reviews.length}
              hasMore={data.hasMore}
              busy={list.isFetching}
              onGoTo={goTo}
            />
          )
        }
      >
        {data && (
          <div className="admin-cases" aria-busy={list.isFetching || undefined}>
            {data.reviews.map((review) => (
              <ReviewCard
                key={review._id}
                review={review}
                onHide={setHiding}
                onShow={(target) => show.mutate(target)}
                busy={show.isPending}
              />
            ))}
          </div>
        )}
      </ListStates>
      {hiding && <HideReviewDialog review={hiding} onClose={() => setHiding(null)} />}
    </AdminListPage>
  );
}
