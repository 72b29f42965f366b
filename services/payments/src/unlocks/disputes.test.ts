import {
  API_PATHS,
  DISPUTE_MESSAGES,
  DISPUTE_REASONS,
  PAYMENT_API,
  PAYMENT_MESSAGES,
  REFUND_REASON_MESSAGES,
  type AdminDispute,
} from '@marketplace/contracts';
import { eventually } from '@marketplace/service-kit/testing';
import { randomUUID } from 'node:crypto';
import { setUpPaymentsHarness, type PaidUnlock } from '../testing';

// Runs on the kit's local bus (unit-node) and on PostgreSQL + NATS JetStream (infra): both buses.
describe('disputes: a company disputes a paid unlock, an admin refunds or rejects', () => {
  const DAY = 24 * 60 * 60 * 1000;
  let clock = Date.now();
  const h = setUpPaymentsHarness({ now: () => new Date(clock) });
  let admin: { id: string; headers: { authorization: string } };
  beforeAll(async () => {
    admin = await h.account('admin', 'Ops');
  });
  beforeEach(() => {
    clock = Date.now();
  });

  const paymentIdOf = async (reference: string) => (await h.payment(reference))!.id;
  const openDispute = async (
    unlock: PaidUnlock,
    body: Record<string, unknown> = { reason: 'phone-unreachable', note: 'The number is switched off.' },
    headers: Record<string, string> = unlock.company.headers,
  ) =>
    h.service.app.inject({
      method: 'POST',
      url: PAYMENT_API.dispute(await paymentIdOf(unlock.reference)),
      headers,
      payload: body,
    });
  const decide = (disputeId: string, body: Record<string, unknown>, headers: Record<string, string>) =>
    h.service.app.inject({
      method: 'POST',
      url: PAYMENT_API.decideDispute(disputeId),
      headers,
      payload: body,
    });
  const queue = async (query = '') => {
    const response = await h.service.app.inject({
      method: 'GET',
      url: `${API_PATHS.adminDisputes}${query}`,
      headers: admin.headers,
    });
    expect(response.statusCode).toBe(200);
    return response.json() as { disputes: AdminDispute[]; hasMore: boolean };
  };
  const myPayment = async (unlock: PaidUnlock) => {
    const mine = (await h.myPayments(unlock.company.headers)).json().payments as Array<
      Record<string, unknown>
    >;
    return mine.find((p) => p.reference === unlock.reference)!;
  };

  it('disputed -> refunded: the refund goes through the refunds that exist, with both events', async () => {
    const unlock = await h.paidUnlock();
    expect(await myPayment(unlock)).toMatchObject({ dispute: null, disputableUntil: expect.any(String) });
    const opened = await openDispute(unlock);
    expect(opened.statusCode).toBe(201);
    expect(opened.headers['cache-control']).toMatch(/no-store/);
    const dispute = opened.json().dispute;
    expect(opened.json()).toMatchObject({ message: DISPUTE_MESSAGES.opened });
    expect(dispute).toMatchObject({ reason: 'phone-unreachable', status: 'open', rejectionReason: null });
    await eventually(async () =>
      expect(h.published('payments.dispute.opened').filter((e) => e.disputeId === dispute._id)).toEqual([
        {
          disputeId: dispute._id,
          paymentId: await paymentIdOf(unlock.reference),
          reference: unlock.reference,
          jobId: unlock.jobId,
          companyId: unlock.company.id,
          posterId: unlock.posterId,
          reason: 'phone-unreachable',
          openedAt: expect.any(String),
        },
      ]),
    );
    const terms = async () =>
      (await h.service.app.inject({ method: 'GET', url: PAYMENT_API.terms(unlock.jobId) })).json();
    expect((await terms()).unlockCount).toBe(1);

    const decided = await decide(dispute._id, { decision: 'refund' }, admin.headers);
    expect(decided.statusCode).toBe(200);
    expect(decided.json()).toMatchObject({
      message: DISPUTE_MESSAGES.refunded,
      dispute: { _id: dispute._id, status: 'refunded', paymentStatus: 'refunded', decidedBy: admin.id },
    });
    expect(await h.payment(unlock.reference)).toMatchObject({
      status: 'refunded',
      refund_reason: 'dispute',
    });
    await eventually(async () => {
      expect(h.published('payments.unlock.refunded').filter((e) => e.reference === unlock.reference)).toEqual(
        [expect.objectContaining({ reason: 'dispute', unlocked: true, companyId: unlock.company.id })],
      );
      expect(h.published('payments.dispute.decided').filter((e) => e.disputeId === dispute._id)).toEqual([
        expect.objectContaining({ outcome: 'refunded', decidedBy: admin.id, reference: unlock.reference }),
      ]);
    });
    // The cap frees a place.
    expect((await terms()).unlockCount).toBe(0);
    expect(await myPayment(unlock)).toMatchObject({
      status: 'refunded',
      refund: { reason: 'dispute', message: REFUND_REASON_MESSAGES.dispute },
      dispute: { status: 'refunded' },
      disputableUntil: null,
    });
    // Decided once.
    const again = await decide(dispute._id, { decision: 'reject', reason: 'Changed my mind' }, admin.headers);
    expect([again.statusCode, again.json().errorMessage]).toEqual([409, DISPUTE_MESSAGES.alreadyDecided]);
  });

  it('disputed -> rejected: the unlock stays and the company reads the reason', async () => {
    const unlock = await h.paidUnlock();
    const dispute = (await openDispute(unlock, { reason: 'job-taken', note: 'Given to another firm' })).json()
      .dispute;
    const noReason = await decide(dispute._id, { decision: 'reject', reason: '   ' }, admin.headers);
    expect([noReason.statusCode, noReason.json().errorMessage]).toEqual([
      400,
      DISPUTE_MESSAGES.rejectionReasonRequired,
    ]);
    const rejected = await decide(
      dispute._id,
      { decision: 'reject', reason: 'The poster answered you the same day.' },
      admin.headers,
    );
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json()).toMatchObject({
      message: DISPUTE_MESSAGES.rejected,
      dispute: { status: 'rejected' },
    });
    expect((await h.payment(unlock.reference))?.status).toBe('paid');
    expect(await myPayment(unlock)).toMatchObject({
      status: 'paid',
      refund: null,
      dispute: { status: 'rejected', rejectionReason: 'The poster answered you the same day.' },
      disputableUntil: null,
    });
    await eventually(async () =>
      expect(h.published('payments.dispute.decided').filter((e) => e.disputeId === dispute._id)).toEqual([
        expect.objectContaining({
          outcome: 'rejected',
          paymentId: await paymentIdOf(unlock.reference),
          // What accounts mails the company.
          rejectionReason: 'The poster answered you the same day.',
          amount: expect.any(Number),
          currency: 'NGN',
        }),
      ]),
    );
    expect(h.published('payments.unlock.refunded').filter((e) => e.reference === unlock.reference)).toEqual(
      [],
    );
    // One dispute per unlock, also after a rejection.
    const second = await openDispute(unlock, { reason: 'not-a-real-job', note: 'Again' });
    expect([second.statusCode, second.json().errorMessage]).toEqual([409, DISPUTE_MESSAGES.alreadyDisputed]);
  });

  it('one dispute per unlock, also when two arrive at once', async () => {
    const unlock = await h.paidUnlock();
    const answers = await Promise.all([openDispute(unlock), openDispute(unlock), openDispute(unlock)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409]);
    const count = await h.db
      .selectFrom('disputes')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('payment_id', '=', await paymentIdOf(unlock.reference))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it('within 14 days of the payment, not a moment later', async () => {
    const late = await h.paidUnlock();
    const onTime = await h.paidUnlock();
    const paidAt = (await h.payment(late.reference))!.paid_at!.getTime();
    clock = paidAt + 14 * DAY + 1;
    const refused = await openDispute(late);
    expect([refused.statusCode, refused.json().errorMessage]).toEqual([409, DISPUTE_MESSAGES.tooLate]);
    expect((await myPayment(late)).disputableUntil).toBeNull();
    clock = (await h.payment(onTime.reference))!.paid_at!.getTime() + 14 * DAY;
    expect((await openDispute(onTime)).statusCode).toBe(201);
  });

  it('only paid unlocks: a pending checkout and a refunded unlock cannot be disputed', async () => {
    const company = await h.account('company');
    const { jobId } = await h.postJob();
    const reference = await h.startCheckout(company.headers, jobId);
    const pending = await h.service.app.inject({
      method: 'POST',
      url: PAYMENT_API.dispute(await paymentIdOf(reference)),
      headers: company.headers,
      payload: { reason: 'job-taken', note: 'x' },
    });
    expect([pending.statusCode, pending.json().errorMessage]).toEqual([409, DISPUTE_MESSAGES.onlyPaid]);

    const unlock = await h.paidUnlock();
    const refund = await h.service.app.inject({
      method: 'POST',
      url: PAYMENT_API.refund(await paymentIdOf(unlock.reference)),
      headers: admin.headers,
      payload: { reason: 'Test' },
    });
    expect(refund.statusCode).toBe(200);
    const refused = await openDispute(unlock);
    expect([refused.statusCode, refused.json().errorMessage]).toEqual([409, DISPUTE_MESSAGES.onlyPaid]);
  });

  it('an unlock refunded by another rule while disputed cannot be refunded twice', async () => {
    const unlock = await h.paidUnlock();
    const dispute = (await openDispute(unlock)).json().dispute;
    await h.jobsEvent('jobs.job.deleted', { jobId: unlock.jobId, postedBy: unlock.posterId });
    await eventually(async () => expect((await h.payment(unlock.reference))?.status).toBe('refunded'));
    const refund = await decide(dispute._id, { decision: 'refund' }, admin.headers);
    expect([refund.statusCode, refund.json().errorMessage]).toEqual([409, PAYMENT_MESSAGES.alreadyRefunded]);
    await eventually(async () =>
      expect(
        h.published('payments.unlock.refunded').filter((e) => e.reference === unlock.reference),
      ).toHaveLength(1),
    );
    expect((await h.payment(unlock.reference))?.refund_reason).toBe('job-deleted');
  });

  it.each(DISPUTE_REASONS)('takes the fixed reason %s', async (reason) => {
    const unlock = await h.paidUnlock();
    const opened = await openDispute(unlock, { reason, note: 'What went wrong' });
    expect([opened.statusCode, opened.json().dispute?.reason]).toEqual([201, reason]);
  });

  it.each([
    ['a reason outside the list', { reason: 'too-expensive', note: 'x' }],
    ['no reason', { note: 'x' }],
    ['a reason of another type', { reason: 3, note: 'x' }],
    ['no note', { reason: 'job-taken' }],
    ['an empty note', { reason: 'job-taken', note: '' }],
    ['a note of spaces only', { reason: 'job-taken', note: '    ' }],
    ['a note too long', { reason: 'job-taken', note: 'a'.repeat(501) }],
    ['a note of another type', { reason: 'job-taken', note: { $gt: '' } }],
  ])('refuses %s with a 400 and stores nothing', async (_label, body) => {
    const unlock = await h.paidUnlock();
    const response = await openDispute(unlock, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, errorMessage: expect.any(String) });
    expect(
      await h.db.selectFrom('disputes').selectAll().where('job_id', '=', unlock.jobId).execute(),
    ).toEqual([]);
  });

  it('refuses every caller but the company that paid (visitor, poster, another company, admin)', async () => {
    const unlock = await h.paidUnlock();
    const poster = { headers: await h.bearer(unlock.posterId, 'user') };
    const other = await h.account('company');
    const cases: Array<[string, Record<string, string>, number, string | undefined]> = [
      ['visitor', {}, 401, undefined],
      ['poster', poster.headers, 403, DISPUTE_MESSAGES.onlyCompanies],
      ['another company', other.headers, 403, DISPUTE_MESSAGES.notYourPayment],
      ['admin', admin.headers, 403, DISPUTE_MESSAGES.onlyCompanies],
    ];
    for (const [who, headers, status, message] of cases) {
      const response = await openDispute(unlock, undefined, headers);
      expect([who, response.statusCode]).toEqual([who, status]);
      if (message) expect(response.json().errorMessage).toBe(message);
    }
    expect(
      await h.db.selectFrom('disputes').selectAll().where('job_id', '=', unlock.jobId).execute(),
    ).toEqual([]);
  });

  it('lets only admins read the queue and decide', async () => {
    const unlock = await h.paidUnlock();
    const dispute = (await openDispute(unlock)).json().dispute;
    const poster = { headers: await h.bearer(unlock.posterId, 'user') };
    for (const [who, headers, status] of [
      ['visitor', {}, 401],
      ['poster', poster.headers, 403],
      ['the company that disputed', unlock.company.headers, 403],
    ] as const) {
      const list = await h.service.app.inject({ method: 'GET', url: API_PATHS.adminDisputes, headers });
      expect([who, 'queue', list.statusCode]).toEqual([who, 'queue', status]);
      const decision = await decide(dispute._id, { decision: 'refund' }, headers);
      expect([who, 'decide', decision.statusCode]).toEqual([who, 'decide', status]);
    }
    expect((await h.payment(unlock.reference))?.status).toBe('paid');
    const unknown = await decide(randomUUID(), { decision: 'refund' }, admin.headers);
    expect([unknown.statusCode, unknown.json().errorMessage]).toEqual([
      404,
      DISPUTE_MESSAGES.disputeNotFound,
    ]);
  });

  it('gives admins what they need to decide: the job, the poster’s answer, other jobs, the company’s history and rate', async () => {
    const company = await h.account('company', 'Lagos Plumbing Ltd');
    const poster = randomUUID();
    const unlocks: PaidUnlock[] = [];
    for (const title of ['Fix a sink', 'Paint a wall', 'Tile a floor']) {
      const job = await h.postJob({ posterId: poster, title });
      const reference = await h.unlockWithSandbox(company.headers, job.jobId);
      unlocks.push({ company, ...job, reference });
    }
    const answeredAt = clock - 1000;
    const answered = await h.chatMessage({ ...unlocks[0]!, chatId: randomUUID() }, 'poster', answeredAt);
    await h.handled('payments-chat', answered);
    const first = (
      await openDispute(unlocks[0]!, { reason: 'duplicate-job', note: 'Same as another' })
    ).json().dispute;
    clock += 1000; // opened a second later
    await openDispute(unlocks[1]!, { reason: 'not-a-real-job', note: 'Fake' });

    const { disputes } = await queue('?status=open&limit=50');
    const entry = disputes.find((d) => d._id === first._id)!;
    expect(entry).toMatchObject({
      reason: 'duplicate-job',
      note: 'Same as another',
      status: 'open',
      job: { _id: unlocks[0]!.jobId, title: 'Fix a sink', status: 'open', hidden: false, deleted: false },
      posterAnsweredAt: new Date(answeredAt).toISOString(),
      company: { _id: company.id, name: 'Lagos Plumbing Ltd', unlocks: 3, disputes: 2, highRate: true },
    });
    expect(entry.company.disputeRate).toBeCloseTo(2 / 3, 2);
    expect(entry.posterOtherJobs.map((j) => j.title).sort()).toEqual(['Paint a wall', 'Tile a floor']);
    expect(entry.company.history).toEqual([
      expect.objectContaining({ reason: 'not-a-real-job', status: 'open', jobTitle: 'Paint a wall' }),
    ]);
    const second = disputes.find((d) => d.job._id === unlocks[1]!.jobId)!;
    expect(second.posterAnsweredAt).toBeNull();
    // Open disputes oldest first.
    expect(disputes.indexOf(entry)).toBeLessThan(disputes.indexOf(second));
    // A decided dispute leaves the open queue.
    await decide(first._id, { decision: 'reject', reason: 'The poster answered.' }, admin.headers);
    expect((await queue('?status=open&limit=50')).disputes.map((d) => d._id)).not.toContain(first._id);
    expect((await queue('?status=rejected&limit=50')).disputes.map((d) => d._id)).toContain(first._id);
  });

  describe('hostile input', () => {
    let unlock: PaidUnlock;
    let disputeId: string;
    beforeAll(async () => {
      unlock = await h.paidUnlock();
      disputeId = (await openDispute(unlock)).json().dispute._id;
    });
    const raw = (url: string, headers: Record<string, string>, payload: string) =>
      h.service.app.inject({
        method: 'POST',
        url,
        headers: { ...headers, 'content-type': 'application/json' },
        payload,
      });
    const bodies: Array<[string, string]> = [
      ['NUL in a field', JSON.stringify({ reason: 'job-taken', note: 'a\u0000b', decision: 'reject' })],
      ['1e309', '{"reason": 1e309, "note": 1e309, "decision": 1e309}'],
      ['Infinity', '{"reason": Infinity}'],
      ['an array', JSON.stringify([{ reason: 'job-taken' }])],
      ['an object as a field', JSON.stringify({ reason: { $ne: null }, note: 'x', decision: { $ne: 1 } })],
      ['truncated JSON', '{"reason": "job-'],
      ['an empty body', ''],
      ['JSON null', 'null'],
    ];
    it.each(bodies)('open: %s -> 400', async (_label, body) => {
      const other = await h.paidUnlock();
      const response = await raw(
        PAYMENT_API.dispute(await paymentIdOf(other.reference)),
        other.company.headers,
        body,
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ statusCode: 400, errorMessage: expect.any(String) });
    });
    it.each(bodies)('decide: %s -> 400', async (_label, body) => {
      const response = await raw(PAYMENT_API.decideDispute(disputeId), admin.headers, body);
      expect(response.statusCode).toBe(400);
    });
    it.each([
      ['not an id', 'not-an-id', 404],
      ['a NUL', `${randomUUID()}%00`, 400],
      ['an id of 100 characters', 'a'.repeat(100), 404],
      ['an id longer than a URL may be', 'a'.repeat(5000), 414],
    ])('ids: %s', async (_label, id, status) => {
      const open = await raw(
        `/api/payments/${id}/dispute`,
        unlock.company.headers,
        '{"reason":"job-taken","note":"x"}',
      );
      expect(open.statusCode).toBe(status);
      const decision = await raw(
        `/api/payments/disputes/${id}/decision`,
        admin.headers,
        '{"decision":"refund"}',
      );
      expect(decision.statusCode).toBe(status);
    });
    it.each(['?page=1e309', '?page=Infinity', '?limit=100000', '?status=maybe', '?page=-1', '?status=%00'])(
      'queue %s -> 400',
      async (query) => {
        const response = await h.service.app.inject({
          method: 'GET',
          url: `${API_PATHS.adminDisputes}${query}`,
          headers: admin.headers,
        });
        expect(response.statusCode).toBe(400);
      },
    );
    it('left the dispute open and the unlock paid', async () => {
      expect((await h.payment(unlock.reference))?.status).toBe('paid');
      expect(
        (await h.db.selectFrom('disputes').select('status').where('id', '=', disputeId).executeTakeFirst())
          ?.status,
      ).toBe('open');
    });
  });
});
