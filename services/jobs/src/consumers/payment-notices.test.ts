import { randomUUID } from 'node:crypto';
import { EVENT_TYPES, NotificationListResponseSchema, type Notification } from '@marketplace/contracts';
import { newEvent } from '@marketplace/service-kit';
import { eventually } from '@marketplace/service-kit/testing';
import { Value } from 'typebox/value';
import { createJobsHarness, type JobsHarness, type Member } from '../testing';

describe('payment notices in the bell (durable consumer jobs-payment-notices)', () => {
  let h: JobsHarness;
  let poster: Member;
  let company: Member;
  let otherCompany: Member;
  let admin: Member;
  beforeAll(async () => {
    h = await createJobsHarness();
    poster = await h.member('user', 'Ada Obi');
    company = await h.member('company', 'Ace Plumbing');
    otherCompany = await h.member('company', 'Best Builders');
    admin = await h.member('admin', 'Admin');
  }, 60_000);
  afterAll(async () => {
    await h.close();
  });

  const list = (headers: Record<string, string> = {}) =>
    h.app.inject({ method: 'GET', url: '/api/jobs/notifications', headers });
  async function noticesOf(member: Member): Promise<Notification[]> {
    const response = await list(member.headers);
    expect(response.statusCode).toBe(200);
    expect(Value.Check(NotificationListResponseSchema, response.json())).toBe(true);
    return response.json().notifications;
  }
  const storedNotices = (jobId: string) =>
    h.db.selectFrom('notifications').selectAll().where('job_id', '=', jobId).execute();

  const confirmed = (jobId: string, paymentId = randomUUID()) => ({
    paymentId,
    reference: `ref-${paymentId}`,
    jobId,
    jobTitle: 'Fix a leaking kitchen sink',
    companyId: company.id,
    amount: 150_000,
    currency: 'NGN',
    method: 'transfer',
    channel: 'bank_transfer',
    confirmedAt: new Date().toISOString(),
  });
  const expired = (jobId: string, paymentId = randomUUID()) => ({
    paymentId,
    reference: `ref-${paymentId}`,
    jobId,
    jobTitle: 'Fix a leaking kitchen sink',
    companyId: company.id,
    amount: 150_000,
    currency: 'NGN',
    windowMinutes: 30,
    channel: null,
    expiredAt: new Date().toISOString(),
  });
  const decided = (jobId: string, outcome: 'refunded' | 'rejected', disputeId = randomUUID()) => ({
    disputeId,
    paymentId: randomUUID(),
    reference: 'ref-dispute',
    jobId,
    companyId: company.id,
    posterId: poster.id,
    outcome,
    decidedBy: admin.id,
    decidedAt: new Date().toISOString(),
    jobTitle: 'Fix a leaking kitchen sink',
    amount: 150_000,
    currency: 'NGN',
    rejectionReason: outcome === 'rejected' ? 'The poster answered within the day.' : null,
  });

  it('tells the paying company its transfer arrived: the amount and the job, no poster details', async () => {
    const jobId = await h.postJob(poster);
    await h.publish(EVENT_TYPES.paymentsUnlockConfirmed, confirmed(jobId));
    await eventually(async () =>
      expect(await noticesOf(company)).toContainEqual(
        expect.objectContaining({
          kind: 'payment-confirmed',
          jobId,
          amount: 150_000,
          currency: 'NGN',
          read: false,
        }),
      ),
    );
    const notice = (await noticesOf(company)).find((n) => n.jobId === jobId)!;
    expect(notice.jobHeading).toBeTruthy();
    expect(notice.posterName).toBeUndefined();
    // Nothing of the poster's: not the name, the e-mail, the phone or the address the job form holds.
    expect(JSON.stringify(notice)).not.toMatch(/Ada Obi|@|\+234|080\d/);
  });

  it('tells it a payment expired, with the window it had', async () => {
    const jobId = await h.postJob(poster);
    await h.publish(EVENT_TYPES.paymentsUnlockExpired, expired(jobId));
    await eventually(async () =>
      expect(await noticesOf(company)).toContainEqual(
        expect.objectContaining({ kind: 'payment-expired', jobId, amount: 150_000, windowMinutes: 30 }),
      ),
    );
  });

  it("tells it an admin's decision: refunded, or rejected with the admin's reason", async () => {
    const refundedJob = await h.postJob(poster);
    const rejectedJob = await h.postJob(poster);
    await h.publish(EVENT_TYPES.paymentsDisputeDecided, decided(refundedJob, 'refunded'));
    await h.publish(EVENT_TYPES.paymentsDisputeDecided, decided(rejectedJob, 'rejected'));
    await eventually(async () => {
      const notices = await noticesOf(company);
      expect(notices).toContainEqual(
        expect.objectContaining({
          kind: 'dispute-decided',
          jobId: refundedJob,
          outcome: 'refunded',
          rejectionReason: null,
          amount: 150_000,
        }),
      );
      expect(notices).toContainEqual(
        expect.objectContaining({
          kind: 'dispute-decided',
          jobId: rejectedJob,
          outcome: 'rejected',
          rejectionReason: 'The poster answered within the day.',
        }),
      );
    });
  });

  const refunded = (jobId: string, reason: string, paymentId = randomUUID()) => ({
    paymentId,
    reference: `ref-${paymentId}`,
    jobId,
    companyId: company.id,
    posterId: poster.id,
    amount: 150_000,
    currency: 'NGN',
    reason,
    unlocked: true,
    refundedAt: new Date().toISOString(),
  });

  it('tells it of a refund with its reason, kept after the job is deleted; a dispute refund only once', async () => {
    const deletedJob = await h.postJob(poster);
    const disputedJob = await h.postJob(poster);
    const deleted = await h.app.inject({
      method: 'DELETE',
      url: `/api/jobs/deletejob/${deletedJob}`,
      headers: poster.headers,
    });
    expect(deleted.statusCode).toBe(200);
    await h.publish(EVENT_TYPES.paymentsUnlockRefunded, refunded(deletedJob, 'job-deleted'));
    // An accepted dispute's refund: its decision tells it, not a second notice.
    await h.publish(EVENT_TYPES.paymentsDisputeDecided, decided(disputedJob, 'refunded'));
    await h.publish(EVENT_TYPES.paymentsUnlockRefunded, refunded(disputedJob, 'dispute'));
    await eventually(async () =>
      expect(await noticesOf(company)).toContainEqual(
        expect.objectContaining({
          kind: 'payment-refunded',
          jobId: deletedJob,
          amount: 150_000,
          currency: 'NGN',
          refundReason: 'job-deleted',
          read: false,
        }),
      ),
    );
    await eventually(async () => expect(await storedNotices(disputedJob)).toHaveLength(1));
    // The refund event after the decision has been handled (a later event of the same stream is in).
    const marker = await h.postJob(poster);
    await h.publish(EVENT_TYPES.paymentsUnlockExpired, expired(marker));
    await eventually(async () => expect(await storedNotices(marker)).toHaveLength(1));
    expect((await storedNotices(disputedJob)).map((n) => n.kind)).toEqual(['dispute-decided']);
    // Nothing of the poster's in it.
    const notice = (await noticesOf(company)).find((n) => n.jobId === deletedJob)!;
    expect(JSON.stringify(notice)).not.toMatch(/Ada Obi|@|\+234|080\d/);
    expect((await noticesOf(otherCompany)).map((n) => n.jobId)).not.toContain(deletedJob);
  });

  it('stores one notice when the event is redelivered, and keeps it read', async () => {
    const jobId = await h.postJob(poster);
    const paymentId = randomUUID();
    const event = newEvent(EVENT_TYPES.paymentsUnlockConfirmed, confirmed(jobId, paymentId), {
      correlationId: 'test',
    });
    await h.service.bus.publish(event);
    await eventually(async () => expect(await storedNotices(jobId)).toHaveLength(1));
    const [notice] = await storedNotices(jobId);
    const read = await h.app.inject({
      method: 'PUT',
      url: '/api/jobs/notifications/read',
      headers: company.headers,
      payload: { ids: [notice!.id] },
    });
    expect(read.statusCode).toBe(200);
    // The same envelope again (a lost ack), then the same news in a new envelope (payments sent it twice).
    await h.service.bus.publish(event);
    await h.publish(EVENT_TYPES.paymentsUnlockConfirmed, confirmed(jobId, paymentId));
    // A later event on the same consumer shows it got past both.
    const witness = await h.postJob(poster);
    await h.publish(EVENT_TYPES.paymentsUnlockConfirmed, confirmed(witness));
    await eventually(async () => expect(await storedNotices(witness)).toHaveLength(1));
    const after = await storedNotices(jobId);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ id: notice!.id, read_at: expect.any(Date) });
  });

  it('a second payment about the same job replaces the notice and shows it unread again', async () => {
    const jobId = await h.postJob(poster);
    await h.publish(EVENT_TYPES.paymentsUnlockExpired, expired(jobId));
    await eventually(async () => expect(await storedNotices(jobId)).toHaveLength(1));
    await h.db
      .updateTable('notifications')
      .set({ read_at: new Date() })
      .where('job_id', '=', jobId)
      .execute();
    await h.publish(EVENT_TYPES.paymentsUnlockExpired, { ...expired(jobId), windowMinutes: 45 });
    await eventually(async () => {
      const rows = await storedNotices(jobId);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ read_at: null, data: expect.objectContaining({ windowMinutes: 45 }) });
    });
  });

  it('shows a notice only to its company: not another company, a poster, an admin or a visitor', async () => {
    const jobId = await h.postJob(poster);
    await h.publish(EVENT_TYPES.paymentsUnlockConfirmed, confirmed(jobId));
    await eventually(async () => expect(await storedNotices(jobId)).toHaveLength(1));
    expect((await noticesOf(otherCompany)).map((n) => n.jobId)).not.toContain(jobId);
    expect((await list(poster.headers)).statusCode).toBe(403);
    expect((await list(admin.headers)).statusCode).toBe(403);
    expect((await list()).statusCode).toBe(401);
    // Another company cannot mark it read either.
    const [notice] = await storedNotices(jobId);
    await h.app.inject({
      method: 'PUT',
      url: '/api/jobs/notifications/read',
      headers: otherCompany.headers,
      payload: { ids: [notice!.id] },
    });
    expect((await storedNotices(jobId))[0]?.read_at).toBeNull();
  });

  it("keeps a dispute's decision after the job is hidden; a payment notice of a hidden job drops out", async () => {
    const jobId = await h.postJob(poster);
    await h.publish(EVENT_TYPES.paymentsUnlockConfirmed, confirmed(jobId));
    await h.publish(EVENT_TYPES.paymentsDisputeDecided, decided(jobId, 'refunded'));
    await eventually(async () => expect(await storedNotices(jobId)).toHaveLength(2));
    const hidden = await h.app.inject({
      method: 'PUT',
      url: `/api/jobs/admin/jobs/${jobId}/hide`,
      headers: admin.headers,
      payload: { reason: 'Selling goods' },
    });
    expect(hidden.statusCode).toBe(200);
    const kinds = (await noticesOf(company)).filter((n) => n.jobId === jobId).map((n) => n.kind);
    expect(kinds).toEqual(['dispute-decided']);
  });

  it('ignores events about jobs it does not have, or ids that are not uuids, and keeps going', async () => {
    await h.publish(EVENT_TYPES.paymentsUnlockConfirmed, confirmed(randomUUID()));
    await h.publish(EVENT_TYPES.paymentsDisputeDecided, {
      ...decided(randomUUID(), 'refunded'),
      jobId: 'nope',
    });
    await h.publish(EVENT_TYPES.paymentsUnlockExpired, { malformed: true });
    const jobId = await h.postJob(poster);
    await h.publish(EVENT_TYPES.paymentsUnlockExpired, expired(jobId));
    await eventually(async () => expect(await storedNotices(jobId)).toHaveLength(1));
  });
});
