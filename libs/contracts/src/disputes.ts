import { Type, type Static } from 'typebox';
import { pageQuery } from './pagination';

// ---------------------------------------------------------------------------------------------------
// Disputing a bad lead: a company disputes one of its paid unlocks within DISPUTE_WINDOW_DAYS with one
// of the fixed reasons and a short note; an admin refunds it (through the refunds that exist) or rejects
// it with a reason the company reads on its dashboard. One dispute per unlock.

/** A company may dispute a paid unlock this many days after it was paid. */
export const DISPUTE_WINDOW_DAYS = 14;
/** The longest note a company may add (characters). */
export const DISPUTE_NOTE_MAX = 500;
/** The longest reason an admin may give for a rejection (characters). */
export const DISPUTE_DECISION_MAX = 500;
/**
 * A company's dispute rate (disputes per unlock it paid) at or above this is shown as high to admins,
 * once it has at least DISPUTE_RATE_MIN_DISPUTES disputes (one dispute of two unlocks says little).
 */
export const DISPUTE_RATE_HIGH = 0.25;
export const DISPUTE_RATE_MIN_DISPUTES = 2;

export const DISPUTE_REASONS = [
  'phone-unreachable',
  'job-taken',
  'wrong-location-or-category',
  'duplicate-job',
  'not-a-real-job',
] as const;
export type DisputeReason = (typeof DISPUTE_REASONS)[number];
export const DisputeReasonSchema = Type.Union([
  Type.Literal('phone-unreachable'),
  Type.Literal('job-taken'),
  Type.Literal('wrong-location-or-category'),
  Type.Literal('duplicate-job'),
  Type.Literal('not-a-real-job'),
]);

/** The reasons as the company and admins read them. */
export const DISPUTE_REASON_LABELS: Readonly<Record<DisputeReason, string>> = Object.freeze({
  'phone-unreachable': 'The phone number is unreachable or wrong',
  'job-taken': 'The job was already given to someone else',
  'wrong-location-or-category': 'Wrong location or category',
  'duplicate-job': 'A duplicate of another job',
  'not-a-real-job': 'Not a real job',
});

export const DisputeStatusSchema = Type.Union([
  Type.Literal('open'),
  Type.Literal('refunded'),
  Type.Literal('rejected'),
]);
export type DisputeStatus = Static<typeof DisputeStatusSchema>;

export const DISPUTE_MESSAGES = Object.freeze({
  opened: 'Your dispute was sent. An administrator will decide within a few days.',
  refunded: 'Dispute accepted: the payment was refunded.',
  rejected: 'Dispute rejected.',
  onlyCompanies: 'Only companies can dispute an unlock.',
  notYourPayment: 'This payment belongs to another account.',
  onlyPaid: 'Only a paid unlock can be disputed.',
  tooLate: `An unlock can be disputed only within ${DISPUTE_WINDOW_DAYS} days of its payment.`,
  alreadyDisputed: 'This unlock has already been disputed.',
  disputeNotFound: 'Dispute not found.',
  alreadyDecided: 'This dispute has already been decided.',
  rejectionReasonRequired: 'Please give the company a reason for the rejection.',
  noteRequired: 'Please say in a few words what went wrong.',
} as const);

/**
 * The rules, as the terms page states them and the unlock modal sums them up beside the pay button
 * (before payment).
 */
export const DISPUTE_RULE_SUMMARY =
  `Bad lead? You can dispute a paid unlock within ${DISPUTE_WINDOW_DAYS} days (wrong number, job already ` +
  'given, wrong place, duplicate or not a real job); an administrator decides.';

/** A dispute as the company that opened it sees it (on its payment). */
export const PaymentDisputeSchema = Type.Object({
  _id: Type.String(),
  reason: DisputeReasonSchema,
  note: Type.String(),
  status: DisputeStatusSchema,
  openedAt: Type.String(),
  decidedAt: Type.Union([Type.String(), Type.Null()]),
  /** The admin's reason when rejected (what the company reads); null otherwise. */
  rejectionReason: Type.Union([Type.String(), Type.Null()]),
});
export type PaymentDispute = Static<typeof PaymentDisputeSchema>;

/** POST /api/payments/:paymentId/dispute (the company that paid). */
export const OpenDisputeBodySchema = Type.Object(
  {
    reason: DisputeReasonSchema,
    note: Type.String({ minLength: 1, maxLength: DISPUTE_NOTE_MAX }),
  },
  { additionalProperties: false },
);
export type OpenDisputeBody = Static<typeof OpenDisputeBodySchema>;

export const OpenDisputeResponseSchema = Type.Object({
  statusCode: Type.Integer(),
  message: Type.String(),
  dispute: PaymentDisputeSchema,
});
export type OpenDisputeResponse = Static<typeof OpenDisputeResponseSchema>;

/** A job as the disputes queue shows it (payments' read model of jobs). */
export const DisputeJobSchema = Type.Object({
  _id: Type.String(),
  title: Type.Union([Type.String(), Type.Null()]),
  category: Type.Union([Type.String(), Type.Null()]),
  status: Type.String(),
  hidden: Type.Boolean(),
  deleted: Type.Boolean(),
});
export type DisputeJob = Static<typeof DisputeJobSchema>;

/** One entry of the admins' disputes queue: the dispute and what an admin needs to decide it. */
export const AdminDisputeSchema = Type.Object({
  ...PaymentDisputeSchema.properties,
  paymentId: Type.String(),
  reference: Type.String(),
  amount: Type.Integer({ description: 'kobo' }),
  paidAt: Type.Union([Type.String(), Type.Null()]),
  paymentStatus: Type.String(),
  job: DisputeJobSchema,
  posterId: Type.String(),
  /** When the poster first wrote to the company in the job's chat; null: never (as far as payments knows). */
  posterAnsweredAt: Type.Union([Type.String(), Type.Null()]),
  /** The poster's other jobs, newest first (at most 10). */
  posterOtherJobs: Type.Array(DisputeJobSchema),
  company: Type.Object({
    _id: Type.String(),
    name: Type.Union([Type.String(), Type.Null()]),
    /** Unlocks the company was given (paid, later refunded or not). */
    unlocks: Type.Integer(),
    disputes: Type.Integer(),
    refunded: Type.Integer(),
    rejected: Type.Integer(),
    /** disputes / unlocks (0 without unlocks). */
    disputeRate: Type.Number(),
    highRate: Type.Boolean(),
    /** The company's other disputes, newest first (at most 10). */
    history: Type.Array(
      Type.Object({
        _id: Type.String(),
        reason: DisputeReasonSchema,
        status: DisputeStatusSchema,
        openedAt: Type.String(),
        jobTitle: Type.Union([Type.String(), Type.Null()]),
      }),
    ),
  }),
  decidedBy: Type.Union([Type.String(), Type.Null()]),
});
export type AdminDispute = Static<typeof AdminDisputeSchema>;

/** GET /api/payments/disputes (admins): open disputes oldest first, decided ones newest first. */
export const AdminDisputesQuerySchema = Type.Object({
  status: Type.Optional(DisputeStatusSchema),
  ...pageQuery({ defaultLimit: 10, maxLimit: 50 }),
});
export type AdminDisputesQuery = Static<typeof AdminDisputesQuerySchema>;

export const AdminDisputesResponseSchema = Type.Object({
  statusCode: Type.Integer(),
  disputes: Type.Array(AdminDisputeSchema),
  page: Type.Integer(),
  limit: Type.Integer(),
  hasMore: Type.Boolean(),
});
export type AdminDisputesResponse = Static<typeof AdminDisputesResponseSchema>;

/** POST /api/payments/disputes/:disputeId/decision (admins). `reason` is required to reject. */
export const DecideDisputeBodySchema = Type.Object(
  {
    decision: Type.Union([Type.Literal('refund'), Type.Literal('reject')]),
    reason: Type.Optional(Type.String({ maxLength: DISPUTE_DECISION_MAX })),
  },
  { additionalProperties: false },
);
export type DecideDisputeBody = Static<typeof DecideDisputeBodySchema>;

export const DecideDisputeResponseSchema = Type.Object({
  statusCode: Type.Integer(),
  message: Type.String(),
  dispute: AdminDisputeSchema,
});
export type DecideDisputeResponse = Static<typeof DecideDisputeResponseSchema>;

/** Whether a paid unlock can still be disputed at `now` (the server decides; the client mirrors it). */
export function disputeDeadline(paidAt: Date): Date {
  return new Date(paidAt.getTime() + DISPUTE_WINDOW_DAYS * 24 * 60 * 60 * 1000);
}
