import type { MembersTable } from '@marketplace/service-kit';
import type { ColumnType, Generated } from 'kysely';

export interface JobsTable {
  id: Generated<string>;
  posted_by: string;
  title: string;
  job_heading: string;
  description: string;
  category: string;
  subcategory: string[];
  state: string | null;
  address: string | null;
  pincode: string | null;
  job_start_date: string;
  status: 'open' | 'in-progress' | 'completed';
  created_at: ColumnType<Date, never, never>;
}

export interface JobsDatabase {
  /** Read model of accounts, kept from accounts.user.* events. */
  members: MembersTable;
  jobs: JobsTable;
}
