import { useEffect, useRef, useState } from 'react';
import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  companyProfilePath,
  formatNaira,
  lagosToday,
  OFFER_MESSAGES,
  type Company,
  type Offer,
  type OfferListResponse,
  type OfferStatus,
} from '@marketplace/contracts';
import { replyTimeText } from '@marketplace/page-head';
import { Button, errorText, notify, retryUnlessClientError } from '@marketplace/ui';
import { Modal, Spinner } from '@marketplace/ui/form';
import { Link } from '@marketplace/ui/router';
import { MY_JOBS_KEY } from '../../../shared/my-jobs';
import { formatDay, formatPostedDate } from '../../../shared/dates';
import {
  acceptOffer,
  fetchOfferCompany,
  fetchOffers,
  offerCompanyKey,
  offersKey,
  undoHire,
  type HireAnswer,
} from '../api/offers';

export const NO_OFFERS = 'No offers yet. Companies that unlocked this job can send you one from the chat.';
export const OFFERS_FAILED = 'The offers could not be loaded.';
export const ACCEPT_FAILED = 'The offer could not be accepted.';
export const UNDO_FAILED = 'The hire could not be undone.';
export const NO_REVIEWS = 'No reviews yet';
export const NO_REPLY_TIME = 'Reply time not known yet';

const STATUS_ORDER: Record<OfferStatus, number> = {
  accepted: 0,
  active: 1,
  declined: 2,
  expired: 3,
  withdrawn: 4,
  replaced: 5,
};

const STATUS_BADGE: Partial<Record<OfferStatus, string>> = {
  accepted: 'Hired',
  declined: 'Not chosen',
  expired: 'Expired',
  withdrawn: 'Withdrawn',
};

/** The offers the poster compares: each company's latest (a replaced offer is history), hired first. */
export function comparableOffers(offers: readonly Offer[]): Offer[] {
  return offers
    .filter((offer) => offer.status !== 'replaced')
    .map((offer, index) => ({ offer, index }))
    .sort((a, b) => STATUS_ORDER[a.offer.status] - STATUS_ORDER[b.offer.status] || a.index - b.index)
    .map(({ offer }) => offer);
}

export const priceText = (offer: Pick<Offer, 'priceNaira'>) =>
  offer.priceNaira === null ? OFFER_MESSAGES.byInspection : formatNaira(offer.priceNaira);

function ratingText(company: Company): string {
  const { average, count } = company.rating;
  if (count === 0) return NO_REVIEWS;
  return `${average.toFixed(1)} out of 5 · ${count === 1 ? '1 review' : `${count} reviews`}`;
}

/** What the company's public profile adds to its offer: rating, reviews, reply time. */
function CompanyFacts({ company, pending }: { company: Company | undefined; pending: boolean }) {
  if (pending) {
    return (
      <>
        <div>
          <dt>Rating</dt>
          <dd className="offer-card__muted">Loading…</dd>
        </div>
        <div>
          <dt>Replies</dt>
          <dd className="offer-card__muted">Loading…</dd>
        </div>
      </>
    );
  }
  return (
    <>
      <div>
        <dt>Rating</dt>
        <dd className={company && company.rating.count > 0 ? undefined : 'offer-card__muted'}>
          {company ? ratingText(company) : 'Not available'}
        </dd>
      </div>
      <div>
        <dt>Replies</dt>
        <dd className={replyTimeText(company?.replyMinutes) ? undefined : 'offer-card__muted'}>
          {replyTimeText(company?.replyMinutes) ?? NO_REPLY_TIME}
        </dd>
      </div>
    </>
  );
}

interface OffersModalProps {
  jobId: string;
  /** The job's name when the list has it (a link to /dashboard?offers= may come before the list). */
  jobName: string | undefined;
  onClose: () => void;
}

/**
 * A job's offers side by side (issue 29): each company's price (or "by inspection"), earliest start,
 * how long the offer stands and its note, with the company's rating, reviews and reply time from its
 * public profile. The poster accepts one after a confirmation; the hired card is marked and the hire can
 * be undone until its start date.
 */
export function OffersModal({ jobId, jobName, onClose }: OffersModalProps) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState<string | null>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  // After a hire or its undo the button that was pressed is gone: focus goes to the sentence that says
  // what changed, not to the top of the dialog.
  const lead = useRef<HTMLParagraphElement>(null);
  const focusLead = () => setTimeout(() => lead.current?.focus());
  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
  }, [confirming]);

  const list = useQuery({
    queryKey: offersKey(jobId),
    queryFn: ({ signal }) => fetchOffers(jobId, signal),
    retry: retryUnlessClientError,
  });
  const offers = comparableOffers(list.data?.offers ?? []);
  const companyIds = [...new Set(offers.map((offer) => offer.company._id))];
  const companies = useQueries({
    queries: companyIds.map((companyId) => ({
      queryKey: offerCompanyKey(companyId),
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchOfferCompany(companyId, signal),
      retry: retryUnlessClientError,
      staleTime: 60_000,
    })),
  });
  const companyOf = (companyId: string) => companies[companyIds.indexOf(companyId)];

  const settle = (answer: HireAnswer) => {
    const fresh: OfferListResponse = {
      statusCode: 200,
      offers: answer.offers,
      hiredCompanyId: answer.hiredCompanyId,
      undoUntil: answer.undoUntil,
    };
    queryClient.setQueryData(offersKey(jobId), fresh);
    notify('success', answer.resultMessage.en);
    focusLead();
    void queryClient.invalidateQueries({ queryKey: MY_JOBS_KEY });
  };
  const refused = (fallback: string) => (error: unknown) => {
    notify('error', errorText(error, { server: true, fallback }));
    void queryClient.invalidateQueries({ queryKey: offersKey(jobId) });
  };
  const accept = useMutation({
    mutationFn: acceptOffer,
    onSuccess: (answer) => {
      setConfirming(null);
      settle(answer);
    },
    onError: (error) => {
      setConfirming(null);
      refused(ACCEPT_FAILED)(error);
    },
  });
  const undo = useMutation({
    mutationFn: () => undoHire(jobId),
    onSuccess: settle,
    onError: refused(UNDO_FAILED),
  });

  const data = list.data;
  const hired = data?.hiredCompanyId ?? null;
  const canUndo = Boolean(data?.undoUntil && lagosToday() < data.undoUntil);
  const hiredOffer = offers.find((offer) => offer.status === 'accepted');

  let body;
  if (list.isPending) {
    body = (
      <p className="choice-loading" role="status">
        <Spinner /> Loading offers…
      </p>
    );
  } else if (list.isError) {
    body = (
      <div className="dash-modal__empty" role="alert">
        <p>{errorText(list.error, { server: true, fallback: OFFERS_FAILED })}</p>
        <Button variant="secondary" onClick={() => void list.refetch()}>
          Try again
        </Button>
      </div>
    );
  } else if (offers.length === 0) {
    body = <p className="dash-modal__empty">{NO_OFFERS}</p>;
  } else {
    body = (
      <ul className="offer-cards" aria-label="Offers">
        {offers.map((offer) => {
          const name = offer.company.name;
          const profile = companyOf(offer.company._id);
          const badge = STATUS_BADGE[offer.status];
          const headingId = `offer-${offer._id}`;
          return (
            <li
              key={offer._id}
              className={`offer-card offer-card--${offer.status}`}
              aria-labelledby={headingId}
            >
              <div className="offer-card__head">
                <h3 className="offer-card__company" id={headingId}>
                  <Link to={companyProfilePath(offer.company._id)}>{name}</Link>
                </h3>
                {badge && (
                  <span className={`offer-card__badge offer-card__badge--${offer.status}`}>{badge}</span>
                )}
              </div>
              <p className="offer-card__price">
                <span className="ui-visually-hidden">Price: </span>
                {priceText(offer)}
              </p>
              <dl className="offer-card__facts">
                <div>
                  <dt>Can start</dt>
                  <dd>
                    <time dateTime={offer.startDate}>{formatDay(offer.startDate)}</time>
                  </dd>
                </div>
                <div>
                  <dt>Offer stands until</dt>
                  <dd>
                    <time dateTime={offer.validUntil}>{formatPostedDate(offer.validUntil)}</time>
                  </dd>
                </div>
                <CompanyFacts company={profile?.data} pending={profile?.isPending ?? true} />
              </dl>
              {offer.note && <p className="offer-card__note">{offer.note}</p>}
              {offer.status === 'active' && !hired && confirming !== offer._id && (
                <Button
                  className="offer-card__action"
                  onClick={() => setConfirming(offer._id)}
                  disabled={accept.isPending}
                  aria-label={`Accept the offer of ${name}`}
                >
                  Accept
                </Button>
              )}
              {confirming === offer._id && (
                <div className="offer-card__confirm" role="group" aria-label={`Hire ${name}?`}>
                  <p>
                    Hire <strong>{name}</strong> for {priceText(offer)}? The other companies will be told
                    kindly that you chose someone else. You can undo this until {formatDay(offer.startDate)}.
                  </p>
                  <div className="offer-card__confirm-actions">
                    <button
                      type="button"
                      ref={confirmButton}
                      className="ui-btn ui-btn--primary"
                      onClick={() => !accept.isPending && accept.mutate(offer._id)}
                      aria-busy={accept.isPending || undefined}
                    >
                      {accept.isPending ? <Spinner /> : null}
                      Yes, hire {name}
                    </button>
                    <Button variant="secondary" onClick={() => setConfirming(null)}>
                      Cancel
                    </Button>
                  </div>
                </div>
              )}
              {offer.status === 'accepted' && canUndo && (
                <Button
                  variant="secondary"
                  className="offer-card__action"
                  onClick={() => !undo.isPending && undo.mutate()}
                  aria-busy={undo.isPending || undefined}
                >
                  Undo hire
                </Button>
              )}
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <Modal
      title="Offers"
      wide
      onClose={onClose}
      footer={
        <Button variant="secondary" onClick={onClose}>
          Done
        </Button>
      }
    >
      <p className="dash-modal__lead" ref={lead} tabIndex={-1}>
        {jobName ? (
          <>
            Offers for <strong>{jobName}</strong>.{' '}
          </>
        ) : null}
        {hiredOffer
          ? `You hired ${hiredOffer.company.name}.${canUndo && data?.undoUntil ? ` You can undo the hire until ${formatDay(data.undoUntil)}, before work starts.` : ''}`
          : 'Offers are not binding: compare them and hire the company that suits you.'}
      </p>
      {body}
    </Modal>
  );
}
