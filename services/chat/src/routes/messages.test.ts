import { randomUUID } from 'node:crypto';
import {
  API_PATHS,
  CHAT_API,
  CHAT_LIMITS,
  CHAT_MESSAGES,
  EVENT_TYPES,
  SESSION_MESSAGES,
} from '@marketplace/contracts';
import { eventually } from '@marketplace/service-kit/testing';
import { createChatHarness, type ChatHarness, type Conversation, type Member } from '../testing';

describe('conversation REST routes', () => {
  let h: ChatHarness;
  let poster: Member;
  let company: Member;
  let otherPoster: Member;
  let otherCompany: Member;
  let admin: Member;
  let chat: Conversation;
  beforeAll(async () => {
    h = await createChatHarness();
    poster = await h.member('user', 'Ada Obi');
    company = await h.member('company', 'Ace Plumbing');
    otherPoster = await h.member('user', 'Bola Ade');
    otherCompany = await h.member('company', 'Best Builders');
    admin = await h.member('admin', 'Admin');
    chat = await h.unlock(poster, company);
  }, 60_000);
  afterAll(async () => {
    await h.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    h.app.inject({ method: 'GET', url, headers });
  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    h.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', ...headers },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });
  const send = (who: Member, body: Record<string, unknown>) => post(API_PATHS.sendMessage, body, who.headers);
  const rows = (chatId: string) =>
    h.db.selectFrom('messages').selectAll().where('chat_id', '=', chatId).orderBy('seq').execute();

  describe('POST /api/jobs/chat', () => {
    it('stores the message with the next sequence number, answers 201 with it, and announces the poster’s first and the company’s answer', async () => {
      const conversation = await h.unlock(poster, company);
      const response = await send(company, {
        chatId: conversation.chatId,
        message: '  Hello, I can come on Monday.  ',
        clientId: 'c-1',
      });
      expect(response.statusCode).toBe(201);
      const message = response.json();
      expect(message).toEqual({
        _id: expect.any(String),
        chatId: conversation.chatId,
        seq: 1,
        clientId: 'c-1',
        sender: { _id: company.id, name: 'Ace Plumbing' },
        message: 'Hello, I can come on Monday.',
        sentAt: new Date(h.clock.now).toISOString(),
        read: false,
      });
      const second = await send(poster, { chatId: conversation.chatId, message: 'Monday works.' });
      expect(second.json()).toMatchObject({
        seq: 2,
        clientId: null,
        sender: { _id: poster.id, name: 'Ada Obi' },
      });

      const stored = await rows(conversation.chatId);
      expect(stored).toEqual([
        expect.objectContaining({
          id: message._id,
          seq: 1,
          sender_id: company.id,
          client_id: 'c-1',
          message: 'Hello, I can come on Monday.',
        }),
        expect.objectContaining({ seq: 2, sender_id: poster.id, client_id: null }),
      ]);
      const row = await h.db
        .selectFrom('chats')
        .selectAll()
        .where('id', '=', conversation.chatId)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ last_seq: 2, poster_unread: 1, applicant_unread: 1 });

      // Announced (chat.message.sent): the poster's first message, then the company's first after it.
      // The company's opening line answered nothing; later messages change nothing for anyone else.
      h.clock.advance(60_000);
      const answer = (await send(company, { chatId: conversation.chatId, message: 'See you then.' })).json();
      await send(poster, { chatId: conversation.chatId, message: 'Thanks!' });
      await send(company, { chatId: conversation.chatId, message: 'You are welcome.' });
      expect(await h.eventsOf(EVENT_TYPES.chatMessageSent, { chatId: conversation.chatId }, 2)).toEqual([
        {
          chatId: conversation.chatId,
          jobId: conversation.jobId,
          messageId: second.json()._id,
          seq: 2,
          senderId: poster.id,
          recipientId: company.id,
          posterId: poster.id,
          applicantId: company.id,
          sentAt: second.json().sentAt,
        },
        expect.objectContaining({
          messageId: answer._id,
          seq: 3,
          senderId: company.id,
          sentAt: answer.sentAt,
        }),
      ]);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(
        h.events
          .filter((e) => e.type === EVENT_TYPES.chatMessageSent)
          .filter((e) => (e.payload as { chatId: string }).chatId === conversation.chatId),
      ).toHaveLength(2);
      expect(
        await h.db
          .selectFrom('chats')
          .select(['poster_wrote_at', 'company_answered_at'])
          .where('id', '=', conversation.chatId)
          .executeTakeFirstOrThrow(),
      ).toEqual({
        poster_wrote_at: new Date(second.json().sentAt),
        company_answered_at: new Date(answer.sentAt),
      });
    });

    it('stores a retry with the same clientId once: same answer, no second row, no second event', async () => {
      const conversation = await h.unlock(poster, company);
      const body = { chatId: conversation.chatId, message: 'Are you available?', clientId: 'retry-1' };
      const first = await send(poster, body);
      const again = await send(poster, { ...body, message: 'a different text under the same id' });
      expect(first.statusCode).toBe(201);
      expect(again.statusCode).toBe(201);
      expect(again.json()).toEqual(first.json());
      // The other member may use the same client id: it is theirs, a different message.
      const theirs = await send(company, { ...body, message: 'Yes.' });
      expect(theirs.json()).toMatchObject({ seq: 2, clientId: 'retry-1', sender: { _id: company.id } });
      expect((await rows(conversation.chatId)).map((r) => r.seq)).toEqual([1, 2]);
      await h.eventsOf(EVENT_TYPES.chatMessageSent, { chatId: conversation.chatId, seq: 2 });
      expect(
        h.events.filter((e) => (e.payload as { chatId?: string }).chatId === conversation.chatId),
      ).toHaveLength(2);
    });

    it('refuses a message that is empty after trimming or longer than the limit, counting characters as people do', async () => {
      for (const message of ['', '   ', '\n\t ']) {
        const response = await send(poster, { chatId: chat.chatId, message });
        expect(response.statusCode).toBe(400);
        expect(response.json().errorMessage).toBe(CHAT_MESSAGES.emptyMessage);
      }
      for (const message of [
        'x'.repeat(CHAT_LIMITS.messageMaxChars + 1),
        'x'.repeat(CHAT_LIMITS.messageMaxChars * 2 + 1),
      ]) {
        const response = await send(poster, { chatId: chat.chatId, message });
        expect(response.statusCode).toBe(400);
        expect(response.json().errorMessage).toBe(CHAT_MESSAGES.tooLong);
      }
      const emoji = '👍'.repeat(CHAT_LIMITS.messageMaxChars);
      const accepted = await send(poster, { chatId: chat.chatId, message: emoji });
      expect(accepted.statusCode).toBe(201);
      expect(accepted.json().message).toBe(emoji);
    });

    it('refuses a conversation closed by a refund with 409, but still answers a retry of a message stored before', async () => {
      const conversation = await h.unlock(poster, company);
      const before = await send(company, {
        chatId: conversation.chatId,
        message: 'Sent before the refund',
        clientId: 'early',
      });
      await h.refund(conversation);
      await eventually(async () => {
        const response = await send(company, { chatId: conversation.chatId, message: 'After the refund' });
        expect(response.statusCode).toBe(409);
        expect(response.json().errorMessage).toBe(CHAT_MESSAGES.readOnly);
      });
      const retry = await send(company, {
        chatId: conversation.chatId,
        message: 'Sent before the refund',
        clientId: 'early',
      });
      expect(retry.statusCode).toBe(201);
      expect(retry.json()).toEqual(before.json());
      expect((await send(poster, { chatId: conversation.chatId, message: 'me neither' })).statusCode).toBe(
        409,
      );
    });

    it('refuses visitors, non-members, admins, unknown conversations and hostile input, never with a 5xx', async () => {
      const body = { chatId: chat.chatId, message: 'hello' };
      const visitor = await post(API_PATHS.sendMessage, body);
      expect(visitor.statusCode).toBe(401);
      expect(visitor.json().errorMessage).toBe(SESSION_MESSAGES.pleaseSignIn);
      for (const who of [otherPoster, otherCompany, admin]) {
        const response = await send(who, body);
        expect(response.statusCode).toBe(403);
        expect(response.json().errorMessage).toBe(CHAT_MESSAGES.notMember);
      }
      for (const chatId of [randomUUID(), 'not-a-uuid', '42']) {
        const response = await send(poster, { chatId, message: 'hello' });
        expect(response.statusCode).toBe(404);
        expect(response.json().errorMessage).toBe(CHAT_MESSAGES.notFound);
      }
      const hostile: unknown[] = [
        { chatId: chat.chatId, message: 'nul \u0000 byte' },
        { chatId: `${chat.chatId}\u0000`, message: 'hello' },
        { chatId: chat.chatId, message: 42 },
        { chatId: chat.chatId, message: 1e300 },
        { chatId: { $ne: null }, message: 'hello' },
        { chatId: chat.chatId },
        { chatId: chat.chatId, message: 'hello', clientId: '' },
        { chatId: chat.chatId, message: 'hello', clientId: 'x'.repeat(65) },
        { chatId: chat.chatId, message: 'hello', clientId: 12 },
        [],
        'null',
        '{"chatId": "' + chat.chatId + '", "message": "trunc',
        '',
      ];
      for (const payload of hostile) {
        const response = await post(API_PATHS.sendMessage, payload, poster.headers);
        expect([response.statusCode, JSON.stringify(payload)]).toEqual([400, JSON.stringify(payload)]);
      }
      expect((await rows(chat.chatId)).some((r) => r.message.includes('hello'))).toBe(false);
    });
  });

  describe('GET /api/jobs/chat/:chatid', () => {
    let thread: Conversation;
    beforeAll(async () => {
      thread = await h.unlock(poster, company);
      for (let i = 1; i <= 5; i++) {
        const who = i % 2 ? company : poster;
        h.clock.advance(1000);
        expect((await send(who, { chatId: thread.chatId, message: `message ${i}` })).statusCode).toBe(201);
      }
    });

    it('gives a member the newest messages oldest first, both members, the job and whether each message was read', async () => {
      // The poster read the company's messages up to seq 3 (1 and 3 are the company's).
      await h.controls.conversations.markRead(poster.id, thread.chatId, 3, 'test');
      const response = await get(CHAT_API.thread(thread.chatId), company.headers);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toMatchObject({
        _id: thread.chatId,
        posterId: { _id: poster.id, name: 'Ada Obi' },
        applicantId: { _id: company.id, name: 'Ace Plumbing' },
        jobId: {
          _id: thread.jobId,
          title: 'Fix a leaking kitchen sink',
          category: 'Craftsman',
          jobStartDate: '2030-01-15',
        },
        hasMore: false,
        readOnly: false,
      });
      expect(
        body.messages.map((m: { seq: number; read: boolean; message: string }) => [m.seq, m.message, m.read]),
      ).toEqual([
        [1, 'message 1', true],
        [2, 'message 2', false],
        [3, 'message 3', true],
        [4, 'message 4', false],
        [5, 'message 5', false],
      ]);
      expect((await get(CHAT_API.thread(thread.chatId), poster.headers)).json().messages).toHaveLength(5);
    });

    it('pages back with before and forward with after', async () => {
      const page = async (query: string) => {
        const response = await get(`/api/jobs/chat/${thread.chatId}?${query}`, poster.headers);
        expect(response.statusCode).toBe(200);
        const body = response.json();
        return [body.messages.map((m: { seq: number }) => m.seq), body.hasMore];
      };
      expect(await page('limit=2')).toEqual([[4, 5], true]);
      expect(await page('limit=2&before=4')).toEqual([[2, 3], true]);
      expect(await page('limit=2&before=2')).toEqual([[1], false]);
      expect(await page('after=3')).toEqual([[4, 5], false]);
      expect(await page('after=1&limit=2')).toEqual([[2, 3], true]);
      expect(await page('after=1&before=4')).toEqual([[2, 3], false]);
      expect(await page('after=5')).toEqual([[], false]);
      expect(await page('after=0&limit=100')).toEqual([[1, 2, 3, 4, 5], false]);
    });

    it('refuses visitors, non-members and admins, answers 404 for unknown conversations and 400 for bad queries', async () => {
      expect((await get(CHAT_API.thread(thread.chatId))).statusCode).toBe(401);
      for (const who of [otherPoster, otherCompany, admin]) {
        const response = await get(CHAT_API.thread(thread.chatId), who.headers);
        expect(response.statusCode).toBe(403);
        expect(response.json().errorMessage).toBe(CHAT_MESSAGES.notMember);
      }
      for (const chatId of [randomUUID(), 'nope']) {
        const response = await get(CHAT_API.thread(chatId), poster.headers);
        expect(response.statusCode).toBe(404);
        expect(response.json().errorMessage).toBe(CHAT_MESSAGES.notFound);
      }
      for (const query of [
        'after=-1',
        'after=1e300',
        'after=abc',
        'before=0',
        'limit=0',
        'limit=101',
        'limit=1.5',
        `after=${encodeURIComponent('\u0000')}`,
      ]) {
        const response = await get(`/api/jobs/chat/${thread.chatId}?${query}`, poster.headers);
        expect([query, response.statusCode]).toEqual([query, 400]);
      }
      expect((await get(`/api/jobs/chat/${encodeURIComponent('\u0000')}`, poster.headers)).statusCode).toBe(
        400,
      );
    });
  });

  describe('POST /api/jobs/createchat', () => {
    it("gives either member the paid unlock's conversation", async () => {
      const conversation = await h.unlock(poster, company);
      const body = { jobId: conversation.jobId, applicantId: company.id, posterId: poster.id };
      for (const who of [poster, company]) {
        const response = await post(API_PATHS.createChat, body, who.headers);
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({ _id: conversation.chatId });
      }
      expect(
        await h.db.selectFrom('chats').select('id').where('job_id', '=', conversation.jobId).execute(),
      ).toHaveLength(1);
    });

    it('waits a moment for the unlock event that opens it (the client calls right after paying)', async () => {
      const patient = await h.instance({ createChatWaitMs: 20_000 });
      const jobId = await h.postJob(poster);
      const paymentId = randomUUID();
      const asked = patient.app.inject({
        method: 'POST',
        url: API_PATHS.createChat,
        headers: company.headers,
        payload: { jobId, applicantId: company.id, posterId: poster.id },
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      const opened = h.unlock(poster, company, { jobId, paymentId });
      const response = await asked;
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ _id: (await opened).chatId });
    });

    it('refuses without a paid unlock, for other members, admins and visitors, and hostile input', async () => {
      const conversation = await h.unlock(poster, company);
      const body = { jobId: conversation.jobId, applicantId: company.id, posterId: poster.id };
      // Another company naming itself: it has not paid for this job.
      const notPaid = await post(
        API_PATHS.createChat,
        { ...body, applicantId: otherCompany.id },
        otherCompany.headers,
      );
      expect(notPaid.statusCode).toBe(403);
      expect(notPaid.json().errorMessage).toBe(CHAT_MESSAGES.notUnlocked);
      for (const who of [otherPoster, otherCompany, admin]) {
        const response = await post(API_PATHS.createChat, body, who.headers);
        expect(response.statusCode).toBe(403);
        expect(response.json().errorMessage).toBe(CHAT_MESSAGES.notMember);
      }
      expect((await post(API_PATHS.createChat, body)).statusCode).toBe(401);
      const noSuchJob = await post(
        API_PATHS.createChat,
        { ...body, jobId: 'legacy-object-id' },
        poster.headers,
      );
      expect(noSuchJob.statusCode).toBe(403);
      expect(noSuchJob.json().errorMessage).toBe(CHAT_MESSAGES.notUnlocked);
      for (const payload of [
        { ...body, jobId: '\u0000' },
        { ...body, posterId: 7 },
        { jobId: conversation.jobId },
        { ...body, jobId: 'x'.repeat(65) },
        '{"jobId": ',
      ]) {
        expect((await post(API_PATHS.createChat, payload, poster.headers)).statusCode).toBe(400);
      }
    });
  });
});
