import { EVENT_TYPES } from '@marketplace/contracts';
import { sql, type Kysely } from 'kysely';
import type { EventHandlers } from '../bus/events';
import type { AccessClaims } from './auth';

type RevocationsDb = Kysely<{
  revocations: { kind: string; id: string; expires_at: Date | null };
}>;

/** How long a revoked session is remembered: well beyond the longest access-token lifetime. */
const SESSION_MEMORY_MS = 2 * 60 * 60 * 1000;

/**
 * Revocation everywhere: each service keeps, in its own schema (kit table `revocations`), the sessions
 * accounts ended early (`accounts.session.revoked`) and the accounts it deleted (`accounts.user.deleted`),
 * consumed from the bus like any event; `authenticate` refuses their access tokens. Lookups are cached
 * in memory for `cacheMs` (default 1 s), so a revocation reaches every service within about a second
 * after the event arrives, and a busy session costs one query per second per instance.
 */
export class RevocationList {
  readonly #cache = new Map<string, { revoked: boolean; at: number }>();
  #sinceCleanup = 0;

  constructor(
    private readonly db: Kysely<unknown>,
    private readonly options: { cacheMs?: number; now?: () => number } = {},
  ) {}

  /** True when the token's session was revoked or its account deleted. */
  async isRevoked(claims: Pick<AccessClaims, 'sub' | 'sid'>): Promise<boolean> {
    const now = (this.options.now ?? Date.now)();
    const cacheKey = `${claims.sub}\n${claims.sid ?? ''}`;
    const cached = this.#cache.get(cacheKey);
    if (cached && now - cached.at < (this.options.cacheMs ?? 1000)) return cached.revoked;
    const db = this.db as unknown as RevocationsDb;
    const row = await db
      .selectFrom('revocations')
      .select('kind')
      .where((eb) =>
        eb.or([
          eb.and([eb('kind', '=', 'user'), eb('id', '=', claims.sub)]),
          ...(claims.sid ? [eb.and([eb('kind', '=', 'session'), eb('id', '=', claims.sid)])] : []),
        ]),
      )
      .executeTakeFirst();
    const revoked = Boolean(row);
    if (this.#cache.size > 10_000) this.#cache.clear();
    this.#cache.set(cacheKey, { revoked, at: now });
    return revoked;
  }

  /**
   * Those of `holders` whose session was revoked or account deleted, in one query per thousand (for
   * long-lived connections, checked together every few seconds instead of one lookup each).
   */
  async revokedOf<T extends Pick<AccessClaims, 'sub' | 'sid'>>(holders: readonly T[]): Promise<T[]> {
    const db = this.db as unknown as RevocationsDb;
    const revoked: T[] = [];
    for (let start = 0; start < holders.length; start += 1000) {
      const batch = holders.slice(start, start + 1000);
      const users = [...new Set(batch.map((holder) => holder.sub))];
      const sessions = [...new Set(batch.flatMap((holder) => (holder.sid ? [holder.sid] : [])))];
      const rows = await db
        .selectFrom('revocations')
        .select(['kind', 'id'])
        .where((eb) =>
          eb.or([
            eb.and([eb('kind', '=', 'user'), eb('id', 'in', users)]),
            ...(sessions.length > 0 ? [eb.and([eb('kind', '=', 'session'), eb('id', 'in', sessions)])] : []),
          ]),
        )
        .execute();
      const gone = new Set(rows.map((row) => `${row.kind}\n${row.id}`));
      for (const holder of batch) {
        if (gone.has(`user\n${holder.sub}`) || (holder.sid && gone.has(`session\n${holder.sid}`))) {
          revoked.push(holder);
        }
      }
    }
    return revoked;
  }

  /** The consumer's handlers: record a revoked session or a deleted account (idempotent). */
  handlers<DB>(): EventHandlers<DB> {
    const record = async (trx: unknown, kind: 'session' | 'user', id: string, expiresAt: Date | null) => {
      const db = trx as RevocationsDb;
      await db
        .insertInto('revocations')
        .values({ kind, id, expires_at: expiresAt })
        .onConflict((oc) => oc.columns(['kind', 'id']).doNothing())
        .execute();
      if (++this.#sinceCleanup >= 200) {
        this.#sinceCleanup = 0;
        await db
          .deleteFrom('revocations')
          .where('expires_at', '<', sql<Date>`now()`)
          .execute();
      }
    };
    return {
      [EVENT_TYPES.accountsSessionRevoked]: async ({ sid }, trx) =>
        record(trx, 'session', sid, new Date(Date.now() + SESSION_MEMORY_MS)),
      [EVENT_TYPES.accountsUserDeleted]: async ({ userId }, trx) => record(trx, 'user', userId, null),
    } as EventHandlers<DB>;
  }
}
