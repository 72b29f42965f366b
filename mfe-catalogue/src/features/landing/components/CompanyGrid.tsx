import { useState } from 'react';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import type { Company } from '@marketplace/contracts';
import { Button, buttonClass } from '@marketplace/ui';
import { companiesKey, COMPANIES_PAGE_SIZE, fetchCompanies } from '../api/get-companies';
import type { LandingKind } from '../landing-copy';

const SKELETON_CARDS = 8;
const numberFormat = new Intl.NumberFormat('en-NG');

function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return (words.length > 1 ? words[0]![0]! + words[1]![0]! : (words[0] ?? '?').slice(0, 2)).toUpperCase();
}

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
        {initials(company.name)}
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
    <span className="company-rating" aria-label={`Rated ${average} out of 5 from ${count} reviews`}>
      <span aria-hidden="true">★ {average.toFixed(1)}</span>
      <span className="company-rating__count" aria-hidden="true">
        ({numberFormat.format(count)} {count === 1 ? 'review' : 'reviews'})
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
        <RatingLine average={company.rating.average} count={company.rating.count} />
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

/** 'Explore the companies doing {type}': paged by 'Show more', so 5,000 companies stay quick. */
export function CompanyGrid({ kind, name, known }: { kind: LandingKind; name: string; known: boolean }) {
  const query = useInfiniteQuery({
    queryKey: companiesKey(kind, name),
    queryFn: ({ pageParam, signal }) => fetchCompanies(kind, name, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.limit < last.total ? last.page + 1 : undefined),
    enabled: known,
    placeholderData: keepPreviousData,
  });
  const companies = query.data?.pages.flatMap((page) => page.company) ?? [];
  const total = query.data?.pages[0]?.total ?? 0;

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
    body = <p className="landing-empty">No Data Found</p>;
  } else {
    body = (
      <>
        <ul className="company-grid">
          {companies.map((company) => (
            <CompanyCard key={company._id} company={company} />
          ))}
        </ul>
        <div className="landing-more">
          <p className="landing-more__count">
            Showing {numberFormat.format(companies.length)} of {numberFormat.format(total)}{' '}
            {total === 1 ? 'company' : 'companies'}
          </p>
          {query.hasNextPage && (
            <Button
              variant="secondary"
              onClick={() => void query.fetchNextPage()}
              disabled={query.isFetchingNextPage}
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
        <h2 id="landing-companies" className="landing-section__title">
          Explore the companies doing {name}
        </h2>
        {body}
      </div>
    </section>
  );
}
