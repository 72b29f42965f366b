import type { ColumnType, Generated, Selectable } from 'kysely';

export interface UsersTable {
  id: Generated<string>;
  email: string;
  email_normalized: string;
  name: string;
  password_hash: string;
  type: 'user' | 'company' | 'admin';
  phone_number: string | null;
  cacnumber: string | null;
  address: string | null;
  pincode: string | null;
  description: string | null;
  photo_url: string | null;
  /** 'RC' (company), 'BN' (business name), 'IT' (incorporated trustees) or null when not given. */
  cac_class: 'RC' | 'BN' | 'IT' | null;
  state: string | null;
  /** Canonical catalogue names. */
  categories: ColumnType<string[], string[] | undefined, string[]>;
  subcategories: ColumnType<string[], string[] | undefined, string[]>;
  /** Kept from jobs events (consumers/job-totals.ts). */
  total_posted_jobs: ColumnType<number, number | undefined, number>;
  total_applied_jobs: ColumnType<number, number | undefined, number>;
  /** Sum and count of the company's review ratings (from jobs.review.posted). */
  rating_sum: ColumnType<number, number | undefined, number>;
  rating_count: ColumnType<number, number | undefined, number>;
  /** Median minutes to answer a poster (repositories/reply-times-repository.ts); null: nothing to show. */
  reply_minutes: ColumnType<number | null, number | null | undefined, number | null>;
  /** When an admin verified the company (migration 0013_company_verification); null when not verified. */
  verified_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** When the owner proved control of the address (verification link, password reset...); null until then. */
  email_verified_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** Set when the account was erased; the row stays anonymised. */
  deleted_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: ColumnType<Date, never, never>;
  updated_at: ColumnType<Date, never, Date>;
}

export interface ContactMessagesTable {
  id: Generated<string>;
  user_id: string | null;
  name: string;
  email: string;
  email_normalized: string;
  phone_number: string | null;
  house_address: string | null;
  subject: string;
  message: string;
  created_at: ColumnType<Date, never, never>;
  delivered_at: Date | null;
  delivery_transport: string | null;
  delivery_attempts: ColumnType<number, number | undefined, number>;
  last_error: string | null;
  next_attempt_at: ColumnType<Date, Date | undefined, Date>;
}

/** Migration 0002_sessions: one row per refresh token; a family is one sign-in session. */
export interface RefreshTokensTable {
  id: Generated<string>;
  user_id: string;
  family_id: string;
  token_hash: string;
  created_at: Date;
  expires_at: Date;
  family_expires_at: Date;
  used_at: Date | null;
  revoked_at: Date | null;
  user_agent: string | null;
  /** SHA-256 (base64url) of the family's CSRF value; null for sessions from before the binding. */
  csrf_hash: string | null;
}

export interface SocialIdentitiesTable {
  provider: string;
  provider_user_id: string;
  user_id: string;
  created_at: Generated<Date>;
}

/** Migration 0006_account_tokens: the single-use links mailed for a password reset or a verification. */
export interface AccountTokensTable {
  id: Generated<string>;
  user_id: string;
  purpose: 'password-reset' | 'email-verification';
  /** SHA-256 (hex) of the token; the token itself is only in the mail. */
  token_hash: string;
  /** The (normalised) address the link was mailed to. */
  email_normalized: string;
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
}

/**
 * Migration 0007_notice_mails: mails to members caused by other services' events, stored with the inbox
 * row of that event and delivered after the commit (retried by a sweep). `data` depends on `kind`.
 */
export interface NoticeMailsTable {
  id: Generated<string>;
  user_id: string;
  kind:
    | 'chat-reminder'
    | 'payment-confirmed'
    | 'payment-expired'
    | 'payment-refunded'
    | 'dispute-decided'
    | 'job-alert'
    | 'job-alert-digest'
    | 'company-verification';
  /** One notice per key, whatever events carry it. */
  dedupe_key: string;
  data: ColumnType<Record<string, unknown>, string, string>;
  created_at: ColumnType<Date, never, never>;
  delivered_at: Date | null;
  delivery_transport: string | null;
  delivery_attempts: ColumnType<number, number | undefined, number>;
  last_error: string | null;
  /** Set when the notice is not sent on purpose (member deleted, notice stale); `last_error` says why. */
  dropped_at: Date | null;
  next_attempt_at: ColumnType<Date, Date | undefined, Date>;
}

export type RefreshTokenRow = Selectable<RefreshTokensTable>;
export type AccountTokenRow = Selectable<AccountTokensTable>;

/** Every table of the accounts schema (the kit's outbox and inbox tables are typed by the kit). */
/** Migration 0011_reply_times: one conversation's question and answer times. */
export interface ReplySamplesTable {
  chat_id: string;
  company_id: string;
  poster_first_at: Date;
  answered_at: Date | null;
}

export interface AccountsDatabase {
  users: UsersTable;
  contact_messages: ContactMessagesTable;
  refresh_tokens: RefreshTokensTable;
  social_identities: SocialIdentitiesTable;
  account_tokens: AccountTokensTable;
  notice_mails: NoticeMailsTable;
  reply_samples: ReplySamplesTable;
  job_alert_digest_items: JobAlertDigestItemsTable;
  verification_requests: VerificationRequestsTable;
  hidden_reviews: HiddenReviewsTable;
}

/** Migration 0013_company_verification: a company's request to be verified and the admin's decision. */
export interface VerificationRequestsTable {
  id: Generated<string>;
  company_id: string;
  /** As the company typed it. */
  cac_number: string;
  /** The stored file's server-made name (CertificateStore). */
  certificate_name: string;
  /** Read from the file's bytes. */
  certificate_type: string;
  status: ColumnType<
    'requested' | 'approved' | 'refused' | 'revoked',
    'requested' | 'approved' | 'refused' | 'revoked' | undefined,
    'requested' | 'approved' | 'refused' | 'revoked'
  >;
  reason: string | null;
  decided_by: string | null;
  decided_at: Date | null;
  created_at: ColumnType<Date, Date | undefined, never>;
}

/** Migration 0012_review_moderation: reviews an admin hid, out of their company's rating. */
export interface HiddenReviewsTable {
  review_id: string;
  company_id: string;
  rating: number;
  hidden_at: Date;
}

/** Migration 0010_job_alert_notices: jobs waiting for a company's next daily alert digest. */
export interface JobAlertDigestItemsTable {
  user_id: string;
  job_id: string;
  job_heading: string;
  category: string;
  state: string | null;
  unsubscribe_signature: string;
  posted_at: Date;
  created_at: ColumnType<Date, Date | undefined, never>;
  digested_at: Date | null;
}
