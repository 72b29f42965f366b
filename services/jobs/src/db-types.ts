import type { MembersTable } from '@marketplace/service-kit';
import type { ColumnType, Generated, Selectable } from 'kysely';

export type JobStatusValue = 'open' | 'in-progress' | 'completed';

export interface JobsTable {
  id: Generated<string>;
  /** The poster's account id. */
  posted_by: string;
  /** The poster's name as typed on the form (the job modal's title). */
  name: Generated<string>;
  email: string | null;
  phone_number: string | null;
  title: string;
  job_heading: string;
  description: string;
  /** The catalogue's spelling (canonicalCategoryName). */
  category: string;
  subcategory: string[];
  state: string | null;
  address: string | null;
  pincode: string | null;
  /** A date column, read back as YYYY-MM-DD text. */
  job_start_date: string;
  status: Generated<JobStatusValue>;
  /** Stored image names (ImageStore), served under /api/jobs/images/. */
  images: Generated<string[]>;
  /** Companies whose unlock of this job is paid. */
  unlock_count: Generated<number>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
  deleted_at: Date | null;
  hidden_reason: string | null;
  hidden_at: Date | null;
  /** The company whose offer the poster accepted (migration 0006_hire), with the offer and when. */
  hired_company_id: Generated<string | null>;
  hired_offer_id: Generated<string | null>;
  hired_at: Generated<Date | null>;
  /** Generated: the words of title, heading, description and category. */
  search: ColumnType<string, never, never>;
}
export type JobRow = Selectable<JobsTable>;

export type UnlockStatusValue = 'pending' | 'paid' | 'failed' | 'refunded';

export interface UnlocksTable {
  job_id: string;
  company_id: string;
  status: UnlockStatusValue;
  payment_id: string;
  reference: string;
  paid_at: Date | null;
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface ApplicationsTable {
  job_id: string;
  company_id: string;
  created_at: ColumnType<Date, Date | undefined, never>;
}

export interface ReviewsTable {
  id: Generated<string>;
  job_id: string;
  company_id: string;
  user_id: string;
  rating: number;
  review: string;
  created_at: ColumnType<Date, Date | undefined, never>;
  /** Migration 0008_review_moderation. */
  verified_hire: Generated<boolean>;
  reply: Generated<string | null>;
  replied_at: Generated<Date | null>;
  hidden_at: Generated<Date | null>;
  hidden_reason: Generated<string | null>;
  moderated_at: Generated<Date | null>;
}

export interface ReviewReportsTable {
  review_id: string;
  reporter_id: string;
  reason: string;
  note: Generated<string>;
  created_at: ColumnType<Date, Date | undefined, never>;
}

export type AlertEmailValue = 'instant' | 'daily' | 'none';

export interface JobAlertPreferencesTable {
  company_id: string;
  categories: string[];
  subcategories: string[];
  states: string[];
  email: AlertEmailValue;
  updated_at: Generated<Date>;
}

export type NotificationKindValue =
  | 'job-alert'
  | 'offer-accepted'
  | 'offer-declined'
  | 'payment-confirmed'
  | 'payment-expired'
  | 'dispute-decided'
  | 'payment-refunded';

export interface NotificationsTable {
  id: Generated<string>;
  recipient_id: string;
  kind: NotificationKindValue;
  job_id: string | null;
  data: Generated<unknown>;
  created_at: Generated<Date>;
  read_at: Date | null;
}

export type OfferStatusValue = 'active' | 'replaced' | 'withdrawn' | 'expired' | 'accepted' | 'declined';

/** A company's offer for a job it unlocked (migration 0007_offers). */
export interface OffersTable {
  id: Generated<string>;
  job_id: string;
  company_id: string;
  /** Whole naira; null = by inspection. */
  price_naira: number | null;
  /** A date column, written and read as YYYY-MM-DD. */
  start_date: string;
  valid_until: Date;
  note: string;
  status: Generated<OfferStatusValue>;
  created_at: Generated<Date>;
  decided_at: Date | null;
}

export interface AlertSigningKeyTable {
  id: number;
  secret: string;
}

export interface JobsDatabase {
  /** Read model of accounts, kept from accounts.user.* events. */
  members: MembersTable;
  jobs: JobsTable;
  unlocks: UnlocksTable;
  applications: ApplicationsTable;
  reviews: ReviewsTable;
  review_reports: ReviewReportsTable;
  job_alert_preferences: JobAlertPreferencesTable;
  notifications: NotificationsTable;
  alert_signing_key: AlertSigningKeyTable;
  offers: OffersTable;
}
