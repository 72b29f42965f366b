import { randomUUID } from 'node:crypto';
import { MESSAGES, REFUND_REASON_MESSAGES } from '@marketplace/contracts';
import { eventually } from '@marketplace/service-kit/testing';
import { FakePaystack, setUpPaymentsHarness, type PaymentsHarness } from '../testing';

// Bank transfer and USSD: the money arrives minutes after the company left the checkout. Pending ->
// confirmed and pending -> expired, late and wrong-amount money refunded exactly once, and the status
// route the result page polls. Runs on the in-memory bus (unit-node) and on PostgreSQL + NATS (infra).

const MINUTE = 60_000;

const eventsOf = (h: PaymentsHarness, type: Parameters<PaymentsHarness['published']>[0], reference: string) =>
  h.published(type).filter((e) => (e as { reference: string }).reference === reference);

describe('transfer and USSD on the sandbox (its simulated bank confirms later)', () => {
  let clock = Date.now();
  const h = setUpPaymentsHarness({
    now: () => new Date(clock),
    pendingExpireAfterMs: 30 * MINUTE,
    // The simulated bank never confirms on its own in these tests: the test control does.
    sandboxTransferConfirmMs: 3_600_000,
  });

  const startTransfer = async (action: 'transfer-sent' | 'ussd-sent' = 'transfer-sent') => {
    const company = await h.account('company', 'Ace Plumbing Ltd');
    const { jobId, posterId } = await h.postJob({ title: 'Fix the kitchen sink' });
    const reference = await h.startCheckout(company.headers, jobId);
    const sent = await h.sandbox(reference, action);
    expect(sent.statusCode).toBe(303);
    expect(sent.headers.location).toBe(`/payment/callback?trxref=${reference}&reference=${reference}`);
    return { company, jobId, posterId, reference };
  };

  it('pending -> confirmed: "I have sent the money", the result page waits, the bank confirms, one unlock', async () => {
    const { company, reference } = await startTransfer();
    // Back on /payment/callback: verify finds the transfer on its way.
    const verified = await h.verify(company.headers, reference);
    expect(verified.json()).toMatchObject({ status: 'pending' });
    const waiting = await h.status(reference, company.headers);
    expect(waiting.statusCode).toBe(200);
    expect(waiting.headers['cache-control']).toBe('no-store');
    expect(waiting.json()).toMatchObject({
      payment: {
        status: 'pending',
        progress: 'pending',
        channel: 'bank_transfer',
        method: 'sandbox',
        amount: 100000,
      },
      windowMinutes: 30,
      secondsLeft: 30 * 60,
      transfer: { accountNumber: expect.stringMatching(/^\d{10}$/) },
    });
    // The sandbox page now waits for the bank and offers the test control.
    const page = await h.checkoutPage(reference);
    expect(page.body).toContain('Waiting for the bank to confirm your test transfer');

    clock += 5 * MINUTE;
    expect((await h.status(reference, company.headers)).json().secondsLeft).toBe(25 * 60);
    expect((await h.sandbox(reference, 'confirm-transfer')).statusCode).toBe(303);
    await eventually(async () => expect((await h.payment(reference))?.status).toBe('paid'));
    const paid = (await h.status(reference, company.headers)).json();
    expect(paid).toMatchObject({
      payment: { status: 'paid', progress: 'paid' },
      secondsLeft: null,
      transfer: null,
    });

    await eventually(async () => expect(eventsOf(h, 'payments.unlock.confirmed', reference)).toHaveLength(1));
    expect(eventsOf(h, 'payments.unlock.confirmed', reference)[0]).toMatchObject({
      companyId: company.id,
      jobTitle: 'Fix the kitchen sink',
      amount: 100000,
      method: 'sandbox',
      channel: 'bank_transfer',
    });
    expect(eventsOf(h, 'payments.unlock.paid', reference)).toHaveLength(1);
    // A second press and the reconciliation change nothing.
    await h.sandbox(reference, 'confirm-transfer');
    await h.controls.reconcile();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(eventsOf(h, 'payments.unlock.confirmed', reference)).toHaveLength(1);
    expect(eventsOf(h, 'payments.unlock.paid', reference)).toHaveLength(1);
  });

  it('USSD is a transfer too; a card payment is not announced as confirmed', async () => {
    const ussd = await startTransfer('ussd-sent');
    await h.sandbox(ussd.reference, 'confirm-transfer');
    await eventually(async () =>
      expect(eventsOf(h, 'payments.unlock.confirmed', ussd.reference)).toEqual([
        expect.objectContaining({ channel: 'ussd' }),
      ]),
    );
    const company = await h.account('company');
    const { jobId } = await h.postJob();
    const card = await h.unlockWithSandbox(company.headers, jobId);
    expect((await h.payment(card))?.payment_channel).toBe('card');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(eventsOf(h, 'payments.unlock.confirmed', card)).toHaveLength(0);
  });

  it('pending -> expired after the window: announced once, holds nothing; the late money is refunded once', async () => {
    const { company, jobId, reference } = await startTransfer();
    clock += 29 * MINUTE;
    await h.controls.reconcile();
    expect((await h.payment(reference))?.status).toBe('pending');
    clock += 2 * MINUTE;
    const summary = await h.controls.reconcile();
    expect(summary.expired).toBe(1);
    expect(await h.payment(reference)).toMatchObject({ status: 'failed', failure_reason: 'expired' });
    expect((await h.status(reference, company.headers)).json()).toMatchObject({
      payment: { progress: 'expired' },
      secondsLeft: null,
    });
    await eventually(async () => expect(eventsOf(h, 'payments.unlock.expired', reference)).toHaveLength(1));
    expect(eventsOf(h, 'payments.unlock.expired', reference)[0]).toMatchObject({
      companyId: company.id,
      windowMinutes: 30,
      channel: 'bank_transfer',
      jobTitle: 'Fix the kitchen sink',
    });
    await h.controls.reconcile();
    expect(eventsOf(h, 'payments.unlock.expired', reference)).toHaveLength(1);

    // The bank confirms after the window: the money is given back, exactly once.
    await h.sandbox(reference, 'confirm-transfer');
    await eventually(async () => expect((await h.payment(reference))?.status).toBe('refunded'));
    const verified = await h.verify(company.headers, reference);
    expect(verified.json()).toMatchObject({
      status: 'refunded',
      result: {
        payment: { refund: { reason: 'late-payment', message: REFUND_REASON_MESSAGES['late-payment'] } },
      },
    });
    await h.controls.processRefunds();
    await eventually(async () =>
      expect(
        (
          await h.db
            .selectFrom('sandbox_transactions')
            .select('status')
            .where('reference', '=', reference)
            .executeTakeFirst()
        )?.status,
      ).toBe('refunded'),
    );
    expect(eventsOf(h, 'payments.unlock.refunded', reference)).toEqual([
      expect.objectContaining({ reason: 'late-payment', unlocked: false }),
    ]);
    expect(eventsOf(h, 'payments.unlock.paid', reference)).toHaveLength(0);
    // The company may start again: the expired payment holds no place and no checkout.
    const again = await h.initialize(company.headers, { jobId });
    expect(again.statusCode).toBe(200);
    expect(again.json().reference).not.toBe(reference);
  });

  it('the status route: only the payer and admins; others the 404 of an unknown reference, visitors 401', async () => {
    const { company, posterId, reference } = await startTransfer();
    expect((await h.status(reference)).statusCode).toBe(401);
    const other = await h.account('company');
    const poster = await h.bearer(posterId, 'user');
    const someone = await h.account('user');
    for (const headers of [other.headers, poster, someone.headers]) {
      const refused = await h.status(reference, headers);
      expect(refused.statusCode).toBe(404);
      expect(refused.json().errorMessage).toBe(MESSAGES.invalidPaymentReference);
      expect(refused.body).not.toContain('accountNumber');
    }
    const admin = await h.account('admin');
    expect((await h.status(reference, admin.headers)).json().payment.reference).toBe(reference);
    expect((await h.status(reference, company.headers)).statusCode).toBe(200);
    // Hostile references: never a 500, never another's payment.
    for (const bad of [
      `MP-${randomUUID()}`,
      'MP-%00abc',
      '%00',
      '1e309',
      'Infinity',
      encodeURIComponent(`${reference}' or '1'='1`),
      encodeURIComponent('../../admin'),
    ]) {
      const response = await h.status(bad, company.headers);
      expect(response.statusCode).toBe(404);
    }
    // Longer than any route parameter the server takes: refused before the route (414).
    expect((await h.status('x'.repeat(201), company.headers)).statusCode).toBe(414);
    const forged = await h.status(reference, { authorization: 'Bearer not-a-token' });
    expect(forged.statusCode).toBe(401);
  });
});

describe('transfer and USSD with Paystack (channels, webhook twice and after expiry, wrong amount)', () => {
  let clock = Date.now();
  const fake = new FakePaystack('sk_test_transfer');
  const h = setUpPaymentsHarness(
    { now: () => new Date(clock), pendingExpireAfterMs: 30 * MINUTE },
    { paystack: fake },
  );
  const webhook = (body: string, signature: string) =>
    h.service.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: { 'content-type': 'application/json', 'x-paystack-signature': signature },
      payload: body,
    });
  const checkout = async () => {
    const company = await h.account('company');
    const { jobId } = await h.postJob({ title: 'Paint the fence' });
    const reference = await h.startCheckout(company.headers, jobId);
    return { company, jobId, reference };
  };

  it('offers card, bank transfer and USSD; a transfer confirmed by the webhook is announced once', async () => {
    const { company, reference } = await checkout();
    expect(fake.transactions.get(reference)?.channels).toEqual(['card', 'bank_transfer', 'ussd']);
    fake.payByTransfer(reference);
    const { body, signature } = fake.webhook(reference);
    expect((await webhook(body, signature)).statusCode).toBe(200);
    expect((await webhook(body, signature)).statusCode).toBe(200);
    expect(await h.payment(reference)).toMatchObject({ status: 'paid', payment_channel: 'bank_transfer' });
    await eventually(async () =>
      expect(eventsOf(h, 'payments.unlock.confirmed', reference)).toEqual([
        expect.objectContaining({ method: 'transfer', channel: 'bank_transfer', companyId: company.id }),
      ]),
    );
    expect((await h.status(reference, company.headers)).json().payment).toMatchObject({ method: 'transfer' });
  });

  it('the webhook twice after expiry: one late-payment refund, one provider refund call', async () => {
    const { reference } = await checkout();
    clock += 31 * MINUTE;
    await h.controls.reconcile();
    expect(await h.payment(reference)).toMatchObject({ status: 'failed', failure_reason: 'expired' });
    fake.payByTransfer(reference, { channel: 'ussd' });
    const { body, signature } = fake.webhook(reference);
    const second = fake.webhook(reference, { id: 'redelivered' });
    const answers = await Promise.all([webhook(body, signature), webhook(second.body, second.signature)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    await webhook(body, signature);
    await h.controls.processRefunds();
    await h.controls.reconcile();
    expect(await h.payment(reference)).toMatchObject({
      status: 'refunded',
      refund_reason: 'late-payment',
      payment_channel: 'ussd',
    });
    expect(fake.refundCalls(reference)).toHaveLength(1);
    expect(fake.refundCalls(reference)[0]?.body).toMatchObject({ amount: 100000 });
    expect(eventsOf(h, 'payments.unlock.refunded', reference)).toHaveLength(1);
    expect(eventsOf(h, 'payments.unlock.paid', reference)).toHaveLength(0);
    expect(eventsOf(h, 'payments.unlock.expired', reference)).toHaveLength(1);
  });

  it('money the provider took after the window is refunded even before the reconciliation expired it', async () => {
    const { company, reference } = await checkout();
    clock += 31 * MINUTE;
    fake.payByTransfer(reference, { paidAt: new Date(clock) });
    const { body, signature } = fake.webhook(reference);
    await webhook(body, signature);
    expect(await h.payment(reference)).toMatchObject({ status: 'refunded', refund_reason: 'late-payment' });
    expect((await h.verify(company.headers, reference)).json().status).toBe('refunded');
    await h.controls.processRefunds();
    expect(fake.refundCalls(reference)).toHaveLength(1);
    expect(eventsOf(h, 'payments.unlock.paid', reference)).toHaveLength(0);
  });

  it('a transfer of another amount unlocks nothing: what arrived is refunded, once', async () => {
    const { company, reference } = await checkout();
    fake.payByTransfer(reference, { amount: 50_000 });
    const { body, signature } = fake.webhook(reference);
    await webhook(body, signature);
    await webhook(body, signature);
    const verified = await h.verify(company.headers, reference);
    expect(verified.json()).toMatchObject({
      status: 'refunded',
      result: { payment: { refund: { reason: 'wrong-amount' } } },
    });
    await h.controls.processRefunds();
    expect(fake.refundCalls(reference)).toHaveLength(1);
    expect(fake.refundCalls(reference)[0]?.body).toMatchObject({ amount: 50_000 });
    expect(eventsOf(h, 'payments.unlock.paid', reference)).toHaveLength(0);
    expect(await h.securityEvents('verify-mismatch')).toEqual(
      expect.arrayContaining([expect.objectContaining({ reference })]),
    );
  });
});
