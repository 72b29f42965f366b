import { useEffect, useState } from 'react';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from '@marketplace/ui/router';
import { canonicalStateName, NIGERIAN_STATES, type Company, type LandingKind } from '@marketplace/contracts';
import { nameInitials, replyTimeText } from '@marketplace/page-head';
import { Button, buttonClass } from '@marketplace/ui';
import { VerifiedBadge } from '@marketplace/ui/verified-badge';
import { SelectField } from '@marketplace/ui/fields';
import { formatCount } from '@marketplace/ui/format';
import { companiesKey, COMPANIES_PAGE_SIZE, fetchCompanies } from '../api/get-companies';

const SKELETON_CARDS = 8;

/** The navigation state the spec's company profile reads (the page also loads the company by id). */
export function profileState(company: Company) {
  return {
    name: company.name,
    email: company.email,
    phoneNumber: company.phoneNumber,
    address: company.address,
    pincode: company.pincode,
    subcategory: company.subcategory,
    description: company.description ?? '',
    type: company.type,
    photoUrl: company.photoUrl ?? null,
    companyId: company._id,
  };
}

function CompanyPhoto({ company }: { company: Company }) {
  const [broken, setBroken] = useState(false);
  if (!company.photoUrl || broken) {
    return (
      <span className="company-card__photo company-card__photo--placeholder" aria-hidden="true">
        {nameInitials(company.name)}
      </span>
    );
  }
  return (
    <img
      className="company-card__photo"
      src={company.photoUrl}
      alt=""
      width={320}
      height={180}
      loading="lazy"
      decoding="async"
      onError={() => setBroken(true)}
    />
  );
}

export function RatingLine({ average, count }: { average: number; count: number }) {
  if (count === 0) return <span className="company-rating company-rating--new">New on the marketplace</span>;
  return (
    <span
      className="company-rating"
      role="img"
      aria-label={`Rated ${average} out of 5 from ${count} reviews`}
    >
      <span aria-hidden="true">★ {average.toFixed(1)}</span>
      <span className="company-rating__count" aria-hidden="true">
        ({formatCount(count)} {count === 1 ? 'review' : 'reviews'})
      </span>
    </span>
  );
}

function CompanyCard({ company }: { company: Company }) {
  return (
    <li className="company-card">
      <CompanyPhoto company={company} />
      <div className="company-card__body">
        <h3 className="company-card__name">{company.name}</h3>
        <VerifiedBadge verifiedAt={company.verifiedAt} className="company-card__verified" />
        {company.state && (
          <p className="company-card__state">
            <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" focusable="false">
              <path
                fill="currentColor"
                d="M12 2a7 7 0 0 0-7 7c0 5.25 7 13 7 13s7-7.75 7-13a7 7 0 0 0-7-7Zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5Z"
              />
            </svg>
            <span className="ui-visually-hidden">State: </span>
            {company.state}
          </p>
        )}
        <RatingLine average={company.rating.average} count={company.rating.count} />
        {replyTimeText(company.replyMinutes) && (
          <p className="company-card__reply">{replyTimeText(company.replyMinutes)}</p>
        )}
        {company.subcategory.length > 0 && (
          <p className="company-card__trades">{company.subcategory.slice(0, 3).join(' · ')}</p>
        )}
        <Link
          className={buttonClass('secondary', 'sm', 'company-card__more')}
          to={`/company-profile/${encodeURIComponent(company._id)}`}
          state={profileState(company)}
          aria-label={`View More about ${company.name}`}
        >
          View More
        </Link>
      </div>
    </li>
  );
}

/** The address's `?state=` as NIGERIAN_STATES spells it ('' for none or an unknown name). */
export function stateFromSearch(params: URLSearchParams): string {
  return canonicalStateName(params.get('state') ?? '') ?? '';
}

/** Companies of all pages, each once (a company that moved between two page reads is not shown twice). */
function uniqueCompanies(pages: ReadonlyArray<{ company: Company[] }> | undefined): Company[] {
  const seen = new Set<string>();
  const companies: Company[] = [];
  for (const page of pages ?? []) {
    for (const company of page.company) {
      if (seen.has(company._id)) continue;
      seen.add(company._id);
      companies.push(company);
    }
  }
  return companies;
}

/**
 * 'Explore the companies doing {type}': paged by 'Show more', so 5,000 companies stay quick. The State
 * filter lives in the address (?state=Lagos: kept on reload, shareable); choosing another state starts
 * its list from the first page.
 */
export function CompanyGrid({ kind, name, known }: { kind: LandingKind; name: string; known: boolean }) {
  const [params, setParams] = useSearchParams();
  const raw = params.get('state');
  const state = stateFromSearch(params);

  // Another spelling in the address (?state=lagos, ?state=FCT) becomes the canonical one; an unknown
  // or empty name is dropped (the list shows every state).
  useEffect(() => {
    if (raw === null || raw === state) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (state) next.set('state', state);
        else next.delete('state');
        return next;
      },
      { replace: true },
    );
  }, [raw, state, setParams]);

  const chooseState = (next: string) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      if (next) updated.set('state', next);
      else updated.delete('state');
      return updated;
    });

  const query = useInfiniteQuery({
    queryKey: companiesKey(kind, name, state),
    queryFn: ({ pageParam, signal }) => fetchCompanies(kind, name, pageParam, state, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.limit < last.total ? last.page + 1 : undefined),
    enabled: known,
    placeholderData: keepPreviousData,
  });
  const companies = uniqueCompanies(query.data?.pages);
  const total = query.data?.pages[0]?.total ?? 0;
  const where = state ? ` in ${state}` : '';

  let body;
  if (known && query.isPending) {
    body = (
      <ul className="company-grid" aria-busy="true" aria-label="Loading companies">
        {Array.from({ length: SKELETON_CARDS }, (_, i) => (
          <li key={i} className="company-card company-card--skeleton" aria-hidden="true">
            <span className="company-card__photo ui-skeleton__line" />
            <span className="ui-skeleton__line" />
            <span className="ui-skeleton__line" />
          </li>
        ))}
      </ul>
    );
  } else if (query.isError && companies.length === 0) {
    body = (
      <div className="landing-empty" role="alert">
        <p>The companies could not be loaded. Please check your connection.</p>
        <Button variant="secondary" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  } else if (companies.length === 0) {
    body = state ? (
      <div className="landing-empty" role="status">
        <p className="landing-empty__title">No Data Found</p>
        <p>
          No companies doing {name} in {state} yet.
        </p>
        <Button variant="secondary" onClick={() => chooseState('')}>
          Show all states
        </Button>
      </div>
    ) : (
      <p className="landing-empty">No Data Found</p>
    );
  } else {
    body = (
      <>
        <ul
          className={query.isPlaceholderData ? 'company-grid company-grid--stale' : 'company-grid'}
          aria-busy={query.isPlaceholderData || undefined}
        >
          {companies.map((company) => (
            <CompanyCard key={company._id} company={company} />
          ))}
        </ul>
        <div className="landing-more">
          <p className="landing-more__count" role="status">
            Showing {formatCount(companies.length)} of {formatCount(total)}{' '}
            {total === 1 ? 'company' : 'companies'}
            {where}
          </p>
          {query.hasNextPage && (
            <Button
              variant="secondary"
              onClick={() => void query.fetchNextPage()}
              disabled={query.isFetchingNextPage || query.isPlaceholderData}
            >
              {query.isFetchingNextPage ? 'Loading…' : `Show ${COMPANIES_PAGE_SIZE} more`}
            </Button>
          )}
        </div>
      </>
    );
  }

  return (
    <section className="landing-section" aria-labelledby="landing-companies">
      <div className="ui-container">
        <div className="landing-companies__head">
          <h2 id="landing-companies" className="landing-section__title">
            Explore the companies doing {name}
          </h2>
          {known && (
            <SelectField
              label="State"
              name="state"
              value={state}
              onChange={(event) => chooseState(event.target.value)}
              fieldClassName="landing-companies__state"
            >
              <option value="">All states</option>
              {NIGERIAN_STATES.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </SelectField>
          )}
        </div>
        {body}
      </div>
    </section>
  );
}
