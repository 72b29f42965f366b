import { randomUUID } from 'node:crypto';
import type { EventPayload } from '@marketplace/contracts';
import { newEvent } from '@marketplace/service-kit';
import { eventually } from '@marketplace/service-kit/testing';
import { ReplyTimesRepository } from '../repositories/reply-times-repository';
import { companyPayload, createAccountsHarness, posterPayload, type AccountsHarness } from '../testing';

type Message = EventPayload<'chat.message.sent'>;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('reply times from chat.message.sent', () => {
  let h: AccountsHarness;
  // The service's clock: the tests move it (the sweep and the company's answer read it).
  let clock = new Date('2026-06-01T12:00:00.000Z');
  beforeAll(async () => {
    h = await createAccountsHarness({ now: () => clock, replyTimeSweepSeconds: 0 });
  }, 60_000);
  afterAll(async () => {
    await h.close();
  }, 60_000);

  let seq = 0;
  async function company() {
    const n = ++seq;
    return h.signUp(
      companyPayload({
        email: `reply-${n}-${randomUUID().slice(0, 8)}@example.ng`,
        name: `Reply Co ${'ABCDEFGHIJ'[n % 10]}`,
      }),
    );
  }
  const poster = randomUUID();

  /** One conversation: the poster writes at `askedAt`, the company answers `answerAfter` later (if given). */
  function conversation(companyId: string, askedAt: Date, answerAfter?: number) {
    const chatId = randomUUID();
    const base = { chatId, jobId: randomUUID(), posterId: poster, applicantId: companyId };
    const messages: Message[] = [
      {
        ...base,
        messageId: randomUUID(),
        seq: 1,
        senderId: poster,
        recipientId: companyId,
        sentAt: askedAt.toISOString(),
      },
    ];
    if (answerAfter !== undefined) {
      messages.push({
        ...base,
        messageId: randomUUID(),
        seq: 2,
        senderId: companyId,
        recipientId: poster,
        sentAt: new Date(askedAt.getTime() + answerAfter).toISOString(),
      });
    }
    return { chatId, messages };
  }
  const publish = async (messages: Message[]) => {
    for (const message of messages) {
      await h.service.bus.publish(
        newEvent('chat.message.sent', message, { correlationId: `t-${randomUUID()}` }),
      );
    }
  };
  const replyMinutes = async (id: string) =>
    (await h.db.selectFrom('users').select('reply_minutes').where('id', '=', id).executeTakeFirstOrThrow())
      .reply_minutes;
  const directory = async (id: string) =>
    (await h.service.app.inject({ method: 'GET', url: `/api/accounts/companies/${id}` })).json().company;
  const sampleOf = (chatId: string) =>
    h.db.selectFrom('reply_samples').selectAll().where('chat_id', '=', chatId).executeTakeFirst();

  it('shows nothing below five answered conversations, then the median, rounded up', async () => {
    const { id } = await company();
    const asked = new Date(clock.getTime() - 10 * DAY);
    const answers = [30, 90, 61, 200, 10].map((m) => m * MINUTE);
    for (const [i, after] of answers.slice(0, 4).entries()) {
      await publish(conversation(id, new Date(asked.getTime() + i * HOUR), after).messages);
    }
    await eventually(async () =>
      expect(
        await h.db
          .selectFrom('reply_samples')
          .select('chat_id')
          .where('company_id', '=', id)
          .where('answered_at', 'is not', null)
          .execute(),
      ).toHaveLength(4),
    );
    expect(await replyMinutes(id)).toBeNull();

    await publish(conversation(id, asked, answers[4]).messages);
    // Sorted 10, 30, 61, 90, 200: the median is 61 minutes.
    await eventually(async () => expect(await replyMinutes(id)).toBe(61));
    const listed = await eventually(async () => {
      const shown = await directory(id);
      expect(shown.replyMinutes).toBe(61);
      return shown;
    });
    expect(listed.name).toMatch(/^Reply Co/);
  });

  it('counts a poster unanswered for three days as never answered, once the sweep sees the time pass', async () => {
    const { id } = await company();
    const start = new Date(clock.getTime() - 5 * DAY);
    for (let i = 0; i < 3; i++)
      await publish(conversation(id, new Date(start.getTime() + i * HOUR), 20 * MINUTE).messages);
    // Three posters left waiting: one an hour ago (not yet counted), two four days ago.
    await publish(conversation(id, new Date(clock.getTime() - HOUR)).messages);
    await publish(conversation(id, new Date(start.getTime() + DAY)).messages);
    await publish(conversation(id, new Date(start.getTime() + DAY + HOUR)).messages);
    await eventually(async () =>
      expect(
        await h.db.selectFrom('reply_samples').select('chat_id').where('company_id', '=', id).execute(),
      ).toHaveLength(6),
    );
    const samples = new ReplyTimesRepository(h.db);
    await samples.refresh(clock, [id]);
    // 20, 20, 20, never, never: five counted, the median is 20 minutes.
    expect(await replyMinutes(id)).toBe(20);

    // Two days on, the third poster passes 72 hours too: 20, 20, 20, never, never, never -> the lower
    // middle is still 20; one more unanswered poster tips it to "never", and nothing is shown.
    clock = new Date(clock.getTime() + 3 * DAY);
    await publish(conversation(id, new Date(start.getTime() + DAY + 2 * HOUR)).messages);
    await eventually(async () =>
      expect(
        await h.db.selectFrom('reply_samples').select('chat_id').where('company_id', '=', id).execute(),
      ).toHaveLength(7),
    );
    await samples.refresh(clock);
    expect(await replyMinutes(id)).toBeNull();
    expect((await directory(id)).replyMinutes).toBeNull();
  });

  it('a company writing first is not an answer; its first message after the poster is', async () => {
    const { id } = await company();
    const chatId = randomUUID();
    const at = (offset: number) => new Date(clock.getTime() - DAY + offset).toISOString();
    const base = { chatId, jobId: randomUUID(), posterId: poster, applicantId: id, recipientId: poster };
    await publish([
      { ...base, messageId: randomUUID(), seq: 1, senderId: id, sentAt: at(0) },
      {
        ...base,
        messageId: randomUUID(),
        seq: 2,
        senderId: poster,
        recipientId: id,
        sentAt: at(10 * MINUTE),
      },
      { ...base, messageId: randomUUID(), seq: 3, senderId: id, sentAt: at(55 * MINUTE) },
      { ...base, messageId: randomUUID(), seq: 4, senderId: id, sentAt: at(59 * MINUTE) },
    ]);
    const sample = await eventually(async () => {
      const row = await sampleOf(chatId);
      expect(row?.answered_at).toBeTruthy();
      return row!;
    });
    expect(sample.answered_at!.getTime() - sample.poster_first_at.getTime()).toBe(45 * MINUTE);
  });

  it('a redelivered event counts once, and foreign senders count for nothing', async () => {
    const { id } = await company();
    const { chatId, messages } = conversation(id, new Date(clock.getTime() - DAY), 15 * MINUTE);
    const events = messages.map((m) =>
      newEvent('chat.message.sent', m, { correlationId: `t-${randomUUID()}` }),
    );
    for (const event of [...events, ...events]) await h.service.bus.publish(event);
    const stranger = { ...messages[0]!, messageId: randomUUID(), seq: 9, senderId: randomUUID() };
    await publish([stranger, { ...messages[0]!, chatId: randomUUID(), applicantId: 'not-a-uuid' }]);
    await eventually(async () => expect((await sampleOf(chatId))?.answered_at).toBeTruthy());
    expect(
      await h.db.selectFrom('reply_samples').select('chat_id').where('company_id', '=', id).execute(),
    ).toHaveLength(1);
  });

  it('the sweep forgets samples that left the 90-day window, and the figure with them', async () => {
    const { id } = await company();
    const old = new Date(clock.getTime() - 80 * DAY);
    for (let i = 0; i < 5; i++)
      await publish(conversation(id, new Date(old.getTime() + i * HOUR), 5 * MINUTE).messages);
    await eventually(async () => expect(await replyMinutes(id)).toBe(5));
    const later = new Date(clock.getTime() + 11 * DAY);
    const samples = new ReplyTimesRepository(h.db);
    await samples.refresh(later);
    expect(await samples.forgetBefore(later)).toBeGreaterThanOrEqual(5);
    expect(await replyMinutes(id)).toBeNull();
  });

  it('never gives a customer account a figure', async () => {
    const customer = await h.signUp(posterPayload({ email: `cust-${randomUUID().slice(0, 8)}@example.com` }));
    for (let i = 0; i < 5; i++) {
      await publish(conversation(customer.id, new Date(clock.getTime() - DAY + i * HOUR), MINUTE).messages);
    }
    await eventually(async () =>
      expect(
        await h.db
          .selectFrom('reply_samples')
          .select('chat_id')
          .where('company_id', '=', customer.id)
          .where('answered_at', 'is not', null)
          .execute(),
      ).toHaveLength(5),
    );
    expect(await replyMinutes(customer.id)).toBeNull();
  });
});
