import type { ReactNode } from 'react';

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
