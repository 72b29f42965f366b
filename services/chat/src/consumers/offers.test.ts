import { randomUUID } from 'node:crypto';
import { API_PATHS, CHAT_API, CHAT_OFFER_NOTICES, EVENT_TYPES, OFFER_MESSAGES } from '@marketplace/contracts';
import { newEvent } from '@marketplace/service-kit';
import { eventually } from '@marketplace/service-kit/testing';
import { createChatHarness, type ChatHarness, type Conversation, type Member } from '../testing';
import { offerSummary } from './offers';

describe('jobs.offer.* (consumer chat-offers): offers and their notices in the conversation', () => {
  let h: ChatHarness;
  let poster: Member;
  let company: Member;
  let otherCompany: Member;
  beforeAll(async () => {
    h = await createChatHarness();
    poster = await h.member('user', 'Ada Obi');
    company = await h.member('company', 'Ace Plumbing');
    otherCompany = await h.member('company', 'Best Builders');
  }, 60_000);
  afterAll(async () => {
    await h.close();
  });

  const offerEvent = (conversation: Conversation, overrides: Record<string, unknown> = {}) => ({
    offerId: randomUUID(),
    jobId: conversation.jobId,
    companyId: conversation.company.id,
    posterId: conversation.poster.id,
    jobTitle: 'Fix a leaking kitchen sink',
    priceNaira: 45_000,
    startDate: '2026-12-02',
    validUntil: '2026-12-09T22:59:59.000Z',
    note: 'Tiles included',
    replacesOfferId: null,
    sentAt: new Date().toISOString(),
    ...overrides,
  });
  const messagesOf = (chatId: string) =>
    h.db.selectFrom('messages').selectAll().where('chat_id', '=', chatId).orderBy('seq').execute();
  const chatRow = (chatId: string) =>
    h.db.selectFrom('chats').selectAll().where('id', '=', chatId).executeTakeFirstOrThrow();
  /** One consumer reads jobs.offer.* in order: once a later offer is stored, the earlier events were handled. */
  const settled = async () => {
    const sentinel = await h.unlock(poster, otherCompany);
    await h.publish(EVENT_TYPES.jobsOfferSent, offerEvent(sentinel));
    await eventually(async () => expect(await messagesOf(sentinel.chatId)).toHaveLength(1), 15_000);
  };
  const thread = async (member: Member, chatId: string) =>
    (await h.app.inject({ method: 'GET', url: CHAT_API.thread(chatId), headers: member.headers })).json() as {
      messages: Array<Record<string, unknown>>;
    };

  it('writes a sent offer as a card from the company: next seq, unread for the poster, live, announced, stored once', async () => {
    const conversation = await h.unlock(poster, company);
    const posterSocket = await h.socket(poster);
    const write = async (member: Member, message: string) => {
      const sent = await h.app.inject({
        method: 'POST',
        url: API_PATHS.sendMessage,
        headers: member.headers,
        payload: { chatId: conversation.chatId, message },
      });
      expect(sent.statusCode).toBe(201);
    };
    await write(company, 'Hello, we can come on Wednesday');

    const offer = offerEvent(conversation);
    const envelope = newEvent(EVENT_TYPES.jobsOfferSent, offer, { correlationId: 'test-offer' });
    await h.service.bus.publish(envelope);
    await h.service.bus.publish(envelope); // redelivered
    // The same offer announced again under another event id: still one card.
    await h.publish(EVENT_TYPES.jobsOfferSent, offer);

    const frame = await posterSocket.next('newMessage', (f) => f.message.kind === 'offer');
    const snapshot = {
      offerId: offer.offerId,
      state: 'active',
      priceNaira: 45_000,
      startDate: '2026-12-02',
      validUntil: '2026-12-09T22:59:59.000Z',
      note: 'Tiles included',
      replacesOfferId: null,
    };
    expect(frame.message).toMatchObject({
      chatId: conversation.chatId,
      seq: 2,
      sender: { _id: company.id, name: 'Ace Plumbing' },
      message: 'Offer: ₦45,000 · start 2 Dec 2026 · valid until 9 Dec 2026 · Tiles included',
      kind: 'offer',
      offer: snapshot,
    });
    await settled();
    const rows = await messagesOf(conversation.chatId);
    expect(rows.map((r) => [r.seq, r.kind])).toEqual([
      [1, 'text'],
      [2, 'offer'],
    ]);
    expect(await chatRow(conversation.chatId)).toMatchObject({ last_seq: 2, poster_unread: 2 });
    expect(
      posterSocket
        .all('newMessage')
        .filter((f) => f.message.kind === 'offer' && f.message.chatId === conversation.chatId),
    ).toHaveLength(1);

    // The thread draws it; the text message stays as it was (no kind, no offer).
    const messages = (await thread(poster, conversation.chatId)).messages;
    expect(messages[0]).not.toHaveProperty('kind');
    expect(messages[1]).toMatchObject({ kind: 'offer', offer: snapshot });

    // The offer is the company writing: announced when it answers the poster's first message (here
    // the company wrote first, so not yet), like a message would be, once.
    await write(poster, 'Wednesday is fine. What would it cost?');
    const priced = offerEvent(conversation, { priceNaira: 50_000 });
    await h.publish(EVENT_TYPES.jobsOfferSent, priced);
    await h.publish(EVENT_TYPES.jobsOfferSent, priced);
    const announced = await h.eventsOf(EVENT_TYPES.chatMessageSent, { chatId: conversation.chatId }, 2);
    expect(announced.map((e) => [e.seq, e.senderId, e.recipientId])).toEqual([
      [3, poster.id, company.id],
      [4, company.id, poster.id],
    ]);
    await settled();
    expect(
      h.events.filter(
        (e) =>
          e.type === EVENT_TYPES.chatMessageSent &&
          (e.payload as { chatId: string }).chatId === conversation.chatId,
      ),
    ).toHaveLength(2);
    posterSocket.close();
  });

  it('writes withdrawal, acceptance and decline as notices that count as unread but are not announced as replies', async () => {
    const jobId = await h.postJob(poster);
    const hired = await h.unlock(poster, company, { jobId });
    const declined = await h.unlock(poster, otherCompany, { jobId });
    const companySocket = await h.socket(company);
    const otherSocket = await h.socket(otherCompany);

    const first = offerEvent(hired, { priceNaira: null, note: '' });
    await h.publish(EVENT_TYPES.jobsOfferSent, first);
    await h.publish(EVENT_TYPES.jobsOfferWithdrawn, {
      offerId: first.offerId,
      jobId,
      companyId: company.id,
      posterId: poster.id,
      withdrawnAt: new Date().toISOString(),
    });
    const second = offerEvent(hired);
    const theirs = offerEvent(declined, { priceNaira: 60_000 });
    await h.publish(EVENT_TYPES.jobsOfferSent, second);
    await h.publish(EVENT_TYPES.jobsOfferSent, theirs);
    const accepted = newEvent(
      EVENT_TYPES.jobsOfferAccepted,
      {
        offerId: second.offerId,
        jobId,
        companyId: company.id,
        posterId: poster.id,
        jobTitle: 'Fix a leaking kitchen sink',
        declinedOfferIds: [theirs.offerId],
        declinedCompanyIds: [otherCompany.id],
        acceptedAt: new Date().toISOString(),
      },
      { correlationId: 'test-accept' },
    );
    await h.service.bus.publish(accepted);
    await h.service.bus.publish(accepted); // redelivered

    await companySocket.next('newMessage', (f) => f.message.offer?.state === 'accepted');
    const notice = await otherSocket.next('newMessage', (f) => f.message.offer?.state === 'declined');
    expect(notice.message).toMatchObject({
      sender: { _id: poster.id },
      message: OFFER_MESSAGES.declinedNotice,
      kind: 'offer-update',
      offer: { offerId: theirs.offerId, state: 'declined' },
    });
    await settled();

    const hiredRows = await messagesOf(hired.chatId);
    expect(hiredRows.map((r) => [r.seq, r.kind, r.sender_id, r.message, r.offer?.state])).toEqual([
      [1, 'offer', company.id, 'Offer: By inspection · start 2 Dec 2026 · valid until 9 Dec 2026', 'active'],
      [2, 'offer-update', company.id, CHAT_OFFER_NOTICES.withdrawn, 'withdrawn'],
      [3, 'offer', company.id, expect.stringMatching(/^Offer: ₦45,000/), 'active'],
      [4, 'offer-update', poster.id, CHAT_OFFER_NOTICES.accepted, 'accepted'],
    ]);
    expect(hiredRows[1]!.offer).toEqual({ offerId: first.offerId, state: 'withdrawn' });
    // Each notice is unread for the member it is addressed to.
    expect(await chatRow(hired.chatId)).toMatchObject({ last_seq: 4, poster_unread: 3, applicant_unread: 1 });
    expect((await messagesOf(declined.chatId)).map((r) => [r.seq, r.kind, r.offer?.state])).toEqual([
      [1, 'offer', 'active'],
      [2, 'offer-update', 'declined'],
    ]);
    expect(await chatRow(declined.chatId)).toMatchObject({ applicant_unread: 1 });

    // Nothing announced: a notice is nobody writing (no-reply rule, reply times), so the poster's
    // acceptance is not the poster's first message, and the offers answered no message of theirs.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const announced = (chatId: string) =>
      h.events.filter(
        (e) => e.type === EVENT_TYPES.chatMessageSent && (e.payload as { chatId: string }).chatId === chatId,
      );
    expect(announced(hired.chatId)).toEqual([]);
    expect(announced(declined.chatId)).toEqual([]);
    expect(await chatRow(hired.chatId)).toMatchObject({ poster_wrote_at: null, company_answered_at: null });
    expect(
      h.events.filter(
        (e) =>
          e.type === EVENT_TYPES.chatMessageSent &&
          (e.payload as { senderId: string; jobId: string }).senderId === poster.id &&
          (e.payload as { jobId: string }).jobId === jobId,
      ),
    ).toEqual([]);
    companySocket.close();
    otherSocket.close();
  });

  it('records an undone hire in the hired chat and reopened offers in theirs, also when read-only; skips jobs without a conversation', async () => {
    const jobId = await h.postJob(poster);
    const hired = await h.unlock(poster, company, { jobId });
    const reopened = await h.unlock(poster, otherCompany, { jobId });
    const ours = offerEvent(hired);
    const theirs = offerEvent(reopened);
    await h.publish(EVENT_TYPES.jobsOfferSent, ours);
    await h.publish(EVENT_TYPES.jobsOfferSent, theirs);
    await eventually(async () => expect(await messagesOf(reopened.chatId)).toHaveLength(1), 15_000);
    // The other company's unlock was refunded: its conversation is read-only, history still recorded.
    await h.refund(reopened);
    await eventually(async () => expect((await chatRow(reopened.chatId)).read_only).toBe(true), 15_000);

    await h.publish(EVENT_TYPES.jobsOfferUnaccepted, {
      offerId: ours.offerId,
      jobId,
      companyId: company.id,
      posterId: poster.id,
      reopenedOfferIds: [theirs.offerId],
      undoneAt: new Date().toISOString(),
    });
    // A company with no conversation on the job: nothing written anywhere.
    const stranger = await h.member('company', 'No Chat Ltd');
    await h.publish(EVENT_TYPES.jobsOfferWithdrawn, {
      offerId: randomUUID(),
      jobId,
      companyId: stranger.id,
      posterId: poster.id,
      withdrawnAt: new Date().toISOString(),
    });
    await settled();

    expect((await messagesOf(hired.chatId)).map((r) => [r.kind, r.message, r.offer])).toEqual([
      ['offer', expect.any(String), expect.objectContaining({ offerId: ours.offerId })],
      ['offer-update', CHAT_OFFER_NOTICES.unaccepted, { offerId: ours.offerId, state: 'active' }],
    ]);
    expect((await messagesOf(reopened.chatId)).map((r) => [r.kind, r.message, r.offer])).toEqual([
      ['offer', expect.any(String), expect.objectContaining({ offerId: theirs.offerId })],
      ['offer-update', CHAT_OFFER_NOTICES.reopened, { offerId: theirs.offerId, state: 'active' }],
    ]);
    expect(
      await h.db.selectFrom('chats').select('id').where('applicant_id', '=', stranger.id).execute(),
    ).toEqual([]);
  });

  it('an offer that arrives before its conversation opens waits for it (another stream opens it)', async () => {
    const jobId = await h.postJob(poster);
    const early = offerEvent({ jobId, company, poster } as unknown as Conversation);
    await h.publish(EVENT_TYPES.jobsOfferSent, early);
    const conversation = await h.unlock(poster, company, { jobId });
    await eventually(
      async () =>
        expect((await messagesOf(conversation.chatId)).map((r) => [r.kind, r.offer])).toEqual([
          ['offer', expect.objectContaining({ offerId: early.offerId })],
        ]),
      30_000,
    );
    // An old offer without a conversation is not waited for: the consumer goes on.
    const stranger = await h.member('company', 'Late Ltd');
    await h.publish(
      EVENT_TYPES.jobsOfferSent,
      offerEvent({ jobId, company: stranger, poster } as unknown as Conversation, {
        sentAt: new Date(Date.now() - 10 * 60_000).toISOString(),
      }),
    );
    await settled();
  }, 60_000);

  it('ignores offer events it cannot apply and goes on with the next ones', async () => {
    const conversation = await h.unlock(poster, company);
    const common = { jobId: 'legacy-job', companyId: 'not-a-uuid', posterId: poster.id };
    await h.publish(EVENT_TYPES.jobsOfferSent, { ...offerEvent(conversation), ...common });
    await h.publish(EVENT_TYPES.jobsOfferWithdrawn, { ...common, offerId: 'o', withdrawnAt: 'now' });
    await h.publish(EVENT_TYPES.jobsOfferAccepted, {
      ...common,
      offerId: 'o',
      jobTitle: 'x',
      declinedOfferIds: ['p'],
      declinedCompanyIds: [company.id, 'nope'],
      acceptedAt: 'now',
    });
    await h.publish(EVENT_TYPES.jobsOfferUnaccepted, {
      ...common,
      offerId: 'o',
      reopenedOfferIds: ['p'],
      undoneAt: 'now',
    });
    await h.publish(EVENT_TYPES.jobsOfferSent, { malformed: true });
    await settled();
    expect(await messagesOf(conversation.chatId)).toEqual([]);
  });

  it('summarises an offer for clients that draw no cards', () => {
    expect(
      offerSummary({
        priceNaira: 1_250_000,
        startDate: '2027-01-05',
        validUntil: '2027-01-12T10:00:00Z',
        note: '  ',
      }),
    ).toBe('Offer: ₦1,250,000 · start 5 Jan 2027 · valid until 12 Jan 2027');
  });
});
