import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { EVENT_TYPES } from '@marketplace/contracts';
import { publishEvent } from '@marketplace/service-kit';
import type { Kysely } from 'kysely';
import type { AccountsDatabase, RefreshTokenRow } from '../db-types';

export interface IssuedRefreshToken {
  /** The opaque token; only its hash is stored. */
  refreshToken: string;
  userId: string;
  familyId: string;
  familyExpiresAt: Date;
  /** SHA-256 (base64url) of the session's CSRF value; null for sessions from before the binding. */
  csrfHash: string | null;
}

export type RotateResult =
  | ({ ok: true; graced: boolean } & IssuedRefreshToken)
  | { ok: false; reason: 'unknown' | 'revoked' | 'expired' | 'reused' };

export interface SessionStoreOptions {
  /** Absolute lifetime of a family from login. */
  ttlMs: number;
  /** Idle lifetime of one token. */
  idleMs: number;
  /** How long after its rotation a token may be presented again without counting as reuse (0 = never). */
  graceMs?: number;
  now: () => Date;
}

export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Refresh tokens: opaque, stored hashed, rotated on every use. All tokens of one login form a family
 * with an absolute expiry; presenting a token that was already used means it leaked (or raced), so the
 * whole family is revoked and the session ends everywhere.
 */
export class SessionStore {
  constructor(
    private readonly db: Kysely<AccountsDatabase>,
    private readonly options: SessionStoreOptions,
  ) {}

  /** A new session (family) for a login, bound to the hash of its CSRF value. */
  async start(
    userId: string,
    userAgent: string | undefined,
    csrfHash: string | null,
  ): Promise<IssuedRefreshToken> {
    const now = this.options.now();
    const familyExpiresAt = new Date(now.getTime() + this.options.ttlMs);
    const familyId = randomUUID();
    // Housekeeping: families of this account that ended long ago.
    await this.db
      .deleteFrom('refresh_tokens')
      .where('user_id', '=', userId)
      .where('family_expires_at', '<', new Date(now.getTime() - 24 * 60 * 60 * 1000))
      .execute();
    return this.insert(this.db, { userId, familyId, familyExpiresAt, userAgent, now, csrfHash });
  }

  /**
   * Exchanges a refresh token for the next one of its family. A token presented again within the grace
   * window after its rotation (two tabs refreshing at once) gets a fresh token of the same family; after
   * the window it counts as reuse. `rebindCsrfHash` binds a new CSRF value (sessions from before the binding).
   * `correlationId` (the refreshing request's id) goes on the revocation event a reuse causes.
   */
  async rotate(
    token: string,
    userAgent: string | undefined,
    options: { rebindCsrfHash?: string; correlationId: string },
  ): Promise<RotateResult> {
    const tokenHash = hashRefreshToken(token);
    return this.db.transaction().execute(async (trx): Promise<RotateResult> => {
      const row = await trx
        .selectFrom('refresh_tokens')
        .selectAll()
        .where('token_hash', '=', tokenHash)
        .forUpdate()
        .executeTakeFirst();
      if (!row) return { ok: false, reason: 'unknown' };
      const now = this.options.now();
      if (row.revoked_at) return { ok: false, reason: 'revoked' };
      const graceMs = this.options.graceMs ?? 0;
      const graced = row.used_at !== null && now.getTime() - row.used_at.getTime() <= graceMs;
      if (row.used_at && !graced) {
        // Reuse after the grace window: someone else holds a copy. End the session for everybody.
        await this.revokeFamilyWith(trx, row.family_id, now, options.correlationId);
        return { ok: false, reason: 'reused' };
      }
      if (row.family_expires_at <= now) return { ok: false, reason: 'expired' };
      if (!graced && row.expires_at <= now) return { ok: false, reason: 'expired' };
      // The first use marks the token; a graced repeat keeps the first use time, so the window never grows.
      if (!graced) {
        await trx.updateTable('refresh_tokens').set({ used_at: now }).where('id', '=', row.id).execute();
      }
      const next = await this.insert(trx, {
        userId: row.user_id,
        familyId: row.family_id,
        familyExpiresAt: row.family_expires_at,
        userAgent,
        now,
        csrfHash: options.rebindCsrfHash ?? row.csrf_hash,
      });
      return { ok: true, graced, ...next };
    });
  }

  /** The row of a refresh token in whatever state (for the CSRF check before it is used). */
  async find(token: string): Promise<RefreshTokenRow | undefined> {
    return this.db
      .selectFrom('refresh_tokens')
      .selectAll()
      .where('token_hash', '=', hashRefreshToken(token))
      .executeTakeFirst();
  }

  /** The live (unused, unrevoked, unexpired) token row, if the token is one. */
  async findLive(token: string): Promise<RefreshTokenRow | undefined> {
    const row = await this.db
      .selectFrom('refresh_tokens')
      .selectAll()
      .where('token_hash', '=', hashRefreshToken(token))
      .executeTakeFirst();
    const now = this.options.now();
    if (!row || row.revoked_at || row.used_at || row.expires_at <= now || row.family_expires_at <= now) {
      return undefined;
    }
    return row;
  }

  /** True while the family has an unrevoked token and has not reached its absolute expiry. */
  async isFamilyLive(familyId: string): Promise<boolean> {
    const now = this.options.now();
    const row = await this.db
      .selectFrom('refresh_tokens')
      .select('id')
      .where('family_id', '=', familyId)
      .where('revoked_at', 'is', null)
      .where('family_expires_at', '>', now)
      .executeTakeFirst();
    return Boolean(row);
  }

  async revokeFamily(familyId: string, correlationId: string): Promise<void> {
    await this.db
      .transaction()
      .execute((trx) => this.revokeFamilyWith(trx, familyId, this.options.now(), correlationId));
  }

  /**
   * Ends every session of an account (after a password reset), inside the caller's transaction: each
   * live family is revoked and announced like a logout. Returns how many sessions ended.
   */
  async revokeAllOf(trx: Kysely<AccountsDatabase>, userId: string, correlationId: string): Promise<number> {
    const families = await trx
      .selectFrom('refresh_tokens')
      .select('family_id')
      .distinct()
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .execute();
    const now = this.options.now();
    for (const { family_id } of families) await this.revokeFamilyWith(trx, family_id, now, correlationId);
    return families.length;
  }

  /**
   * The one writer of `accounts.session.revoked`: ends the family and, when it was live, tells every
   * service (in the same transaction) so they refuse its access tokens at once.
   */
  private async revokeFamilyWith(
    db: Kysely<AccountsDatabase>,
    familyId: string,
    now: Date,
    correlationId: string,
  ): Promise<void> {
    const revoked = await db
      .updateTable('refresh_tokens')
      .set({ revoked_at: now })
      .where('family_id', '=', familyId)
      .where('revoked_at', 'is', null)
      .returning('user_id')
      .execute();
    const userId = revoked[0]?.user_id;
    if (userId) {
      await publishEvent(
        db,
        EVENT_TYPES.accountsSessionRevoked,
        { sid: familyId, userId },
        { correlationId },
      );
    }
  }

  private async insert(
    db: Kysely<AccountsDatabase>,
    input: {
      userId: string;
      familyId: string;
      familyExpiresAt: Date;
      userAgent: string | undefined;
      now: Date;
      csrfHash: string | null;
    },
  ): Promise<IssuedRefreshToken> {
    const refreshToken = newRefreshToken();
    const idleExpiry = input.now.getTime() + this.options.idleMs;
    await db
      .insertInto('refresh_tokens')
      .values({
        user_id: input.userId,
        family_id: input.familyId,
        token_hash: hashRefreshToken(refreshToken),
        created_at: input.now,
        expires_at: new Date(Math.min(idleExpiry, input.familyExpiresAt.getTime())),
        family_expires_at: input.familyExpiresAt,
        user_agent: input.userAgent ? input.userAgent.slice(0, 300) : null,
        csrf_hash: input.csrfHash,
      })
      .execute();
    return {
      refreshToken,
      userId: input.userId,
      familyId: input.familyId,
      familyExpiresAt: input.familyExpiresAt,
      csrfHash: input.csrfHash,
    };
  }
}
