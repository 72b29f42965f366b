import { CHAT_MESSAGES, EVENT_TYPES } from '@marketplace/contracts';
import { MessageWriter, type WriteRequest } from './message-writer';
import { createChatHarness, type ChatHarness, type Conversation, type Member } from './testing';

describe('MessageWriter (group commit)', () => {
  let h: ChatHarness;
  let poster: Member;
  let company: Member;
  let other: Member;
  beforeAll(async () => {
    h = await createChatHarness();
    poster = await h.member('user', 'Ada Obi');
    company = await h.member('company', 'Ace Plumbing');
    other = await h.member('company', 'Best Builders');
  }, 60_000);
  afterAll(async () => {
    await h.close();
  });

  /** One transaction at a time: everything written while the first runs goes in the second. */
  const writer = (max = 1000, onError?: (err: unknown, size: number) => void) =>
    new MessageWriter(h.db, {
      now: () => new Date(h.clock.now),
      sendLimit: { max, windowMs: 60_000 },
      maxInFlight: 1,
      ...(onError ? { onError } : {}),
    });
  const request = (
    who: Member,
    chat: Conversation | string,
    text: string,
    clientId: string | null = null,
  ) => ({
    memberId: who.id,
    chatId: typeof chat === 'string' ? chat : chat.chatId,
    text,
    clientId,
    correlationId: `req-${text}`,
  });
  const settle = (w: MessageWriter, requests: WriteRequest[]) =>
    Promise.allSettled(requests.map((r) => w.write(r)));
  const stored = (chatId: string) =>
    h.db
      .selectFrom('messages')
      .select(['seq', 'message', 'client_id'])
      .where('chat_id', '=', chatId)
      .orderBy('seq')
      .execute();

  it('stores many messages of many conversations in one transaction, each with its own answer, in order', async () => {
    const a = await h.unlock(poster, company);
    const b = await h.unlock(poster, other);
    const theirs = await h.unlock(poster, other);
    const w = writer();
    const results = await settle(w, [
      request(company, a, 'first, alone'),
      request(company, a, 'a1', 'a1'),
      request(poster, a, 'a2', 'a2'),
      request(other, b, 'b1'),
      request(company, theirs, 'not mine'),
      request(company, a, 'a3', 'a3'),
      request(company, crypto.randomUUID(), 'nowhere'),
      request(company, a, 'a1 again', 'a1'), // the same message twice in one batch
    ]);
    const values = results.map((r) =>
      r.status === 'fulfilled' ? [r.value.message.seq, r.value.replay] : r.reason.message,
    );
    expect(values).toEqual([
      [1, false],
      [2, false],
      [3, false],
      [1, false],
      CHAT_MESSAGES.notMember,
      [4, false],
      CHAT_MESSAGES.notFound,
      [2, true],
    ]);
    expect(await stored(a.chatId)).toEqual([
      { seq: 1, message: 'first, alone', client_id: null },
      { seq: 2, message: 'a1', client_id: 'a1' },
      { seq: 3, message: 'a2', client_id: 'a2' },
      { seq: 4, message: 'a3', client_id: 'a3' },
    ]);
    const chat = await h.db
      .selectFrom('chats')
      .selectAll()
      .where('id', '=', a.chatId)
      .executeTakeFirstOrThrow();
    expect(chat).toMatchObject({ last_seq: 4, poster_unread: 3, applicant_unread: 1 });
    // Announced, with its request's correlation id: the poster's first message and the company's
    // first after it, both in the same batch; the company's opening lines answered nothing.
    const sent = await h.eventsOf(EVENT_TYPES.chatMessageSent, { chatId: a.chatId }, 2);
    expect(sent.map((p) => p.seq)).toEqual([3, 4]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const envelopes = h.events.filter((e) =>
      [a.chatId, b.chatId].includes((e.payload as { chatId?: string }).chatId ?? ''),
    );
    expect(envelopes.map((e) => e.correlationId)).toEqual(['req-a2', 'req-a3']);
  });

  it('lets each member send up to the limit within a batch and refuses the rest', async () => {
    const chat = await h.unlock(poster, company);
    const w = writer(2);
    h.clock.now = Math.ceil(h.clock.now / 60_000) * 60_000;
    const results = await settle(w, [
      request(company, chat, 'c1', 'c1'),
      request(company, chat, 'c2', 'c2'),
      request(poster, chat, 'p1', 'p1'),
      request(company, chat, 'c3', 'c3'),
      request(poster, chat, 'p2', 'p2'),
      request(poster, chat, 'p3', 'p3'),
      request(company, chat, 'c1', 'c1'), // a replay is answered even over the limit
    ]);
    expect(
      results.map((r) => (r.status === 'fulfilled' ? r.value.message.message : r.reason.message)),
    ).toEqual(['c1', 'c2', 'p1', CHAT_MESSAGES.rateLimited, 'p2', CHAT_MESSAGES.rateLimited, 'c1']);
    expect((await stored(chat.chatId)).map((r) => r.message)).toEqual(['c1', 'c2', 'p1', 'p2']);
  });

  it('refuses a closed conversation per message and still answers retries of what it stored before', async () => {
    const chat = await h.unlock(poster, company);
    const w = writer();
    await w.write(request(company, chat, 'before', 'before'));
    await h.db.updateTable('chats').set({ read_only: true }).where('id', '=', chat.chatId).execute();
    const results = await settle(w, [
      request(company, chat, 'after', 'after'),
      request(company, chat, 'before', 'before'),
    ]);
    expect(results[0]).toMatchObject({ status: 'rejected', reason: { message: CHAT_MESSAGES.readOnly } });
    expect(results[1]).toMatchObject({ status: 'fulfilled', value: { replay: true, message: { seq: 1 } } });
  });

  it('keeps a failing message from taking the others down: a failed batch is tried again message by message', async () => {
    const chat = await h.unlock(poster, company);
    const failures: number[] = [];
    const w = writer(1000, (_err, size) => failures.push(size));
    const results = await settle(w, [
      request(company, chat, 'alone first'),
      request(company, chat, 'fine'),
      request(company, chat, 'nul \u0000 reaches the database'), // PostgreSQL refuses it: the batch fails
      request(poster, chat, 'also fine'),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect(failures).toEqual([3, 1]);
    expect((await stored(chat.chatId)).map((r) => [r.seq, r.message])).toEqual([
      [1, 'alone first'],
      [2, 'fine'],
      [3, 'also fine'],
    ]);
  });
});
