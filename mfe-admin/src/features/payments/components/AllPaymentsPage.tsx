import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  formatKobo,
  isCalendarDay,
  PAYMENT_API,
  UI_TIMINGS,
  type AdminPaymentsQuery,
  type PaymentProviderName,
  type PaymentStatus,
} from '@marketplace/contracts';
import { errorText, type ErrorTexts } from '@marketplace/ui';
import { APP_PAGES } from '@marketplace/page-head';
import { AdminListPage, FilterBar, FilterSelect, ListStates, PagePager } from '../../../shared/AdminList';
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
import { paymentStatusId, RefundPaymentDialog } from './RefundPaymentDialog';
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

const LOAD_ERRORS: ErrorTexts = {
  status: { 403: 'Only administrators can see payments.' },
  server: (status) => status === 400,
  answered: (status) => `Could not load payments (status ${status}).`,
  fallback: 'Could not load payments.',
};
const loadError = (error: unknown) => errorText(error, LOAD_ERRORS);

const STATUS_OPTIONS = STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] }));
const PROVIDER_OPTIONS = PROVIDERS.map((provider) => ({ value: provider, label: PROVIDER_LABELS[provider] }));

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
  const { params, draft, setDraft, goTo, setFilter, clearAll } = useListParams('reference');
  const query = queryFrom(params);
  const page = query.page ?? 1;
  const [refunding, setRefunding] = useState<AdminPaymentRow | null>(null);
  const minimumShown = useMinimumDelay(UI_TIMINGS.adminListSkeletonMs);

  const list = useQuery({
    queryKey: adminPaymentsKey(query),
    queryFn: ({ signal }) => fetchAdminPayments(query, signal),
    placeholderData: keepPreviousData,
  });

  const filterBy = (name: FilterName, value: string) => setFilter(name, value);

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
    <AdminListPage
      title={APP_PAGES.allPayments.heading}
      lead={APP_PAGES.allPayments.lead}
      search={{
        id: 'admin-payment-search',
        label: 'Search payments by reference',
        placeholder: 'Payment reference, e.g. MP-…',
        value: draft,
        onChange: setDraft,
      }}
    >
      <FilterBar prefix="admin-pay" filtered={filtered} onClear={clearAll}>
        <FilterSelect
          className="admin-pay-filter"
          label="Status"
          all="All statuses"
          value={query.status}
          options={STATUS_OPTIONS}
          onChange={(value) => filterBy('status', value)}
        />
        <FilterSelect
          className="admin-pay-filter"
          label="Provider"
          all="All providers"
          value={query.provider}
          options={PROVIDER_OPTIONS}
          onChange={(value) => filterBy('provider', value)}
        />
        <label className="admin-pay-filter admin-pay-filter--day">
          <span>From</span>
          <input
            type="date"
            value={query.from ?? ''}
            max={query.to}
            onChange={(event) => filterBy('from', event.target.value)}
          />
        </label>
        <label className="admin-pay-filter admin-pay-filter--day">
          <span>To</span>
          <input
            type="date"
            value={query.to ?? ''}
            min={query.from}
            onChange={(event) => filterBy('to', event.target.value)}
          />
        </label>
      </FilterBar>

      {(query.companyId || query.jobId) && (
        <ul className="admin-pay-chips" aria-label="Narrowed to">
          {query.companyId && (
            <li className="admin-pay-chip">
              <span>Company: {companyName?.trim() || 'the chosen company'}</span>
              <button type="button" onClick={() => filterBy('companyId', '')} aria-label="Show every company">
                ×
              </button>
            </li>
          )}
          {query.jobId && (
            <li className="admin-pay-chip">
              <span>Job: {jobTitle?.trim() || 'the chosen job'}</span>
              <button type="button" onClick={() => filterBy('jobId', '')} aria-label="Show every job">
                ×
              </button>
            </li>
          )}
        </ul>
      )}

      <ListStates
        loading={loading}
        skeleton={{ label: 'Loading payments', widths: [11, 16, 22, 9, 12, 9, 12] }}
        error={list.error}
        errorText={loadError}
        onRetry={() => void list.refetch()}
        hasData={Boolean(data)}
        isEmpty={data?.payments.length === 0}
        empty={
          <div className="admin-empty">
            <p>{empty}</p>
            {filtered && (
              <button type="button" className="ui-btn ui-btn--secondary ui-btn--sm" onClick={clearAll}>
                Show all payments
              </button>
            )}
          </div>
        }
        pager={
          data &&
          (page > 1 || data.hasMore) && (
            <PagePager
              page={page}
              limit={data.limit}
              shown={data.payments.length}
              hasMore={data.hasMore}
              busy={list.isFetching}
              onGoTo={goTo}
            />
          )
        }
      >
        {data && (
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
                          onClick={() => filterBy('companyId', payment.companyId)}
                          aria-label={`${company}: show only this company’s payments`}
                        >
                          {company}
                        </button>
                      </td>
                      <td className="admin-pay-table__job">
                        <button
                          type="button"
                          className="admin-pay-link admin-pay-link--job"
                          onClick={() => filterBy('jobId', payment.jobId)}
                          aria-label={`${job}: show only this job’s payments`}
                        >
                          {job}
                        </button>
                      </td>
                      <td className="admin-pay-table__amount" data-short="Amount">
                        {formatKobo(payment.amount, payment.currency)}
                      </td>
                      <td className="admin-pay-table__status" id={paymentStatusId(payment._id)} tabIndex={-1}>
                        <StatusCell payment={payment} />
                      </td>
                      <td className="admin-pay-table__provider" data-short="Via">
                        <ProviderName provider={payment.provider} />
                      </td>
                      <td className="admin-pay-table__ref" data-short="Ref">
                        <code title={payment.reference}>{payment.reference}</code>
                        {(payment.receipts ?? []).map((receipt) => (
                          <a
                            key={receipt.number}
                            href={PAYMENT_API.receiptPage(receipt.number)}
                            className="admin-pay-receipt"
                            aria-label={`${receipt.kind === 'credit-note' ? 'Credit note' : 'Receipt'} ${receipt.number} for ${company}`}
                          >
                            {receipt.number}
                          </a>
                        ))}
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
        )}
      </ListStates>
      {refunding && <RefundPaymentDialog payment={refunding} onClose={() => setRefunding(null)} />}
    </AdminListPage>
  );
}
