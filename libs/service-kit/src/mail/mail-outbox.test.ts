import { sql } from 'kysely';
import type { Database } from '../db/database';
import { createTestDatabase } from '../testing/test-database';
import { MailOutbox, type MailOutboxOptions, type MailOutboxRow, type MailSendOutcome } from './mail-outbox';

interface Row extends MailOutboxRow {
  subject: string;
  delivered_at: Date | null;
  delivery_transport: string | null;
  last_error: string | null;
  dropped_at: Date | null;
  next_attempt_at: Date;
}

const quiet = { info: jest.fn(), warn: jest.fn(), error: jest.fn() };

describe('the mail outbox', () => {
  let database: Database;
  const db = () => database.raw.withSchema('mailtest');

  beforeAll(async () => {
    database = await createTestDatabase();
    await sql`create schema mailtest`.execute(database.raw);
    await sql`create table mailtest.mails (
      id uuid primary key default gen_random_uuid(),
      subject text not null,
      delivered_at timestamptz,
      delivery_transport text,
      delivery_attempts integer not null default 0,
      last_error text,
      dropped_at timestamptz,
      next_attempt_at timestamptz not null default now()
    )`.execute(database.raw);
  });
  afterAll(() => database.close());
  beforeEach(async () => {
    await db().deleteFrom('mails').execute();
  });

  const outbox = (send: (row: Row) => Promise<MailSendOutcome>, more: Partial<MailOutboxOptions<Row>> = {}) =>
    new MailOutbox<Row>({
      db: db(),
      table: 'mails',
      name: 'test.mails',
      label: 'test mail',
      idField: 'mailId',
      logger: quiet,
      retryIntervalMs: 60_000,
      retry: { baseMs: 60_000, maxMs: 4 * 60_000 },
      send,
      ...more,
    });
  const insert = async (subject: string) =>
    (await db().insertInto('mails').values({ subject }).returning('id').executeTakeFirstOrThrow())
      .id as string;
  const row = async (id: string) =>
    (await db().selectFrom('mails').selectAll().where('id', '=', id).executeTakeFirstOrThrow()) as Row;
  /** Seconds from the database's now() to the row's next attempt. */
  const waitOf = async (id: string) =>
    Number(
      (
        await sql<{
          wait: number;
        }>`select extract(epoch from next_attempt_at - now()) as wait from mailtest.mails where id = ${id}`.execute(
          database.raw,
        )
      ).rows[0]!.wait,
    );

  it('sends every due mail once and records the transport', async () => {
    const sent: string[] = [];
    const mails = outbox(async (mail) => {
      sent.push(mail.subject);
      return { transport: 'smtp' };
    });
    const first = await insert('one');
    await insert('two');
    expect(await mails.sweep()).toBe(2);
    expect(await mails.sweep()).toBe(0);
    expect(sent.sort()).toEqual(['one', 'two']);
    expect(await row(first)).toMatchObject({
      delivery_transport: 'smtp',
      delivery_attempts: 1,
      last_error: null,
    });
    expect((await row(first)).delivered_at).toBeInstanceOf(Date);
  });

  it('retries a failed mail with back-off, doubling up to the cap, and then sends it', async () => {
    let failing = true;
    const mails = outbox(async () => {
      if (failing) throw new Error('smtp down');
      return { transport: 'smtp' };
    });
    const id = await insert('retry me');
    const waits: number[] = [];
    for (let attempt = 1; attempt <= 4; attempt++) {
      expect(await mails.sweep()).toBe(0);
      waits.push(Math.round((await waitOf(id)) / 60));
      // Not due yet: a sweep now leaves it alone.
      expect(await mails.sweep()).toBe(0);
      await db()
        .updateTable('mails')
        .set({ next_attempt_at: sql`now()` })
        .where('id', '=', id)
        .execute();
    }
    // 1, 2, 4 minutes, then the 4-minute cap.
    expect(waits).toEqual([1, 2, 4, 4]);
    expect(await row(id)).toMatchObject({
      delivery_attempts: 4,
      last_error: 'smtp down',
      delivered_at: null,
    });
    failing = false;
    expect(await mails.sweep()).toBe(1);
    expect(await row(id)).toMatchObject({ delivery_attempts: 5, last_error: null });
  });

  it('drops a mail that must never go out, in an outbox that drops', async () => {
    const mails = outbox(async () => ({ drop: 'too old' }), { droppable: true });
    const id = await insert('stale');
    expect(await mails.sweep()).toBe(0);
    const dropped = await row(id);
    expect(dropped.dropped_at).toBeInstanceOf(Date);
    expect(dropped).toMatchObject({ last_error: 'too old', delivered_at: null });
    // Never picked up again.
    const again = outbox(async () => ({ transport: 'smtp' }), { droppable: true });
    await db()
      .updateTable('mails')
      .set({ next_attempt_at: sql`now()` })
      .execute();
    expect(await again.sweep()).toBe(0);
  });

  it('leaves a mail claimed by another delivery alone until its lease ends', async () => {
    const slow: Array<() => void> = [];
    const sent: string[] = [];
    const one = outbox(
      (mail) =>
        new Promise((resolve) =>
          slow.push(() => {
            sent.push(`one:${mail.subject}`);
            resolve({ transport: 'smtp' });
          }),
        ),
    );
    const other = outbox(async (mail) => {
      sent.push(`other:${mail.subject}`);
      return { transport: 'smtp' };
    });
    await insert('once');
    const sweeping = one.sweep();
    while (slow.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await other.sweep()).toBe(0);
    slow[0]!();
    expect(await sweeping).toBe(1);
    expect(sent).toEqual(['one:once']);
  });

  it('sends a mail stored in a transaction once that commits, and nothing after a rollback', async () => {
    const sent: string[] = [];
    const mails = outbox(async (mail) => {
      sent.push(mail.subject);
      return { transport: 'smtp' };
    });
    await db()
      .transaction()
      .execute(async (trx) => {
        const { id } = await trx
          .insertInto('mails')
          .values({ subject: 'committed' })
          .returning('id')
          .executeTakeFirstOrThrow();
        await mails.deliverAfterCommit(trx, id as string);
      });
    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          const { id } = await trx
            .insertInto('mails')
            .values({ subject: 'rolled back' })
            .returning('id')
            .executeTakeFirstOrThrow();
          await mails.deliverAfterCommit(trx, id as string);
          throw new Error('roll back');
        }),
    ).rejects.toThrow('roll back');
    await mails.stop();
    expect(sent).toEqual(['committed']);
  });
});
