import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AccountTokenRow, AccountTokensTable, AccountsDatabase } from '../db-types';
import { normaliseEmail } from './users-repository';

export type AccountTokenPurpose = AccountTokensTable['purpose'];

/** 32 random bytes, base64url: the secret in a mailed link. */
export function newAccountToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashAccountToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Tokens are 43 base64url characters; anything else is not one of ours (and is never looked up). */
const TOKEN_FORMAT = /^[A-Za-z0-9_-]{43}$/;

export type RedeemResult =
  | { ok: true; row: AccountTokenRow }
  | { ok: false; reason: 'unknown' | 'used' | 'expired'; row?: AccountTokenRow };

/**
 * The single-use links mailed for a password reset or an e-mail verification. Only the SHA-256 of a
 * token is stored; a new link of one purpose replaces the account's older unused ones; redeeming marks
 * the row used in the caller's transaction, so a link works once even when two requests race.
 */
export class AccountTokensRepository {
  constructor(private readonly db: Kysely<AccountsDatabase>) {}

  /** A new token for the account and address; older unused tokens of the same purpose stop working. */
  async issue(
    trx: Kysely<AccountsDatabase>,
    input: { userId: string; purpose: AccountTokenPurpose; email: string; ttlMs: number; now: Date },
  ): Promise<string> {
    const token = newAccountToken();
    await trx
      .deleteFrom('account_tokens')
      .where('user_id', '=', input.userId)
      .where('purpose', '=', input.purpose)
      .execute();
    await trx
      .insertInto('account_tokens')
      .values({
        user_id: input.userId,
        purpose: input.purpose,
        token_hash: hashAccountToken(token),
        email_normalized: normaliseEmail(input.email),
        created_at: input.now,
        expires_at: new Date(input.now.getTime() + input.ttlMs),
        used_at: null,
      })
      .execute();
    return token;
  }

  /** The row of a token of this purpose, in whatever state (undefined for anything not ours). */
  async find(
    token: string,
    purpose: AccountTokenPurpose,
    db: Kysely<AccountsDatabase> = this.db,
  ): Promise<AccountTokenRow | undefined> {
    if (!TOKEN_FORMAT.test(token)) return undefined;
    return db
      .selectFrom('account_tokens')
      .selectAll()
      .where('token_hash', '=', hashAccountToken(token))
      .where('purpose', '=', purpose)
      .executeTakeFirst();
  }

  /** Checks a token without using it up (a reset page can say at once that its link is dead). */
  async check(token: string, purpose: AccountTokenPurpose, now: Date): Promise<RedeemResult> {
    return judge(await this.find(token, purpose), now);
  }

  /**
   * Uses the token up, inside the caller's transaction: the row is locked, so of two requests with the
   * same link only one succeeds.
   */
  async redeem(
    trx: Kysely<AccountsDatabase>,
    token: string,
    purpose: AccountTokenPurpose,
    now: Date,
  ): Promise<RedeemResult> {
    if (!TOKEN_FORMAT.test(token)) return { ok: false, reason: 'unknown' };
    const row = await trx
      .selectFrom('account_tokens')
      .selectAll()
      .where('token_hash', '=', hashAccountToken(token))
      .where('purpose', '=', purpose)
      .forUpdate()
      .executeTakeFirst();
    const verdict = judge(row, now);
    if (!verdict.ok) return verdict;
    await trx.updateTable('account_tokens').set({ used_at: now }).where('id', '=', verdict.row.id).execute();
    return { ok: true, row: { ...verdict.row, used_at: now } };
  }

  /** Drops the account's unused tokens of a purpose (a finished reset leaves no second way in). */
  async dropUnused(trx: Kysely<AccountsDatabase>, userId: string, purpose: AccountTokenPurpose) {
    await trx
      .deleteFrom('account_tokens')
      .where('user_id', '=', userId)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .execute();
  }
}

function judge(row: AccountTokenRow | undefined, now: Date): RedeemResult {
  if (!row) return { ok: false, reason: 'unknown' };
  if (row.used_at) return { ok: false, reason: 'used', row };
  if (row.expires_at <= now) return { ok: false, reason: 'expired', row };
  return { ok: true, row };
}
