// The jobs service's offer routes, as the chat screen calls them (issue 29). The offer then reaches
// the conversation through the jobs.offer.* events: the card is drawn from the message chat stores.
import type { OfferBody, OfferResponse } from '@marketplace/contracts';
import { apiJson } from '@marketplace/ui';

export const OFFER_PATHS = {
  send: '/api/jobs/offers',
  withdraw: (offerId: string) => `/api/jobs/offers/${encodeURIComponent(offerId)}/withdraw`,
  accept: (offerId: string) => `/api/jobs/offers/${encodeURIComponent(offerId)}/accept`,
} as const;

// The dialog and the card say what went wrong themselves (no network toast on top).
const post = (path: string, json: unknown = {}) =>
  apiJson<OfferResponse>(path, { method: 'POST', json, networkToast: false });

export const sendOffer = (body: OfferBody) => post(OFFER_PATHS.send, body);
export const withdrawOffer = (offerId: string) => post(OFFER_PATHS.withdraw(offerId));
export const acceptOffer = (offerId: string) => post(OFFER_PATHS.accept(offerId));
