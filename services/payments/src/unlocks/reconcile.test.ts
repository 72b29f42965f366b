import { eventually } from '@marketplace/service-kit/testing';
import { FakePaystack, setUpPaymentsHarness } from '../testing';

describe('reconciliation: payments left pending are settled with the provider', () => {
  let clock = Date.now();
  const MINUTE = 60_000;
  const fake = new FakePaystack('sk_test_reconcile');
  const h = setUpPaymentsHarness(
    {
      pendingVerifyAfterMs: 5 * MINUTE,
      pendingExpireAfterMs: 24 * 60 * MINUTE,
      now: () => new Date(clock),
    },
    { paystack: fake },
  );

  async function checkout() {
    const company = await h.account('company');
    const { jobId } = await h.postJob();
    return { company, jobId, reference: await h.startCheckout(company.headers, jobId) };
  }

  it('a company that paid but never came back (closed tab, no webhook) gets its unlock, once', async () => {
    const young = await checkout();
    clock += 6 * MINUTE;
    const lost = await checkout();
    fake.pay(lost.reference);
    fake.pay(young.reference);
    // `lost` is younger than 5 minutes on this clock: not yet. Move on.
    clock += 6 * MINUTE;
    const first = await h.controls.reconcile();
    expect(first).toMatchObject({ paid: 2, errors: 0 });
    expect(await h.payment(lost.reference)).toMatchObject({ status: 'paid', verified_via: 'reconcile' });
    const second = await h.controls.reconcile();
    expect(second.checked).toBe(0);
    await eventually(async () =>
      expect(h.published('payments.unlock.paid').filter((e) => e.reference === lost.reference)).toHaveLength(
        1,
      ),
    );
    // And the late callback agrees.
    expect((await h.verify(lost.company.headers, lost.reference)).json().status).toBe('paid');
  });

  it('leaves young pending payments alone and keeps unsettled ones pending until they expire', async () => {
    const left = await checkout();
    expect((await h.controls.reconcile()).checked).toBe(0);
    clock += 10 * MINUTE;
    expect(await h.controls.reconcile()).toMatchObject({ checked: 1, stillPending: 1 });
    expect((await h.payment(left.reference))?.status).toBe('pending');
    clock += 24 * 60 * MINUTE;
    expect(await h.controls.reconcile()).toMatchObject({ checked: 1, expired: 1 });
    expect(await h.payment(left.reference)).toMatchObject({
      status: 'failed',
      failure_reason: 'expired',
      verified_via: 'reconcile',
    });
    await eventually(async () =>
      expect(h.published('payments.unlock.failed').map((e) => e.reference)).toContain(left.reference),
    );
    // A new checkout for that job is possible again.
    expect((await h.initialize(left.company.headers, { jobId: left.jobId })).json().reference).not.toBe(
      left.reference,
    );
  });

  it('settles declined payments as failed, and counts the provider being down as an error to retry', async () => {
    const declined = await checkout();
    fake.decline(declined.reference);
    const waiting = await checkout();
    fake.pay(waiting.reference);
    clock += 10 * MINUTE;
    fake.faults.verify = 'server-error';
    const down = await h.controls.reconcile();
    expect(down.errors).toBe(down.checked);
    expect(down.errors).toBeGreaterThanOrEqual(2);
    expect((await h.payment(waiting.reference))?.status).toBe('pending');
    fake.faults.verify = 'none';
    const back = await h.controls.reconcile();
    expect(back).toMatchObject({ errors: 0, paid: 1, failed: 1 });
    expect((await h.payment(waiting.reference))?.status).toBe('paid');
    expect(await h.payment(declined.reference)).toMatchObject({ status: 'failed', failure_reason: 'failed' });
  });

  it('a checkout Paystack never created (the start failed half-way) expires', async () => {
    const company = await h.account('company');
    const { jobId } = await h.postJob();
    const row = await h.db
      .insertInto('unlock_payments')
      .values({
        reference: 'MP-never-created',
        job_id: jobId,
        company_id: company.id,
        poster_id: jobId,
        amount_kobo: 100000,
        currency: 'NGN',
        provider: 'paystack',
        status: 'pending',
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    clock += 25 * 60 * MINUTE;
    await h.controls.reconcile();
    expect(await h.payment(row.reference)).toMatchObject({ status: 'failed', failure_reason: 'expired' });
  });
});
