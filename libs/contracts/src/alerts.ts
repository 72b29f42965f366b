// Job alerts (issue 29, item 4): what a company chooses, the in-app notifications it gets, and the
// one-click unsubscribe link of alert mails. A notification never carries a poster's contact details:
// only the job's heading, category, sub-categories and state (what any listing shows).
import { Type, type Static } from 'typebox';
import { CategoryNameSchema, SubcategoryNameSchema } from './catalogue';
import { ResultMessageSchema } from './accounts';
import { withMessages } from './fields';
import { NigerianStateSchema } from './states';

/** How a company is told by e-mail: each matching job at once, one digest a day at 07:00 Lagos, or not. */
export const AlertEmailModeSchema = /* @__PURE__ */ Type.Union([
  Type.Literal('instant'),
  Type.Literal('daily'),
  Type.Literal('none'),
]);
export type AlertEmailMode = Static<typeof AlertEmailModeSchema>;

export const ALERT_LIMITS = /* @__PURE__ */ Object.freeze({
  /** Instant alert mails per company and Lagos calendar day; further matches wait for no mail (in-app only). */
  instantMailsPerDay: 10,
  /** Jobs listed in one daily digest (newest first). */
  digestMaxJobs: 30,
  /** The hour (Africa/Lagos) the daily digest goes out. */
  digestHourLagos: 7,
  /** Notifications listed at once in the header's menu. */
  notificationListMax: 50,
});

/** PUT body and GET answer of a company's alert preferences. Empty states = every state. */
export const JobAlertPreferencesSchema = /* @__PURE__ */ Type.Object(
  {
    categories: Type.Array(CategoryNameSchema, { maxItems: 50, uniqueItems: true }),
    subcategories: Type.Array(SubcategoryNameSchema, { maxItems: 300, uniqueItems: true }),
    states: Type.Array(NigerianStateSchema, { maxItems: 37, uniqueItems: true }),
    email: AlertEmailModeSchema,
  },
  { additionalProperties: false },
);
export type JobAlertPreferences = Static<typeof JobAlertPreferencesSchema>;

export const JobAlertPreferencesResponseSchema = /* @__PURE__ */ Type.Object({
  statusCode: Type.Integer(),
  preferences: JobAlertPreferencesSchema,
});
export type JobAlertPreferencesResponse = Static<typeof JobAlertPreferencesResponseSchema>;

/**
 * Kinds of in-app notices: a matching new job; the poster hired this company (`offer-accepted`); the
 * poster chose another company (`offer-declined`); the company's transfer/USSD unlock payment arrived
 * (`payment-confirmed`) or its payment window ran out (`payment-expired`); an admin decided its dispute
 * of an unlock (`dispute-decided`); its unlock payment was refunded for another reason (`payment-refunded`:
 * the job deleted, hidden or full, no reply in time, a late or wrong amount, a duplicate, an admin).
 */
export const NotificationKindSchema = /* @__PURE__ */ Type.Union([
  Type.Literal('job-alert'),
  Type.Literal('offer-accepted'),
  Type.Literal('offer-declined'),
  Type.Literal('payment-confirmed'),
  Type.Literal('payment-expired'),
  Type.Literal('dispute-decided'),
  Type.Literal('payment-refunded'),
]);
export type NotificationKind = Static<typeof NotificationKindSchema>;

export const NotificationSchema = /* @__PURE__ */ Type.Object({
  _id: Type.String(),
  kind: NotificationKindSchema,
  jobId: Type.String(),
  jobHeading: Type.String(),
  category: Type.String(),
  subcategory: Type.Array(Type.String()),
  state: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
  read: Type.Boolean(),
  /** The poster's name, on an `offer-accepted` notice only (the hired company paid for the contact). */
  posterName: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  /** The payment's amount in kobo and its currency, on payment and dispute notices only. */
  amount: Type.Optional(Type.Integer({ minimum: 0 })),
  currency: Type.Optional(Type.String()),
  /** A `payment-expired` notice: the payment window it had, in minutes. */
  windowMinutes: Type.Optional(Type.Integer({ minimum: 1 })),
  /** A `dispute-decided` notice: the admin's decision, and a rejection's reason as the admin wrote it. */
  outcome: Type.Optional(Type.Union([Type.Literal('refunded'), Type.Literal('rejected')])),
  rejectionReason: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  /** A `payment-refunded` notice: why (one of REFUND_REASONS; its words are REFUND_REASON_MESSAGES). */
  refundReason: Type.Optional(Type.String()),
});
export type Notification = Static<typeof NotificationSchema>;

export const NotificationListResponseSchema = /* @__PURE__ */ Type.Object({
  statusCode: Type.Integer(),
  notifications: Type.Array(NotificationSchema),
  unread: Type.Integer({ minimum: 0 }),
});
export type NotificationListResponse = Static<typeof NotificationListResponseSchema>;

/** Mark some notifications (ids) or all of them (`all: true`) as read. */
export const MarkNotificationsReadSchema = /* @__PURE__ */ Type.Object(
  {
    ids: Type.Optional(Type.Array(Type.String({ format: 'uuid' }), { maxItems: 100, uniqueItems: true })),
    all: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type MarkNotificationsRead = Static<typeof MarkNotificationsReadSchema>;

export const MarkNotificationsReadResponseSchema = /* @__PURE__ */ Type.Object({
  statusCode: Type.Integer(),
  unread: Type.Integer({ minimum: 0 }),
});

/** The signed one-click unsubscribe link's query: the company and the HMAC of its id. */
export const AlertUnsubscribeQuerySchema = /* @__PURE__ */ Type.Object(
  {
    company: Type.String({ format: 'uuid' }),
    signature: Type.String({ pattern: '^[A-Za-z0-9_-]{43}$' }),
  },
  { additionalProperties: false },
);
export type AlertUnsubscribeQuery = Static<typeof AlertUnsubscribeQuerySchema>;

export const AlertUnsubscribeResponseSchema = /* @__PURE__ */ Type.Object({
  statusCode: Type.Integer(),
  resultMessage: ResultMessageSchema,
});

export const ALERT_MESSAGES = /* @__PURE__ */ Object.freeze({
  onlyCompanies: 'Only companies can set job alerts.',
  preferencesSaved: 'Job alerts saved',
  unsubscribed: 'You will get no more job alert e-mails. Your alerts still show on the site.',
  /** The link opened (GET): nothing changes until the company confirms (mail scanners open links too). */
  confirmUnsubscribe: 'Stop job alert e-mails? New matching jobs will still show in the app.',
  badUnsubscribeLink: 'This unsubscribe link is not valid.',
  chooseFromList: 'Choose from the list.',
  chooseEmail: 'Choose how we e-mail you about new jobs.',
});

// ---- Job alerts (the dashboard's form and PUT /api/jobs/alerts/preferences) ---------------------------

const alertList = (name: 'categories' | 'subcategories' | 'states') =>
  withMessages(
    { ...JobAlertPreferencesSchema.properties[name] },
    // Any failure (a name not in the list, too many, one twice) gets the one message.
    { type: ALERT_MESSAGES.chooseFromList, enum: ALERT_MESSAGES.chooseFromList },
  );
export const AlertCategoriesRule = /* @__PURE__ */ alertList('categories');
export const AlertSubcategoriesRule = /* @__PURE__ */ alertList('subcategories');
export const AlertStatesRule = /* @__PURE__ */ alertList('states');
export const AlertEmailRule = /* @__PURE__ */ withMessages(
  { ...JobAlertPreferencesSchema.properties.email },
  { type: ALERT_MESSAGES.chooseEmail, enum: ALERT_MESSAGES.chooseEmail },
);
