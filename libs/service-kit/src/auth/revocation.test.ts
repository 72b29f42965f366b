import { randomUUID } from 'node:crypto';
import { EVENT_TYPES } from '@marketplace/contracts';
import { sql, type Kysely, type Transaction } from 'kysely';
import { dispatchEvents } from '../bus/events';
import { newEvent } from '../bus/outbox';
import { migrateSchema } from '../db/migrate';
import { RevocationList } from './revocation';
import { useRevokingSchema } from './revocation-test-schema';

const quiet = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };

describe('RevocationList', () => {
  const revoking = useRevokingSchema();

  /** Handles an accounts event the way the kit's consumer does, in a transaction of its own. */
  const handle = (list: RevocationList, type: string, payload: unknown) =>
    revoking.schema
      .transaction()
      .execute((trx) =>
        dispatchEvents(list.handlers<unknown>(), quiet)(
          newEvent(type, payload, { correlationId: 'test' }),
          trx as Transaction<unknown>,
        ),
      );
  /** A revocation written by another instance's consumer (this list has not read it yet). */
  const recordElsewhere = (type: string, payload: unknown) =>
    handle(new RevocationList(revoking.schema), type, payload);
  const claims = () => ({ sub: randomUUID(), sid: randomUUID() });

  it('without a copy, looks each session up (and reuses the answer for cacheMs)', async () => {
    let now = 0;
    const list = new RevocationList(revoking.schema, { cacheMs: 1000, now: () => now });
    const session = claims();
    expect(await list.isRevoked(session)).toBe(false);
    await recordElsewhere(EVENT_TYPES.accountsSessionRevoked, { sid: session.sid, userId: session.sub });
    expect(await list.isRevoked(session)).toBe(false); // the cached answer
    now = 1000;
    expect(await list.isRevoked(session)).toBe(true);
  });

  it('answers from its copy once read, and takes what others recorded at its next read', async () => {
    let now = 0;
    const list = new RevocationList(revoking.schema, { now: () => now });
    const [ended, deleted, fine] = [claims(), claims(), claims()];
    await recordElsewhere(EVENT_TYPES.accountsSessionRevoked, { sid: ended.sid, userId: ended.sub });
    await list.refresh();
    expect(await list.isRevoked(ended)).toBe(true);
    expect(await list.isRevoked({ sub: ended.sub, sid: randomUUID() })).toBe(false);

    await recordElsewhere(EVENT_TYPES.accountsUserDeleted, { userId: deleted.sub });
    // Fresh copy, not read yet: no query is made for the check.
    expect(await list.isRevoked(deleted)).toBe(false);
    now = 500;
    await list.refresh();
    expect(await list.isRevoked(deleted)).toBe(true);
    expect(await list.isRevoked({ sub: deleted.sub })).toBe(true);
    expect(await list.revokedOf([fine, ended, deleted])).toEqual([ended, deleted]);
  });

  it('looks sessions up again when its copy is stale (no successful read for staleMs)', async () => {
    let now = 0;
    const list = new RevocationList(revoking.schema, { now: () => now, refreshMs: 1000, cacheMs: 0 });
    await list.refresh();
    const session = claims();
    await recordElsewhere(EVENT_TYPES.accountsSessionRevoked, { sid: session.sid, userId: session.sub });
    now = 3000; // three refreshes: still trusted
    expect(await list.isRevoked(session)).toBe(false);
    expect(await list.revokedOf([session])).toEqual([]);
    now = 3001;
    expect(await list.isRevoked(session)).toBe(true);
    expect(await list.revokedOf([session])).toEqual([session]);
  });

  it('takes a revocation it handles itself at once, before any read', async () => {
    const list = new RevocationList(revoking.schema);
    await list.refresh();
    const session = claims();
    await handle(list, EVENT_TYPES.accountsSessionRevoked, { sid: session.sid, userId: session.sub });
    const deleted = claims();
    await handle(list, EVENT_TYPES.accountsUserDeleted, { userId: deleted.sub });
    expect(await list.revokedOf([session, deleted, claims()])).toEqual([session, deleted]);
  });

  it('leaves out sessions whose row has expired (no token of theirs is valid any more)', async () => {
    const session = claims();
    await sql`insert into revoking.revocations (kind, id, expires_at) values ('session', ${session.sid}, now() - interval '1 minute')`.execute(
      revoking.db.raw,
    );
    const list = new RevocationList(revoking.schema);
    await list.refresh();
    expect(await list.isRevoked(session)).toBe(false);
  });

  it('forgets its copy when stopped, even if a read was under way', async () => {
    const list = new RevocationList(revoking.schema, { cacheMs: 0 });
    await list.refresh();
    const session = claims();
    await recordElsewhere(EVENT_TYPES.accountsSessionRevoked, { sid: session.sid, userId: session.sub });
    expect(await list.isRevoked(session)).toBe(false); // the copy has not read it
    const reading = list.refresh();
    list.stop();
    await reading;
    expect(await list.isRevoked(session)).toBe(true); // looked up
  });

  it('watches: reads every refreshMs, and reports a failing read once until one succeeds', async () => {
    const list = new RevocationList(revoking.schema, { refreshMs: 20, cacheMs: 0 });
    const session = claims();
    list.watch();
    try {
      await recordElsewhere(EVENT_TYPES.accountsSessionRevoked, { sid: session.sid, userId: session.sub });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await list.isRevoked(session)).toBe(true);
    } finally {
      list.stop();
    }

    // A schema without the table: every read fails.
    await migrateSchema(revoking.db, 'revoking_none', {});
    await sql`drop table revoking_none.revocations`.execute(revoking.db.raw);
    const broken = new RevocationList(revoking.db.raw.withSchema('revoking_none') as Kysely<unknown>, {
      refreshMs: 20,
    });
    const errors: unknown[] = [];
    broken.watch((err) => errors.push(err));
    try {
      await new Promise((resolve) => setTimeout(resolve, 200));
    } finally {
      broken.stop();
    }
    expect(errors).toHaveLength(1);
    await expect(broken.isRevoked(session)).rejects.toThrow(/revocations/);
  });
});
