import type { MembersTable } from '@marketplace/service-kit';
import type { ColumnType, Generated } from 'kysely';

export interface ChatsTable {
  id: Generated<string>;
  job_id: string;
  job_title: string;
  poster_id: string;
  applicant_id: string;
  created_at: ColumnType<Date, never, never>;
  last_message_at: Date | null;
}

export interface ChatDatabase {
  /** Read model of accounts: names and photos of the people in a chat. */
  members: MembersTable;
  chats: ChatsTable;
}
