import { Type, type Static, type TSchema } from 'typebox';

/**
 * Every domain event travels in this envelope, on NATS JetStream and on the local bus alike.
 * `type` doubles as the subject: `<service>.<entity>.<verb>`; its first token names the stream.
 */
export const EventEnvelopeSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  type: Type.String({ pattern: '^[a-z]+\\.[a-z-]+\\.[a-z-]+$' }),
  version: Type.Integer({ minimum: 1 }),
  occurredAt: Type.String({ format: 'date-time' }),
  correlationId: Type.String({ minLength: 1 }),
  payload: Type.Unknown(),
});
export type EventEnvelope<TPayload = unknown> = Omit<Static<typeof EventEnvelopeSchema>, 'payload'> & {
  payload: TPayload;
};

/** The four owning services; each owns one stream named after it in upper case. */
export const SERVICES = ['accounts', 'jobs', 'chat', 'payments'] as const;
export type ServiceName = (typeof SERVICES)[number];

export function streamNameFor(service: ServiceName): string {
  return service.toUpperCase();
}

export function serviceOfEventType(type: string): ServiceName {
  const owner = type.split('.')[0];
  if (!SERVICES.includes(owner as ServiceName)) throw new Error(`event type ${type} has no owning service`);
  return owner as ServiceName;
}

const UserType = Type.Union([Type.Literal('user'), Type.Literal('company'), Type.Literal('admin')]);

/** Payload schemas, one per event type and version. */
export const AccountsUserRegisteredV1 = Type.Object({
  userId: Type.String(),
  name: Type.String(),
  type: UserType,
  /**
   * A company's CAC registration number as accounts stores it (RC123456, BN1234567 or the digits alone);
   * absent for other accounts. Payments prints it on receipts. It cannot be edited after registration.
   */
  cacNumber: Type.Optional(Type.String()),
});
export type AccountsUserRegisteredV1 = Static<typeof AccountsUserRegisteredV1>;

export const AccountsUserUpdatedV1 = Type.Object({
  userId: Type.String(),
  name: Type.Optional(Type.String()),
  photoUrl: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  type: Type.Optional(UserType),
});
export type AccountsUserUpdatedV1 = Static<typeof AccountsUserUpdatedV1>;

/** An account was deleted (personal data erased); consumers anonymise what they keep of it. */
export const AccountsUserDeletedV1 = Type.Object({
  userId: Type.String(),
});
export type AccountsUserDeletedV1 = Static<typeof AccountsUserDeletedV1>;

/**
 * A session ended before its time (logout, refresh-token reuse): every service refuses access tokens
 * carrying `sid` from now on, instead of honouring them until they expire.
 */
export const AccountsSessionRevokedV1 = Type.Object({
  sid: Type.String(),
  userId: Type.String(),
});
export type AccountsSessionRevokedV1 = Static<typeof AccountsSessionRevokedV1>;

/** A job was posted; `postedBy` is the poster's account id. */
export const JobsJobPostedV1 = Type.Object({
  jobId: Type.String(),
  postedBy: Type.String(),
  category: Type.Optional(Type.String()),
  /** The job's heading (chat shows it in the inbox). */
  title: Type.Optional(Type.String()),
  subcategory: Type.Optional(Type.Array(Type.String())),
  state: Type.Optional(Type.String()),
  jobStartDate: Type.Optional(Type.String()),
});
export type JobsJobPostedV1 = Static<typeof JobsJobPostedV1>;

/**
 * Companies whose job alerts matched a newly posted job and who want e-mail about it (accounts mails
 * them: at once within a daily cap, or in the next daily digest). Sent in chunks of at most 500
 * recipients per event. `unsubscribeSignature` is the jobs service's HMAC of the company id for the
 * one-click unsubscribe link. No poster contact details: only what a listing shows.
 */
export const JobsAlertMatchedV1 = Type.Object({
  jobId: Type.String(),
  jobHeading: Type.String(),
  category: Type.String(),
  subcategory: Type.Array(Type.String()),
  state: Type.Union([Type.String(), Type.Null()]),
  postedAt: Type.String(),
  recipients: Type.Array(
    Type.Object({
      companyId: Type.String(),
      email: Type.Union([Type.Literal('instant'), Type.Literal('daily')]),
      unsubscribeSignature: Type.String(),
    }),
    { maxItems: 500 },
  ),
});
export type JobsAlertMatchedV1 = Static<typeof JobsAlertMatchedV1>;

/** The poster edited a job; `fields` names what changed (values are read from the jobs API). */
export const JobsJobUpdatedV1 = Type.Object({
  jobId: Type.String(),
  postedBy: Type.String(),
  fields: Type.Array(Type.String()),
  title: Type.Optional(Type.String()),
});
export type JobsJobUpdatedV1 = Static<typeof JobsJobUpdatedV1>;

/** A job's status moved (to in-progress or completed). */
export const JobsJobCompletedV1 = Type.Object({
  jobId: Type.String(),
  postedBy: Type.String(),
  status: Type.Union([Type.Literal('in-progress'), Type.Literal('completed')]),
  /** Companies that unlocked the job (their completed-jobs counters). */
  companyIds: Type.Array(Type.String()),
});
export type JobsJobCompletedV1 = Static<typeof JobsJobCompletedV1>;

/** A job was deleted by its poster. */
export const JobsJobDeletedV1 = Type.Object({
  jobId: Type.String(),
  postedBy: Type.String(),
});
export type JobsJobDeletedV1 = Static<typeof JobsJobDeletedV1>;

/** An admin hid a job that breaks the rules (or listed it again: `hidden` false). */
export const JobsJobModeratedV1 = Type.Object({
  jobId: Type.String(),
  postedBy: Type.String(),
  hidden: Type.Boolean(),
  reason: Type.Union([Type.String(), Type.Null()]),
});
export type JobsJobModeratedV1 = Static<typeof JobsJobModeratedV1>;

/** A company applied to a job (after its unlock payment). */
export const JobsApplicationCreatedV1 = Type.Object({
  jobId: Type.String(),
  companyId: Type.String(),
  posterId: Type.Optional(Type.String()),
});
export type JobsApplicationCreatedV1 = Static<typeof JobsApplicationCreatedV1>;

/** A poster reviewed a company for a completed job; accounts keeps the company's rating from these. */
export const JobsReviewPostedV1 = Type.Object({
  reviewId: Type.String(),
  jobId: Type.String(),
  companyId: Type.String(),
  reviewerId: Type.String(),
  rating: Type.Integer({ minimum: 1, maximum: 5 }),
  /** The review is about the company the poster hired through an accepted offer. */
  verifiedHire: Type.Optional(Type.Boolean()),
});
export type JobsReviewPostedV1 = Static<typeof JobsReviewPostedV1>;

/** A company sent an offer for a job it unlocked (issue 29); chat shows it as a card in their conversation. */
export const JobsOfferSentV1 = Type.Object({
  offerId: Type.String(),
  jobId: Type.String(),
  companyId: Type.String(),
  posterId: Type.String(),
  jobTitle: Type.String(),
  /** Whole naira, or null for "by inspection". */
  priceNaira: Type.Union([Type.Integer(), Type.Null()]),
  startDate: Type.String(),
  validUntil: Type.String(),
  note: Type.String(),
  /** The company's earlier offer for the job that this one replaced, if any. */
  replacesOfferId: Type.Union([Type.String(), Type.Null()]),
  sentAt: Type.String(),
});
export type JobsOfferSentV1 = Static<typeof JobsOfferSentV1>;

/** A company withdrew its offer. */
export const JobsOfferWithdrawnV1 = Type.Object({
  offerId: Type.String(),
  jobId: Type.String(),
  companyId: Type.String(),
  posterId: Type.String(),
  withdrawnAt: Type.String(),
});
export type JobsOfferWithdrawnV1 = Static<typeof JobsOfferWithdrawnV1>;

/**
 * The poster accepted an offer: the job is in progress with `companyId` hired; the standing offers of
 * `declinedCompanyIds` were declined (each is told kindly, their chats stay open).
 */
export const JobsOfferAcceptedV1 = Type.Object({
  offerId: Type.String(),
  jobId: Type.String(),
  companyId: Type.String(),
  posterId: Type.String(),
  jobTitle: Type.String(),
  declinedOfferIds: Type.Array(Type.String()),
  declinedCompanyIds: Type.Array(Type.String()),
  acceptedAt: Type.String(),
});
export type JobsOfferAcceptedV1 = Static<typeof JobsOfferAcceptedV1>;

/** The poster undid a hire before work started: the job is open again, standing offers stand again. */
export const JobsOfferUnacceptedV1 = Type.Object({
  offerId: Type.String(),
  jobId: Type.String(),
  companyId: Type.String(),
  posterId: Type.String(),
  /** Offers that stand again (they had been declined by the accept and have not expired). */
  reopenedOfferIds: Type.Array(Type.String()),
  undoneAt: Type.String(),
});
export type JobsOfferUnacceptedV1 = Static<typeof JobsOfferUnacceptedV1>;

/**
 * An admin hid a reported review (or showed it again): accounts takes its rating out of (or back into)
 * the company's summary, so cards and profiles count what is shown.
 */
export const JobsReviewModeratedV1 = Type.Object({
  reviewId: Type.String(),
  jobId: Type.String(),
  companyId: Type.String(),
  rating: Type.Integer({ minimum: 1, maximum: 5 }),
  hidden: Type.Boolean(),
  reason: Type.Union([Type.String(), Type.Null()]),
});
export type JobsReviewModeratedV1 = Static<typeof JobsReviewModeratedV1>;

/** A company started paying to unlock a job (the card then says 'Payment Pending - Complete to Apply'). */
export const PaymentsUnlockInitiatedV1 = Type.Object({
  paymentId: Type.String(),
  reference: Type.String(),
  jobId: Type.String(),
  companyId: Type.String(),
});
export type PaymentsUnlockInitiatedV1 = Static<typeof PaymentsUnlockInitiatedV1>;

/** A company's unlock payment was verified: jobs records the application, chat opens the conversation. */
export const PaymentsUnlockPaidV1 = Type.Object({
  paymentId: Type.String(),
  reference: Type.String(),
  jobId: Type.String(),
  companyId: Type.String(),
  posterId: Type.String(),
  amount: Type.Integer({ description: 'kobo' }),
  currency: Type.String(),
  paidAt: Type.String(),
});
export type PaymentsUnlockPaidV1 = Static<typeof PaymentsUnlockPaidV1>;

/** A company's unlock payment failed or was abandoned. */
export const PaymentsUnlockFailedV1 = Type.Object({
  paymentId: Type.String(),
  reference: Type.String(),
  jobId: Type.String(),
  companyId: Type.String(),
});
export type PaymentsUnlockFailedV1 = Static<typeof PaymentsUnlockFailedV1>;

/**
 * A company's unlock payment was refunded (the job was deleted or hidden after it paid, the job filled
 * up before its payment was confirmed, a duplicate payment, or an admin's decision). `unlocked` says
 * whether the company had been given the unlock (a `payments.unlock.paid` went out for this payment):
 * only then do jobs and chat take the access back. `reason` is one of REFUND_REASONS (payments.ts).
 */
export const PaymentsUnlockRefundedV1 = Type.Object({
  paymentId: Type.String(),
  reference: Type.String(),
  jobId: Type.String(),
  /**
   * The job's heading when payments knows it (for the company's e-mail). Optional: refunds announced
   * before it was added carry none.
   */
  jobTitle: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  companyId: Type.String(),
  posterId: Type.String(),
  amount: Type.Integer({ description: 'kobo' }),
  currency: Type.String(),
  reason: Type.String(),
  unlocked: Type.Boolean(),
  refundedAt: Type.String(),
});
export type PaymentsUnlockRefundedV1 = Static<typeof PaymentsUnlockRefundedV1>;

/**
 * A pending unlock paid by an asynchronous channel (bank transfer, USSD: the bank confirms minutes after
 * the company left the checkout) was confirmed: the company has the unlock. Sent with (after)
 * `payments.unlock.paid` in the same transaction; accounts tells the company by e-mail.
 */
export const PaymentsUnlockConfirmedV1 = Type.Object({
  paymentId: Type.String(),
  reference: Type.String(),
  jobId: Type.String(),
  /** The job's heading when payments knows it (for the company's e-mail). */
  jobTitle: Type.Union([Type.String(), Type.Null()]),
  companyId: Type.String(),
  amount: Type.Integer({ description: 'kobo' }),
  currency: Type.String(),
  /** PaymentMethod (payment-channels.ts): 'transfer', 'ussd' or 'sandbox'. */
  method: Type.String(),
  channel: Type.String(),
  confirmedAt: Type.String(),
});
export type PaymentsUnlockConfirmedV1 = Static<typeof PaymentsUnlockConfirmedV1>;

/**
 * A pending unlock was not paid within the payment window and expired: it holds nothing, and money
 * arriving later is refunded ('late-payment'). Sent with `payments.unlock.failed` in the same transaction.
 */
export const PaymentsUnlockExpiredV1 = Type.Object({
  paymentId: Type.String(),
  reference: Type.String(),
  jobId: Type.String(),
  jobTitle: Type.Union([Type.String(), Type.Null()]),
  companyId: Type.String(),
  amount: Type.Integer({ description: 'kobo' }),
  currency: Type.String(),
  /** The payment window it had, in minutes (PAYMENTS_PENDING_EXPIRE_MINUTES when it started). */
  windowMinutes: Type.Integer({ minimum: 1 }),
  /** The provider's channel when known (a transfer the company said it sent), else null. */
  channel: Type.Union([Type.String(), Type.Null()]),
  expiredAt: Type.String(),
});
export type PaymentsUnlockExpiredV1 = Static<typeof PaymentsUnlockExpiredV1>;

/**
 * A company disputed one of its paid unlocks (disputes.ts): admins decide. `reason` is one of
 * DISPUTE_REASONS; the company's note stays in payments.
 */
export const PaymentsDisputeOpenedV1 = Type.Object({
  disputeId: Type.String(),
  paymentId: Type.String(),
  reference: Type.String(),
  jobId: Type.String(),
  companyId: Type.String(),
  posterId: Type.String(),
  reason: Type.String(),
  openedAt: Type.String(),
});
export type PaymentsDisputeOpenedV1 = Static<typeof PaymentsDisputeOpenedV1>;

/**
 * An admin decided a dispute: `refunded` (a `payments.unlock.refunded` with reason `dispute` goes out in
 * the same transaction: jobs and chat take the access back) or `rejected` (the unlock stays).
 */
export const PaymentsDisputeDecidedV1 = Type.Object({
  disputeId: Type.String(),
  paymentId: Type.String(),
  reference: Type.String(),
  jobId: Type.String(),
  companyId: Type.String(),
  posterId: Type.String(),
  outcome: Type.Union([Type.Literal('refunded'), Type.Literal('rejected')]),
  decidedBy: Type.String(),
  decidedAt: Type.String(),
  /** What the company is told (accounts mails it): the job, the amount, and a rejection's reason. */
  jobTitle: Type.Union([Type.String(), Type.Null()]),
  amount: Type.Integer({ description: 'kobo' }),
  currency: Type.String(),
  rejectionReason: Type.Union([Type.String(), Type.Null()]),
});
export type PaymentsDisputeDecidedV1 = Static<typeof PaymentsDisputeDecidedV1>;

/**
 * A chat message that moved the conversation on was stored: the poster's first since the conversation
 * was opened (or reopened by a new unlock), and the company's first after that. The others are not
 * announced: nobody outside chat needs each message, and announcing each made every message a
 * transaction in accounts and in payments (the scaling bench's busiest parts after NATS and Postgres).
 * The text stays in chat: consumers learn who wrote to whom and when (payments' no-reply refund reads
 * whether the poster answered; accounts' reply time, how long the company took to answer). Events of
 * every message published before this rule are read the same way: the later ones change nothing.
 */
export const ChatMessageSentV1 = Type.Object({
  chatId: Type.String(),
  jobId: Type.String(),
  messageId: Type.String(),
  seq: Type.Integer({ minimum: 1 }),
  senderId: Type.String(),
  recipientId: Type.String(),
  posterId: Type.String(),
  applicantId: Type.String(),
  sentAt: Type.String(),
});
export type ChatMessageSentV1 = Static<typeof ChatMessageSentV1>;

/** A member read a conversation up to `upTo`. */
export const ChatMessagesReadV1 = Type.Object({
  chatId: Type.String(),
  jobId: Type.String(),
  readerId: Type.String(),
  upTo: Type.Integer({ minimum: 0 }),
  readAt: Type.String(),
});
export type ChatMessagesReadV1 = Static<typeof ChatMessagesReadV1>;

/**
 * A member has had unread messages in a conversation for CHAT_LIMITS.reminderAfterMinutes: accounts
 * e-mails them (once per conversation until they read it).
 */
export const ChatReminderDueV1 = Type.Object({
  chatId: Type.String(),
  jobId: Type.String(),
  memberId: Type.String(),
  counterpartName: Type.String(),
  jobTitle: Type.String(),
  unreadCount: Type.Integer({ minimum: 1 }),
  firstUnreadAt: Type.String(),
});
export type ChatReminderDueV1 = Static<typeof ChatReminderDueV1>;

export const EVENT_TYPES = {
  accountsUserRegistered: 'accounts.user.registered',
  accountsUserUpdated: 'accounts.user.updated',
  accountsUserDeleted: 'accounts.user.deleted',
  accountsSessionRevoked: 'accounts.session.revoked',
  jobsJobPosted: 'jobs.job.posted',
  jobsJobUpdated: 'jobs.job.updated',
  jobsJobCompleted: 'jobs.job.completed',
  jobsJobDeleted: 'jobs.job.deleted',
  jobsJobModerated: 'jobs.job.moderated',
  jobsApplicationCreated: 'jobs.application.created',
  jobsReviewPosted: 'jobs.review.posted',
  jobsAlertMatched: 'jobs.alert.matched',
  jobsOfferSent: 'jobs.offer.sent',
  jobsOfferWithdrawn: 'jobs.offer.withdrawn',
  jobsOfferAccepted: 'jobs.offer.accepted',
  jobsOfferUnaccepted: 'jobs.offer.unaccepted',
  jobsReviewModerated: 'jobs.review.moderated',
  paymentsUnlockInitiated: 'payments.unlock.initiated',
  paymentsUnlockPaid: 'payments.unlock.paid',
  paymentsUnlockFailed: 'payments.unlock.failed',
  paymentsUnlockRefunded: 'payments.unlock.refunded',
  paymentsUnlockConfirmed: 'payments.unlock.confirmed',
  paymentsUnlockExpired: 'payments.unlock.expired',
  paymentsDisputeOpened: 'payments.dispute.opened',
  paymentsDisputeDecided: 'payments.dispute.decided',
  chatMessageSent: 'chat.message.sent',
  chatMessagesRead: 'chat.messages.read',
  chatReminderDue: 'chat.reminder.due',
} as const;

/**
 * Every event type and version with its payload schema: the one source for publishers (the kit's
 * `publishEvent` checks payloads against it at compile time and, outside production, at run time) and
 * for consumers (the kit's dispatcher validates before a handler runs). Add a type or version here first.
 */
export const EVENT_PAYLOAD_SCHEMAS = {
  [EVENT_TYPES.accountsUserRegistered]: { 1: AccountsUserRegisteredV1 },
  [EVENT_TYPES.accountsUserUpdated]: { 1: AccountsUserUpdatedV1 },
  [EVENT_TYPES.accountsUserDeleted]: { 1: AccountsUserDeletedV1 },
  [EVENT_TYPES.accountsSessionRevoked]: { 1: AccountsSessionRevokedV1 },
  [EVENT_TYPES.jobsJobPosted]: { 1: JobsJobPostedV1 },
  [EVENT_TYPES.jobsAlertMatched]: { 1: JobsAlertMatchedV1 },
  [EVENT_TYPES.jobsJobUpdated]: { 1: JobsJobUpdatedV1 },
  [EVENT_TYPES.jobsJobCompleted]: { 1: JobsJobCompletedV1 },
  [EVENT_TYPES.jobsJobDeleted]: { 1: JobsJobDeletedV1 },
  [EVENT_TYPES.jobsJobModerated]: { 1: JobsJobModeratedV1 },
  [EVENT_TYPES.jobsApplicationCreated]: { 1: JobsApplicationCreatedV1 },
  [EVENT_TYPES.jobsReviewPosted]: { 1: JobsReviewPostedV1 },
  [EVENT_TYPES.jobsOfferSent]: { 1: JobsOfferSentV1 },
  [EVENT_TYPES.jobsOfferWithdrawn]: { 1: JobsOfferWithdrawnV1 },
  [EVENT_TYPES.jobsOfferAccepted]: { 1: JobsOfferAcceptedV1 },
  [EVENT_TYPES.jobsOfferUnaccepted]: { 1: JobsOfferUnacceptedV1 },
  [EVENT_TYPES.jobsReviewModerated]: { 1: JobsReviewModeratedV1 },
  [EVENT_TYPES.paymentsUnlockInitiated]: { 1: PaymentsUnlockInitiatedV1 },
  [EVENT_TYPES.paymentsUnlockPaid]: { 1: PaymentsUnlockPaidV1 },
  [EVENT_TYPES.paymentsUnlockFailed]: { 1: PaymentsUnlockFailedV1 },
  [EVENT_TYPES.paymentsUnlockRefunded]: { 1: PaymentsUnlockRefundedV1 },
  [EVENT_TYPES.paymentsUnlockConfirmed]: { 1: PaymentsUnlockConfirmedV1 },
  [EVENT_TYPES.paymentsUnlockExpired]: { 1: PaymentsUnlockExpiredV1 },
  [EVENT_TYPES.paymentsDisputeOpened]: { 1: PaymentsDisputeOpenedV1 },
  [EVENT_TYPES.paymentsDisputeDecided]: { 1: PaymentsDisputeDecidedV1 },
  [EVENT_TYPES.chatMessageSent]: { 1: ChatMessageSentV1 },
  [EVENT_TYPES.chatMessagesRead]: { 1: ChatMessagesReadV1 },
  [EVENT_TYPES.chatReminderDue]: { 1: ChatReminderDueV1 },
} as const satisfies Record<string, Record<number, TSchema>>;

/** A declared event type, e.g. 'accounts.user.registered'. */
export type EventType = keyof typeof EVENT_PAYLOAD_SCHEMAS;
/** The declared versions of an event type. */
export type EventVersion<T extends EventType> = keyof (typeof EVENT_PAYLOAD_SCHEMAS)[T] & number;
/** The payload of an event type at a version (default 1), from its schema. */
export type EventPayload<T extends EventType, V extends EventVersion<T> = EventVersion<T> & 1> = Static<
  (typeof EVENT_PAYLOAD_SCHEMAS)[T][V] extends TSchema ? (typeof EVENT_PAYLOAD_SCHEMAS)[T][V] : never
>;

/** The payload schema of a type and version, or undefined when the contracts do not declare it. */
export function eventPayloadSchema(type: string, version: number): TSchema | undefined {
  const versions = (EVENT_PAYLOAD_SCHEMAS as Record<string, Record<number, TSchema>>)[type];
  return versions?.[version];
}
