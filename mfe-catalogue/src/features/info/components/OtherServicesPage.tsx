import { useId, useMemo, type ReactNode } from 'react';
import { Link, useSearchParams } from '@marketplace/ui/router';
import { STATIC_PAGES } from '@marketplace/page-head';
import { filterServices } from '../utils/filter-services';
import './info.css';

/** The address parameter that holds the search, so a filtered list can be shared. */
export const QUERY_PARAM = 'q';

/** The part of `name` that matches `needle`, marked. */
function Highlight({ name, needle }: { name: string; needle: string }): ReactNode {
  const at = needle ? name.toLowerCase().indexOf(needle.toLowerCase()) : -1;
  if (at < 0) return name;
  return (
    <>
      {name.slice(0, at)}
      <mark>{name.slice(at, at + needle.length)}</mark>
      {name.slice(at + needle.length)}
    </>
  );
}

/**
 * Spec "Other services" (/other-services): every sub-category under its category, with the search box
 * 'What do you need help with?' that filters them as you type. The query lives in the address (?q=).
 */
export function OtherServicesPage() {
  const copy = STATIC_PAGES.otherServices;
  const id = useId();
  const [params, setParams] = useSearchParams();
  const query = params.get(QUERY_PARAM) ?? '';
  const needle = query.trim();
  const groups = useMemo(() => filterServices(query), [query]);
  const total = groups.reduce((sum, group) => sum + group.services.length, 0);

  const setQuery = (value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === '') next.delete(QUERY_PARAM);
        else next.set(QUERY_PARAM, value);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );

  return (
    <section className="services-page" data-remote="catalogue">
      <header className="ui-page__band">
        <div className="ui-container ui-page__head">
          <p className="ui-eyebrow">{copy.eyebrow}</p>
          <h1 className="ui-page__title">{copy.heading}</h1>
          <p className="ui-page__lead">{copy.lead}</p>
          <form className="services-search" role="search" onSubmit={(event) => event.preventDefault()}>
            <label htmlFor={`${id}-q`} className="services-search__label">
              {copy.search?.label}
            </label>
            <div className="services-search__field">
              <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
                <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
                <path d="m20 20-3.5-3.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
              <input
                id={`${id}-q`}
                type="search"
                autoComplete="off"
                placeholder={copy.search?.placeholder}
                value={query}
                onChange={(event) => setQuery(event.target.value)}
              />
            </div>
          </form>
        </div>
      </header>

      <div className="ui-container services-page__body">
        <p className="services-page__count" role="status">
          {needle === ''
            ? `${total} services in ${groups.length} categories`
            : total === 0
              ? `No services match “${needle}”`
              : `${total} ${total === 1 ? 'service matches' : 'services match'} “${needle}”`}
        </p>

        {total === 0 ? (
          <div className="services-empty">
            <h2>Can&rsquo;t find what you need?</h2>
            <p>
              Try a shorter or different word, or describe the job in your own words: companies in every trade
              see the jobs that are posted.
            </p>
            <div className="services-empty__actions">
              <button type="button" className="ui-btn ui-btn--secondary" onClick={() => setQuery('')}>
                Show all services
              </button>
              <Link to="/jobpost" className="ui-btn ui-btn--primary">
                Post a job
              </Link>
            </div>
          </div>
        ) : (
          <div className="services-groups">
            {groups.map((group) => (
              <section key={group.category} className="services-group">
                <h2 className="services-group__title">
                  <Link to={group.categoryPath}>{group.category}</Link>
                  <span className="services-group__count">
                    {group.services.length}
                    <span className="ui-visually-hidden">
                      {' '}
                      {group.services.length === 1 ? 'service' : 'services'}
                    </span>
                  </span>
                </h2>
                <ul className="services-group__list">
                  {group.services.map((service) => (
                    <li key={service.name}>
                      <Link to={service.path}>
                        <Highlight name={service.name} needle={needle} />
                      </Link>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </div>
        )}
      </div>
    </section>
  );
}
