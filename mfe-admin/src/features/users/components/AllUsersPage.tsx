import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { ApiError, NETWORK_ERROR_MESSAGE, NetworkError } from '@marketplace/ui';
import { MESSAGES, UI_TIMINGS } from '@marketplace/contracts';
import { fetchUsers, USERS_PAGE_SIZE } from '../api/get-users';

export const SEARCH_DEBOUNCE_MS = 350;

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

const numberFormat = new Intl.NumberFormat('en-NG');

function errorText(error: unknown): string {
  if (error instanceof NetworkError) return NETWORK_ERROR_MESSAGE;
  if (error instanceof ApiError && error.status === 403)
    return 'Only administrators can see the list of users.';
  if (error instanceof ApiError) return `Could not load users (status ${error.status}).`;
  return 'Could not load users.';
}

function TableSkeleton() {
  return (
    <div className="admin-skeleton" role="status" aria-label="Loading users">
      {Array.from({ length: 8 }, (_, row) => (
        <div key={row} className="admin-skeleton__row">
          {[38, 18, 10, 10, 10].map((width, col) => (
            <span key={col} className="ui-skeleton__line" style={{ width: `${width}%` }} />
          ))}
        </div>
      ))}
    </div>
  );
}

const COLUMNS = ['Email', 'Phone Number', 'Total Job Posted', 'Job Applied', 'Type'] as const;

/** Spec "Admin screens", All Users: Email, Phone Number, Total Job Posted, Job Applied, Type. */
export function AllUsersPage() {
  const [params, setParams] = useSearchParams();
  const search = (params.get('search') ?? '').trim();
  const page = pageFrom(params.get('page'));
  const [draft, setDraft] = useState(search);
  const minimumShown = useMinimumDelay(UI_TIMINGS.adminListSkeletonMs);

  // Typing updates the address (and so the query) once the user pauses; a new search starts at page 1.
  useEffect(() => {
    if (draft.trim() === search) return;
    const timer = setTimeout(() => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (draft.trim()) next.set('search', draft.trim());
          else next.delete('search');
          next.delete('page');
          return next;
        },
        { replace: true },
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft, search, setParams]);

  const query = useQuery({
    queryKey: ['admin', 'users', { search, page }],
    queryFn: ({ signal }) => fetchUsers(search, page, signal),
    placeholderData: keepPreviousData,
  });

  const goTo = (target: number) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (target > 1) next.set('page', String(target));
      else next.delete('page');
      return next;
    });

  const data = query.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / (data.limit || USERS_PAGE_SIZE))) : 1;
  const first = data && data.users.length > 0 ? (page - 1) * data.limit + 1 : 0;
  const last = data ? first + data.users.length - 1 : 0;
  const loading = !minimumShown || query.isPending;

  return (
    <section className="admin-page" data-remote="admin">
      <header className="admin-page__head">
        <div>
          <p className="ui-eyebrow">Admin</p>
          <h1 className="admin-page__title">All users</h1>
          <p className="admin-page__lead">
            {data && !loading
              ? `${numberFormat.format(data.total)} ${data.total === 1 ? 'account' : 'accounts'}${search ? ` matching “${search}”` : ''}`
              : 'Every customer and company account, with jobs posted and applied.'}
          </p>
        </div>
        <div className="admin-search" role="search">
          <label className="ui-visually-hidden" htmlFor="admin-user-search">
            Search users
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
            id="admin-user-search"
            type="search"
            placeholder="Search by email, name or phone"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            autoComplete="off"
          />
        </div>
      </header>

      <div className="admin-card">
        {loading ? (
          <TableSkeleton />
        ) : query.isError && !data ? (
          <div className="admin-empty" role="alert">
            <p>{errorText(query.error)}</p>
            <button type="button" className="ui-btn ui-btn--secondary" onClick={() => void query.refetch()}>
              Try again
            </button>
          </div>
        ) : !data || data.users.length === 0 ? (
          <p className="admin-empty">{MESSAGES.noUsersToShow}</p>
        ) : (
          <>
            <table className="admin-table" aria-busy={query.isFetching || undefined}>
              <caption className="ui-visually-hidden">All users, page {page}</caption>
              <thead>
                <tr>
                  {COLUMNS.map((column) => (
                    <th key={column} scope="col">
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {data.users.map((user) => (
                  <tr key={user._id}>
                    <td className="admin-table__email">
                      <span>{user.email}</span>
                    </td>
                    <td data-short="Phone">{user.phoneNumber || MESSAGES.missingValue}</td>
                    <td data-short="Posted" className="admin-table__num">
                      {user.totalPostedJobs ?? 0}
                    </td>
                    <td data-short="Applied" className="admin-table__num">
                      {user.totalAppliedJobs ?? 0}
                    </td>
                    <td className="admin-table__type">
                      <span className={`admin-badge admin-badge--${user.type}`}>{user.type}</span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            {query.isError && (
              <p className="admin-inline-error" role="alert">
                {errorText(query.error)}
              </p>
            )}
          </>
        )}
        {data && !loading && data.total > 0 && (
          <nav className="admin-pager" aria-label="Pages">
            <p className="admin-pager__info">
              {first > 0
                ? `${numberFormat.format(first)}–${numberFormat.format(last)} of ${numberFormat.format(data.total)}`
                : `Page ${page} is past the end`}
            </p>
            <div className="admin-pager__buttons">
              <button
                type="button"
                className="ui-btn ui-btn--secondary ui-btn--sm"
                onClick={() => goTo(page - 1)}
                disabled={page <= 1 || query.isFetching}
              >
                Previous
              </button>
              <span className="admin-pager__page" aria-current="page">
                Page {numberFormat.format(page)} of {numberFormat.format(pages)}
              </span>
              <button
                type="button"
                className="ui-btn ui-btn--secondary ui-btn--sm"
                onClick={() => goTo(page + 1)}
                disabled={page >= pages || query.isFetching}
              >
                Next
              </button>
            </div>
          </nav>
        )}
      </div>
    </section>
  );
}
