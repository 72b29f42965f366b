import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from '@marketplace/ui/router';
import { categoryOfSubcategory, searchCatalogue } from '@marketplace/contracts';

/**
 * Free-text search over the service catalogue; picking a result opens its category page. The results are
 * links: Tab reaches them, and so do the arrow keys as in any list of suggestions (ArrowDown from the
 * field to the first, ArrowUp from the first back to the field, Escape back to the field).
 */
export function ServiceSearch() {
  const [query, setQuery] = useState('');
  const results = useMemo(() => searchCatalogue(query), [query]);
  const id = useId();
  const listId = `${id}-results`;
  const open = query.trim() !== '';
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);

  const links = () => [...(listRef.current?.querySelectorAll<HTMLAnchorElement>('a') ?? [])];
  const onFieldKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'ArrowDown') return;
    const first = links()[0];
    if (!first) return;
    event.preventDefault();
    first.focus();
  };
  const onListKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const all = links();
    const at = all.indexOf(document.activeElement as HTMLAnchorElement);
    if (at === -1) return;
    let target: HTMLElement | null | undefined;
    if (event.key === 'ArrowDown') target = all[Math.min(at + 1, all.length - 1)];
    else if (event.key === 'ArrowUp') target = at === 0 ? inputRef.current : all[at - 1];
    else if (event.key === 'Escape') target = inputRef.current;
    if (!target) return;
    event.preventDefault();
    target.focus();
  };

  return (
    <div className="service-search">
      <label htmlFor={`${id}-input`} className="ui-visually-hidden">
        What do you need help with?
      </label>
      <div className="service-search__field">
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
          <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="m20 20-3.5-3.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <input
          id={`${id}-input`}
          type="search"
          autoComplete="off"
          placeholder="What do you need help with?"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={onFieldKeyDown}
          ref={inputRef}
          aria-controls={open ? listId : undefined}
        />
      </div>
      {open && (
        <ul
          id={listId}
          ref={listRef}
          className="service-search__results"
          aria-label="Matching services"
          onKeyDown={onListKeyDown}
        >
          {results.length === 0 && (
            <li className="service-search__empty">No matching services. Try another word.</li>
          )}
          {results.map((match) => (
            <li key={`${match.kind}:${match.name}`}>
              <Link to={match.path} className="service-search__result">
                <span>{match.name}</span>
                <span className="service-search__kind">
                  {match.kind === 'category' ? 'Category' : (categoryOfSubcategory(match.name) ?? 'Service')}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
