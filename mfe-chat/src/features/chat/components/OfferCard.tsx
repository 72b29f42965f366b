import { useState } from 'react';
import { OFFER_MESSAGES, type ChatMessage, type OfferStatus } from '@marketplace/contracts';
import { Button, errorText, notify } from '@marketplace/ui';
import { Modal } from '@marketplace/ui/form';
import { Link } from '@marketplace/ui/router';
import { formatMessageTime } from '../../../shared/dates';
import { acceptOffer, withdrawOffer } from '../api/offers-api';
import {
  compareOffersPath,
  formatOfferDay,
  formatOfferPrice,
  formatOfferUntil,
  OFFER_STATE_LABEL,
} from '../utils/offers';

/** Who is looking at the card, and what they may do with it. */
export interface OfferViewer {
  /** The company that sent it, in a conversation that is still open. */
  canWithdraw: boolean;
  /** The poster of the job, in a conversation that is still open. */
  canAccept: boolean;
  /** The poster (even in a closed conversation, comparing is only reading). */
  isPoster: boolean;
  jobId: string;
  onNewOffer: () => void;
}

/**
 * An offer as a card in the conversation: price (or "by inspection"), earliest start, until when it
 * stands, the note, and where it stands now. The company withdraws or replaces its standing offer from
 * here; the poster accepts it (after a confirmation) or goes to compare all offers of the job.
 */
export function OfferCard({
  message,
  state,
  own,
  viewer,
}: {
  message: ChatMessage;
  state: OfferStatus;
  own: boolean;
  viewer: OfferViewer;
}) {
  const offer = message.offer!;
  const [busy, setBusy] = useState<'withdraw' | 'accept' | null>(null);
  const [failure, setFailure] = useState<string | undefined>();
  const [confirming, setConfirming] = useState(false);
  const active = state === 'active';
  const price = formatOfferPrice(offer.priceNaira);

  const act = async (which: 'withdraw' | 'accept') => {
    setBusy(which);
    setFailure(undefined);
    try {
      const result = await (which === 'withdraw' ? withdrawOffer : acceptOffer)(offer.offerId);
      setConfirming(false);
      notify(
        'success',
        result.resultMessage?.en ||
          (which === 'withdraw' ? OFFER_MESSAGES.withdrawn : OFFER_MESSAGES.accepted),
      );
    } catch (error) {
      setConfirming(false);
      setFailure(
        errorText(error, {
          server: true,
          fallback:
            which === 'withdraw'
              ? 'The offer could not be withdrawn. Try again.'
              : 'The offer could not be accepted. Try again.',
        }),
      );
    } finally {
      setBusy(null);
    }
  };

  return (
    <li className={['chat-msg', 'chat-offer-item', own ? 'chat-msg--own' : 'chat-msg--theirs'].join(' ')}>
      <article className={`chat-offer chat-offer--${state}`} aria-label={`Offer from ${message.sender.name}`}>
        <header className="chat-offer__head">
          <span className="chat-offer__title">Offer</span>
          <span className={`chat-offer__state chat-offer__state--${state}`} data-state={state}>
            {OFFER_STATE_LABEL[state]}
          </span>
        </header>
        <p className="chat-offer__price">{price}</p>
        <dl className="chat-offer__facts">
          <div>
            <dt>Earliest start</dt>
            <dd>{formatOfferDay(offer.startDate)}</dd>
          </div>
          <div>
            <dt>Valid until</dt>
            <dd>{formatOfferUntil(offer.validUntil)}</dd>
          </div>
        </dl>
        {offer.note?.trim() && <p className="chat-offer__note">{offer.note}</p>}
        {((active && (viewer.canWithdraw || viewer.canAccept)) || viewer.isPoster) && (
          <div className="chat-offer__actions">
            {active && viewer.canAccept && (
              <Button size="sm" onClick={() => setConfirming(true)} disabled={busy !== null}>
                Accept offer
              </Button>
            )}
            {active && viewer.canWithdraw && (
              <>
                <Button size="sm" variant="secondary" onClick={viewer.onNewOffer} disabled={busy !== null}>
                  Send a new offer
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => void act('withdraw')}
                  disabled={busy !== null}
                >
                  {busy === 'withdraw' ? 'Withdrawing…' : 'Withdraw'}
                </Button>
              </>
            )}
            {viewer.isPoster && (
              <Link className="chat-offer__link" to={compareOffersPath(viewer.jobId)}>
                Compare all offers
              </Link>
            )}
          </div>
        )}
        {failure && (
          <p className="chat-offer__error" role="alert">
            {failure}
          </p>
        )}
        <p className="chat-offer__meta">
          <time dateTime={message.sentAt}>{formatMessageTime(message.sentAt)}</time>
        </p>
      </article>
      {confirming && (
        <Modal
          title="Accept this offer?"
          onClose={() => setConfirming(false)}
          footer={
            <>
              <Button variant="secondary" onClick={() => setConfirming(false)}>
                Cancel
              </Button>
              <Button
                onClick={() => void act('accept')}
                disabled={busy !== null}
                aria-busy={busy === 'accept' || undefined}
              >
                {busy === 'accept' ? 'Accepting…' : 'Accept offer'}
              </Button>
            </>
          }
        >
          <p>
            You hire <strong>{message.sender.name}</strong> for <strong>{price}</strong>, starting{' '}
            {formatOfferDay(offer.startDate)}. The other companies are told kindly that you chose someone
            else. You can undo the hire until the work starts.
          </p>
        </Modal>
      )}
    </li>
  );
}

/** A change of an offer (withdrawn, accepted, declined, standing again): a quiet line in the middle. */
export function OfferNotice({ message }: { message: ChatMessage }) {
  return (
    <li className="chat-notice">
      <p className="chat-notice__text">
        {message.message}{' '}
        <time className="chat-notice__time" dateTime={message.sentAt}>
          {formatMessageTime(message.sentAt)}
        </time>
      </p>
    </li>
  );
}
