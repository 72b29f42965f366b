// The admin lists' one pattern (All users, All jobs, Payments, Disputes): the page head with its search box, a row of
// filters, and the list's states in its card (skeleton, error with 'Try again', empty, the table with an
// inline error when a refresh failed, the pager).
import type { ReactNode } from 'react';
import { ADMIN_EYEBROW } from '@marketplace/page-head';

/** The list's search box in the page head. */
export function AdminSearch({
  id,
  label,
  placeholder,
  value,
  onChange,
}: {
  id: string;
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="admin-search" role="search" aria-label={label}>
      <label className="ui-visually-hidden" htmlFor={id}>
        {label}
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
        id={id}
        type="search"
        placeholder={placeholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        autoComplete="off"
      />
    </div>
  );
}

/** Eight shimmering rows whose cells have the given widths (per cent), while a list loads. */
export function TableSkeleton({ label, widths }: { label: string; widths: readonly number[] }) {
  return (
    <div className="admin-skeleton" role="status" aria-label={label}>
      {Array.from({ length: 8 }, (_, row) => (
        <div key={row} className="admin-skeleton__row">
          {widths.map((width, col) => (
            <span key={col} className="ui-skeleton__line" style={{ width: `${width}%` }} />
          ))}
        </div>
      ))}
    </div>
  );
}

/** Previous / Next under a list; `info` says which rows are shown, `current` which page. */
export function Pager({
  info,
  current,
  canGoBack,
  canGoOn,
  onGo,
}: {
  info: ReactNode;
  current: ReactNode;
  canGoBack: boolean;
  canGoOn: boolean;
  onGo: (direction: -1 | 1) => void;
}) {
  return (
    <nav className="admin-pager" aria-label="Pages">
      <p className="admin-pager__info">{info}</p>
      <div className="admin-pager__buttons">
        <button
          type="button"
          className="ui-btn ui-btn--secondary ui-btn--sm"
          onClick={() => onGo(-1)}
          disabled={!canGoBack}
        >
          Previous
        </button>
        <span className="admin-pager__page" aria-current="page">
          {current}
        </span>
        <button
          type="button"
          className="ui-btn ui-btn--secondary ui-btn--sm"
          onClick={() => onGo(1)}
          disabled={!canGoOn}
        >
          Next
        </button>
      </div>
    </nav>
  );
}

/** The pager of a list that knows only whether more follow (rows `from`–`to` of this page). */
export function PagePager({
  page,
  limit,
  shown,
  hasMore,
  busy,
  onGoTo,
}: {
  page: number;
  limit: number;
  shown: number;
  hasMore: boolean;
  busy: boolean;
  onGoTo: (page: number) => void;
}) {
  return (
    <Pager
      info={shown > 0 ? `${(page - 1) * limit + 1}–${(page - 1) * limit + shown}` : `Page ${page}`}
      current={`Page ${page}`}
      canGoBack={page > 1 && !busy}
      canGoOn={hasMore && !busy}
      onGo={(direction) => onGoTo(page + direction)}
    />
  );
}

export interface AdminSearchProps {
  id: string;
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
}

/** An admin list page: eyebrow, title and lead with the list's search box beside them, then `children`. */
export function AdminListPage({
  title,
  lead,
  search,
  children,
}: {
  title: string;
  lead: ReactNode;
  /** The list's search box; a list without one (the disputes queue) leaves it out. */
  search?: AdminSearchProps;
  children: ReactNode;
}) {
  return (
    <section className="admin-page" data-remote="admin">
      <header className="admin-page__head">
        <div>
          <p className="ui-eyebrow">{ADMIN_EYEBROW}</p>
          <h1 className="admin-page__title">{title}</h1>
          <p className="admin-page__lead">{lead}</p>
        </div>
        {search && <AdminSearch {...search} />}
      </header>
      {children}
    </section>
  );
}

/**
 * The filters above a list (`${prefix}-filters`, each `${prefix}-filter`), with 'Clear filters' while any
 * filter or search is set.
 */
export function FilterBar({
  prefix,
  filtered,
  onClear,
  children,
}: {
  prefix: string;
  filtered: boolean;
  onClear: () => void;
  children: ReactNode;
}) {
  return (
    <div className={`${prefix}-filters`} role="group" aria-label="Filters">
      {children}
      {filtered && (
        <button
          type="button"
          className={`ui-btn ui-btn--ghost ui-btn--sm ${prefix}-filters__clear`}
          onClick={onClear}
        >
          Clear filters
        </button>
      )}
    </div>
  );
}

/** One filter of a FilterBar: a labelled select whose empty choice is `all`. */
export function FilterSelect({
  className,
  label,
  all,
  value,
  options,
  onChange,
}: {
  className: string;
  label: string;
  all: string;
  value: string | undefined;
  options: ReadonlyArray<{ value: string; label: string }>;
  onChange: (value: string) => void;
}) {
  return (
    <label className={className}>
      <span>{label}</span>
      <select value={value ?? ''} onChange={(event) => onChange(event.target.value)}>
        <option value="">{all}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * A list's card and its states: the skeleton while loading (at least the spec's second), the error with
 * 'Try again' when nothing could be loaded, `empty` when there are no rows, else the table (`children`)
 * with the error under it when a refresh failed; `pager` under whatever shows once loaded.
 */
export function ListStates({
  loading,
  skeleton,
  error,
  errorText,
  onRetry,
  hasData,
  isEmpty,
  empty,
  pager,
  children,
}: {
  loading: boolean;
  skeleton: { label: string; widths: readonly number[] };
  /** The query's error (null when it has none). */
  error: unknown;
  errorText: (error: unknown) => string;
  onRetry: () => void;
  hasData: boolean;
  isEmpty: boolean;
  empty: ReactNode;
  pager: ReactNode;
  children: ReactNode;
}) {
  const failed = error !== null && error !== undefined;
  return (
    <div className="admin-card">
      {loading ? (
        <TableSkeleton label={skeleton.label} widths={skeleton.widths} />
      ) : failed && !hasData ? (
        <div className="admin-empty" role="alert">
          <p>{errorText(error)}</p>
          <button type="button" className="ui-btn ui-btn--secondary" onClick={onRetry}>
            Try again
          </button>
        </div>
      ) : !hasData || isEmpty ? (
        empty
      ) : (
        <>
          {children}
          {failed && (
            <p className="admin-inline-error" role="alert">
              {errorText(error)}
            </p>
          )}
        </>
      )}
      {!loading && hasData && pager}
    </div>
  );
}
