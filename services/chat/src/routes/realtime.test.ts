import { randomUUID } from 'node:crypto';
import { get as httpGet } from 'node:http';
import {
  API_PATHS,
  CHAT_LIMITS,
  CHAT_MESSAGES,
  EVENT_TYPES,
  SESSION_COOKIES,
  WS_CLOSE_CODES,
} from '@marketplace/contracts';
import { holdTableLock } from '@marketplace/service-kit/testing';
import WebSocket from 'ws';
import { createChatHarness, TestSocket, type ChatHarness, type Conversation, type Member } from '../testing';

describe('/ws', () => {
  let h: ChatHarness;
  let poster: Member;
  let company: Member;
  let stranger: Member;
  let admin: Member;
  let chat: Conversation;
  let url: string;
  beforeAll(async () => {
    // Sockets' sessions are checked often here, so a sign-out closes them within the test's patience.
    h = await createChatHarness({ sessionCheckMs: 100 });
    poster = await h.member('user', 'Ada Obi');
    company = await h.member('company', 'Ace Plumbing');
    stranger = await h.member('company', 'Best Builders');
    admin = await h.member('admin', 'Admin');
    chat = await h.unlock(poster, company);
    url = await h.wsUrl();
  }, 60_000);
  afterAll(async () => {
    await h.close();
  });

  const refused = (target: string, headers: Record<string, string> = {}) =>
    TestSocket.open(target, headers).then(
      (socket) => {
        socket.close();
        return 101;
      },
      (err: { status?: number }) => err.status,
    );
  /** The status of a GET on a connection of its own. */
  const statusOf = (target: string, headers: Record<string, string>) =>
    new Promise<number | undefined>((resolve, reject) => {
      const request = httpGet(target, { headers, agent: false }, (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode));
      });
      request.on('error', reject);
    });
  const origin = () => url.replace(/^ws/, 'http').replace(/\/ws$/, '');

  describe('the upgrade', () => {
    it('refuses visitors and forged or URL-borne tokens with 401 before upgrading', async () => {
      expect(await refused(url)).toBe(401);
      expect(await refused(url, { authorization: 'Bearer not.a.token' })).toBe(401);
      expect(await refused(url, { cookie: `${SESSION_COOKIES.access}=not.a.token` })).toBe(401);
      // A token in the URL is never read (it would end up in logs and histories).
      expect(await refused(`${url}?token=${poster.token}`)).toBe(401);
      expect(
        await refused(`${url}?access_token=${poster.token}&authorization=Bearer%20${poster.token}`),
      ).toBe(401);
    });

    it('accepts the session cookie and a bearer token, and greets with the instance, the member and the unread total', async () => {
      const byCookie = await TestSocket.open(url, {
        cookie: `${SESSION_COOKIES.access}=${company.token}`,
        origin: origin(),
      });
      const welcome = await byCookie.next('welcome');
      expect(welcome).toEqual({ type: 'welcome', instance: 'chat-1', userId: company.id, unreadTotal: 0 });
      byCookie.close();

      await h.app.inject({
        method: 'POST',
        url: API_PATHS.sendMessage,
        headers: company.headers,
        payload: { chatId: chat.chatId, message: 'One unread for the poster' },
      });
      const byBearer = await TestSocket.open(url, poster.headers);
      expect(await byBearer.next('welcome')).toMatchObject({ userId: poster.id, unreadTotal: 1 });
      byBearer.send({ type: 'ping' });
      expect(await byBearer.next('pong')).toEqual({ type: 'pong', instance: 'chat-1' });
      byBearer.close();
    });

    it("refuses another site's Origin with 403 and allows its own, configured ones and none (native clients)", async () => {
      const cookie = { cookie: `${SESSION_COOKIES.access}=${poster.token}` };
      expect(await refused(url, { ...cookie, origin: 'https://evil.example' })).toBe(403);
      expect(await refused(url, { ...cookie, origin: 'null' })).toBe(403);
      expect(await refused(url, { ...cookie, origin: 'chrome-extension://abc' })).toBe(403);
      // X-Forwarded-Host is believed only from a trusted proxy (none here).
      expect(
        await refused(url, { ...cookie, origin: 'https://evil.example', 'x-forwarded-host': 'evil.example' }),
      ).toBe(403);
      expect(await refused(url, { ...cookie, origin: origin() })).toBe(101);
      expect(await refused(url, cookie)).toBe(101);
      // The whole origin: the same host on another scheme or port is another site.
      const own = new URL(origin());
      expect(await refused(url, { ...cookie, origin: `https://${own.host}` })).toBe(403);
      expect(await refused(url, { ...cookie, origin: `http://${own.hostname}:1` })).toBe(403);

      const configured = await h.instance({ allowedOrigins: ['https://market.example'] });
      const other = await configured.wsUrl();
      expect(await refused(other, { ...cookie, origin: 'https://market.example' })).toBe(101);
      expect(await refused(other, { ...cookie, origin: 'https://market.example.evil.example' })).toBe(403);
      expect(await refused(other, { ...cookie, origin: 'http://market.example' })).toBe(403);
      expect(await refused(other, { ...cookie, origin: 'https://market.example:8443' })).toBe(403);
      // With a configured origin the Host header decides nothing: a page on whatever host the request
      // names (DNS rebinding) is not the site.
      const rebound = new URL(other.replace(/^ws/, 'http'));
      expect(await refused(other, { ...cookie, origin: `http://${rebound.host}` })).toBe(403);
      expect(await refused(other, { ...cookie, origin: 'http://evil.example', host: 'evil.example' })).toBe(
        403,
      );
      await configured.close();
    });
  });

  describe('the session', () => {
    const socketOf = async (member: Member, claims: { sid?: string } = {}, expiresInSeconds?: number) => {
      const token = await h.service.tokenFor(
        { sub: member.id, type: member.type, name: member.name, ...claims },
        expiresInSeconds === undefined ? {} : { expiresInSeconds },
      );
      const socket = await TestSocket.open(url, { authorization: `Bearer ${token}` });
      await socket.next('welcome');
      return socket;
    };

    it('closes a socket with 4401 when its session is signed out elsewhere, and only that one', async () => {
      const [ended, other] = [randomUUID(), randomUUID()];
      const signedOut = await socketOf(poster, { sid: ended });
      const stillIn = await socketOf(poster, { sid: other });
      await h.publish(EVENT_TYPES.accountsSessionRevoked, { sid: ended, userId: poster.id });
      expect(await signedOut.closedWith()).toEqual({
        code: WS_CLOSE_CODES.sessionEnded,
        reason: 'session ended',
      });
      stillIn.send({ type: 'ping' });
      expect(await stillIn.next('pong')).toMatchObject({ type: 'pong' });
      stillIn.close();
    });

    it('closes every socket of a deleted account with 4401', async () => {
      const leaving = await h.member('user', 'Leaving Member');
      const socket = await socketOf(leaving, { sid: randomUUID() });
      await h.publish(EVENT_TYPES.accountsUserDeleted, { userId: leaving.id });
      expect((await socket.closedWith()).code).toBe(WS_CLOSE_CODES.sessionEnded);
    });

    it('closes a socket with 4401 when the access token it opened with expires', async () => {
      // Long enough for the socket to open and be welcomed on a loaded machine (a token's expiry is in
      // whole seconds, so a 1-second one could expire before the welcome).
      const socket = await socketOf(company, { sid: randomUUID() }, 3);
      expect(await socket.closedWith(8000)).toEqual({
        code: WS_CLOSE_CODES.sessionEnded,
        reason: 'session expired',
      });
    });
  });

  describe('frames', () => {
    it('answers a bad frame with a bad_request error and keeps the socket open', async () => {
      const socket = await h.socket(poster);
      const bad: Array<string | Buffer> = [
        'not json',
        '{"type": "sendMessage", "chatId": ',
        JSON.stringify({ type: 'shout' }),
        JSON.stringify({ type: 'joinRoom' }),
        JSON.stringify({ type: 'joinRoom', chatId: chat.chatId, after: -1 }),
        JSON.stringify({ type: 'joinRoom', chatId: chat.chatId, after: 1e300 }),
        JSON.stringify({ type: 'joinRoom', chatId: 42 }),
        JSON.stringify({ type: 'joinRoom', chatId: '' }),
        JSON.stringify({ type: 'sendMessage', chatId: chat.chatId, clientId: 'c', message: 42 }),
        JSON.stringify({ type: 'sendMessage', chatId: chat.chatId, message: 'no client id' }),
        JSON.stringify({ type: 'sendMessage', chatId: chat.chatId, clientId: 'nul', message: 'a\u0000b' }),
        JSON.stringify({ type: 'markAsRead', chatId: chat.chatId, upTo: 0 }),
        JSON.stringify({ type: 'markAsRead', chatId: chat.chatId, upTo: 'all' }),
        JSON.stringify(null),
        JSON.stringify([{ type: 'ping' }]),
        Buffer.from([0xde, 0xad, 0xbe, 0xef]),
      ];
      for (const frame of bad) socket.sendRaw(frame);
      socket.send({ type: 'ping' });
      await socket.next('pong');
      const errors = socket.all('error');
      expect(errors).toHaveLength(bad.length);
      expect(errors.every((e) => e.code === 'bad_request' && e.message === CHAT_MESSAGES.badMessage)).toBe(
        true,
      );
      expect(await h.db.selectFrom('messages').select('id').where('message', 'like', '%b').execute()).toEqual(
        [],
      );
      socket.close();
    });

    it(`closes a socket that sends a frame over ${CHAT_LIMITS.frameMaxBytes} bytes (1009)`, async () => {
      const socket = await h.socket(poster);
      socket.sendRaw('x'.repeat(CHAT_LIMITS.frameMaxBytes + 1));
      expect((await socket.closedWith()).code).toBe(1009);
    });

    it('joinRoom answers with the messages after `after`, and refuses other conversations', async () => {
      const conversation = await h.unlock(poster, company);
      for (let i = 1; i <= 3; i++) {
        await h.app.inject({
          method: 'POST',
          url: API_PATHS.sendMessage,
          headers: company.headers,
          payload: { chatId: conversation.chatId, message: `m${i}` },
        });
      }
      const socket = await h.socket(poster);
      socket.send({ type: 'joinRoom', chatId: conversation.chatId, after: 1 });
      const joined = await socket.next('joined');
      expect(joined).toMatchObject({ chatId: conversation.chatId, hasMore: false, readOnly: false });
      expect(joined.messages.map((m) => [m.seq, m.message])).toEqual([
        [2, 'm2'],
        [3, 'm3'],
      ]);
      socket.send({ type: 'joinRoom', chatId: conversation.chatId });
      await socket.next('joined', (f) => f.messages.length === 3);

      const outsider = await h.socket(stranger);
      outsider.send({ type: 'joinRoom', chatId: conversation.chatId });
      expect(await outsider.next('error')).toEqual({
        type: 'error',
        code: 'not_member',
        message: CHAT_MESSAGES.notMember,
        chatId: conversation.chatId,
      });
      const unknown = randomUUID();
      outsider.send({ type: 'joinRoom', chatId: unknown });
      expect(await outsider.next('error', (e) => e.chatId === unknown)).toMatchObject({ code: 'not_found' });
      const adminSocket = await h.socket(admin);
      adminSocket.send({ type: 'joinRoom', chatId: conversation.chatId });
      expect(await adminSocket.next('error')).toMatchObject({ code: 'not_member' });
      for (const s of [socket, outsider, adminSocket]) s.close();
    });

    it('sendMessage: stored, acked to the sending socket, then delivered to every socket of both members on every instance', async () => {
      const conversation = await h.unlock(poster, company);
      const second = await h.instance();
      const sender = await h.socket(company);
      const senderElsewhere = await h.socket(company, second);
      const recipient = await h.socket(poster, second);
      const recipientHere = await h.socket(poster);
      const outsider = await h.socket(stranger, second);

      sender.send({ type: 'sendMessage', chatId: conversation.chatId, clientId: 'c-1', message: ' Hello ' });
      const ack = await sender.next('messageAck');
      expect(ack).toEqual({
        type: 'messageAck',
        clientId: 'c-1',
        message: {
          _id: expect.any(String),
          chatId: conversation.chatId,
          seq: 1,
          clientId: 'c-1',
          sender: { _id: company.id, name: 'Ace Plumbing' },
          message: 'Hello',
          sentAt: expect.any(String),
          read: false,
        },
      });
      for (const socket of [sender, senderElsewhere, recipient, recipientHere]) {
        expect(await socket.next('newMessage')).toEqual({ type: 'newMessage', message: ack.message });
      }
      // The ack comes before the sender's own copy; only the sending socket gets it.
      expect(sender.frames.findIndex((f) => f.type === 'messageAck')).toBeLessThan(
        sender.frames.findIndex((f) => f.type === 'newMessage'),
      );
      expect(senderElsewhere.all('messageAck')).toEqual([]);
      const stored = await h.db
        .selectFrom('messages')
        .selectAll()
        .where('chat_id', '=', conversation.chatId)
        .execute();
      expect(stored).toEqual([expect.objectContaining({ id: ack.message._id, seq: 1, message: 'Hello' })]);

      // A retry (the ack was lost): the same message, acked again, stored once.
      sender.send({ type: 'sendMessage', chatId: conversation.chatId, clientId: 'c-1', message: ' Hello ' });
      await sender.next('messageAck', (f) => f !== ack);
      expect(sender.all('messageAck').map((f) => f.message)).toEqual([ack.message, ack.message]);
      expect(
        await h.db.selectFrom('messages').select('id').where('chat_id', '=', conversation.chatId).execute(),
      ).toHaveLength(1);

      // In order: a burst from one socket is stored in the order it was sent.
      for (let i = 2; i <= 11; i++) {
        sender.send({
          type: 'sendMessage',
          chatId: conversation.chatId,
          clientId: `c-${i}`,
          message: `burst ${i}`,
        });
      }
      await recipient.next('newMessage', (f) => f.message.clientId === 'c-11');
      const burst = recipient.all('newMessage').filter((f) => f.message.message.startsWith('burst'));
      expect(burst.map((f) => [f.message.seq, f.message.clientId])).toEqual(
        Array.from({ length: 10 }, (_, i) => [i + 2, `c-${i + 2}`]),
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(outsider.all('newMessage')).toEqual([]);
      for (const s of [sender, senderElsewhere, recipient, recipientHere, outsider]) s.close();
      await second.close();
    });

    it('sendMessage refusals say which message: empty, too long, not a member, read-only', async () => {
      const conversation = await h.unlock(poster, company);
      const socket = await h.socket(company);
      const attempt = async (chatId: string, clientId: string, message: string) => {
        socket.send({ type: 'sendMessage', chatId, clientId, message });
        return socket.next('error', (e) => e.clientId === clientId);
      };
      expect(await attempt(conversation.chatId, 'e', '  ')).toEqual({
        type: 'error',
        code: 'empty',
        message: CHAT_MESSAGES.emptyMessage,
        chatId: conversation.chatId,
        clientId: 'e',
      });
      expect(
        await attempt(conversation.chatId, 'l', 'x'.repeat(CHAT_LIMITS.messageMaxChars + 1)),
      ).toMatchObject({
        code: 'too_long',
        message: CHAT_MESSAGES.tooLong,
      });
      const theirs = await h.unlock(poster, stranger);
      expect(await attempt(theirs.chatId, 'n', 'hi')).toMatchObject({ code: 'not_member' });
      await h.refund(conversation);
      await socket.next('inboxChanged', (f) => f.chatId === conversation.chatId);
      expect(await attempt(conversation.chatId, 'r', 'hi')).toMatchObject({
        code: 'read_only',
        message: CHAT_MESSAGES.readOnly,
      });
      socket.send({ type: 'joinRoom', chatId: conversation.chatId });
      expect(await socket.next('joined', (f) => f.chatId === conversation.chatId)).toMatchObject({
        readOnly: true,
      });
      socket.close();
    });

    it('markAsRead: moves the read position, tells both members, announces chat.messages.read and lowers the counts', async () => {
      const conversation = await h.unlock(poster, company);
      const posterSocket = await h.socket(poster);
      const companySocket = await h.socket(company);
      for (let i = 1; i <= 3; i++) {
        companySocket.send({
          type: 'sendMessage',
          chatId: conversation.chatId,
          clientId: `r${i}`,
          message: `m${i}`,
        });
        await companySocket.next('messageAck', (f) => f.clientId === `r${i}`);
      }
      const unread = async () =>
        (await h.app.inject({ method: 'GET', url: API_PATHS.chatUnread, headers: poster.headers })).json()
          .total;
      const before = await unread();

      posterSocket.send({ type: 'markAsRead', chatId: conversation.chatId, upTo: 2 });
      const frame = { type: 'messagesRead', chatId: conversation.chatId, userId: poster.id, upTo: 2 };
      expect(await companySocket.next('messagesRead')).toEqual(frame);
      expect(await posterSocket.next('messagesRead')).toEqual(frame);
      expect(await unread()).toBe(before - 2);
      expect(await h.eventsOf(EVENT_TYPES.chatMessagesRead, { chatId: conversation.chatId })).toEqual([
        {
          chatId: conversation.chatId,
          jobId: conversation.jobId,
          readerId: poster.id,
          upTo: 2,
          readAt: expect.any(String),
        },
      ]);

      // Reading again up to the same point changes nothing and tells nobody; beyond the end means all.
      posterSocket.send({ type: 'markAsRead', chatId: conversation.chatId, upTo: 1 });
      posterSocket.send({ type: 'markAsRead', chatId: conversation.chatId, upTo: 99 });
      expect(await companySocket.next('messagesRead', (f) => f.upTo === 3)).toMatchObject({ upTo: 3 });
      expect(companySocket.all('messagesRead').map((f) => f.upTo)).toEqual([2, 3]);
      expect(await unread()).toBe(before - 3);
      const outsider = await h.socket(stranger);
      outsider.send({ type: 'markAsRead', chatId: conversation.chatId });
      expect(await outsider.next('error')).toMatchObject({ code: 'not_member', chatId: conversation.chatId });
      for (const s of [posterSocket, companySocket, outsider]) s.close();
    });

    it('answers a catch-up with nothing new from the conversation row, without reading the messages', async () => {
      const conversation = await h.unlock(poster, company);
      const socket = await h.socket(company);
      socket.send({ type: 'sendMessage', chatId: conversation.chatId, clientId: 'row-1', message: 'One' });
      await socket.next('messageAck');
      const conversations = h.controls.conversations;
      const view = await conversations.viewFor(company.id, conversation.chatId);
      expect(view.last_seq).toBe(1);
      expect((await conversations.page(view, { after: 0 })).messages.map((m) => m.seq)).toEqual([1]);
      // The row is believed: one that says nothing follows 0 is answered without the messages' query.
      expect(await conversations.page({ ...view, last_seq: 0 }, { after: 0 })).toEqual({
        messages: [],
        hasMore: false,
      });
      socket.send({ type: 'joinRoom', chatId: conversation.chatId, after: 1 });
      expect(await socket.next('joined')).toMatchObject({ messages: [], hasMore: false });
      socket.close();
    });

    it('asks every socket to catch up (resync) when live delivery may have missed something', async () => {
      const socket = await h.socket(poster);
      h.controls.hub.resyncAll();
      expect(await socket.next('resync')).toEqual({ type: 'resync' });
      socket.close();
    });
  });

  describe('connections', () => {
    it('drops a socket that stops answering pings', async () => {
      const quick = await h.instance({ heartbeatMs: 100 });
      // This client never answers pings (as a peer that vanished without closing).
      const silent = new TestSocket(
        new WebSocket(await quick.wsUrl(), { headers: poster.headers, autoPong: false }),
      );
      await silent.next('welcome');
      expect((await silent.closedWith(10_000)).code).toBe(1006);
      const answering = await h.socket(poster, quick);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(answering.closed).toBeUndefined();
      answering.close();
      await quick.close();
    });

    it('tells its clients it is going away (1012) when the instance stops', async () => {
      const leaving = await h.instance();
      const socket = await h.socket(poster, leaving);
      await leaving.close();
      expect(await socket.closedWith()).toMatchObject({ code: 1012 });
    });

    it('does not wait for a client that never answers the close: its connection is ended after a second', async () => {
      const leaving = await h.instance();
      const busy = await h.socket(poster, leaving);
      // A client too busy to read: the 1012 close frame sits unread and is never answered.
      (busy.ws as unknown as { _socket: { pause(): void } })._socket.pause();
      const started = Date.now();
      await leaving.close();
      // ws would wait 30 s for the answer; the shutdown limit is 10 s.
      expect(Date.now() - started).toBeLessThan(5000);
      busy.ws.terminate();
    });

    it('hands its sockets over at its pace: the later ones keep working until their turn', async () => {
      const conversation = await h.unlock(poster, company);
      // 4 sockets at 2 a second: told to move 0, 500, 1000 and 1500 ms after the stop began.
      const leaving = await h.instance({ drain: { socketsPerSecond: 2, maxSpreadMs: 15_000 } });
      const sockets = [
        await h.socket(company, leaving),
        await h.socket(poster, leaving),
        await h.socket(company, leaving),
        await h.socket(poster, leaving),
      ];
      const closedAt: number[] = [];
      const started = Date.now();
      const closing = sockets.map((socket, index) =>
        socket.closedWith().then((closed) => {
          closedAt[index] = Date.now() - started;
          return closed.code;
        }),
      );
      const stopping = leaving.close();
      // The first is sent elsewhere; the last, not yet told, still stores and acknowledges a message.
      await closing[0];
      const last = sockets[3]!;
      expect(last.closed).toBeUndefined();
      last.send({
        type: 'sendMessage',
        chatId: conversation.chatId,
        clientId: 'pace-1',
        message: 'Still here',
      });
      expect((await last.next('messageAck')).clientId).toBe('pace-1');
      expect(await Promise.all(closing)).toEqual(Array(4).fill(WS_CLOSE_CODES.serviceRestart));
      await stopping;
      // In turn, spread over the pace (a slow test process sees the first close late, never the last early).
      expect([...closedAt].sort((a, b) => a - b)).toEqual(closedAt);
      expect(closedAt[3]! - closedAt[0]!).toBeGreaterThanOrEqual(1000);
    });

    it('stops cleanly after requests injected without a connection (tests, probes) reached /ws', async () => {
      const leaving = await h.instance();
      const injected = await leaving.app.inject({
        method: 'GET',
        url: '/ws',
        headers: { ...company.headers, connection: 'Upgrade', upgrade: 'websocket' },
      });
      expect(injected.statusCode).toBeLessThan(500);
      await expect(leaving.close()).resolves.toBeUndefined();
    });

    it('refuses with 503 an upgrade still in its checks when the drain begins, rather than leaving it hanging', async () => {
      const leaving = await h.instance();
      const wsUrl = await leaving.wsUrl();
      const newcomer = await h.member('company', 'Late Arrivals Ltd');
      // A busy database: the session lookup of the upgrade waits behind a lock (with no copy of the
      // revocations in memory, as while the database cannot be read, the lookup queries the table).
      leaving.controls.revocations.stop();
      const release = await holdTableLock(h.db, 'chat.revocations');
      const answer = refused(wsUrl, newcomer.headers);
      await new Promise((resolve) => setTimeout(resolve, 300));

      const started = Date.now();
      const stopping = leaving.close();
      expect(await answer).toBe(503);
      expect(Date.now() - started).toBeLessThan(1000);
      await release();
      await stopping;
    });

    it('drains when it stops: refuses new work, finishes the message it took, then sends its sockets elsewhere (1012)', async () => {
      const conversation = await h.unlock(poster, company);
      const leaving = await h.instance();
      const sender = await h.socket(company, leaving);
      const recipient = await h.socket(poster);
      // A slow database: the first message is in the writer when the stop begins.
      const conversations = leaving.controls.conversations;
      const store = conversations.send.bind(conversations);
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      let entered!: () => void;
      const inFlight = new Promise<void>((resolve) => (entered = resolve));
      conversations.send = async (...args) => {
        entered();
        await gate;
        return store(...args);
      };
      const wsUrl = await leaving.wsUrl();
      const unreadUrl = `${wsUrl.replace(/^ws/, 'http').replace(/\/ws$/, '')}${API_PATHS.chatUnread}`;
      sender.send({ type: 'sendMessage', chatId: conversation.chatId, clientId: 'd-1', message: 'Taken' });
      await inFlight;

      const stopping = leaving.close();
      await new Promise((resolve) => setTimeout(resolve, 50));
      // No new socket and no new request on a stopping instance: nothing listens any more, so the
      // kernel refuses the connection and the ingress tries the next replica at once.
      await expect(statusOf(unreadUrl, company.headers)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
      await expect(TestSocket.open(wsUrl, company.headers)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
      // A frame that arrives during the drain is not taken: never stored nor acknowledged here.
      sender.send({ type: 'sendMessage', chatId: conversation.chatId, clientId: 'd-2', message: 'Too late' });
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(sender.closed).toBeUndefined();

      release();
      const ack = await sender.next('messageAck');
      expect(ack.clientId).toBe('d-1');
      expect(await sender.closedWith()).toMatchObject({ code: WS_CLOSE_CODES.serviceRestart });
      await stopping;
      expect(sender.frames.filter((f) => f.type === 'messageAck').map((f) => f.clientId)).toEqual(['d-1']);
      // Rung before the instance let go of the bus: the other member has it, once.
      const delivered = await recipient.next('newMessage', (f) => f.message.clientId === 'd-1');
      expect(delivered.message).toEqual(ack.message);
      const stored = await h.db
        .selectFrom('messages')
        .select(['client_id', 'seq'])
        .where('chat_id', '=', conversation.chatId)
        .execute();
      expect(stored).toEqual([{ client_id: 'd-1', seq: 1 }]);

      // The client sends what was never acknowledged again, elsewhere: stored once, delivered once.
      const moved = await h.socket(company);
      moved.send({ type: 'sendMessage', chatId: conversation.chatId, clientId: 'd-1', message: 'Taken' });
      moved.send({ type: 'sendMessage', chatId: conversation.chatId, clientId: 'd-2', message: 'Too late' });
      await recipient.next('newMessage', (f) => f.message.clientId === 'd-2');
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(recipient.all('newMessage').map((f) => [f.message.clientId, f.message.seq])).toEqual([
        ['d-1', 1],
        ['d-2', 2],
      ]);
      moved.close();
      recipient.close();
    });
  });
});

describe('/ws and HTTP share one send limit per member', () => {
  let h: ChatHarness;
  beforeAll(async () => {
    h = await createChatHarness({ sendLimit: { max: 4, windowMs: 60_000 } });
  }, 60_000);
  afterAll(async () => {
    await h.close();
  });

  it('refuses the message over the limit on either path, with rate_limited and a 429, until the window ends', async () => {
    // Start of a window, so the test never straddles two.
    h.clock.now = Math.ceil(h.clock.now / 60_000) * 60_000;
    const poster = await h.member('user');
    const company = await h.member('company');
    const { chatId } = await h.unlock(poster, company);
    const socket = await h.socket(company);
    const http = (message: string) =>
      h.app.inject({
        method: 'POST',
        url: API_PATHS.sendMessage,
        headers: company.headers,
        payload: { chatId, message },
      });
    expect((await http('one')).statusCode).toBe(201);
    expect((await http('two')).statusCode).toBe(201);
    for (const clientId of ['three', 'four', 'five'])
      socket.send({ type: 'sendMessage', chatId, clientId, message: clientId });
    expect(await socket.next('error', (e) => e.clientId === 'five')).toEqual({
      type: 'error',
      code: 'rate_limited',
      message: CHAT_MESSAGES.rateLimited,
      chatId,
      clientId: 'five',
    });
    expect(socket.all('messageAck').map((f) => f.clientId)).toEqual(['three', 'four']);
    const refused = await http('six');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().errorMessage).toBe(CHAT_MESSAGES.rateLimited);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // A retry of a stored message is not a new one: still answered.
    socket.send({ type: 'sendMessage', chatId, clientId: 'four', message: 'four' });
    await socket.next('messageAck', (f) => socket.all('messageAck').length === 3 && f.clientId === 'four');
    // The other member has a budget of their own.
    expect(
      (
        await h.app.inject({
          method: 'POST',
          url: API_PATHS.sendMessage,
          headers: poster.headers,
          payload: { chatId, message: 'mine' },
        })
      ).statusCode,
    ).toBe(201);
    const stored = await h.db
      .selectFrom('messages')
      .select('message')
      .where('chat_id', '=', chatId)
      .orderBy('seq')
      .execute();
    expect(stored.map((r) => r.message)).toEqual(['one', 'two', 'three', 'four', 'mine']);

    h.clock.advance(60_000);
    socket.send({ type: 'sendMessage', chatId, clientId: 'seven', message: 'next window' });
    await socket.next('messageAck', (f) => f.clientId === 'seven');
    socket.close();
  });
});
