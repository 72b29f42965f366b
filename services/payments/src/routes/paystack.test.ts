import { API_PATHS, MESSAGES, PAYMENT_MESSAGES } from '@marketplace/contracts';
import { eventually } from '@marketplace/service-kit/testing';
import { FakePaystack, setUpPaymentsHarness } from '../testing';

/** The service with the Paystack provider, against a local Paystack: callback, webhook, failures. */
describe('unlocking with Paystack', () => {
  const fake = new FakePaystack('sk_test_service');
  const h = setUpPaymentsHarness({ unlockPriceNgn: 2000 }, { paystack: fake });

  const webhook = (body: string, signature: string | undefined, contentType = 'application/json') =>
    h.service.app.inject({
      method: 'POST',
      url: API_PATHS.paymentWebhook,
      headers: {
        'content-type': contentType,
        ...(signature === undefined ? {} : { 'x-paystack-signature': signature }),
      },
      payload: body,
    });

  async function checkout() {
    const company = await h.account('company');
    const { jobId, posterId } = await h.postJob();
    const reference = await h.startCheckout(company.headers, jobId);
    return { company, jobId, posterId, reference };
  }
  const paidEvents = (reference: string) =>
    h.published('payments.unlock.paid').filter((e) => e.reference === reference);

  it("initializes at Paystack with the price in kobo, our reference and the site's /payment/callback", async () => {
    const company = await h.account('company');
    const { jobId } = await h.postJob();
    const response = await h.initialize(company.headers, { jobId, amount: 2, email: 'info@ace-plumbing.ng' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      status: 'pending',
      provider: 'paystack',
      amount: 200000,
      authorization_url: expect.stringMatching(/^https:\/\/checkout\.paystack\.com\//),
    });
    expect(fake.transactions.get(body.reference)).toMatchObject({
      amount: 200000,
      currency: 'NGN',
      email: 'info@ace-plumbing.ng',
      callback_url: 'https://market.example/payment/callback',
    });
    const fallback = await h.initialize((await h.account('company')).headers, { jobId });
    expect(fake.transactions.get(fallback.json().reference)?.email).toMatch(/^company-.+@market\.example$/);
    const badEmail = await h.initialize((await h.account('company')).headers, {
      jobId,
      email: 'not-an-email',
    });
    expect([badEmail.statusCode, badEmail.json().errorMessage]).toEqual([400, 'Invalid email address']);
  });

  it('when Paystack is down at the start: 502 with a clear message; the next attempt works', async () => {
    const company = await h.account('company');
    const { jobId } = await h.postJob();
    for (const fault of ['timeout', 'server-error', 'not-json'] as const) {
      fake.faults.initialize = fault;
      const response = await h.initialize(company.headers, { jobId });
      expect([response.statusCode, response.json().errorMessage]).toEqual([
        502,
        PAYMENT_MESSAGES.couldNotStartPayment,
      ]);
    }
    const failed = await h.db
      .selectFrom('unlock_payments')
      .select(['status', 'failure_reason'])
      .where('job_id', '=', jobId)
      .execute();
    expect(failed).toEqual(Array(3).fill({ status: 'failed', failure_reason: 'initialize-failed' }));
    fake.faults.initialize = 'none';
    expect((await h.initialize(company.headers, { jobId })).statusCode).toBe(200);
  });

  it('callback then webhook: one unlock', async () => {
    const { company, reference } = await checkout();
    fake.pay(reference);
    const verified = await h.verify(company.headers, reference);
    expect(verified.json()).toMatchObject({ status: 'paid', message: MESSAGES.paymentVerifiedSuccessfully });
    const { body, signature } = fake.webhook(reference);
    expect((await webhook(body, signature)).statusCode).toBe(200);
    await eventually(async () => expect(paidEvents(reference)).toHaveLength(1));
    expect((await h.payment(reference))?.verified_via).toBe('callback');
  });

  it('webhook before the callback (or without one): one unlock, and the callback then says paid', async () => {
    const { company, reference } = await checkout();
    fake.pay(reference);
    const { body, signature } = fake.webhook(reference);
    const response = await webhook(body, signature);
    expect(response.statusCode).toBe(200);
    expect(await h.payment(reference)).toMatchObject({ status: 'paid', verified_via: 'webhook' });
    const verified = await h.verify(company.headers, reference);
    expect(verified.json()).toMatchObject({ status: 'paid', message: MESSAGES.paymentVerifiedSuccessfully });
    await eventually(async () => expect(paidEvents(reference)).toHaveLength(1));
  });

  it('a replayed webhook changes nothing and is a security event', async () => {
    const { reference } = await checkout();
    fake.pay(reference);
    const { body, signature } = fake.webhook(reference);
    expect((await webhook(body, signature)).statusCode).toBe(200);
    expect((await webhook(body, signature)).statusCode).toBe(200);
    expect(await h.securityEvents('webhook-replay')).toEqual([expect.objectContaining({ reference })]);
    await eventually(async () => expect(paidEvents(reference)).toHaveLength(1));
  });

  it('a forged webhook (bad, missing or wrong-key signature, or a changed body) changes nothing', async () => {
    const { company, reference } = await checkout();
    fake.pay(reference);
    const { body, signature } = fake.webhook(reference);
    const forged = fake.webhook(reference, {}, 'sk_test_attacker');
    const before = (await h.securityEvents('webhook-bad-signature')).length;
    for (const [text, sig] of [
      [body, undefined],
      [body, 'deadbeef'],
      [forged.body, forged.signature],
      [body.replace('"status":"success"', '"status":"success" '), signature],
    ] as const) {
      const response = await webhook(text, sig);
      expect(response.statusCode).toBe(401);
      expect(response.json().errorMessage).toBe(PAYMENT_MESSAGES.webhookBadSignature);
    }
    expect((await h.payment(reference))?.status).toBe('pending');
    expect(await h.securityEvents('webhook-bad-signature')).toHaveLength(before + 4);
    // The real one still works afterwards.
    expect((await h.verify(company.headers, reference)).json().status).toBe('paid');
  });

  it('a webhook for an unknown reference, or with another currency or status, changes nothing', async () => {
    const unknown = fake.webhook('MP-00000000-0000-4000-8000-000000000000');
    expect((await webhook(unknown.body, unknown.signature)).statusCode).toBe(200);
    expect(await h.securityEvents('webhook-unknown-reference')).toEqual([
      expect.objectContaining({ reference: 'MP-00000000-0000-4000-8000-000000000000' }),
    ]);

    const { reference } = await checkout();
    fake.pay(reference);
    for (const overrides of [{ amount: '100' }, { currency: 'USD' }, { status: 'failed' }]) {
      const { body, signature } = fake.webhook(reference, overrides);
      expect((await webhook(body, signature)).statusCode).toBe(200);
    }
    expect((await h.payment(reference))?.status).toBe('pending');
    expect(
      (await h.securityEvents('webhook-mismatch')).filter((e) => e.reference === reference),
    ).toHaveLength(3);
    expect(paidEvents(reference)).toHaveLength(0);
  });

  it('a signed but malformed notification is a 400; another content type a 415; other events are acknowledged', async () => {
    const { webhookSignature } = await import('../providers/provider');
    const truncated = '{"event":"charge.success","data":{"reference":';
    expect((await webhook(truncated, webhookSignature('sk_test_service', truncated))).statusCode).toBe(400);
    const noData = '{"event":"charge.success"}';
    expect((await webhook(noData, webhookSignature('sk_test_service', noData))).statusCode).toBe(400);
    const text = 'event=charge.success';
    expect(
      (await webhook(text, webhookSignature('sk_test_service', text), 'application/x-www-form-urlencoded'))
        .statusCode,
    ).toBe(415);
    const other = JSON.stringify({ event: 'transfer.success', data: { reference: 'x' } });
    expect((await webhook(other, webhookSignature('sk_test_service', other))).statusCode).toBe(200);
  });

  it('verification checks the currency and reference Paystack reports: a mismatch unlocks nothing', async () => {
    for (const override of [{ currency: 'GHS' }, { reference: 'MP-someone-else' }]) {
      const { company, reference } = await checkout();
      fake.pay(reference);
      fake.verifyOverrides.set(reference, override);
      const verified = await h.verify(company.headers, reference);
      expect(verified.json()).toMatchObject({ status: 'pending', message: PAYMENT_MESSAGES.paymentPending });
      const { body, signature } = fake.webhook(reference);
      expect((await webhook(body, signature)).statusCode).toBe(200);
      expect((await h.payment(reference))?.status).toBe('pending');
      expect(
        (await h.securityEvents('verify-mismatch')).filter((e) => e.reference === reference).length,
      ).toBeGreaterThanOrEqual(2);
      expect(paidEvents(reference)).toHaveLength(0);
    }
  });

  it("when Paystack cannot verify: 502 with the spec's message to the callback, 503 to the webhook (retried), then it unlocks", async () => {
    const { company, reference } = await checkout();
    fake.pay(reference);
    fake.faults.verify = 'timeout';
    const verified = await h.verify(company.headers, reference);
    expect([verified.statusCode, verified.json().errorMessage]).toEqual([
      502,
      MESSAGES.errorVerifyingPayment,
    ]);
    const { body, signature } = fake.webhook(reference);
    expect((await webhook(body, signature)).statusCode).toBe(503);
    fake.faults.verify = 'none';
    // Paystack delivers the same notification again: not a replay, it unlocks.
    expect((await webhook(body, signature)).statusCode).toBe(200);
    expect((await h.payment(reference))?.status).toBe('paid');
    expect(await h.securityEvents('webhook-replay')).not.toContainEqual(
      expect.objectContaining({ reference }),
    );
  });

  it('a declined payment fails with the spec message', async () => {
    const { company, reference } = await checkout();
    fake.decline(reference);
    const verified = await h.verify(company.headers, reference);
    expect(verified.json()).toMatchObject({ status: 'failed', message: MESSAGES.paymentFailedTryAgain });
  });
});
