import type { ColumnType, Generated } from 'kysely';

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
  /** Kept from jobs events (applyJobsEvent). */
  total_posted_jobs: ColumnType<number, number | undefined, number>;
  total_applied_jobs: ColumnType<number, number | undefined, number>;
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

export interface AccountsDatabase {
  users: UsersTable;
  contact_messages: ContactMessagesTable;
}
