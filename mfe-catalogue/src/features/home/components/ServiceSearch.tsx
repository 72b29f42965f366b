import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { categoryOfSubcategory, searchCatalogue } from '@marketplace/contracts';

/** Free-text search over the service catalogue; picking a result opens its category page. */
export function ServiceSearch() {
  const [query, setQuery] = useState('');
  const results = useMemo(() => searchCatalogue(query), [query]);
  const id = useId();
  const listId = `${id}-results`;
  const open = query.trim() !== '';

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
          aria-controls={open ? listId : undefined}
        />
      </div>
      {open && (
        <ul id={listId} className="service-search__results" aria-label="Matching services">
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
