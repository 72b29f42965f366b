import { lazy, Suspense, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useParams } from '@marketplace/ui/router';
import {
  REVIEW_MODERATION_MESSAGES,
  subcategoryPath,
  type Company,
  type Review,
} from '@marketplace/contracts';
import {
  COMPANY_PROFILE_COPY,
  companyCataloguePage,
  nameInitials,
  replyTimeText,
} from '@marketplace/page-head';
import { ApiError, Button, buttonClass, PendingPage, useSession } from '@marketplace/ui';
import { VerifiedBadge } from '@marketplace/ui/verified-badge';
import { formatDate } from '@marketplace/ui/format';
import { usePageHead } from '@marketplace/ui/head';
import { QueryProvider } from '@marketplace/ui/query';
import { fetchCompany, fetchReviews } from '../api/get-company';
import './company-profile.css';

const REVIEW_SKELETONS = 5;

/** What a category page's card passes in navigation state (spec), shown until the company has loaded. */
type ProfileState = Partial<Pick<Company, 'name' | 'description' | 'photoUrl' | 'address' | 'pincode'>> & {
  companyId?: unknown;
  phoneNumber?: string | null;
  subcategory?: unknown;
};

function readState(state: unknown): ProfileState | null {
  return state && typeof state === 'object' ? (state as ProfileState) : null;
}

function Stars({ rating }: { rating: number }) {
  return (
    <span className="profile-stars" role="img" aria-label={`${rating} out of 5 stars`}>
      {Array.from({ length: 5 }, (_, i) => (
        <span key={i} aria-hidden="true" className={i < rating ? 'is-on' : undefined}>
          ★
        </span>
      ))}
    </span>
  );
}

// Reply and Report (forms, a dialog) load only for a signed-in viewer: a visitor's profile, the page most
// people and crawlers read, does not download them.
const loadActions = () => import(/* webpackChunkName: "review-actions" */ './ReviewActions');
const ReplyForm = lazy(async () => ({ default: (await loadActions()).ReplyForm }));
const ReportButton = lazy(async () => ({ default: (await loadActions()).ReportButton }));

/** Who is looking at the profile, as the review actions need it. */
interface Viewer {
  id: string;
  type: 'user' | 'company' | 'admin';
}

function ReviewItem({
  review,
  companyId,
  companyName,
  viewer,
}: {
  review: Review;
  companyId: string;
  companyName: string;
  viewer: Viewer | null;
}) {
  const ownProfile = viewer?.type === 'company' && viewer.id === companyId;
  // Customers and companies may report a review; not its author, and admins moderate instead.
  const mayReport = viewer !== null && viewer.type !== 'admin' && viewer.id !== review.userId._id;
  return (
    <li className="profile-review">
      <div className="profile-review__head">
        <span className="profile-review__avatar" aria-hidden="true">
          {nameInitials(review.userId.name)}
        </span>
        <div>
          <strong>{review.userId.name}</strong>
          {review.verifiedHire && (
            <span className="profile-review__verified">
              <span aria-hidden="true">✓</span> {REVIEW_MODERATION_MESSAGES.verifiedHire}
            </span>
          )}
          <p className="profile-review__meta">
            {review.jobId.title} ·{' '}
            {formatDate(new Date(review.dateOfReview), { month: 'long', timeZone: 'Africa/Lagos' })}
          </p>
        </div>
        <Stars rating={review.rating} />
      </div>
      <p className="profile-review__text">{review.review}</p>
      {review.reply && (
        <div className="profile-review__reply">
          <p className="profile-review__reply-head">
            <strong>{REVIEW_MODERATION_MESSAGES.replyFrom(companyName || 'the company')}</strong> ·{' '}
            {formatDate(new Date(review.reply.repliedAt), { month: 'long', timeZone: 'Africa/Lagos' })}
          </p>
          <p className="profile-review__text">{review.reply.text}</p>
        </div>
      )}
      {(ownProfile || mayReport) && (
        <Suspense fallback={null}>
          {ownProfile && !review.reply && (
            <ReplyForm reviewId={review._id} reviewsKey={reviewsKey(companyId)} />
          )}
          {mayReport && (
            <ReportButton reviewId={review._id} reviewer={review.userId.name} companyId={companyId} />
          )}
        </Suspense>
      )}
    </li>
  );
}

const reviewsKey = (companyId: string | undefined) => ['catalogue', 'reviews', companyId] as const;

function useReviews(companyId: string | undefined) {
  return useQuery({
    queryKey: reviewsKey(companyId),
    queryFn: ({ signal }) => fetchReviews(companyId!, signal),
    enabled: Boolean(companyId),
  });
}

function Reviews({
  query,
  companyId,
  companyName,
}: {
  query: ReturnType<typeof useReviews>;
  companyId: string;
  companyName: string;
}) {
  const { user } = useSession();
  const viewer: Viewer | null = user ? { id: user._id, type: user.type } : null;
  return (
    <section className="profile-card profile-card--reviews" aria-labelledby="profile-reviews">
      <div className="profile-reviews__head">
        <h2 id="profile-reviews">Reviews</h2>
        {query.data && query.data.rating.count > 0 && (
          <p className="profile-reviews__summary">
            <strong>{query.data.rating.average.toFixed(1)}</strong> out of 5 · {query.data.rating.count}{' '}
            {query.data.rating.count === 1 ? 'review' : 'reviews'}
          </p>
        )}
      </div>
      {query.isPending ? (
        <ul className="profile-reviews" aria-busy="true" aria-label="Loading reviews">
          {Array.from({ length: REVIEW_SKELETONS }, (_, i) => (
            <li key={i} className="profile-review" aria-hidden="true">
              <span className="ui-skeleton__line" />
              <span className="ui-skeleton__line" />
            </li>
          ))}
        </ul>
      ) : query.data && query.data.reviews.length > 0 ? (
        <ul className="profile-reviews" aria-label="Customer reviews">
          {query.data.reviews.map((review) => (
            <ReviewItem
              key={review._id}
              review={review}
              companyId={companyId}
              companyName={companyName}
              viewer={viewer}
            />
          ))}
        </ul>
      ) : (
        // The spec: a failed read shows as an empty list.
        <p className="profile-empty">No reviews yet.</p>
      )}
    </section>
  );
}

function Hero({ name, photoUrl }: { name: string; photoUrl: string | null | undefined }) {
  const [broken, setBroken] = useState(false);
  return (
    <div className="profile-hero" aria-hidden="true">
      {photoUrl && !broken ? (
        <img src={photoUrl} alt="" width={1180} height={320} onError={() => setBroken(true)} />
      ) : (
        <span className="profile-hero__fallback">{nameInitials(name)}</span>
      )}
    </div>
  );
}

function Profile() {
  const params = useParams();
  const state = readState(useLocation().state);
  const companyId =
    params.id ?? (typeof state?.companyId === 'string' && state.companyId ? state.companyId : undefined);
  const query = useQuery({
    queryKey: ['catalogue', 'company', companyId],
    queryFn: ({ signal }) => fetchCompany(companyId!, signal),
    enabled: Boolean(companyId),
    // A company that is gone stays gone: only a failed connection or a server error is worth a retry.
    retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 1,
  });
  // Asked for at once, shown once the company is: see `arriving` below.
  const reviews = useReviews(companyId);
  // The head (title, description, canonical, Open Graph) once the directory has answered.
  usePageHead(query.data ? companyCataloguePage(query.data).head : null);

  if (!companyId || (query.error instanceof ApiError && query.error.status === 404)) {
    return (
      <div className="ui-container profile-missing" data-remote="catalogue">
        <h1>Company not found</h1>
        <p>This company is no longer on the marketplace, or the link is incomplete.</p>
        <Link className={buttonClass('primary')} to="/other-services">
          Browse services
        </Link>
      </div>
    );
  }

  const company = query.data;
  // Opened by its address (no card's details in the navigation state): the introduction waits as a
  // skeleton and the reviews and contact card (below it on a phone) come with the company, so nothing
  // already on screen moves when the description arrives (it was the page's layout shift).
  const arriving = !company && !state && query.isPending;
  const name = company?.name ?? (typeof state?.name === 'string' ? state.name : '');
  const description = company ? company.description : state?.description;
  const phone = company ? company.phoneNumber : state?.phoneNumber;
  const address = company ? company.address : state?.address;
  const pincode = company ? company.pincode : state?.pincode;
  // The spec's navigation state carries no state: it shows once the company has been read.
  const nigerianState = company?.state;
  const services =
    company?.subcategory ?? (Array.isArray(state?.subcategory) ? (state.subcategory as string[]) : []);

  const page = (
    <div className="company-profile" data-remote="catalogue">
      <div className="ui-container">
        <Hero name={name || 'Company'} photoUrl={company?.photoUrl ?? state?.photoUrl} />
        <div className="profile-layout">
          <div className="profile-main">
            <section className="profile-card profile-intro">
              <p className="ui-eyebrow">{COMPANY_PROFILE_COPY.eyebrow}</p>
              <h1 className="profile-name">{name || COMPANY_PROFILE_COPY.heading}</h1>
              <VerifiedBadge verifiedAt={company?.verifiedAt} className="profile-verified" />
              {company && company.rating.count > 0 && (
                <p className="profile-rating">
                  <Stars rating={Math.round(company.rating.average)} /> {company.rating.average.toFixed(1)} (
                  {company.rating.count} {company.rating.count === 1 ? 'review' : 'reviews'})
                </p>
              )}
              {company && replyTimeText(company.replyMinutes) && (
                <p className="profile-reply">{replyTimeText(company.replyMinutes)}</p>
              )}
              {query.isError && !company && (
                <div className="profile-error" role="alert">
                  <p>The company’s details could not be loaded.</p>
                  <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
                    Try again
                  </Button>
                </div>
              )}
              {arriving ? (
                <div className="profile-description" aria-busy="true" aria-label="Loading the company">
                  <span className="ui-skeleton__line" />
                  <span className="ui-skeleton__line" />
                  <span className="ui-skeleton__line" />
                </div>
              ) : (
                <p className="profile-description">{description || COMPANY_PROFILE_COPY.noDescription}</p>
              )}
            </section>
            {!arriving && <Reviews query={reviews} companyId={companyId} companyName={name} />}
          </div>
          {!arriving && (
            <aside className="profile-side">
              <section className="profile-card" aria-labelledby="profile-contact">
                <h2 id="profile-contact">Contact</h2>
                {phone ? (
                  <a
                    className={buttonClass('primary', 'lg', 'profile-call')}
                    href={`tel:${phone.replace(/\s+/g, '')}`}
                  >
                    Get call from the company
                  </a>
                ) : (
                  <p className="profile-empty">No phone number listed.</p>
                )}
                <dl className="profile-facts">
                  <dt>Address</dt>
                  <dd>{address || '-'}</dd>
                  {nigerianState && (
                    <>
                      <dt>State</dt>
                      <dd>{nigerianState}</dd>
                    </>
                  )}
                  <dt>Postal code</dt>
                  <dd>{pincode || '-'}</dd>
                </dl>
              </section>
              {services.length > 0 && (
                <section className="profile-card" aria-labelledby="profile-services">
                  <h2 id="profile-services">Services</h2>
                  <ul className="profile-services">
                    {services.map((service) => (
                      <li key={service}>
                        <Link to={subcategoryPath(service)}>{service}</Link>
                      </li>
                    ))}
                  </ul>
                </section>
              )}
            </aside>
          )}
        </div>
      </div>
    </div>
  );
  // Opened by its address, the edge drew the profile's photo and introduction into the HTML: that picture
  // stays until the company is here (a skeleton only where there is none, e.g. after a client navigation).
  return arriving ? <PendingPage fallback={page} /> : page;
}

export function CompanyProfilePage() {
  return (
    <QueryProvider>
      <Profile />
    </QueryProvider>
  );
}
