import { randomUUID } from 'node:crypto';
import { API_PATHS, CHAT_API, CHAT_MESSAGES, EVENT_TYPES } from '@marketplace/contracts';
import { DELETED_MEMBER_NAME } from '@marketplace/service-kit';
import { eventually } from '@marketplace/service-kit/testing';
import { createChatHarness, type ChatHarness, type Member } from '../testing';

describe('events chat consumes', () => {
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

  const chatsOf = (jobId: string) =>
    h.db.selectFrom('chats').selectAll().where('job_id', '=', jobId).orderBy('created_at').execute();
  const paid = (jobId: string, companyId: string, paymentId = randomUUID(), posterId = poster.id) =>
    h.publish(EVENT_TYPES.paymentsUnlockPaid, {
      paymentId,
      reference: `ref-${paymentId}`,
      jobId,
      companyId,
      posterId,
      amount: 100_000,
      currency: 'NGN',
      paidAt: new Date().toISOString(),
    });
  /** A later event on the same stream proves the earlier ones were handled (one consumer, in order). */
  const settled = async () => {
    const sentinel = await h.unlock(poster, otherCompany);
    return sentinel;
  };

  describe('payments.unlock.paid and .refunded (consumer chat-unlocks)', () => {
    it('opens one conversation per job and company, however often the unlock is announced, and tells both members', async () => {
      const posterSocket = await h.socket(poster);
      const companySocket = await h.socket(company);
      const jobId = await h.postJob(poster);
      const paymentId = randomUUID();
      const conversation = await h.unlock(poster, company, { jobId, paymentId });
      // The same payment confirmed twice (callback and webhook): the same conversation, nothing new.
      await paid(jobId, company.id, paymentId);
      await settled();
      expect(await chatsOf(jobId)).toEqual([
        expect.objectContaining({
          id: conversation.chatId,
          poster_id: poster.id,
          applicant_id: company.id,
          payment_id: paymentId,
          read_only: false,
          last_seq: 0,
        }),
      ]);
      for (const socket of [posterSocket, companySocket]) {
        await socket.next('inboxChanged', (f) => f.chatId === conversation.chatId);
      }
      expect(companySocket.all('inboxChanged').filter((f) => f.chatId === conversation.chatId)).toHaveLength(
        1,
      );
      // A second company on the same job has its own conversation.
      const second = await h.unlock(poster, otherCompany, { jobId });
      expect((await chatsOf(jobId)).map((c) => c.id)).toEqual([conversation.chatId, second.chatId]);
      expect(second.chatId).not.toBe(conversation.chatId);
      posterSocket.close();
      companySocket.close();
    });

    it('makes the conversation of a refunded unlock read-only, tells both members, and reopens it for a new paid unlock', async () => {
      const conversation = await h.unlock(poster, company);
      const companySocket = await h.socket(company);
      const write = async (member: Member, message: string) =>
        expect(
          (
            await h.app.inject({
              method: 'POST',
              url: API_PATHS.sendMessage,
              headers: member.headers,
              payload: { chatId: conversation.chatId, message },
            })
          ).statusCode,
        ).toBe(201);
      await write(poster, 'Can you come this week?');
      await write(company, 'Yes, Thursday.');
      expect((await chatsOf(conversation.jobId))[0]).toMatchObject({
        poster_wrote_at: expect.any(Date),
        company_answered_at: expect.any(Date),
      });
      // A refund without an unlock, or of another payment: nothing changes.
      await h.refund(conversation, { unlocked: false });
      await h.refund(conversation, { paymentId: randomUUID() });
      await settled();
      expect((await chatsOf(conversation.jobId))[0]?.read_only).toBe(false);

      await h.refund(conversation);
      await eventually(async () => expect((await chatsOf(conversation.jobId))[0]?.read_only).toBe(true));
      await companySocket.next('inboxChanged', (f) => f.chatId === conversation.chatId);
      const inbox = (
        await h.app.inject({ method: 'GET', url: CHAT_API.inbox(company.id), headers: company.headers })
      ).json();
      expect(inbox.find((c: { _id: string }) => c._id === conversation.chatId)).toMatchObject({
        readOnly: true,
      });

      const again = await h.unlock(poster, company, { jobId: conversation.jobId });
      expect(again.chatId).toBe(conversation.chatId);
      expect((await chatsOf(conversation.jobId))[0]).toMatchObject({
        read_only: false,
        payment_id: again.paymentId,
        // The new payment waits for the poster's answer from now on (payments' no-reply rule).
        poster_wrote_at: null,
        company_answered_at: null,
      });
      await write(poster, 'Still need you, are you free?');
      expect(
        (await h.eventsOf(EVENT_TYPES.chatMessageSent, { chatId: conversation.chatId }, 3)).map((e) => e.seq),
      ).toEqual([1, 2, 3]);
      // The old payment's refund arriving late does not close the reopened conversation.
      await h.refund(conversation);
      await settled();
      expect((await chatsOf(conversation.jobId))[0]?.read_only).toBe(false);
      companySocket.close();
    });

    it('ignores unlocks it cannot apply and goes on with the next ones', async () => {
      const jobId = randomUUID();
      await paid(jobId, 'not-a-uuid');
      await paid(jobId, poster.id); // a "company" that is the poster
      await h.publish(EVENT_TYPES.paymentsUnlockPaid, { malformed: true });
      await h.publish(EVENT_TYPES.paymentsUnlockRefunded, { jobId, unlocked: 'yes' });
      await settled();
      expect(await chatsOf(jobId)).toEqual([]);
    });
  });

  describe('jobs.job.* (consumer chat-jobs) and accounts.user.* (chat-members)', () => {
    it('keeps the title, category and start date of each job, and a later title change', async () => {
      const jobId = await h.postJob(poster, {
        title: 'Paint the fence',
        category: 'House and Garden',
        jobStartDate: '2031-05-01',
      });
      const conversation = await h.unlock(poster, company, { jobId });
      await h.publish(EVENT_TYPES.jobsJobUpdated, { jobId, postedBy: poster.id, fields: ['description'] });
      await h.publish(EVENT_TYPES.jobsJobUpdated, {
        jobId,
        postedBy: poster.id,
        fields: ['jobHeading'],
        title: 'Paint the whole fence',
      });
      await eventually(async () => {
        const job = await h.db
          .selectFrom('chat_jobs')
          .selectAll()
          .where('job_id', '=', jobId)
          .executeTakeFirstOrThrow();
        expect(job).toMatchObject({
          title: 'Paint the whole fence',
          category: 'House and Garden',
          job_start_date: '2031-05-01',
          poster_id: poster.id,
        });
      });
      const thread = (
        await h.app.inject({
          method: 'GET',
          url: CHAT_API.thread(conversation.chatId),
          headers: poster.headers,
        })
      ).json();
      expect(thread.jobId).toEqual({
        _id: jobId,
        title: 'Paint the whole fence',
        category: 'House and Garden',
        jobStartDate: '2031-05-01',
      });
      // Ids that cannot be ours are ignored.
      await h.publish(EVENT_TYPES.jobsJobPosted, { jobId: 'legacy', postedBy: poster.id, title: 'x' });
      await h.postJob(poster);
    });

    it('shows names as accounts announce them, a changed name included', async () => {
      const renamed = await h.member('company', 'Old Name Ltd');
      const conversation = await h.unlock(poster, renamed);
      await h.publish(EVENT_TYPES.accountsUserUpdated, { userId: renamed.id, name: 'New Name Ltd' });
      await eventually(async () => {
        const inbox = (
          await h.app.inject({ method: 'GET', url: CHAT_API.inbox(poster.id), headers: poster.headers })
        ).json();
        expect(inbox.find((c: { _id: string }) => c._id === conversation.chatId)?.applicantId).toEqual({
          _id: renamed.id,
          name: 'New Name Ltd',
        });
      });
      const sent = await h.app.inject({
        method: 'POST',
        url: API_PATHS.sendMessage,
        headers: renamed.headers,
        payload: { chatId: conversation.chatId, message: 'Hello' },
      });
      expect(sent.json().sender).toEqual({ _id: renamed.id, name: 'New Name Ltd' });
    });

    it("erases a deleted member's name and texts; the other member's messages and the order stay", async () => {
      const leaving = await h.member('company', 'Leaving Ltd');
      const conversation = await h.unlock(poster, leaving);
      const send = (member: Member, message: string) =>
        h.app.inject({
          method: 'POST',
          url: API_PATHS.sendMessage,
          headers: member.headers,
          payload: { chatId: conversation.chatId, message },
        });
      expect((await send(leaving, 'My number is 0803 555 0199')).statusCode).toBe(201);
      expect((await send(poster, 'Thanks, I will call you')).statusCode).toBe(201);

      await h.publish(EVENT_TYPES.accountsUserDeleted, { userId: leaving.id });
      await eventually(async () => {
        const thread = (
          await h.app.inject({
            method: 'GET',
            url: CHAT_API.thread(conversation.chatId),
            headers: poster.headers,
          })
        ).json() as { messages: Array<{ seq: number; message: string; sender: { name: string } }> };
        expect(thread.messages.map((m) => [m.seq, m.sender.name, m.message])).toEqual([
          [1, DELETED_MEMBER_NAME, CHAT_MESSAGES.erasedMessage],
          [2, 'Ada Obi', 'Thanks, I will call you'],
        ]);
      });
      const stored = await h.db
        .selectFrom('messages')
        .select('message')
        .where('sender_id', '=', leaving.id)
        .execute();
      expect(stored.map((m) => m.message)).toEqual([CHAT_MESSAGES.erasedMessage]);
    });
  });
});
