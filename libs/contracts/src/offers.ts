import { Type, type Static } from 'typebox';
import { ResultMessageSchema } from './accounts';

/** A calendar day, YYYY-MM-DD. */
const DATE_PATTERN = '^[0-9]{4}-[0-9]{2}-[0-9]{2}$';

// ---------------------------------------------------------------------------------------------------
// Offers and the hire (issue 29, item 1). A company that paid to unlock a job sends the poster an offer
// from their conversation: a price in naira or "by inspection", the earliest start, how long it stands
// and a short note. The poster compares the offers of a job side by side and accepts one: the job moves
// to in-progress with that company hired, the other offers are declined (their chats stay open).
// Accepting can be undone until the hired company's start date. Owned by the jobs service; chat shows
// each offer as a card in the conversation from the jobs.offer.* events.

export const OFFER_LIMITS = /* @__PURE__ */ Object.freeze({
  /** Whole naira; the smallest and the largest price an offer may name. */
  minPriceNaira: 500,
  maxPriceNaira: 100_000_000,
  /** Characters of the note, after trimming (it may be empty). */
  noteMaxChars: 500,
  /** How long an offer stands, in days: the poster's window to accept it. */
  minValidDays: 1,
  maxValidDays: 30,
  defaultValidDays: 7,
  /** The earliest start is today or later, at most this many days ahead. */
  maxStartDaysAhead: 365,
});

/**
 * - active: standing, the poster may accept it (until `validUntil`);
 * - replaced: the company sent a newer offer for the same job (one active offer per company and job);
 * - withdrawn: the company took it back;
 * - expired: `validUntil` passed without an answer (computed on read as well as stored by a sweep);
 * - accepted: the poster hired this company (one per job);
 * - declined: the poster accepted another company's offer.
 */
export const OfferStatusSchema = /* @__PURE__ */ Type.Union([
  Type.Literal('active'),
  Type.Literal('replaced'),
  Type.Literal('withdrawn'),
  Type.Literal('expired'),
  Type.Literal('accepted'),
  Type.Literal('declined'),
]);
export type OfferStatus = Static<typeof OfferStatusSchema>;

/** What a company sends. `priceNaira` null means "by inspection" (the price is set after a visit). */
export const OfferBodySchema = /* @__PURE__ */ Type.Object(
  {
    jobId: Type.String({ format: 'uuid' }),
    priceNaira: Type.Union([
      Type.Integer({ minimum: OFFER_LIMITS.minPriceNaira, maximum: OFFER_LIMITS.maxPriceNaira }),
      Type.Null(),
    ]),
    /** YYYY-MM-DD, today or later (Africa/Lagos). */
    startDate: Type.String({ pattern: DATE_PATTERN }),
    validDays: Type.Integer({ minimum: OFFER_LIMITS.minValidDays, maximum: OFFER_LIMITS.maxValidDays }),
    note: Type.String({ maxLength: OFFER_LIMITS.noteMaxChars * 2 }),
  },
  { additionalProperties: false },
);
export type OfferBody = Static<typeof OfferBodySchema>;

/** The company behind an offer, as the poster compares them (from accounts' public profile). */
export const OfferCompanySchema = /* @__PURE__ */ Type.Object({
  _id: Type.String(),
  name: Type.String(),
});

export const OfferSchema = /* @__PURE__ */ Type.Object({
  _id: Type.String(),
  jobId: Type.String(),
  company: OfferCompanySchema,
  /** Whole naira, or null for "by inspection". */
  priceNaira: Type.Union([Type.Integer(), Type.Null()]),
  startDate: Type.String({ pattern: DATE_PATTERN }),
  /** The last moment the poster can accept it. */
  validUntil: Type.String({ format: 'date-time' }),
  note: Type.String(),
  status: OfferStatusSchema,
  createdAt: Type.String({ format: 'date-time' }),
  /** When it was accepted, declined, withdrawn or replaced; null while active or expired. */
  decidedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
export type Offer = Static<typeof OfferSchema>;

export const OfferResponseSchema = /* @__PURE__ */ Type.Object({
  statusCode: Type.Integer(),
  resultMessage: ResultMessageSchema,
  offer: OfferSchema,
});
export type OfferResponse = Static<typeof OfferResponseSchema>;

/** A job's offers: all of them for its poster (and admins), a company's own for that company. */
export const OfferListResponseSchema = /* @__PURE__ */ Type.Object({
  statusCode: Type.Integer(),
  offers: Type.Array(OfferSchema),
  /** The hired company of the job, or null. */
  hiredCompanyId: Type.Union([Type.String(), Type.Null()]),
  /** Until when the poster can still undo the hire (the hired offer's start date); null if no hire. */
  undoUntil: Type.Union([Type.String({ pattern: DATE_PATTERN }), Type.Null()]),
});
export type OfferListResponse = Static<typeof OfferListResponseSchema>;

export const OFFER_MESSAGES = /* @__PURE__ */ Object.freeze({
  sent: 'Your offer was sent.',
  replaced: 'Your new offer replaced the previous one.',
  withdrawn: 'Your offer was withdrawn.',
  accepted: 'You hired this company. The other companies were told kindly that you chose someone else.',
  unaccepted: 'The hire was undone. The offers that still stand can be accepted again.',
  onlyCompany: 'Only companies can send offers.',
  onlyPoster: 'Only the poster of this job can accept an offer.',
  notUnlocked: 'Unlock this job before sending an offer.',
  jobNotOpen: 'This job is no longer taking offers.',
  notFound: 'Offer not found.',
  notYours: 'This offer is not yours.',
  notActive: 'This offer can no longer be accepted: it was withdrawn, replaced or has expired.',
  notWithdrawable: 'Only an offer that still stands can be withdrawn.',
  alreadyHired: 'You already hired a company for this job. Undo that hire first.',
  undoTooLate: 'The work has started: the hire can no longer be undone.',
  noHire: 'This job has no hire to undo.',
  price: `Enter a price between ₦${OFFER_LIMITS.minPriceNaira.toLocaleString('en-NG')} and ₦${OFFER_LIMITS.maxPriceNaira.toLocaleString('en-NG')}, or choose "By inspection".`,
  startDate: 'Choose a start date from today on.',
  validDays: `An offer stands for ${OFFER_LIMITS.minValidDays} to ${OFFER_LIMITS.maxValidDays} days.`,
  note: `The note can be at most ${OFFER_LIMITS.noteMaxChars} characters.`,
  byInspection: 'By inspection',
  declinedNotice:
    'The poster chose another company for this job. Thank you for your offer; this conversation stays open.',
});
