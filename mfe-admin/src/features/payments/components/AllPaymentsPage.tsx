import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  formatKobo,
  isCalendarDay,
  UI_TIMINGS,
  type AdminPaymentsQuery,
  type PaymentProviderName,
  type PaymentStatus,
} from '@marketplace/contracts';
import { ApiError, NETWORK_ERROR_MESSAGE, NetworkError } from '@marketplace/ui';
import { AdminSearch, PagePager, TableSkeleton } from '../../../shared/AdminList';
import { pageFrom, useListParams, useMinimumDelay } from '../../../shared/list-state';
import {
  adminPaymentsKey,
  fetchAdminPayments,
  PAYMENTS_PAGE_SIZE,
  type AdminPaymentRow,
} from '../api/payments';
import {
  companyNameOf,
  failureText,
  formatDay,
  formatTime,
  jobTitleOf,
  PROVIDER_LABELS,
  refundCause,
  REFUND_STATE_LABELS,
  STATUS_LABELS,
} from '../utils/payment-text';
import { RefundPaymentDialog } from './RefundPaymentDialog';
import './all-payments.css';

const STATUSES = Object.keys(STATUS_LABELS) as PaymentStatus[];
const PROVIDERS = Object.keys(PROVIDER_LABELS) as PaymentProviderName[];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const COLUMNS = ['Date', 'Company', 'Job', 'Amount', 'Status', 'Provider', 'Reference'] as const;

type FilterName = 'status' | 'provider' | 'from' | 'to' | 'jobId' | 'companyId';

function oneOf<T extends string>(value: string | null, allowed: readonly T[]): T | undefined {
  return allowed.find((item) => item === value);
}

function day(value: string | null): string | undefined {
  const v = (value ?? '').trim();
  return isCalendarDay(v) ? v : undefined;
}

function id(value: string | null): string | undefined {
  const v = (value ?? '').trim();
  return UUID.test(v) ? v.toLowerCase() : undefined;
}

/**
 * The list's query from the address (?reference=&status=&provider=&from=&to=&jobId=&companyId=&page=);
 * unknown values are dropped and a reversed date range is put the right way round.
 */
export function queryFrom(params: URLSearchParams): AdminPaymentsQuery {
  const query: AdminPaymentsQuery = { page: pageFrom(params.get('page')), limit: PAYMENTS_PAGE_SIZE };
  const reference = (params.get('reference') ?? '').trim().slice(0, 200);
  if (reference) query.reference = reference;
  const status = oneOf(params.get('status'), STATUSES);
  if (status) query.status = status;
  const provider = oneOf(params.get('provider'), PROVIDERS);
  if (provider) query.provider = provider;
  let from = day(params.get('from'));
  let to = day(params.get('to'));
  if (from && to && from > to) [from, to] = [to, from];
  if (from) query.from = from;
  if (to) query.to = to;
  const jobId = id(params.get('jobId'));
  if (jobId) query.jobId = jobId;
  const companyId = id(params.get('companyId'));
  if (companyId) query.companyId = companyId;
  return query;
}

function errorText(error: unknown): string {
  if (error instanceof NetworkError) return NETWORK_ERROR_MESSAGE;
  if (error instanceof ApiError && error.status === 403) return 'Only administrators can see payments.';
  if (error instanceof ApiError && error.status === 400 && error.serverMessage) return error.serverMessage;
  if (error instanceof ApiError) return `Could not load payments (status ${error.status}).`;
  return 'Could not load payments.';
}

function StatusCell({ payment }: { payment: AdminPaymentRow }) {
  const refund = payment.refund;
  const failure = payment.status === 'failed' ? failureText(payment.failureReason) : null;
  return (
    <>
      <span className={`admin-badge admin-pay-badge admin-pay-badge--${payment.status}`}>
        {STATUS_LABELS[payment.status] ?? payment.status}
      </span>
      {refund && (
        <span className="admin-pay-note">
          <span className="admin-pay-note__reason">
            {refundCause(refund.reason)}, {formatDay(refund.refundedAt)}
          </span>
          {refund.reason === 'admin' && (
            <span className="admin-pay-note__quote" title={refund.message}>
              “{refund.message}”
            </span>
          )}
          <span className={`admin-pay-refund admin-pay-refund--${refund.state}`}>
            {REFUND_STATE_LABELS[refund.state] ?? refund.state}
          </span>
        </span>
      )}
      {failure && <span className="admin-pay-note admin-pay-note__reason">{failure}</span>}
      {payment.status === 'pending' && (
        <span className="admin-pay-note admin-pay-note__reason">Waiting for the provider</span>
      )}
    </>
  );
}

/** 'Paystack', or 'Sandbox' marked as a test payment (no real money). */
function ProviderName({ provider }: { provider: PaymentProviderName }) {
  if (provider !== 'sandbox') return <>{PROVIDER_LABELS[provider] ?? provider}</>;
  return (
    <>
      Sandbox <span className="admin-pay-test">test</span>
    </>
  );
}

/** Admin screen beyond the spec (issue 10): every unlock payment, filtered, with refunds. */
export function AllPaymentsPage() {
  const { params, setParams, draft, setDraft, goTo } = useListParams('reference');
  const query = queryFrom(params);
  const page = query.page ?? 1;
  const [refunding, setRefunding] = useState<AdminPaymentRow | null>(null);
  const minimumShown = useMinimumDelay(UI_TIMINGS.adminListSkeletonMs);

  const list = useQuery({
    queryKey: adminPaymentsKey(query),
    queryFn: ({ signal }) => fetchAdminPayments(query, signal),
    placeholderData: keepPreviousData,
  });

  const setFilter = (name: FilterName, value: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value) next.set(name, value);
      else next.delete(name);
      next.delete('page');
      return next;
    });

  const data = list.data;
  const loading = !minimumShown || list.isPending;
  const filtered = Boolean(
    query.reference ||
    query.status ||
    query.provider ||
    query.from ||
    query.to ||
    query.jobId ||
    query.companyId,
  );
  // The names behind the id filters, from the rows on screen (the address holds only the ids).
  const companyName = data?.payments.find((p) => p.companyId === query.companyId)?.companyName;
  const jobTitle = data?.payments.find((p) => p.jobId === query.jobId)?.jobTitle;

  const empty = query.reference
    ? `No payment has the reference “${query.reference}”. References are matched exactly.`
    : page > 1
      ? `Page ${page} is past the last payment.`
      : filtered
        ? 'No payments match these filters.'
        : 'No payments yet. Unlock payments appear here as soon as a company starts one.';

  return (
    <section className="admin-page" data-remote="admin">
      <header className="admin-page__head">
        <div>
          <p className="ui-eyebrow">Admin</p>
          <h1 className="admin-page__title">Payments</h1>
          <p className="admin-page__lead">
            Every unlock payment: who paid for which job and where the money stands. Refund a paid unlock when
            a lead turns out dead.
          </p>
        </div>
        <AdminSearch
          id="admin-payment-search"
          label="Search payments by reference"
          placeholder="Payment reference, e.g. MP-…"
          value={draft}
          onChange={setDraft}
        />
      </header>

      <div className="admin-pay-filters" role="group" aria-label="Filters">
        <label className="admin-pay-filter">
          <span>Status</span>
          <select value={query.status ?? ''} onChange={(event) => setFilter('status', event.target.value)}>
            <option value="">All statuses</option>
            {STATUSES.map((status) => (
              <option key={status} value={status}>
                {STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        </label>
        <label className="admin-pay-filter">
          <span>Provider</span>
          <select
            value={query.provider ?? ''}
            onChange={(event) => setFilter('provider', event.target.value)}
          >
            <option value="">All providers</option>
            {PROVIDERS.map((provider) => (
              <option key={provider} value={provider}>
                {PROVIDER_LABELS[provider]}
              </option>
            ))}
          </select>
        </label>
        <label className="admin-pay-filter admin-pay-filter--day">
          <span>From</span>
          <input
            type="date"
            value={query.from ?? ''}
            max={query.to}
            onChange={(event) => setFilter('from', event.target.value)}
          />
        </label>
        <label className="admin-pay-filter admin-pay-filter--day">
          <span>To</span>
          <input
            type="date"
            value={query.to ?? ''}
            min={query.from}
            onChange={(event) => setFilter('to', event.target.value)}
          />
        </label>
        {filtered && (
          <button
            type="button"
            className="ui-btn ui-btn--ghost ui-btn--sm admin-pay-filters__clear"
            onClick={() => {
              setDraft('');
              setParams(new URLSearchParams());
            }}
          >
            Clear filters
          </button>
        )}
      </div>

      {(query.companyId || query.jobId) && (
        <ul className="admin-pay-chips" aria-label="Narrowed to">
          {query.companyId && (
            <li className="admin-pay-chip">
              <span>Company: {companyName?.trim() || 'the chosen company'}</span>
              <button
                type="button"
                onClick={() => setFilter('companyId', '')}
                aria-label="Show every company"
              >
                ×
              </button>
            </li>
          )}
          {query.jobId && (
            <li className="admin-pay-chip">
              <span>Job: {jobTitle?.trim() || 'the chosen job'}</span>
              <button type="button" onClick={() => setFilter('jobId', '')} aria-label="Show every job">
                ×
              </button>
            </li>
          )}
        </ul>
      )}

      <div className="admin-card">
        {loading ? (
          <TableSkeleton label="Loading payments" widths={[11, 16, 22, 9, 12, 9, 12]} />
        ) : list.isError && !data ? (
          <div className="admin-empty" role="alert">
            <p>{errorText(list.error)}</p>
            <button type="button" className="ui-btn ui-btn--secondary" onClick={() => void list.refetch()}>
              Try again
            </button>
          </div>
        ) : !data || data.payments.length === 0 ? (
          <div className="admin-empty">
            <p>{empty}</p>
            {filtered && (
              <button
                type="button"
                className="ui-btn ui-btn--secondary ui-btn--sm"
                onClick={() => {
                  setDraft('');
                  setParams(new URLSearchParams());
                }}
              >
                Show all payments
              </button>
            )}
          </div>
        ) : (
          <>
            <div className="admin-pay-scroll">
              <table className="admin-table admin-pay-table" aria-busy={list.isFetching || undefined}>
                <caption className="ui-visually-hidden">Payments, page {page}</caption>
                <thead>
                  <tr>
                    {COLUMNS.map((column) => (
                      <th
                        key={column}
                        scope="col"
                        className={column === 'Amount' ? 'admin-pay-table__amount' : undefined}
                      >
                        {column}
                      </th>
                    ))}
                    <th scope="col">
                      <span className="ui-visually-hidden">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.payments.map((payment) => {
                    const company = companyNameOf(payment);
                    const job = jobTitleOf(payment);
                    return (
                      <tr key={payment._id} className={`admin-pay-row--${payment.status}`}>
                        <td className="admin-pay-table__date">
                          <time dateTime={payment.createdAt}>{formatDay(payment.createdAt)}</time>
                          <span className="admin-pay-table__sub">{formatTime(payment.createdAt)}</span>
                        </td>
                        <td className="admin-pay-table__company">
                          <button
                            type="button"
                            className="admin-pay-link"
                            onClick={() => setFilter('companyId', payment.companyId)}
                            aria-label={`${company}: show only this company’s payments`}
                          >
                            {company}
                          </button>
                        </td>
                        <td className="admin-pay-table__job">
                          <button
                            type="button"
                            className="admin-pay-link admin-pay-link--job"
                            onClick={() => setFilter('jobId', payment.jobId)}
                            aria-label={`${job}: show only this job’s payments`}
                          >
                            {job}
                          </button>
                        </td>
                        <td className="admin-pay-table__amount" data-short="Amount">
                          {formatKobo(payment.amount, payment.currency)}
                        </td>
                        <td className="admin-pay-table__status">
                          <StatusCell payment={payment} />
                        </td>
                        <td className="admin-pay-table__provider" data-short="Via">
                          <ProviderName provider={payment.provider} />
                        </td>
                        <td className="admin-pay-table__ref" data-short="Ref">
                          <code title={payment.reference}>{payment.reference}</code>
                        </td>
                        <td className="admin-pay-table__actions">
                          {payment.status === 'paid' && (
                            <button
                              type="button"
                              className="ui-btn ui-btn--secondary ui-btn--sm ui-btn--danger"
                              onClick={() => setRefunding(payment)}
                              aria-haspopup="dialog"
                              aria-label={`Refund ${company} for ${job}`}
                            >
                              Refund
                            </button>
                          )}
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
            {list.isError && (
              <p className="admin-inline-error" role="alert">
                {errorText(list.error)}
              </p>
            )}
          </>
        )}
        {data && !loading && (page > 1 || data.hasMore) && (
          <PagePager
            page={page}
            limit={data.limit}
            shown={data.payments.length}
            hasMore={data.hasMore}
            busy={list.isFetching}
            onGoTo={goTo}
          />
        )}
      </div>
      {refunding && <RefundPaymentDialog payment={refunding} onClose={() => setRefunding(null)} />}
    </section>
  );
}
