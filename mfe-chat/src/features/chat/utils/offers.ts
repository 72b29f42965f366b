// Offers in a conversation (issue 29): what each card shows and where it stands now. The card's state
// is the latest word on it in the thread: its own 'offer' message (active), the notices that follow it
// (withdrawn, accepted, declined, active again after an undone hire) and a newer offer of the company
// (which replaces one that still stood). An active offer past its `validUntil` shows as expired.
import { OFFER_MESSAGES, type ChatMessage, type OfferStatus } from '@marketplace/contracts';

export const OFFER_STATE_LABEL: Record<OfferStatus, string> = {
  active: 'Active',
  withdrawn: 'Withdrawn',
  replaced: 'Replaced',
  expired: 'Expired',
  accepted: 'Accepted',
  declined: 'Declined',
};

/** Each offer's state from the messages of one conversation (oldest first). */
export function offerStatesOf(
  messages: readonly ChatMessage[],
  now: number = Date.now(),
): Map<string, OfferStatus> {
  const states = new Map<string, OfferStatus>();
  const until = new Map<string, number>();
  for (const message of messages) {
    const offer = message.offer;
    if (!offer) continue;
    if (message.kind === 'offer') {
      // One standing offer per company and job: a new one replaces whatever still stood.
      for (const [id, state] of states) if (state === 'active') states.set(id, 'replaced');
      states.set(offer.offerId, 'active');
      if (offer.validUntil) until.set(offer.offerId, Date.parse(offer.validUntil));
    } else if (message.kind === 'offer-update') {
      states.set(offer.offerId, offer.state);
    }
  }
  for (const [id, state] of states) {
    const end = until.get(id);
    if (state === 'active' && end !== undefined && end < now) states.set(id, 'expired');
  }
  return states;
}

export function formatOfferPrice(priceNaira: number | null | undefined): string {
  return typeof priceNaira === 'number'
    ? `₦${priceNaira.toLocaleString('en-NG')}`
    : OFFER_MESSAGES.byInspection;
}

const CALENDAR_DAY = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const LAGOS_DAY = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Africa/Lagos',
});

/** "2 Dec 2026" of a YYYY-MM-DD day (the day itself, whatever the reader's zone). */
export function formatOfferDay(day: string | undefined): string {
  if (!day) return '';
  const date = new Date(`${day.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : CALENDAR_DAY.format(date);
}

/** The last day an offer can be accepted, as the marketplace counts days (Lagos). */
export function formatOfferUntil(at: string | undefined): string {
  if (!at) return '';
  const date = new Date(at);
  return Number.isNaN(date.getTime()) ? at : LAGOS_DAY.format(date);
}

/** Today in Lagos, YYYY-MM-DD: the earliest start an offer may name. */
export function lagosToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    timeZone: 'Africa/Lagos',
  }).format(now);
}

/** The poster's side-by-side view of a job's offers (the dashboard). */
export const compareOffersPath = (jobId: string) => `/dashboard?offers=${encodeURIComponent(jobId)}`;
