// The jobs service's offer routes, as the chat screen calls them (issue 29). The offer then reaches
// the conversation through the jobs.offer.* events: the card is drawn from the message chat stores.
import { API_PATHS, JOB_API, type OfferBody, type OfferResponse } from '@marketplace/contracts';
import { apiJson } from '@marketplace/ui';

// The dialog and the card say what went wrong themselves (no network toast on top).
const post = (path: string, json: unknown = {}) =>
  apiJson<OfferResponse>(path, { method: 'POST', json, networkToast: false });

export const sendOffer = (body: OfferBody) => post(API_PATHS.sendOffer, body);
export const withdrawOffer = (offerId: string) => post(JOB_API.withdrawOffer(offerId));
export const acceptOffer = (offerId: string) => post(JOB_API.acceptOffer(offerId));
