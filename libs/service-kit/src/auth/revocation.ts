import { EVENT_TYPES } from '@marketplace/contracts';
import { sql, type Generated, type Kysely } from 'kysely';
import type { EventHandlers } from '../bus/events';
import type { AccessClaims } from './auth';

type RevocationsDb = Kysely<{
  revocations: { kind: string; id: string; expires_at: Date | null; recorded_at: Generated<Date> };
}>;

/** How long a revoked session is remembered: well beyond the longest access-token lifetime. */
const SESSION_MEMORY_MS = 2 * 60 * 60 * 1000;

/**
 * A refresh reads the rows recorded since the previous one began, less this: a row carries its
 * transaction's start time and becomes visible at its commit, which for the consumer's short
 * transaction is milliseconds later; a minute leaves room for a very slow one.
 */
const RECORDING_OVERLAP_MS = 60_000;

export interface RevocationListOptions {
  /** How long a looked-up answer is reused while there is no fresh copy (default 1 s). */
  cacheMs?: number;
  /** How often `watch` reads the revocations recorded since the last read (default 1 s). */
  refreshMs?: number;
  /** The copy is trusted this long after its last successful read (default three refreshes). */
  staleMs?: number;
  now?: () => number;
}

/** What a watching list holds: every revocation that still matters. */
interface RevocationCopy {
  users: Set<string>;
  /** Revoked session id → when its row expires (no access token of it is valid after that). */
  sessions: Map<string, number>;
  /** The database's clock when the last successful read began: the next one reads from there. */
  readFrom: Date;
  /** This process's clock when that read succeeded. */
  syncedAt: number;
}

/**
 * Revocation everywhere: each service keeps, in its own schema (kit table `revocations`), the sessions
 * accounts ended early (`accounts.session.revoked`) and the accounts it deleted (`accounts.user.deleted`),
 * consumed from the bus like any event; `authenticate` refuses their access tokens.
 *
 * A watching list (`watch`, started by the service kit) keeps a copy of the table in memory, reading
 * only the rows recorded since its last read once a second, and answers every check from it: a
 * revocation reaches every instance within about a second, and a request or a chat greeting costs no
 * query. Whenever the copy is not fresh (not watching, the database unreachable for a few seconds)
 * each session is looked up instead, cached for `cacheMs`.
 */
export class RevocationList {
  readonly #cache = new Map<string, { revoked: boolean; at: number }>();
  #sinceCleanup = 0;
  #copy: RevocationCopy | undefined;
  #timer: ReturnType<typeof setInterval> | undefined;
  /** Bumped by `stop`, so a read that was under way when it stopped does not bring a copy back. */
  #generation = 0;
  #reading = false;

  constructor(
    private readonly db: Kysely<unknown>,
    private readonly options: RevocationListOptions = {},
  ) {}

  #now(): number {
    return (this.options.now ?? Date.now)();
  }

  get #refreshMs(): number {
    return this.options.refreshMs ?? 1000;
  }

  /** The in-memory copy, when it is fresh enough to answer from. */
  #freshCopy(): RevocationCopy | undefined {
    const copy = this.#copy;
    const staleMs = this.options.staleMs ?? 3 * this.#refreshMs;
    return copy && this.#now() - copy.syncedAt <= staleMs ? copy : undefined;
  }

  /**
   * Keeps the in-memory copy up to date every `refreshMs` until `stop`. A failed read is told to
   * `onError` (once until a read succeeds again); meanwhile the checks look sessions up.
   */
  watch(onError?: (err: unknown) => void): void {
    if (this.#timer) return;
    let failing = false;
    const tick = async () => {
      if (this.#reading) return;
      this.#reading = true;
      try {
        await this.refresh();
        failing = false;
      } catch (err) {
        if (!failing) onError?.(err);
        failing = true;
      } finally {
        this.#reading = false;
      }
    };
    void tick();
    this.#timer = setInterval(() => void tick(), this.#refreshMs);
    this.#timer.unref();
  }

  /** Stops watching and forgets the copy (it would go stale): checks look sessions up again. */
  stop(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = undefined;
    this.#generation++;
    this.#copy = undefined;
  }

  /**
   * One read: the whole table the first time (the rows that still matter), then the rows recorded
   * since the previous read began (less an overlap for transactions that committed late).
   */
  async refresh(): Promise<void> {
    const generation = this.#generation;
    const db = this.db as unknown as RevocationsDb;
    const previous = this.#copy;
    const [clock] = (await sql<{ now: Date }>`select now() as now`.execute(db)).rows;
    if (!clock) throw new Error('the database did not tell its time');
    const query = db.selectFrom('revocations').select(['kind', 'id', 'expires_at']);
    const rows = await (
      previous
        ? query.where('recorded_at', '>', new Date(previous.readFrom.getTime() - RECORDING_OVERLAP_MS))
        : query.where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', clock.now)]))
    ).execute();
    if (generation !== this.#generation) return;
    const copy: RevocationCopy = previous ?? {
      users: new Set(),
      sessions: new Map(),
      readFrom: clock.now,
      syncedAt: 0,
    };
    for (const row of rows) this.#remember(copy, row.kind, row.id, row.expires_at);
    for (const [sid, expiresAt] of copy.sessions) {
      if (expiresAt < clock.now.getTime()) copy.sessions.delete(sid);
    }
    copy.readFrom = clock.now;
    copy.syncedAt = this.#now();
    this.#copy = copy;
  }

  #remember(copy: RevocationCopy, kind: string, id: string, expiresAt: Date | null): void {
    if (kind === 'user') copy.users.add(id);
    else if (kind === 'session') copy.sessions.set(id, expiresAt?.getTime() ?? Number.MAX_SAFE_INTEGER);
  }

  /** True when the token's session was revoked or its account deleted. */
  async isRevoked(claims: Pick<AccessClaims, 'sub' | 'sid'>): Promise<boolean> {
    const copy = this.#freshCopy();
    if (copy)
      return copy.users.has(claims.sub) || (claims.sid !== undefined && copy.sessions.has(claims.sid));
    const now = this.#now();
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
   * Those of `holders` whose session was revoked or account deleted (for long-lived connections,
   * checked together every few seconds): from the copy, or in one query per thousand without one.
   */
  async revokedOf<T extends Pick<AccessClaims, 'sub' | 'sid'>>(holders: readonly T[]): Promise<T[]> {
    const copy = this.#freshCopy();
    if (copy) {
      return holders.filter(
        (holder) => copy.users.has(holder.sub) || (holder.sid !== undefined && copy.sessions.has(holder.sid)),
      );
    }
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

  /**
   * The consumer's handlers: record a revoked session or a deleted account (idempotent). The copy
   * takes it at once: the event says so even if this transaction has to be tried again.
   */
  handlers<DB>(): EventHandlers<DB> {
    const record = async (trx: unknown, kind: 'session' | 'user', id: string, expiresAt: Date | null) => {
      const db = trx as RevocationsDb;
      await db
        .insertInto('revocations')
        .values({ kind, id, expires_at: expiresAt })
        .onConflict((oc) => oc.columns(['kind', 'id']).doNothing())
        .execute();
      if (this.#copy) this.#remember(this.#copy, kind, id, expiresAt);
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
