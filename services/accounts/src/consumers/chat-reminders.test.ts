import { randomUUID } from 'node:crypto';
import type { EventEnvelope, EventPayload } from '@marketplace/contracts';
import { dispatchEvents, idempotentHandler, newEvent } from '@marketplace/service-kit';
import { eventually } from '@marketplace/service-kit/testing';
import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from 'kysely';
import { resolveMailSettings } from '../config';
import type { AccountsDatabase } from '../db-types';
import { createMailer } from '../mail/mailer';
import { NoticeMails } from '../mail/notice-mails';
import { createAccount, createAccountsHarness, mailHeader, mailText, type AccountsHarness } from '../testing';
import { CHAT_REMINDERS_CONSUMER, chatReminderHandlers } from './chat-reminders';

const PUBLIC_URL = 'https://market.example';
const silent = { info() {}, warn() {}, error() {}, debug() {} } as unknown as FastifyBaseLogger;

type Reminder = EventPayload<'chat.reminder.due'>;

describe('chat.reminder.due: one e-mail to the member', () => {
  let h: AccountsHarness;
  beforeAll(async () => {
    h = await createAccountsHarness({ publicUrl: PUBLIC_URL });
  }, 60_000);
  afterAll(async () => {
    await h.close();
  }, 60_000);

  let seq = 0;
  async function member(options: { verified?: boolean; name?: string } = {}) {
    const email = `member-${++seq}-${randomUUID().slice(0, 8)}@example.com`;
    const row = await createAccount(h.service, {
      email,
      password: 'secret12',
      name: options.name ?? 'Ada Obi',
    });
    if (options.verified) {
      await h.db
        .updateTable('users')
        .set({ email_verified_at: new Date() })
        .where('id', '=', row.id)
        .execute();
    }
    return row;
  }

  const reminder = (memberId: string, overrides: Partial<Reminder> = {}): Reminder => ({
    chatId: randomUUID(),
    jobId: randomUUID(),
    memberId,
    counterpartName: 'Ace Plumbing',
    jobTitle: 'Fix a leaking kitchen tap',
    unreadCount: 3,
    firstUnreadAt: '2025-06-01T09:15:00.000Z',
    ...overrides,
  });
  const envelope = (payload: Reminder) =>
    newEvent('chat.reminder.due', payload, { correlationId: `test-${randomUUID()}` });
  const publish = (event: EventEnvelope) => h.service.bus.publish(event);

  const mailsTo = async (address: string) =>
    (await h.outboxMails()).filter((m) => mailHeader(m, 'To')?.toLowerCase() === address.toLowerCase());
  /** Waits until `address` has `count` mails and returns them. */
  const waitForMails = (address: string, count = 1) =>
    eventually(async () => {
      const mails = await mailsTo(address);
      expect(mails).toHaveLength(count);
      return mails;
    });
  const noticesOf = (userId: string) =>
    h.db.selectFrom('notice_mails').selectAll().where('user_id', '=', userId).execute();

  it('mails who wrote, about which job, how many are unread, and the link to the conversation', async () => {
    const ada = await member({ verified: true });
    const payload = reminder(ada.id);
    await publish(envelope(payload));

    const [mail] = await waitForMails(ada.email);
    expect(mailHeader(mail!, 'Subject')).toBe('New messages about Fix a leaking kitchen tap');
    const text = mailText(mail!);
    expect(text).toContain('Hello Ada Obi,');
    expect(text).toContain('Ace Plumbing wrote to you about "Fix a leaking kitchen tap".');
    expect(text).toContain('You have 3 unread messages in that conversation.');
    expect(text).toContain(`${PUBLIC_URL}/chat?chat=${payload.chatId}`);
    expect(text).not.toContain('ignore this mail');
    await eventually(async () =>
      expect(await noticesOf(ada.id)).toEqual([
        expect.objectContaining({ kind: 'chat-reminder', delivery_transport: 'folder', dropped_at: null }),
      ]),
    );
    expect((await noticesOf(ada.id))[0]?.delivered_at).toBeInstanceOf(Date);
  });

  it('says "message" for one, and tells an unverified address what to do if the account is not theirs', async () => {
    const obi = await member({ name: 'Obi Eze' });
    await publish(envelope(reminder(obi.id, { unreadCount: 1, jobTitle: 'Paint a fence' })));
    const [mail] = await waitForMails(obi.email);
    expect(mailHeader(mail!, 'Subject')).toBe('New message about Paint a fence');
    const text = mailText(mail!);
    expect(text).toContain('You have 1 unread message in that conversation.');
    expect(text).toContain('If you have no Marketplace account with this e-mail address, ignore this mail.');
  });

  it('a redelivered event mails once; so does a second event for the same unread messages', async () => {
    const ada = await member();
    const payload = reminder(ada.id);
    const event = envelope(payload);
    await publish(event);
    await waitForMails(ada.email);

    // The bus hands the same event over again (a lost ack), through the consumer's own inbox.
    const notices = new NoticeMails({
      db: h.db,
      mailer: createMailer(resolveMailSettings({}, h.dataDir)),
      logger: silent,
      retryIntervalMs: 60_000,
      publicUrl: PUBLIC_URL,
    });
    const enqueue = jest.spyOn(notices, 'enqueue');
    const dispatch = dispatchEvents<AccountsDatabase>(chatReminderHandlers(notices), silent);
    const redeliver = idempotentHandler(h.db, CHAT_REMINDERS_CONSUMER, (e, trx) =>
      dispatch(e, trx as Transaction<AccountsDatabase>),
    );
    await redeliver(event);
    expect(enqueue).not.toHaveBeenCalled();
    await publish(event);

    // Chat announces the same unread streak again under a new event id: the notice's key keeps it out.
    const again = envelope({ ...payload });
    expect(again.id).not.toBe(event.id);
    await redeliver(again);
    expect(enqueue).toHaveBeenCalledTimes(1);
    await expect(enqueue.mock.results[0]?.value).resolves.toBeUndefined();
    await notices.stop();

    // A later event on the same bus is mailed: everything before it has been handled.
    const sentinel = await member();
    await publish(envelope(reminder(sentinel.id)));
    await waitForMails(sentinel.email);
    expect(await mailsTo(ada.email)).toHaveLength(1);
    expect(await noticesOf(ada.id)).toHaveLength(1);
  });

  it('mails again for a new unread streak in the same conversation', async () => {
    const ada = await member();
    const first = reminder(ada.id);
    await publish(envelope(first));
    await waitForMails(ada.email);
    await publish(envelope({ ...first, unreadCount: 5, firstUnreadAt: '2025-06-02T18:00:00.000Z' }));
    const mails = await waitForMails(ada.email, 2);
    expect(mails.map((m) => mailText(m)).join('\n')).toContain('You have 5 unread messages');
  });

  it('sends nothing for unknown, malformed or deleted members, and keeps consuming', async () => {
    const deleted = await member();
    await h.db
      .updateTable('users')
      .set({ deleted_at: new Date(), email: `deleted-${deleted.id}@deleted.invalid` })
      .where('id', '=', deleted.id)
      .execute();
    const before = (await h.outboxMails()).length;
    await publish(envelope(reminder(randomUUID())));
    await publish(envelope(reminder('not-a-uuid')));
    await publish(envelope(reminder(deleted.id)));

    const sentinel = await member();
    await publish(envelope(reminder(sentinel.id)));
    await waitForMails(sentinel.email);
    expect((await h.outboxMails()).length).toBe(before + 1);
    expect(await noticesOf(deleted.id)).toEqual([]);
  });

  it('a member deleted before the mail went out gets nothing; the notice is dropped', async () => {
    const ada = await member();
    // Stored as the consumer stores it, but not sent yet (as when the mail server was down).
    const id = await h.db.transaction().execute((trx) =>
      trx
        .insertInto('notice_mails')
        .values({
          user_id: ada.id,
          kind: 'chat-reminder',
          dedupe_key: `test:${randomUUID()}`,
          data: JSON.stringify(reminder(ada.id)),
          next_attempt_at: new Date(Date.now() + 60 * 60_000),
        })
        .returning('id')
        .executeTakeFirstOrThrow(),
    );
    await h.db
      .updateTable('users')
      .set({ deleted_at: new Date(), email: `deleted-${ada.id}@deleted.invalid` })
      .where('id', '=', ada.id)
      .execute();
    await h.db
      .updateTable('notice_mails')
      .set({ next_attempt_at: new Date(0) })
      .where('id', '=', id.id)
      .execute();

    const notices = new NoticeMails({
      db: h.db,
      mailer: createMailer(resolveMailSettings({}, h.dataDir)),
      logger: silent,
      retryIntervalMs: 60_000,
      publicUrl: PUBLIC_URL,
    });
    expect(await notices.sweep()).toBe(0);
    expect(await noticesOf(ada.id)).toEqual([
      expect.objectContaining({ delivered_at: null, dropped_at: expect.any(Date) }),
    ]);
    expect(await mailsTo(ada.email)).toEqual([]);
    expect(await mailsTo(`deleted-${ada.id}@deleted.invalid`)).toEqual([]);
  });
});

describe('chat reminders without PUBLIC_URL', () => {
  let h: AccountsHarness;
  beforeAll(async () => {
    h = await createAccountsHarness();
  }, 60_000);
  afterAll(async () => {
    await h.close();
  }, 60_000);

  it('still tell the member, and where to look, without a link', async () => {
    const ada = await createAccount(h.service, { email: 'ada.nolink@example.com', password: 'secret12' });
    await h.service.bus.publish(
      newEvent(
        'chat.reminder.due',
        {
          chatId: randomUUID(),
          jobId: randomUUID(),
          memberId: ada.id,
          counterpartName: 'Ace Plumbing',
          jobTitle: 'Fix a leaking kitchen tap',
          unreadCount: 2,
          firstUnreadAt: new Date().toISOString(),
        },
        { correlationId: 'test' },
      ),
    );
    const mail = await eventually(async () => {
      const [found, ...rest] = await h.outboxMails();
      expect(rest).toEqual([]);
      expect(found).toBeDefined();
      return found as string;
    });
    const text = mailText(mail);
    expect(text).toContain('Sign in to Marketplace and open Chat to read and answer.');
    expect(text).not.toMatch(/https?:\/\//);
  });
});
