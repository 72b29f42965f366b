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
  created_at: ColumnType<Date, never, never>;
  updated_at: ColumnType<Date, never, Date>;
}

export interface AccountsDatabase {
  users: UsersTable;
}
