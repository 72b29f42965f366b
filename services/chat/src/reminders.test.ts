import { API_PATHS, CHAT_LIMITS, EVENT_TYPES } from '@marketplace/contracts';
import { createChatHarness, type ChatHarness, type Member } from './testing';

const MINUTE = 60_000;
const AFTER = CHAT_LIMITS.reminderAfterMinutes * MINUTE;

describe('reminders of unread messages', () => {
  let h: ChatHarness;
  let poster: Member;
  let company: Member;
  beforeAll(async () => {
    h = await createChatHarness();
    poster = await h.member('user', 'Ada Obi');
    company = await h.member('company', 'Ace Plumbing');
  }, 60_000);
  afterAll(async () => {
    await h.close();
  });

  const send = async (who: Member, chatId: string, message: string) => {
    const response = await h.app.inject({
      method: 'POST',
      url: API_PATHS.sendMessage,
      headers: who.headers,
      payload: { chatId, message },
    });
    expect(response.statusCode).toBe(201);
    return response.json() as { seq: number; sentAt: string };
  };
  const remindersFor = (chatId: string) =>
    h.events
      .filter(
        (e) => e.type === EVENT_TYPES.chatReminderDue && (e.payload as { chatId: string }).chatId === chatId,
      )
      .map((e) => e.payload);
  /** Reminder events are published by the relay after the sweep's commit: wait for the count. */
  const expectReminders = async (chatId: string, count: number) => {
    if (count > 0) await h.eventsOf(EVENT_TYPES.chatReminderDue, { chatId }, count);
    // An event written after the sweep shows the relay went past anything the sweep wrote.
    const sentinel = await h.unlock(poster, company);
    await send(poster, sentinel.chatId, 'sentinel');
    // Read at once, so it never becomes a reminder of its own in a later sweep.
    await h.controls.conversations.markRead(company.id, sentinel.chatId, undefined, 'test');
    await h.eventsOf(EVENT_TYPES.chatMessagesRead, { chatId: sentinel.chatId });
    expect(remindersFor(chatId)).toHaveLength(count);
  };

  it(`reminds a member once per unread stretch after ${CHAT_LIMITS.reminderAfterMinutes} minutes, and again after reading and a new message`, async () => {
    const chat = await h.unlock(poster, company);
    const first = await send(company, chat.chatId, 'Are you there?');
    h.clock.advance(AFTER - MINUTE);
    expect(await h.controls.sweepReminders()).toBe(0);

    h.clock.advance(MINUTE);
    await send(company, chat.chatId, 'Hello?');
    expect(await h.controls.sweepReminders()).toBe(1);
    await expectReminders(chat.chatId, 1);
    expect(remindersFor(chat.chatId)[0]).toEqual({
      chatId: chat.chatId,
      jobId: chat.jobId,
      memberId: poster.id,
      counterpartName: 'Ace Plumbing',
      jobTitle: 'Fix a leaking kitchen sink',
      unreadCount: 2,
      firstUnreadAt: first.sentAt,
    });

    // Still unread, more messages, later sweeps: no second mail for the same stretch.
    h.clock.advance(AFTER);
    await send(company, chat.chatId, 'Third message');
    h.clock.advance(AFTER);
    expect(await h.controls.sweepReminders()).toBe(0);
    // Reading part of it does not end the stretch either.
    await h.controls.conversations.markRead(poster.id, chat.chatId, 1, 'test');
    h.clock.advance(AFTER);
    expect(await h.controls.sweepReminders()).toBe(0);

    // Reading everything ends it; the next unread message starts a new one.
    await h.controls.conversations.markRead(poster.id, chat.chatId, undefined, 'test');
    h.clock.advance(AFTER);
    expect(await h.controls.sweepReminders()).toBe(0);
    const next = await send(company, chat.chatId, 'New question');
    h.clock.advance(AFTER);
    expect(await h.controls.sweepReminders()).toBe(1);
    await expectReminders(chat.chatId, 2);
    expect(remindersFor(chat.chatId)[1]).toMatchObject({
      memberId: poster.id,
      unreadCount: 1,
      firstUnreadAt: next.sentAt,
    });
  });

  it('reminds each member of their own unread messages, never of their own', async () => {
    const chat = await h.unlock(poster, company);
    await send(poster, chat.chatId, 'When can you come?');
    h.clock.advance(AFTER);
    await send(company, chat.chatId, 'Tomorrow.'); // the company replied without reading
    expect(await h.controls.sweepReminders()).toBe(1);
    h.clock.advance(AFTER);
    expect(await h.controls.sweepReminders()).toBe(1);
    await expectReminders(chat.chatId, 2);
    expect(remindersFor(chat.chatId)).toEqual([
      expect.objectContaining({ memberId: company.id, counterpartName: 'Ada Obi', unreadCount: 1 }),
      expect.objectContaining({ memberId: poster.id, counterpartName: 'Ace Plumbing', unreadCount: 1 }),
    ]);
  });

  it('sends one reminder when several instances sweep at the same time', async () => {
    const chat = await h.unlock(poster, company);
    await send(company, chat.chatId, 'Anyone?');
    h.clock.advance(AFTER);
    const others = [await h.instance(), await h.instance()];
    const counts = await Promise.all(
      [h.controls, ...others.map((o) => o.controls)].map((c) => c.sweepReminders()),
    );
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
    await expectReminders(chat.chatId, 1);
    for (const other of others) await other.close();
  });

  it('clears the send limit counters whose window is over', async () => {
    const chat = await h.unlock(poster, company);
    await send(company, chat.chatId, 'counted');
    const counters = () =>
      h.db
        .selectFrom('rate_limit_counters' as never)
        .selectAll()
        .execute();
    expect((await counters()).length).toBeGreaterThan(0);
    h.clock.advance(CHAT_LIMITS.rateWindowSeconds * 1000 + 1);
    await h.controls.sweepReminders();
    expect(await counters()).toEqual([]);
  });
});
