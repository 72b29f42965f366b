import { MESSAGES, PAYMENT_API, REFUND_REASON_MESSAGES, jobFullMessage } from '@marketplace/contracts';
import { eventually } from '@marketplace/service-kit/testing';
import { SandboxProvider } from '../providers/sandbox';
import { setUpPaymentsHarness } from '../testing';

describe('the cap: at most UNLOCK_CAP companies per job, checked before the charge and at confirmation', () => {
  const CAP = 5;
  let clock = Date.now();
  // Checkouts are handed out again for 20 minutes of their 30-minute window (see the two-tabs test).
  const h = setUpPaymentsHarness({
    unlockCap: CAP,
    now: () => new Date(clock),
    pendingReuseMs: 20 * 60_000,
    pendingExpireAfterMs: 30 * 60_000,
  });

  const companies = (n: number) =>
    Promise.all(Array.from({ length: n }, (_, i) => h.account('company', `Company ${i}`)));

  it('the sixth company meets a full job, and the terms say so', async () => {
    const { jobId } = await h.postJob();
    const six = await companies(6);
    for (const company of six.slice(0, 5)) await h.unlockWithSandbox(company.headers, jobId);
    const refused = await h.initialize(six[5]!.headers, { jobId });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'JOB_FULL', errorMessage: jobFullMessage(CAP) });
    const terms = await h.service.app.inject({ method: 'GET', url: PAYMENT_API.terms(jobId) });
    expect(terms.json()).toMatchObject({ cap: CAP, unlockCount: 5, placesLeft: 0, available: false });
    // Those who have it still get their unlock back on a second attempt.
    expect((await h.initialize(six[0]!.headers, { jobId })).json().status).toBe('paid');
  });

  it('a checkout started before the job filled up is not handed out again once it is full', async () => {
    const { jobId } = await h.postJob();
    const [late, ...others] = await companies(CAP + 1);
    const reference = await h.startCheckout(late!.headers, jobId);
    for (const company of others) await h.unlockWithSandbox(company.headers, jobId);
    const again = await h.initialize(late!.headers, { jobId });
    expect([again.statusCode, again.json().errorMessage]).toEqual([409, jobFullMessage(CAP)]);
    // Paying that old checkout anyway is refunded at confirmation.
    await h.sandbox(reference, 'pay');
    expect((await h.verify(late!.headers, reference)).json()).toMatchObject({
      status: 'refunded',
      message: REFUND_REASON_MESSAGES['job-full'],
    });
  });

  it('the race for the last place: both pay, confirmations at the same moment, the late payer is refunded at once', async () => {
    const { jobId } = await h.postJob();
    const [a, b, ...rest] = await companies(CAP + 1);
    for (const company of rest.slice(0, CAP - 1)) await h.unlockWithSandbox(company.headers, jobId);
    // Both start while one place is left, and both pay at the provider.
    const refA = await h.startCheckout(a!.headers, jobId);
    const refB = await h.startCheckout(b!.headers, jobId);
    expect(h.controls.unlocks.provider).toBeInstanceOf(SandboxProvider);
    const sandbox = h.controls.unlocks.provider as SandboxProvider;
    await sandbox.act(refA, 'pay');
    await sandbox.act(refB, 'pay');

    // Callbacks of both (and a reconciliation round) at once.
    clock += 10 * 60_000;
    const [va, vb] = await Promise.all([
      h.verify(a!.headers, refA),
      h.verify(b!.headers, refB),
      h.controls.reconcile(),
    ]);
    const outcomes = [va!.json(), vb!.json()];
    const winner = outcomes.find((o) => o.status === 'paid');
    const loser = outcomes.find((o) => o.status === 'refunded');
    expect(winner?.message).toBe(MESSAGES.paymentVerifiedSuccessfully);
    expect(loser?.message).toBe(REFUND_REASON_MESSAGES['job-full']);
    expect(loser?.result.payment.refund).toMatchObject({
      reason: 'job-full',
      message: REFUND_REASON_MESSAGES['job-full'],
    });

    const paid = await h.db
      .selectFrom('unlock_payments')
      .select('id')
      .where('job_id', '=', jobId)
      .where('status', '=', 'paid')
      .execute();
    expect(paid).toHaveLength(CAP);
    const loserRef = loser!.result.reference as string;
    // Refunded at the provider right away.
    await eventually(async () => {
      expect(await h.payment(loserRef)).toMatchObject({
        status: 'refunded',
        paid_at: null,
        provider_paid_at: expect.any(Date),
        refund_reason: 'job-full',
        refund_state: 'processed',
      });
      expect((await sandbox.find(loserRef))?.status).toBe('refunded');
    });
    await eventually(async () => {
      expect(h.published('payments.unlock.paid').filter((e) => e.jobId === jobId)).toHaveLength(CAP);
      expect(h.published('payments.unlock.failed').map((e) => e.reference)).toContain(loserRef);
      expect(h.published('payments.unlock.refunded').filter((e) => e.reference === loserRef)).toEqual([
        expect.objectContaining({ reason: 'job-full', unlocked: false, amount: 100000, currency: 'NGN' }),
      ]);
    });
    expect(h.published('payments.unlock.paid').map((e) => e.reference)).not.toContain(loserRef);
  });

  it('ten companies paid for one job, all confirmed at the same moment: five unlocks, five refunds', async () => {
    const { jobId } = await h.postJob();
    const ten = await companies(10);
    const references: string[] = [];
    for (const company of ten) references.push(await h.startCheckout(company.headers, jobId));
    const sandbox = h.controls.unlocks.provider as SandboxProvider;
    for (const reference of references) await sandbox.act(reference, 'pay');
    const outcomes = await Promise.all(ten.map((company, i) => h.verify(company.headers, references[i]!)));
    const statuses = outcomes.map((o) => o.json().status as string);
    expect(statuses.filter((s) => s === 'paid')).toHaveLength(CAP);
    expect(statuses.filter((s) => s === 'refunded')).toHaveLength(10 - CAP);
    const rows = await h.db
      .selectFrom('unlock_payments')
      .select(['status', 'refund_reason'])
      .where('job_id', '=', jobId)
      .execute();
    expect(rows.filter((r) => r.status === 'paid')).toHaveLength(CAP);
    expect(rows.filter((r) => r.status === 'refunded').map((r) => r.refund_reason)).toEqual(
      Array(10 - CAP).fill('job-full'),
    );
  });

  it('callback, webhook and reconciliation for one payment all at once give one unlock', async () => {
    const company = (await companies(1))[0]!;
    const { jobId } = await h.postJob();
    const reference = await h.startCheckout(company.headers, jobId);
    const paid = await h.sandbox(reference, 'pay'); // also sends the webhook
    expect(paid.statusCode).toBe(303);
    clock += 10 * 60_000;
    const results = await Promise.all([
      h.verify(company.headers, reference),
      h.verify(company.headers, reference),
      h.controls.reconcile(),
      h.verify(company.headers, reference),
    ]);
    for (const r of [results[0], results[1], results[3]])
      expect((r as { json(): { status: string } }).json().status).toBe('paid');
    await eventually(async () =>
      expect(await h.db.selectFrom('webhook_receipts').select('event').execute()).not.toHaveLength(0),
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(h.published('payments.unlock.paid').filter((e) => e.reference === reference)).toHaveLength(1);
  });

  it('a company that paid twice for one job (two tabs) keeps one unlock; the second payment is refunded', async () => {
    const company = (await companies(1))[0]!;
    const { jobId } = await h.postJob();
    const first = await h.startCheckout(company.headers, jobId);
    // The first checkout is set aside after the reuse window (still within its payment window); the
    // company starts another...
    clock += 21 * 60_000;
    const second = await h.startCheckout(company.headers, jobId);
    expect(second).not.toBe(first);
    expect((await h.payment(first))?.status).toBe('failed');
    // ... and pays both (the old tab was still open).
    await h.sandbox(first, 'pay');
    await h.sandbox(second, 'pay');
    const outcomes = [
      (await h.verify(company.headers, first)).json(),
      (await h.verify(company.headers, second)).json(),
    ];
    expect(outcomes.map((o) => o.status).sort()).toEqual(['paid', 'refunded']);
    expect(outcomes.find((o) => o.status === 'refunded')?.result.payment.refund.reason).toBe('duplicate');
    const mine = await h.myPayments(company.headers);
    expect(
      mine
        .json()
        .payments.map((p: { status: string }) => p.status)
        .sort(),
    ).toEqual(['paid', 'refunded']);
  });
});
