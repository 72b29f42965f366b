import { randomUUID } from 'node:crypto';
import {
  API_PATHS,
  REFUND_REASON_MESSAGES,
  unlockRefundRule,
  type EventEnvelope,
  type RefundReason,
} from '@marketplace/contracts';
import { dispatchEvents, idempotentHandler } from '@marketplace/service-kit';
import { eventually } from '@marketplace/service-kit/testing';
import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from 'kysely';
import { CHAT_CONSUMER, chatHandlers } from '../consumers/chat';
import type { PaymentsDatabase } from '../db-types';
import { ANSWER_GRACE_MS } from './no-reply';
import { FakePaystack, setUpPaymentsHarness } from '../testing';

const HOUR = 60 * 60_000;
const WINDOW = 72 * HOUR;
const silent = { info() {}, warn() {}, error() {}, debug() {} } as unknown as FastifyBaseLogger;

describe('the no-reply refund: the poster must answer in the chat within UNLOCK_REFUND_HOURS', () => {
  let clock = Date.now();
  const fake = new FakePaystack('sk_test_no_reply');
  const h = setUpPaymentsHarness({ unlockRefundHours: 72, now: () => new Date(clock) }, { paystack: fake });

  /** A company with a paid unlock of a new job, paid at `paidAt` (the service's clock then). */
  const unlocked = async () => ({ ...(await h.paidUnlock()), paidAt: clock, chatId: randomUUID() });
  const handled = (event: EventEnvelope) => h.handled(CHAT_CONSUMER, event);
  const refundedEvents = (reference: string) =>
    h.published('payments.unlock.refunded').filter((e) => e.reference === reference);
  /**
   * The refunded events of `reference` once every event payments wrote so far has been observed: a new
   * checkout's `initiated` event is written after them and relayed in order, so waiting for it is enough.
   */
  async function settledRefundedEvents(reference: string) {
    const company = await h.account('company');
    const { jobId } = await h.postJob();
    const marker = await h.startCheckout(company.headers, jobId);
    await eventually(async () =>
      expect(h.published('payments.unlock.initiated').map((e) => e.reference)).toContain(marker),
    );
    return refundedEvents(reference);
  }

  it('is promised by the terms', async () => {
    const { jobId } = await h.postJob();
    const terms = await h.service.app.inject({
      method: 'GET',
      url: `${API_PATHS.paymentTerms}?jobId=${jobId}`,
    });
    expect(terms.json()).toMatchObject({
      refundRule: unlockRefundRule(72),
      refundHours: 72,
    });
    expect(terms.json().refundRule).toContain(
      'if the poster does not answer you in the chat within 72 hours of your payment',
    );
  });

  it('no answer from the poster (the company’s own messages do not count): refunded once, after the deadline', async () => {
    const u = await unlocked();
    expect((await h.payment(u.reference))?.no_reply_due_at).toEqual(new Date(u.paidAt + WINDOW));
    await handled(await h.chatMessage(u, 'company', u.paidAt + HOUR));

    // At the deadline answers may still be on their way: not yet.
    clock = u.paidAt + WINDOW + 1;
    await h.controls.reconcile();
    expect((await h.payment(u.reference))?.status).toBe('paid');

    clock = u.paidAt + WINDOW + ANSWER_GRACE_MS;
    const summary = await h.controls.reconcile();
    expect(summary.noReplyRefunded).toBe(1);
    expect(await h.payment(u.reference)).toMatchObject({
      status: 'refunded',
      refund_reason: 'no-reply',
      refund_state: 'queued',
      poster_answered_at: null,
    });
    // The provider was asked once, with the reason's own words for the company.
    expect(fake.refundCalls(u.reference)).toHaveLength(1);
    expect(fake.refundCalls(u.reference)[0]?.body).toMatchObject({
      customer_note: REFUND_REASON_MESSAGES['no-reply' as RefundReason],
    });

    // Another round finds nothing more to do.
    clock += HOUR;
    await h.controls.reconcile();
    expect(fake.refundCalls(u.reference)).toHaveLength(1);
    expect(await settledRefundedEvents(u.reference)).toEqual([
      {
        paymentId: expect.any(String),
        reference: u.reference,
        jobId: u.jobId,
        jobTitle: 'Fix a leaking kitchen tap',
        companyId: u.company.id,
        posterId: u.posterId,
        amount: 100000,
        currency: 'NGN',
        reason: 'no-reply',
        unlocked: true,
        refundedAt: new Date(u.paidAt + WINDOW + ANSWER_GRACE_MS).toISOString(),
      },
    ]);

    // The company sees why.
    const mine = await h.myPayments(u.company.headers);
    expect(mine.statusCode).toBe(200);
    expect(
      mine.json().payments.find((p: { reference: string }) => p.reference === u.reference),
    ).toMatchObject({
      status: 'refunded',
      refund: { reason: 'no-reply', message: REFUND_REASON_MESSAGES['no-reply' as RefundReason] },
      receipts: [
        { number: expect.stringMatching(/^RCT-\d{6}$/), kind: 'receipt' },
        { number: expect.stringMatching(/^CRN-\d{6}$/), kind: 'credit-note' },
      ],
    });
    // The credit note, issued in the refund's transaction: a Paystack payment is a card payment.
    const payment = await h.payment(u.reference);
    const note = await h.db
      .selectFrom('receipts')
      .selectAll()
      .where('payment_id', '=', payment!.id)
      .where('kind', '=', 'credit-note')
      .executeTakeFirstOrThrow();
    expect(note).toMatchObject({
      method: 'card',
      reason: REFUND_REASON_MESSAGES['no-reply' as RefundReason],
      issued_at: new Date(u.paidAt + WINDOW + ANSWER_GRACE_MS),
    });
  });

  it('the poster answered in time: never refunded', async () => {
    const u = await unlocked();
    await handled(await h.chatMessage(u, 'poster', u.paidAt + WINDOW - 60_000));
    expect(await h.payment(u.reference)).toMatchObject({
      no_reply_due_at: null,
      poster_answered_at: new Date(u.paidAt + WINDOW - 60_000),
    });
    clock = u.paidAt + WINDOW + ANSWER_GRACE_MS + HOUR;
    await h.controls.reconcile();
    expect((await h.payment(u.reference))?.status).toBe('paid');
    expect(await settledRefundedEvents(u.reference)).toEqual([]);
  });

  it('a job the poster moved to in progress (or completed) is not a dead lead: never refunded', async () => {
    const u = await unlocked();
    await h.jobsEvent('jobs.job.completed', {
      jobId: u.jobId,
      postedBy: u.posterId,
      status: 'in-progress',
      companyIds: [u.company.id],
    });
    await eventually(async () => {
      const job = await h.db
        .selectFrom('jobs')
        .select('status')
        .where('id', '=', u.jobId)
        .executeTakeFirstOrThrow();
      expect(job.status).toBe('in-progress');
    });
    clock = u.paidAt + WINDOW + ANSWER_GRACE_MS + HOUR;
    const summary = await h.controls.reconcile();
    expect(summary.noReplyRefunded).toBe(0);
    expect((await h.payment(u.reference))?.status).toBe('paid');
    expect(await settledRefundedEvents(u.reference)).toEqual([]);
  });

  it('an answer sent in time that arrives after the deadline still counts (within the grace)', async () => {
    const u = await unlocked();
    clock = u.paidAt + WINDOW + ANSWER_GRACE_MS / 2;
    await h.controls.reconcile();
    await handled(await h.chatMessage(u, 'poster', u.paidAt + WINDOW - 1000));
    clock = u.paidAt + WINDOW + ANSWER_GRACE_MS + HOUR;
    await h.controls.reconcile();
    expect(await h.payment(u.reference)).toMatchObject({ status: 'paid', no_reply_due_at: null });
  });

  it('an answer sent after the deadline does not undo the refund, even when it arrives before the round', async () => {
    const u = await unlocked();
    const late = u.paidAt + WINDOW + 60_000;
    clock = late;
    await handled(await h.chatMessage(u, 'poster', late));
    // Recorded, but it was not in time.
    expect(await h.payment(u.reference)).toMatchObject({
      status: 'paid',
      poster_answered_at: new Date(late),
      no_reply_due_at: new Date(u.paidAt + WINDOW),
    });
    clock = u.paidAt + WINDOW + ANSWER_GRACE_MS;
    await h.controls.reconcile();
    expect(await h.payment(u.reference)).toMatchObject({ status: 'refunded', refund_reason: 'no-reply' });
    expect(await settledRefundedEvents(u.reference)).toHaveLength(1);
  });

  it('redelivered chat events are applied once; a refund is never decided twice', async () => {
    const u = await unlocked();
    const answer = await h.chatMessage(u, 'poster', u.paidAt + HOUR);
    await handled(answer);
    const after = await h.payment(u.reference);
    expect(after).toMatchObject({ no_reply_due_at: null, poster_answered_at: new Date(u.paidAt + HOUR) });

    // The bus hands the same event over again (a lost ack), through the consumer's own inbox.
    const record = jest.spyOn(h.controls.unlocks.noReply, 'recordPosterAnswer');
    const dispatch = dispatchEvents<PaymentsDatabase>(chatHandlers(h.controls.unlocks.noReply), silent);
    const redeliver = idempotentHandler(h.db, CHAT_CONSUMER, (e, trx) =>
      dispatch(e, trx as Transaction<PaymentsDatabase>),
    );
    await redeliver(answer);
    await h.service.bus.publish(answer);
    expect(record).not.toHaveBeenCalled();
    record.mockRestore();
    expect(await h.payment(u.reference)).toEqual(after);

    // Another company's unlock without an answer: refunded by one round only, however many run.
    const silentPoster = await unlocked();
    clock = silentPoster.paidAt + WINDOW + ANSWER_GRACE_MS;
    await Promise.all([h.controls.reconcile(), h.controls.reconcile()]);
    await h.controls.reconcile();
    expect(await settledRefundedEvents(silentPoster.reference)).toHaveLength(1);
    expect(fake.refundCalls(silentPoster.reference)).toHaveLength(1);
    expect((await h.payment(u.reference))?.status).toBe('paid');

    // A round that listed an unlock as due just before the poster's answer was recorded leaves it alone.
    const answered = await unlocked();
    await handled(await h.chatMessage(answered, 'poster', answered.paidAt + HOUR));
    clock = answered.paidAt + WINDOW + ANSWER_GRACE_MS;
    const row = await h.payment(answered.reference);
    const stale = jest
      .spyOn(h.controls.unlocks.payments, 'noReplyDue')
      .mockResolvedValueOnce([{ id: row!.id, job_id: answered.jobId }]);
    expect((await h.controls.reconcile()).noReplyRefunded).toBe(0);
    stale.mockRestore();
    expect((await h.payment(answered.reference))?.status).toBe('paid');
  });

  it('an unlock refunded for another reason first is not refunded again', async () => {
    const u = await unlocked();
    await h.jobsEvent('jobs.job.deleted', { jobId: u.jobId, postedBy: u.posterId });
    await eventually(async () =>
      expect(await h.payment(u.reference)).toMatchObject({
        status: 'refunded',
        refund_reason: 'job-deleted',
      }),
    );
    // An answer arriving now belongs to no paid unlock any more.
    await handled(await h.chatMessage(u, 'poster', u.paidAt + HOUR));
    expect((await h.payment(u.reference))?.poster_answered_at).toBeNull();
    clock = u.paidAt + WINDOW + ANSWER_GRACE_MS + HOUR;
    await h.controls.reconcile();
    expect((await settledRefundedEvents(u.reference)).map((e) => e.reason)).toEqual(['job-deleted']);
    expect(fake.refundCalls(u.reference)).toHaveLength(1);
  });
});
