import type { Transaction } from 'kysely';
import { dispatchEvents } from '../bus/events';
import { newEvent } from '../bus/outbox';
import type { Database, UntypedDb } from '../db/database';
import { migrateSchema } from '../db/migrate';
import { createTestDatabase } from '../testing/test-database';
import { createMembersTable, findMember, memberEventHandlers } from './members';

describe('members read model', () => {
  let db: Database;
  let members: UntypedDb;
  beforeAll(async () => {
    db = await createTestDatabase();
    await migrateSchema(db, 'readmodel', { '0001_members': createMembersTable });
    members = db.raw.withSchema('readmodel');
  }, 60_000);
  afterAll(async () => {
    await db.close();
  }, 60_000);

  const id = '5f0c6a52-8a0e-4c39-9a4e-2f8f3f0f8c11';
  const warnings: object[] = [];
  const logger = {
    debug: () => {},
    info: () => {},
    warn: (o: object) => void warnings.push(o),
    error: () => {},
  };
  const dispatch = dispatchEvents(memberEventHandlers, logger);
  const apply = (type: string, payload: unknown, version = 1) =>
    dispatch(newEvent(type, payload, { correlationId: 'test', version }), members as Transaction<unknown>);

  it('keeps name, type and photo from registered and updated events', async () => {
    await apply('accounts.user.registered', { userId: id, name: 'Ace Plumbing', type: 'company' });
    await apply('accounts.user.updated', { userId: id, photoUrl: '/api/user/photos/a.webp' });
    expect(await findMember(members, id)).toMatchObject({
      name: 'Ace Plumbing',
      type: 'company',
      photo_url: '/api/user/photos/a.webp',
    });
  });

  it('anonymises a deleted account but keeps its id', async () => {
    await apply('accounts.user.deleted', { userId: id });
    expect(await findMember(members, id)).toMatchObject({
      id,
      name: 'Deleted user',
      type: 'company',
      photo_url: null,
    });
  });

  it('logs and ignores a malformed event; ignores unknown types and versions', async () => {
    await expect(apply('accounts.user.deleted', { user: id })).resolves.toBeUndefined();
    // Under the event's correlation id (reqId), like every line a consumer writes about an event.
    expect(warnings).toEqual([
      expect.objectContaining({ eventType: 'accounts.user.deleted', version: 1, reqId: 'test' }),
    ]);
    await expect(apply('accounts.user.renamed', { userId: id })).resolves.toBeUndefined();
    await expect(
      apply('accounts.user.registered', { userId: id, name: 'X', type: 'user' }, 2),
    ).resolves.toBeUndefined();
    expect(await findMember(members, id)).toMatchObject({ name: 'Deleted user' });
    expect(warnings).toHaveLength(1);
  });
});
