import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  certificatePath,
  UI_TIMINGS,
  VERIFICATION_QUEUE_COPY,
  type AdminVerification,
  type AdminVerificationsQuery,
  type RegistryAnswer,
  type VerificationStatus,
} from '@marketplace/contracts';
import { errorText, type ErrorTexts } from '@marketplace/ui';
import { VerifiedBadge } from '@marketplace/ui/verified-badge';
import { formatDate, formatLagosTime } from '@marketplace/ui/format';
import { APP_PAGES } from '@marketplace/page-head';
import { AdminListPage, ListStates, PagePager } from '../../../shared/AdminList';
import { pageFrom, useListParams, useMinimumDelay } from '../../../shared/list-state';
import {
  adminVerificationsKey,
  fetchAdminVerifications,
  VERIFICATIONS_PAGE_SIZE,
} from '../api/verifications';
import {
  DecideVerificationDialog,
  verificationHeadingId,
  type VerificationDecision,
} from './DecideVerificationDialog';
import '../../../shared/case-cards.css';
import './all-verifications.css';

const STATUS_LABELS: Readonly<Record<VerificationStatus, string>> = {
  requested: 'To decide',
  approved: 'Verified',
  refused: 'Refused',
  revoked: 'Revoked',
};

const LOAD_ERRORS: ErrorTexts = {
  status: { 403: 'Only administrators can see verification requests.' },
  server: (status) => status === 400,
  answered: (status) => `Could not load verification requests (status ${status}).`,
  fallback: 'Could not load verification requests.',
};
const loadError = (error: unknown) => errorText(error, LOAD_ERRORS);

export function queryFrom(params: URLSearchParams): AdminVerificationsQuery {
  return { page: pageFrom(params.get('page')), limit: VERIFICATIONS_PAGE_SIZE };
}

function when(value: string): string {
  const date = new Date(value);
  return `${formatDate(date, { month: 'short', timeZone: 'Africa/Lagos' })}, ${formatLagosTime(date)}`;
}

function RegistryLine({ registry }: { registry: RegistryAnswer }) {
  return (
    <span className={`admin-verification__registry admin-verification__registry--${registry.outcome}`}>
      {registry.message}
    </span>
  );
}

function VerificationCard({
  verification,
  onDecide,
}: {
  verification: AdminVerification;
  onDecide: (verification: AdminVerification, decision: VerificationDecision) => void;
}) {
  const company = verification.company.name.trim() || 'Unknown company';
  const { status } = verification;
  const file = verification.certificateType === 'application/pdf' ? 'PDF' : 'image';
  return (
    <article
      className={`admin-case admin-verification--${status}${status === 'requested' ? ' admin-case--to-decide' : ''}`}
      aria-labelledby={verificationHeadingId(verification._id)}
    >
      <header className="admin-case__head">
        <h2 className="admin-case__title" id={verificationHeadingId(verification._id)} tabIndex={-1}>
          {company}
        </h2>
        <span className={`admin-badge admin-verification__status admin-verification__status--${status}`}>
          {STATUS_LABELS[status]}
        </span>
      </header>
      <dl className="admin-case__facts">
        <div>
          <dt>CAC number</dt>
          <dd>
            <strong>{verification.cacNumber}</strong>
            {verification.company.registeredCacNumber &&
              verification.company.registeredCacNumber !== verification.cacNumber && (
                <span className="admin-case__muted">
                  {' '}
                  (registered with {verification.company.registeredCacNumber})
                </span>
              )}
          </dd>
        </div>
        <div>
          <dt>{VERIFICATION_QUEUE_COPY.registry}</dt>
          <dd>
            <RegistryLine registry={verification.registry} />
          </dd>
        </div>
        <div>
          <dt>Certificate</dt>
          <dd>
            <a
              href={certificatePath(verification._id)}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`${VERIFICATION_QUEUE_COPY.certificate} of ${company} (${file}, opens in a new tab)`}
            >
              {VERIFICATION_QUEUE_COPY.certificate}
            </a>{' '}
            <span className="admin-case__muted">({file})</span>
          </dd>
        </div>
        <div>
          <dt>Company</dt>
          <dd>
            {verification.company.email}{' '}
            <span className="admin-case__muted">· asked {when(verification.createdAt)}</span>
            {verification.company.verifiedAt && (
              <>
                {' '}
                <VerifiedBadge verifiedAt={verification.company.verifiedAt} />
              </>
            )}
          </dd>
        </div>
        {status !== 'requested' && verification.decidedAt && (
          <div>
            <dt>Decision</dt>
            <dd>
              {STATUS_LABELS[status]} {when(verification.decidedAt)}
              {verification.reason && <q className="admin-case__quote">{verification.reason}</q>}
            </dd>
          </div>
        )}
      </dl>
      {status === 'requested' && (
        <div className="admin-case__actions">
          <button
            type="button"
            className="ui-btn ui-btn--primary ui-btn--sm"
            aria-haspopup="dialog"
            aria-label={`${VERIFICATION_QUEUE_COPY.approve} ${company}`}
            onClick={() => onDecide(verification, 'approve')}
          >
            {VERIFICATION_QUEUE_COPY.approve}
          </button>
          <button
            type="button"
            className="ui-btn ui-btn--secondary ui-btn--sm"
            aria-haspopup="dialog"
            aria-label={`${VERIFICATION_QUEUE_COPY.refuse} ${company}`}
            onClick={() => onDecide(verification, 'refuse')}
          >
            {VERIFICATION_QUEUE_COPY.refuse}
          </button>
        </div>
      )}
      {status === 'approved' && verification.company.verifiedAt && (
        <div className="admin-case__actions">
          <button
            type="button"
            className="ui-btn ui-btn--secondary ui-btn--sm ui-btn--danger"
            aria-haspopup="dialog"
            aria-label={`${VERIFICATION_QUEUE_COPY.revoke} ${company}`}
            onClick={() => onDecide(verification, 'revoke')}
          >
            {VERIFICATION_QUEUE_COPY.revoke}
          </button>
        </div>
      )}
    </article>
  );
}

/** Issue 29: companies' verification requests; approve, refuse with a reason, revoke later. */
export function AllVerificationsPage() {
  const { params, goTo } = useListParams('q');
  const query = queryFrom(params);
  const page = query.page ?? 1;
  const [deciding, setDeciding] = useState<{
    verification: AdminVerification;
    decision: VerificationDecision;
  } | null>(null);
  const minimumShown = useMinimumDelay(UI_TIMINGS.adminListSkeletonMs);

  const list = useQuery({
    queryKey: adminVerificationsKey(query),
    queryFn: ({ signal }) => fetchAdminVerifications(query, signal),
    placeholderData: keepPreviousData,
  });
  const data = list.data;
  const hasMore = data ? data.page * data.limit < data.total : false;

  return (
    <AdminListPage title={APP_PAGES.allVerifications.heading} lead={APP_PAGES.allVerifications.lead}>
      <ListStates
        loading={!minimumShown || list.isPending}
        skeleton={{ label: 'Loading verification requests', widths: [30, 20, 25, 15] }}
        error={list.error}
        errorText={loadError}
        onRetry={() => void list.refetch()}
        hasData={Boolean(data)}
        isEmpty={data?.verifications.length === 0}
        empty={
          <div className="admin-empty">
            <p>{page > 1 ? `Page ${page} is past the last request.` : VERIFICATION_QUEUE_COPY.empty}</p>
          </div>
        }
        pager={
          data &&
          (page > 1 || hasMore) && (
            <PagePager
              page={page}
              limit={data.limit}
              shown={data.verifications.length}
              hasMore={hasMore}
              busy={list.isFetching}
              onGoTo={goTo}
            />
          )
        }
      >
        {data && (
          <div className="admin-cases" aria-busy={list.isFetching || undefined}>
            {data.verifications.map((verification) => (
              <VerificationCard
                key={verification._id}
                verification={verification}
                onDecide={(target, decision) => setDeciding({ verification: target, decision })}
              />
            ))}
          </div>
        )}
      </ListStates>
      {deciding && (
        <DecideVerificationDialog
          verification={deciding.verification}
          decision={deciding.decision}
          onClose={() => setDeciding(null)}
        />
      )}
    </AdminListPage>
  );
}
