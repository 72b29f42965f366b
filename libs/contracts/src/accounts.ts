import { Type, type Static } from 'typebox';
import { BinaryFileSchema } from './files';
import { pageQuery, PageQuerySchema } from './pagination';

export const AccountTypeSchema = Type.Union([
  Type.Literal('user'),
  Type.Literal('company'),
  Type.Literal('admin'),
]);

/** How the signed-in area names an account's type to its owner (the API's 'user' is a customer). */
export const ACCOUNT_TYPE_LABELS: Readonly<Record<Static<typeof AccountTypeSchema>, string>> = Object.freeze({
  user: 'Customer',
  company: 'Company',
  admin: 'Admin',
});

/** An account as the API returns it (spec section 3, "Account"); never secrets. */
export const AccountSchema = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  email: Type.String(),
  phoneNumber: Type.Union([Type.String(), Type.Null()]),
  type: AccountTypeSchema,
  cacnumber: Type.Union([Type.String(), Type.Null()]),
  address: Type.Union([Type.String(), Type.Null()]),
  pincode: Type.Union([Type.String(), Type.Null()]),
  description: Type.Union([Type.String(), Type.Null()]),
  photoUrl: Type.Union([Type.String(), Type.Null()]),
  totalPostedJobs: Type.Integer(),
  totalAppliedJobs: Type.Integer(),
  /** Company registration extras (optional so older clients and other producers stay valid). */
  state: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  category: Type.Optional(Type.Array(Type.String())),
  subcategory: Type.Optional(Type.Array(Type.String())),
  /**
   * False until the owner opened the verification link mailed to the address (optional: older clients
   * and producers stay valid). An unverified address is never used to link a social login.
   */
  emailVerified: Type.Optional(Type.Boolean()),
});
export type Account = Static<typeof AccountSchema>;

/** POST /api/user: the registration payload of the web form and the Android app. */
export const RegisterBodySchema = Type.Object({
  email: Type.String({ maxLength: 254 }),
  name: Type.String({ maxLength: 120 }),
  password: Type.String({ maxLength: 256 }),
  language: Type.Optional(Type.String({ maxLength: 16 })),
  platform: Type.Optional(Type.String({ maxLength: 32 })),
  timezone: Type.Optional(Type.Union([Type.Number(), Type.String({ maxLength: 64 })])),
  deviceId: Type.Optional(Type.String({ maxLength: 200 })),
  type: Type.Optional(Type.Union([Type.Literal('user'), Type.Literal('company')])),
  cacnumber: Type.Optional(Type.String({ maxLength: 40 })),
  phoneNumber: Type.Optional(Type.String({ maxLength: 32 })),
  address: Type.Optional(Type.String({ maxLength: 300 })),
  pincode: Type.Optional(Type.String({ maxLength: 12 })),
  /** One of the 37 names of NIGERIAN_STATES (the web form sends it; the Android app may not). */
  state: Type.Optional(Type.String({ maxLength: 60 })),
  category: Type.Optional(Type.Array(Type.String({ maxLength: 100 }), { maxItems: 20 })),
  subcategory: Type.Optional(Type.Array(Type.String({ maxLength: 100 }), { maxItems: 200 })),
});
export type RegisterBody = Static<typeof RegisterBodySchema>;

export const ResultMessageSchema = Type.Object({ en: Type.String() });

export const RegisterResponseSchema = Type.Object({
  statusCode: Type.Integer(),
  resultMessage: ResultMessageSchema,
  user: AccountSchema,
});

export const LoginBodySchema = Type.Object({
  email: Type.String({ maxLength: 254 }),
  password: Type.String({ maxLength: 256 }),
});

export const LoginResponseSchema = Type.Object({
  statusCode: Type.Integer(),
  resultMessage: ResultMessageSchema,
  accessToken: Type.String(),
  user: AccountSchema,
});

/** A response that carries only a message, e.g. the contact form and account deletion. */
export const MessageResponseSchema = Type.Object({
  statusCode: Type.Integer(),
  resultMessage: ResultMessageSchema,
});

/** PUT /api/user/editcompany (multipart; JSON accepted too): the profile after the update. */
export const ProfileUpdateResponseSchema = RegisterResponseSchema;

/** The text fields of PUT /api/user/editcompany; only changed ones are sent. Email and CAC are read-only. */
export const ProfileUpdateFieldsSchema = Type.Object({
  name: Type.Optional(Type.String({ maxLength: 120 })),
  phoneNumber: Type.Optional(Type.String({ maxLength: 32 })),
  address: Type.Optional(Type.String({ maxLength: 300 })),
  pincode: Type.Optional(Type.String({ maxLength: 12 })),
  description: Type.Optional(Type.String({ maxLength: 2000 })),
});
export type ProfileUpdateFields = Static<typeof ProfileUpdateFieldsSchema>;

/**
 * PUT /api/user/editcompany as multipart/form-data (web, Android): the changed text fields and at most
 * one photo, PNG, JPEG or WebP, re-encoded when stored (sent as `images`; `image` and `photo` are read
 * too). The route reads the parts itself; the same fields without the photo may come as JSON.
 */
export const ProfileUpdateFormSchema = Type.Object({
  ...ProfileUpdateFieldsSchema.properties,
  images: Type.Optional(BinaryFileSchema),
});

/** POST /api/user/send-mail: the contact form (spec section 3, "Contact payload"; subject optional). */
export const ContactBodySchema = Type.Object({
  email: Type.Optional(Type.String({ maxLength: 1000 })),
  name: Type.Optional(Type.String({ maxLength: 1000 })),
  phoneNumber: Type.Optional(Type.String({ maxLength: 1000 })),
  hourseaddress: Type.Optional(Type.String({ maxLength: 2000 })),
  msg: Type.Optional(Type.String({ maxLength: 20000 })),
  /** One of CONTACT_SUBJECTS' values: 'subject' (default), 'personal-data', 'others'. */
  subject: Type.Optional(Type.String({ maxLength: 100 })),
});
export type ContactBody = Static<typeof ContactBodySchema>;

/** GET /api/user/getall (admin): one row of the All Users screen. */
export const AdminUserSchema = Type.Object({
  _id: Type.String(),
  email: Type.String(),
  phoneNumber: Type.Union([Type.String(), Type.Null()]),
  totalPostedJobs: Type.Integer(),
  totalAppliedJobs: Type.Integer(),
  type: AccountTypeSchema,
  name: Type.String(),
  createdAt: Type.String(),
});
export type AdminUser = Static<typeof AdminUserSchema>;

export const AdminUserListQuerySchema = Type.Object({
  /** Case-insensitive, matched anywhere in email, name or phone number (local or +234 form). */
  search: Type.Optional(Type.String({ maxLength: 100 })),
  ...pageQuery({ defaultLimit: 20, maxLimit: 100 }),
});

export const AdminUserListResponseSchema = Type.Object({
  statusCode: Type.Integer(),
  users: Type.Array(AdminUserSchema),
  total: Type.Integer(),
  page: Type.Integer(),
  limit: Type.Integer(),
});

/** A company's reviews in short (kept by accounts from jobs.review.posted; the reviews live in jobs). */
export const RatingSummarySchema = Type.Object({
  /** Mean of the ratings, one decimal; 0 when there are none. */
  average: Type.Number(),
  count: Type.Integer(),
});
export type RatingSummary = Static<typeof RatingSummarySchema>;

/**
 * How a company's reply time is measured (accounts keeps it from chat.message.sent). A sample is one
 * conversation: the poster's first message, and the company's first message after it. Over the last
 * `windowDays`; a poster left unanswered for `unansweredAfterHours` counts as never answered (so
 * answering only the easy ones does not help); nothing is shown below `minimumConversations` samples.
 */
export const REPLY_TIME_RULE = Object.freeze({
  windowDays: 90,
  unansweredAfterHours: 72,
  minimumConversations: 5,
});

/** A company as the directory lists it (spec section 3, "Company (as listed)"): public fields only. */
export const CompanySchema = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  email: Type.String(),
  phoneNumber: Type.Union([Type.String(), Type.Null()]),
  address: Type.Union([Type.String(), Type.Null()]),
  /**
   * One of NIGERIAN_STATES as registered (public like the address); null when the company gave none.
   * The directory always sends it; optional so answers and fixtures from before it stay valid.
   */
  state: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  pincode: Type.Union([Type.String(), Type.Null()]),
  subcategory: Type.Array(Type.String()),
  description: Type.Union([Type.String(), Type.Null()]),
  photoUrl: Type.Union([Type.String(), Type.Null()]),
  type: Type.Literal('company'),
  rating: RatingSummarySchema,
  /**
   * Median minutes to first answer a poster (REPLY_TIME_RULE), rounded up; null when there is too
   * little data or most posters went unanswered. Optional: answers from before it stay valid.
   */
  replyMinutes: Type.Optional(Type.Union([Type.Integer({ minimum: 0 }), Type.Null()])),
  /**
   * When an admin verified the company (its CAC certificate checked); null when not verified.
   * Optional: answers and clients from before it stay valid.
   */
  verifiedAt: Type.Optional(Type.Union([Type.String(), Type.Null()])),
});
export type Company = Static<typeof CompanySchema>;

/** What a profile page may show a crawler: public directory fields, never the contact details. */
export type PublicCompany = Pick<
  Company,
  '_id' | 'name' | 'description' | 'subcategory' | 'rating' | 'photoUrl' | 'replyMinutes' | 'verifiedAt'
>;

/** The longest `state` a directory query may name (the longest of the 37 is 31 characters). */
export const DIRECTORY_STATE_MAX_LENGTH = 60;

/**
 * The query of the two company lists: a page, and optionally a state, one of NIGERIAN_STATES in any
 * casing (canonicalized by the service; empty means every state, anything else is a 400).
 */
export const CompanyListQuerySchema = Type.Object({
  ...PageQuerySchema.properties,
  state: Type.Optional(Type.String({ maxLength: DIRECTORY_STATE_MAX_LENGTH })),
});
export type CompanyListQuery = Static<typeof CompanyListQuerySchema>;

/**
 * GET /api/jobs/getcompaniesbycategory/:category and .../getcompaniesbysubCategory/:subcategory:
 * rated companies first (higher average as shown, then more reviews), then the rest; among equals the
 * most recently active first, then by id, so pages neither overlap nor skip. `total` counts the
 * filtered set.
 */
export const CompanyListResponseSchema = Type.Object({
  company: Type.Array(CompanySchema),
  page: Type.Integer(),
  limit: Type.Integer(),
  total: Type.Integer(),
});
export type CompanyListResponse = Static<typeof CompanyListResponseSchema>;

/** GET /api/accounts/companies/:id */
export const CompanyResponseSchema = Type.Object({
  statusCode: Type.Integer(),
  company: CompanySchema,
});
export type CompanyResponse = Static<typeof CompanyResponseSchema>;

/** The most ids one page of GET /api/accounts/companies gives. */
export const COMPANY_INDEX_MAX_LIMIT = 1000;

/** GET /api/accounts/companies: every live company, a page at a time (the sitemap of search engines). */
export const CompanyIndexQuerySchema = Type.Object({
  ...pageQuery({ defaultLimit: 100, maxLimit: COMPANY_INDEX_MAX_LIMIT }),
});
export type CompanyIndexQuery = Static<typeof CompanyIndexQuerySchema>;

export const CompanyIndexResponseSchema = Type.Object({
  /** Ordered by id, so pages do not overlap while companies join. */
  companies: Type.Array(Type.Object({ _id: Type.String(), updatedAt: Type.String({ format: 'date-time' }) })),
  page: Type.Integer(),
  limit: Type.Integer(),
  total: Type.Integer(),
});
export type CompanyIndexResponse = Static<typeof CompanyIndexResponseSchema>;

/** DELETE /api/user/me: the password confirms the deletion. */
export const DeleteAccountBodySchema = Type.Object({
  password: Type.String({ minLength: 1, maxLength: 256 }),
});

/** GET /api/user/me/export: everything accounts holds about the signed-in person (NDPA access right). */
export const AccountExportSchema = Type.Object({
  exportedAt: Type.String(),
  account: Type.Object({
    _id: Type.String(),
    name: Type.String(),
    email: Type.String(),
    type: AccountTypeSchema,
    phoneNumber: Type.Union([Type.String(), Type.Null()]),
    cacnumber: Type.Union([Type.String(), Type.Null()]),
    cacClass: Type.Union([Type.String(), Type.Null()]),
    address: Type.Union([Type.String(), Type.Null()]),
    state: Type.Union([Type.String(), Type.Null()]),
    pincode: Type.Union([Type.String(), Type.Null()]),
    description: Type.Union([Type.String(), Type.Null()]),
    photoUrl: Type.Union([Type.String(), Type.Null()]),
    category: Type.Array(Type.String()),
    subcategory: Type.Array(Type.String()),
    totalPostedJobs: Type.Integer(),
    totalAppliedJobs: Type.Integer(),
    createdAt: Type.String(),
    updatedAt: Type.String(),
    /** When the address was verified; null while it is not. */
    emailVerifiedAt: Type.Optional(Type.Union([Type.String(), Type.Null()])),
    /** A company: when an admin verified it; null while it is not. */
    verifiedAt: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  }),
  /** A company's verification requests (the certificate itself is downloadable from its request). */
  verificationRequests: Type.Optional(
    Type.Array(
      Type.Object({
        _id: Type.String(),
        cacNumber: Type.String(),
        status: Type.String(),
        reason: Type.Union([Type.String(), Type.Null()]),
        createdAt: Type.String(),
        decidedAt: Type.Union([Type.String(), Type.Null()]),
        certificateType: Type.String(),
      }),
    ),
  ),
  contactMessages: Type.Array(
    Type.Object({
      _id: Type.String(),
      name: Type.String(),
      email: Type.String(),
      phoneNumber: Type.Union([Type.String(), Type.Null()]),
      hourseaddress: Type.Union([Type.String(), Type.Null()]),
      subject: Type.String(),
      msg: Type.String(),
      createdAt: Type.String(),
      deliveredAt: Type.Union([Type.String(), Type.Null()]),
    }),
  ),
  /** Sign-in sessions (refresh tokens) without any token or hash. */
  sessions: Type.Array(Type.Record(Type.String(), Type.Unknown())),
  /** Linked social logins (provider and its user id). */
  socialIdentities: Type.Array(Type.Record(Type.String(), Type.Unknown())),
});
export type AccountExport = Static<typeof AccountExportSchema>;

// ---- Password reset and e-mail verification ---------------------------------------------------------

/** Lifetimes of the links mailed for a password reset and an e-mail verification. */
export const IDENTITY_LINKS = Object.freeze({
  passwordResetMinutes: 30,
  emailVerificationHours: 48,
});

/**
 * The web pages the mailed links open. The token travels in the fragment (`#token=...`), which browsers
 * never send to a server, so it stays out of access logs and Referer headers.
 */
export const IDENTITY_PAGES = Object.freeze({
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  verifyEmail: '/verify-email',
});

/** The `code` of the 400 that a used, expired or unknown link gets (the page then offers a new one). */
export const INVALID_LINK_CODE = 'INVALID_LINK';

/** Texts of the reset and verification flows that travel in `resultMessage.en`. */
export const IDENTITY_MESSAGES = Object.freeze({
  resetLinkSent: `If an account uses this e-mail address, we have sent it a link to choose a new password. The link works for ${IDENTITY_LINKS.passwordResetMinutes} minutes.`,
  passwordChanged: 'Your password has been changed. Please sign in with your new password.',
  invalidResetLink: `This password reset link does not work any more: a link works once, for ${IDENTITY_LINKS.passwordResetMinutes} minutes. Please ask for a new one.`,
  emailVerified: 'Your e-mail address is verified.',
  alreadyVerified: 'Your e-mail address is already verified.',
  invalidVerificationLink:
    'This verification link does not work any more (it was replaced by a newer one or has expired). Please ask for a new one.',
  verificationSent: 'We have sent a new verification link to your e-mail address.',
});

/** POST /api/user/forgot-password: the address to send a reset link to (checked with EmailRule). */
export const ForgotPasswordBodySchema = Type.Object({
  email: Type.String({ maxLength: 1000 }),
});
export type ForgotPasswordBody = Static<typeof ForgotPasswordBodySchema>;

/** POST /api/user/reset-password: the mailed token and the new password (checked with NewPasswordRule). */
export const ResetPasswordBodySchema = Type.Object({
  token: Type.String({ maxLength: 200 }),
  password: Type.String({ maxLength: 1000 }),
});
export type ResetPasswordBody = Static<typeof ResetPasswordBodySchema>;

/** POST /api/user/verify-email: the mailed token. */
export const VerifyEmailBodySchema = Type.Object({
  token: Type.String({ maxLength: 200 }),
});
export type VerifyEmailBody = Static<typeof VerifyEmailBodySchema>;
