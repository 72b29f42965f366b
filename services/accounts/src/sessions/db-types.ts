import type { Generated, Kysely, Selectable } from 'kysely';
import type { AccountsDatabase } from '../db-types';

/** Migration 0002_sessions. */
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
}

export interface SocialIdentitiesTable {
  provider: string;
  provider_user_id: string;
  user_id: string;
  created_at: Generated<Date>;
}

// A type alias (not an interface) so it fits Kysely's `withTables` constraint.
export type SessionTables = {
  refresh_tokens: RefreshTokensTable;
  social_identities: SocialIdentitiesTable;
};

export type SessionsDatabase = AccountsDatabase & SessionTables;
export type RefreshTokenRow = Selectable<RefreshTokensTable>;

/** The accounts Kysely with the session tables typed too. */
export function withSessionTables(db: Kysely<AccountsDatabase>): Kysely<SessionsDatabase> {
  return db.withTables<SessionTables>();
}
