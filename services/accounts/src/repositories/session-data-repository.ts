import { sql, type Kysely } from 'kysely';
import type { AccountsDatabase } from '../db-types';

// These tables belong to the sessions part of accounts (migration 0002); they are reached through raw
// SQL guarded by `to_regclass` so this code works whether or not they exist.
const SESSION_TABLES = ['refresh_tokens', 'social_identities'] as const;
type SessionTable = (typeof SESSION_TABLES)[number];

/** Column names that must never leave the server, even in a person's own export. */
const SECRET_COLUMN = /hash|token|secret/i;

async function tableExists(
  db: Kysely<AccountsDatabase>,
  schema: string,
  table: SessionTable,
): Promise<boolean> {
  const result = await sql<{
    found: string | null;
  }>`select to_regclass(${`${schema}.${table}`})::text as found`.execute(db);
  return Boolean(result.rows[0]?.found);
}

/**
 * A person's sign-in sessions and linked social logins for the data export, without token hashes.
 * Sessions are sorted newest first.
 */
export async function sessionDataOf(
  db: Kysely<AccountsDatabase>,
  schema: string,
  userId: string,
): Promise<{ sessions: Record<string, unknown>[]; socialIdentities: Record<string, unknown>[] }> {
  const read = async (table: SessionTable) => {
    if (!(await tableExists(db, schema, table))) return [];
    const result = await sql<Record<string, unknown>>`select * from ${sql.table(`${schema}.${table}`)}
      where user_id = ${userId} order by created_at desc`.execute(db);
    return result.rows.map((row) =>
      Object.fromEntries(
        Object.entries(row)
          .filter(([key]) => !SECRET_COLUMN.test(key))
          .map(([key, value]) => [key, value instanceof Date ? value.toISOString() : value]),
      ),
    );
  };
  return { sessions: await read('refresh_tokens'), socialIdentities: await read('social_identities') };
}

/** Ends every session of an account and unlinks its social logins (account deletion). */
export async function revokeSessionDataOf(
  trx: Kysely<AccountsDatabase>,
  schema: string,
  userId: string,
): Promise<void> {
  for (const table of SESSION_TABLES) {
    if (!(await tableExists(trx, schema, table))) continue;
    await sql`delete from ${sql.table(`${schema}.${table}`)} where user_id = ${userId}`.execute(trx);
  }
}
