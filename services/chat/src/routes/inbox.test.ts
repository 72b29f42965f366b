import { API_PATHS, CHAT_API, CHAT_MESSAGES, SESSION_MESSAGES } from '@marketplace/contracts';
import { createChatHarness, type ChatHarness, type Member } from '../testing';

describe('inbox and unread count', () => {
  let h: ChatHarness;
  let poster: Member;
  let company: Member;
  let otherCompany: Member;
  let admin: Member;
  beforeAll(async () => {
    h = await createChatHarness();
    poster = await h.member('user', 'Ada Obi');
    company = await h.member('company', 'Ace Plumbing');
    otherCompany = await h.member('company', 'Best Builders');
    admin = await h.member('admin', 'Admin');
  }, 60_000);
  afterAll(async () => {
    await h.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    h.app.inject({ method: 'GET', url, headers });
  const send = (who: Member, chatId: string, message: string) =>
    h.app.inject({
      method: 'POST',
      url: API_PATHS.sendMessage,
      headers: who.headers,
      payload: { chatId, message },
    });

  it('lists a member the conversations they are in, latest activity first, with the newest message and unread counts', async () => {
    const poster2 = await h.member('user', 'Bola Ade');
    const first = await h.unlock(poster2, company);
    const second = await h.unlock(poster2, otherCompany);
    expect((await send(company, first.chatId, 'Hello, I can come on Monday.')).statusCode).toBe(201);
    h.clock.advance(1000);
    expect((await send(poster2, first.chatId, 'Monday works.')).statusCode).toBe(201);
    h.clock.advance(1000);
    expect((await send(company, first.chatId, 'See you then.')).statusCode).toBe(201);

    const response = await get(CHAT_API.inbox(poster2.id), poster2.headers);
    expect(response.statusCode).toBe(200);
    const inbox = response.json();
    expect(inbox).toHaveLength(2);
    expect(inbox[0]).toEqual({
      _id: first.chatId,
      posterId: { _id: poster2.id, name: 'Bola Ade' },
      applicantId: { _id: company.id, name: 'Ace Plumbing' },
      jobId: { _id: first.jobId, title: 'Fix a leaking kitchen sink' },
      lastMessageAt: new Date(h.clock.now).toISOString(),
      lastMessage: {
        seq: 3,
        senderId: company.id,
        message: 'See you then.',
        sentAt: new Date(h.clock.now).toISOString(),
      },
      unreadCount: 2,
      lastSeq: 3,
      readOnly: false,
    });
    // Not written in yet: after the active one.
    expect(inbox[1]).toMatchObject({
      _id: second.chatId,
      lastMessage: null,
      lastMessageAt: null,
      unreadCount: 0,
    });

    // The company's side of the same conversation: one unread (the poster's reply).
    const theirs = (await get(CHAT_API.inbox(company.id), company.headers)).json();
    expect(theirs.find((c: { _id: string }) => c._id === first.chatId)).toMatchObject({ unreadCount: 1 });

    expect((await get(API_PATHS.chatUnread, poster2.headers)).json()).toEqual({ total: 2 });
    expect((await get(API_PATHS.chatUnread, company.headers)).json()).toEqual({ total: 1 });
  });

  it('shows a member without conversations an empty inbox and a zero count', async () => {
    const newcomer = await h.member('user', 'New Comer');
    expect((await get(CHAT_API.inbox(newcomer.id), newcomer.headers)).json()).toEqual([]);
    expect((await get(API_PATHS.chatUnread, newcomer.headers)).json()).toEqual({ total: 0 });
    // An admin's own (empty) inbox: the menu shows Chat to every type.
    expect((await get(CHAT_API.inbox(admin.id), admin.headers)).json()).toEqual([]);
  });

  it('refuses visitors, other members and admins', async () => {
    await h.unlock(poster, company);
    const visitor = await get(CHAT_API.inbox(poster.id));
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().errorMessage).toBe(SESSION_MESSAGES.pleaseSignIn);
    expect((await get(API_PATHS.chatUnread)).statusCode).toBe(401);
    const forged = await get(CHAT_API.inbox(poster.id), { authorization: 'Bearer not.a.token' });
    expect(forged.statusCode).toBe(401);
    for (const who of [company, otherCompany, admin]) {
      const response = await get(CHAT_API.inbox(poster.id), who.headers);
      expect(response.statusCode).toBe(403);
      expect(response.json().errorMessage).toBe(CHAT_MESSAGES.notMember);
    }
  });

  it('names a member the read model does not know yet Anonymous, and a job it does not know yet with an empty title', async () => {
    const stranger = await h.member('company', 'Will Be Known');
    const unknownPoster = { ...poster, id: crypto.randomUUID() };
    // A paid unlock for a job the read model has not seen, with a poster it has not seen.
    const conversation = await h.unlock(unknownPoster, stranger, { jobId: crypto.randomUUID() });
    const inbox = (await get(CHAT_API.inbox(stranger.id), stranger.headers)).json();
    expect(inbox).toEqual([
      expect.objectContaining({
        _id: conversation.chatId,
        posterId: { _id: unknownPoster.id, name: 'Anonymous' },
        jobId: { _id: conversation.jobId, title: '' },
      }),
    ]);
  });

  it('answers hostile ids and queries with a 4xx, never a 5xx', async () => {
    for (const url of [
      `/api/jobs/user/chat/${encodeURIComponent('\u0000')}`,
      `/api/jobs/user/chat/${'x'.repeat(200)}`,
      `/api/jobs/user/chat/1e300`,
      `${API_PATHS.chatUnread}?q=${encodeURIComponent('\u0000')}`,
    ]) {
      const response = await get(url, poster.headers);
      expect([400, 403, 404, 414]).toContain(response.statusCode);
    }
  });
});
