import { Type, type Static } from 'typebox';
import { PaymentMethodSchema, PaymentProgressSchema } from './payment-channels';
import { PaymentDisputeSchema } from './disputes';
import { pageQuery } from './pagination';
import { ReceiptRefSchema } from './receipts';

export const PaymentStatusSchema = Type.Union([
  Type.Literal('pending'),
  Type.Literal('paid'),
  Type.Literal('failed'),
  Type.Literal('refunded'),
]);
export type PaymentStatus = Static<typeof PaymentStatusSchema>;

// ---------------------------------------------------------------------------------------------------
// Unlocking a job (spec sections 2 "/payment/callback", 4, 7 `jobs/initializePayment`, `jobs/verifyPayment`).
// The price, the company, the poster and the cap come from the server; a client's `amount` is ignored.

/** Why an unlock payment was refunded (the `reason` of `payments.unlock.refunded`). */
export const REFUND_REASONS = [
  'job-deleted',
  'job-hidden',
  'job-full',
  'job-unavailable',
  'duplicate',
  'admin',
  'no-reply',
  'late-payment',
  'wrong-amount',
  'dispute',
] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];
export const RefundReasonSchema = Type.Union([
  Type.Literal('job-deleted'),
  Type.Literal('job-hidden'),
  Type.Literal('job-full'),
  Type.Literal('job-unavailable'),
  Type.Literal('duplicate'),
  Type.Literal('admin'),
  Type.Literal('no-reply'),
  Type.Literal('late-payment'),
  Type.Literal('wrong-amount'),
  Type.Literal('dispute'),
]);

/** Where the provider's side of a refund stands: asked for (or to be retried), accepted, paid out, failed. */
export const RefundStateSchema = Type.Union([
  Type.Literal('pending'),
  Type.Literal('queued'),
  Type.Literal('processed'),
  Type.Literal('failed'),
]);

export const PaymentProviderSchema = Type.Union([Type.Literal('paystack'), Type.Literal('sandbox')]);
export type PaymentProviderName = Static<typeof PaymentProviderSchema>;

/** A refund of an unlock payment, as the company and admins see it. */
export const PaymentRefundSchema = Type.Object({
  reason: RefundReasonSchema,
  /** For people: why the money went back (REFUND_REASON_MESSAGES), or the admin's own words. */
  message: Type.String(),
  refundedAt: Type.String(),
  state: RefundStateSchema,
});
export type PaymentRefund = Static<typeof PaymentRefundSchema>;

export const UnlockPaymentSchema = Type.Object({
  _id: Type.String(),
  reference: Type.String(),
  jobId: Type.String(),
  amount: Type.Integer({ description: 'kobo' }),
  currency: Type.String(),
  status: PaymentStatusSchema,
  createdAt: Type.String(),
  paidAt: Type.Union([Type.String(), Type.Null()]),
  /** The job's heading when payments knows it. */
  jobTitle: Type.Union([Type.String(), Type.Null()]),
  refund: Type.Union([PaymentRefundSchema, Type.Null()]),
  /** The provider's channel once known ('card', 'bank_transfer', 'ussd'; the sandbox's own). */
  channel: Type.Union([Type.String(), Type.Null()]),
  /** How it was paid (payment-channels.ts), null until known. */
  method: Type.Union([PaymentMethodSchema, Type.Null()]),
  /** A pending payment not paid by then expires (PAYMENTS_PENDING_EXPIRE_MINUTES after it started). */
  expiresAt: Type.String(),
  /** pending / paid / expired / failed / refunded (expired: a failed payment whose window ran out). */
  progress: PaymentProgressSchema,
  /** In the payments lists: its receipt and, once refunded, its credit note (receipt first). */
  receipts: Type.Optional(Type.Array(ReceiptRefSchema)),
  /** The company's dispute of this unlock (in the company's own list; absent elsewhere). */
  dispute: Type.Optional(Type.Union([PaymentDisputeSchema, Type.Null()])),
  /** Until when the unlock can be disputed (paid unlocks without a dispute, in the company's own list). */
  disputableUntil: Type.Optional(Type.Union([Type.String(), Type.Null()])),
});
export type UnlockPayment = Static<typeof UnlockPaymentSchema>;

export const MyPaymentsResponseSchema = Type.Object({ payments: Type.Array(UnlockPaymentSchema) });

/** The texts of the payments service (refusals and outcomes); the spec's own are in MESSAGES. */
export const PAYMENT_MESSAGES = Object.freeze({
  onlyCompanies: 'Only companies can unlock jobs.',
  ownJob: 'You cannot unlock your own job.',
  invalidJobId: 'Invalid job id.',
  jobNotFound: 'Job not found.',
  jobUnavailable: 'This job is no longer available.',
  jobCompleted: 'This job is completed and can no longer be unlocked.',
  alreadyUnlocked: 'You have already unlocked this job.',
  /** Paystack's own wording when a checkout was created. */
  authorizationUrlCreated: 'Authorization URL created',
  paymentPending: 'Your payment for this job is not complete yet.',
  paymentStarting: 'Your payment for this job is being started. Please try again in a moment.',
  couldNotStartPayment: 'The payment could not be started. Please try again.',
  notYourPayment: 'This payment belongs to another account.',
  paymentNotFound: 'Payment not found.',
  onlyPaidCanBeRefunded: 'Only a paid unlock can be refunded.',
  alreadyRefunded: 'This payment has already been refunded.',
  refunded: 'Payment refunded.',
  webhookBadSignature: 'Invalid signature.',
  webhookReceived: 'Received',
} as const);

/** Refusal when a job already has as many unlocks as it may have. */
export function jobFullMessage(cap: number): string {
  return `This job already has ${cap} companies, the most it can have. It cannot be unlocked.`;
}

export const REFUND_REASON_MESSAGES: Readonly<Record<RefundReason, string>> = Object.freeze({
  'job-deleted': 'The poster deleted the job after you paid. Your payment has been refunded.',
  'job-hidden': 'The job was removed for breaking the rules after you paid. Your payment has been refunded.',
  'job-full': 'The job filled up before your payment was confirmed. Your payment has been refunded.',
  'job-unavailable':
    'The job was no longer available when your payment was confirmed. Your payment has been refunded.',
  duplicate: 'You had already unlocked this job. The extra payment has been refunded.',
  admin: 'An administrator refunded this payment.',
  'no-reply': 'The poster did not answer you in the chat in time. Your payment has been refunded.',
  'late-payment':
    'Your money arrived after the payment had expired, so it could not unlock the job. It has been refunded.',
  'wrong-amount':
    'The amount received was not the unlock price, so it could not unlock the job. It has been refunded.',
  dispute: 'Your dispute was accepted. Your payment has been refunded.',
});

/**
 * The refund rule the unlock modal shows before the company pays; `noReplyHours` is UNLOCK_REFUND_HOURS
 * (the poster must answer in the chat within it, unless the job is already under way).
 */
export function unlockRefundRule(noReplyHours: number): string {
  return (
    'You are refunded automatically if the poster deletes the job or it is removed after you pay, if the ' +
    'job fills up before your payment is confirmed, or if the poster does not answer you in the chat ' +
    `within ${noReplyHours} ${noReplyHours === 1 ? 'hour' : 'hours'} of your payment.`
  );
}

/** POST /api/jobs/initializePayment. The legacy fields are accepted and ignored. */
export const InitializePaymentBodySchema = Type.Object({
  jobId: Type.String({ maxLength: 100 }),
  /** Where Paystack sends the receipt (the company's e-mail); optional. */
  email: Type.Optional(Type.String({ maxLength: 254 })),
  userId: Type.Optional(Type.Unknown()),
  amount: Type.Optional(Type.Unknown()),
  applicantId: Type.Optional(Type.Unknown()),
  posterId: Type.Optional(Type.Unknown()),
});
export type InitializePaymentBody = Static<typeof InitializePaymentBodySchema>;

/**
 * 200 of POST /api/jobs/initializePayment. `status` 'pending': send the browser to `authorization_url`
 * (a new checkout, or the one of the company's payment still pending); 'paid': the company has the
 * unlock already (`authorization_url` null).
 */
export const InitializePaymentResponseSchema = Type.Object({
  statusCode: Type.Integer(),
  message: Type.String(),
  status: Type.Union([Type.Literal('pending'), Type.Literal('paid')]),
  authorization_url: Type.Union([Type.String(), Type.Null()]),
  access_code: Type.Union([Type.String(), Type.Null()]),
  reference: Type.String(),
  amount: Type.Integer({ description: 'kobo' }),
  currency: Type.String(),
  provider: PaymentProviderSchema,
  payment: UnlockPaymentSchema,
});
export type InitializePaymentResponse = Static<typeof InitializePaymentResponseSchema>;

/** POST /api/jobs/verifyPayment: what /payment/callback received (`trxref` equals `reference`). */
export const VerifyPaymentBodySchema = Type.Object({
  reference: Type.String({ maxLength: 200 }),
  trxref: Type.Optional(Type.String({ maxLength: 200 })),
});
export type VerifyPaymentBody = Static<typeof VerifyPaymentBodySchema>;

/**
 * 200 of POST /api/jobs/verifyPayment. `message` is MESSAGES.paymentVerifiedSuccessfully exactly when
 * `status` is 'paid' (the client compares it, spec section 4); otherwise it says what happened.
 */
export const VerifyPaymentResponseSchema = Type.Object({
  statusCode: Type.Integer(),
  message: Type.String(),
  status: PaymentStatusSchema,
  result: Type.Object({
    /** The job's id (legacy name). */
    job: Type.String(),
    jobId: Type.String(),
    /** The company that paid. */
    applicantId: Type.String(),
    posterId: Type.String(),
    reference: Type.String(),
    amount: Type.Integer({ description: 'kobo' }),
    currency: Type.String(),
    payment: UnlockPaymentSchema,
  }),
});
export type VerifyPaymentResponse = Static<typeof VerifyPaymentResponseSchema>;

/**
 * POST /api/payments/webhook: Paystack's notification (the sandbox sends the same), read raw because
 * `x-paystack-signature` is the HMAC-SHA512 of its exact bytes with the secret key. Only
 * `charge.success` changes anything; its `data` is checked against the payment (status, amount in kobo,
 * currency). Other members are Paystack's and are ignored.
 */
export const PaymentWebhookBodySchema = Type.Object(
  {
    event: Type.String({ examples: ['charge.success'] }),
    data: Type.Object(
      {
        reference: Type.String(),
        status: Type.String(),
        amount: Type.Integer({ description: 'kobo' }),
        currency: Type.String(),
      },
      { additionalProperties: true },
    ),
  },
  { additionalProperties: true },
);

/** 200 of POST /api/payments/webhook: taken (also a replay or a notification about nothing of ours). */
export const PaymentWebhookResponseSchema = Type.Object({
  status: Type.Literal(true),
  message: Type.String(),
});

/** GET /api/payments/terms?jobId=...: what the unlock modal shows before the company pays. */
export const PaymentTermsQuerySchema = Type.Object({
  jobId: Type.Optional(Type.String({ maxLength: 100 })),
});
export const PaymentTermsResponseSchema = Type.Object({
  statusCode: Type.Integer(),
  currency: Type.String(),
  /** The unlock price (for the job's category when `jobId` is given). */
  price: Type.Object({ naira: Type.Integer(), kobo: Type.Integer() }),
  /** At most this many companies unlock one job. */
  cap: Type.Integer(),
  /** Paid unlocks of the job and the places left; null without `jobId`. */
  unlockCount: Type.Union([Type.Integer(), Type.Null()]),
  placesLeft: Type.Union([Type.Integer(), Type.Null()]),
  /** Whether the job can be unlocked now (open, not deleted or hidden, not full); null without `jobId`. */
  available: Type.Union([Type.Boolean(), Type.Null()]),
  refundRule: Type.String(),
  refundHours: Type.Integer(),
  provider: PaymentProviderSchema,
  /** True on the sandbox provider: no real money moves. */
  testMode: Type.Boolean(),
  /** The signed-in company's latest payment for the job, if any. */
  myPayment: Type.Union([UnlockPaymentSchema, Type.Null()]),
});
export type PaymentTermsResponse = Static<typeof PaymentTermsResponseSchema>;

/** An unlock payment as admins see it. */
export const AdminPaymentSchema = Type.Object({
  ...UnlockPaymentSchema.properties,
  companyId: Type.String(),
  companyName: Type.Union([Type.String(), Type.Null()]),
  posterId: Type.String(),
  provider: PaymentProviderSchema,
  /** Why a payment failed (provider outcome, 'expired', 'superseded', 'amount-mismatch', ...). */
  failureReason: Type.Union([Type.String(), Type.Null()]),
  /** What confirmed it: 'callback', 'webhook' or 'reconcile'. */
  verifiedVia: Type.Union([Type.String(), Type.Null()]),
});
export type AdminPayment = Static<typeof AdminPaymentSchema>;

/** GET /api/payments (admins): every unlock payment, newest first, filtered. */
export const AdminPaymentsQuerySchema = Type.Object({
  status: Type.Optional(PaymentStatusSchema),
  provider: Type.Optional(PaymentProviderSchema),
  jobId: Type.Optional(Type.String({ maxLength: 100 })),
  companyId: Type.Optional(Type.String({ maxLength: 100 })),
  reference: Type.Optional(Type.String({ maxLength: 200 })),
  /** Created on or after / before this day (YYYY-MM-DD). */
  from: Type.Optional(Type.String({ format: 'date' })),
  to: Type.Optional(Type.String({ format: 'date' })),
  ...pageQuery({ defaultLimit: 20, maxLimit: 100 }),
});
export type AdminPaymentsQuery = Static<typeof AdminPaymentsQuerySchema>;

export const AdminPaymentsResponseSchema = Type.Object({
  statusCode: Type.Integer(),
  payments: Type.Array(AdminPaymentSchema),
  page: Type.Integer(),
  limit: Type.Integer(),
  hasMore: Type.Boolean(),
});
export type AdminPaymentsResponse = Static<typeof AdminPaymentsResponseSchema>;

/** POST /api/payments/:paymentId/refund (admins). */
export const RefundPaymentBodySchema = Type.Object({
  reason: Type.String({ minLength: 1, maxLength: 500 }),
});
export type RefundPaymentBody = Static<typeof RefundPaymentBodySchema>;

export const RefundPaymentResponseSchema = Type.Object({
  statusCode: Type.Integer(),
  message: Type.String(),
  payment: AdminPaymentSchema,
});
export type RefundPaymentResponse = Static<typeof RefundPaymentResponseSchema>;

/** GET /api/payments/status/:reference: the stored payment, as the payer follows it (no provider call). */
export const PaymentStatusParamsSchema = Type.Object({ reference: Type.String({ maxLength: 200 }) });
export const PaymentStatusResponseSchema = Type.Object({
  statusCode: Type.Literal(200),
  payment: UnlockPaymentSchema,
  /** Seconds until a pending payment expires (0 once due); null when it is not pending. */
  secondsLeft: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
  /** The payment window in minutes (PAYMENTS_PENDING_EXPIRE_MINUTES). */
  windowMinutes: Type.Integer({ minimum: 1 }),
  /** The sandbox's transfer details while a test transfer is awaited; null otherwise. */
  transfer: Type.Union([
    Type.Object({ bankName: Type.String(), accountNumber: Type.String(), accountName: Type.String() }),
    Type.Null(),
  ]),
});
export type PaymentStatusResponse = Static<typeof PaymentStatusResponseSchema>;
