import { FakePaystack } from '../testing';
import { PaystackProvider } from './paystack';
import { ProviderError, webhookSignature } from './provider';

describe('Paystack adapter (against a local server speaking Paystack)', () => {
  let fake: FakePaystack;
  let paystack: PaystackProvider;
  beforeAll(async () => {
    fake = await FakePaystack.start('sk_test_adapter');
  });
  afterAll(async () => {
    await fake.close();
  });
  beforeEach(() => {
    fake.resetFaults();
    paystack = new PaystackProvider({ secretKey: 'sk_test_adapter', baseUrl: fake.url, timeoutMs: 400 });
  });

  let seq = 0;
  const input = (overrides: Partial<Parameters<PaystackProvider['initialize']>[0]> = {}) => ({
    reference: `MP-adapter-${++seq}`,
    amountKobo: 150000,
    currency: 'NGN' as const,
    email: 'info@ace.ng',
    callbackUrl: 'https://market.example/payment/callback',
    metadata: { jobId: 'j1' },
    channels: ['card', 'bank_transfer', 'ussd'] as const,
    ...overrides,
  });

  const kindOf = async (promise: Promise<unknown>) => {
    try {
      await promise;
      return 'resolved';
    } catch (err) {
      return err instanceof ProviderError ? err.kind : `other: ${String(err)}`;
    }
  };

  it('initializes with the amount in kobo, our reference, NGN and the callback URL, with the secret key', async () => {
    const request = input();
    const result = await paystack.initialize(request);
    expect(result.authorizationUrl).toMatch(/^https:\/\/checkout\.paystack\.com\//);
    expect(result.accessCode).toEqual(expect.any(String));
    const sent = fake.requests.at(-1);
    expect(sent).toMatchObject({
      method: 'POST',
      path: '/transaction/initialize',
      authorization: 'Bearer sk_test_adapter',
      body: {
        email: 'info@ace.ng',
        amount: 150000,
        currency: 'NGN',
        reference: request.reference,
        callback_url: 'https://market.example/payment/callback',
        channels: ['card', 'bank_transfer', 'ussd'],
      },
    });
  });

  it('reports the channel the money came by (a bank transfer)', async () => {
    const request = input();
    await paystack.initialize(request);
    fake.payByTransfer(request.reference);
    expect(await paystack.verify(request.reference)).toMatchObject({
      status: 'success',
      channel: 'bank_transfer',
    });
  });

  it('verifies a paid transaction: status, amount, currency, paid time and id', async () => {
    const request = input();
    await paystack.initialize(request);
    expect(await paystack.verify(request.reference)).toMatchObject({
      status: 'pending',
      providerStatus: 'ongoing',
    });
    fake.pay(request.reference);
    expect(await paystack.verify(request.reference)).toEqual({
      reference: request.reference,
      status: 'success',
      providerStatus: 'success',
      channel: 'card',
      amountKobo: 150000,
      currency: 'NGN',
      paidAt: expect.any(Date),
      providerId: expect.stringMatching(/^\d+$/),
    });
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'GET',
      path: `/transaction/verify/${request.reference}`,
    });
  });

  it('reports declined as failed, abandoned as pending, and what the provider says about amount and currency', async () => {
    const declined = input();
    await paystack.initialize(declined);
    fake.decline(declined.reference);
    expect(await paystack.verify(declined.reference)).toMatchObject({
      status: 'failed',
      providerStatus: 'failed',
    });

    const abandoned = input();
    await paystack.initialize(abandoned);
    fake.verifyOverrides.set(abandoned.reference, { status: 'abandoned' as never });
    expect(await paystack.verify(abandoned.reference)).toMatchObject({
      status: 'pending',
      providerStatus: 'abandoned',
    });

    const tampered = input();
    await paystack.initialize(tampered);
    fake.pay(tampered.reference);
    fake.verifyOverrides.set(tampered.reference, { amount: 100, currency: 'USD' });
    expect(await paystack.verify(tampered.reference)).toMatchObject({
      status: 'success',
      amountKobo: 100,
      currency: 'USD',
    });
  });

  it('says not-found for a reference Paystack does not know', async () => {
    expect(await kindOf(paystack.verify('MP-nobody'))).toBe('not-found');
  });

  it.each(['initialize', 'verify', 'refund'] as const)(
    '%s: time-out, 5xx and a non-JSON answer are "unavailable"',
    async (endpoint) => {
      const request = input();
      await paystack.initialize(request);
      fake.pay(request.reference);
      const call = () =>
        endpoint === 'initialize'
          ? paystack.initialize(input())
          : endpoint === 'verify'
            ? paystack.verify(request.reference)
            : paystack.refund({
                reference: request.reference,
                amountKobo: 150000,
                customerNote: 'n',
                merchantNote: 'm',
              });
      for (const fault of ['timeout', 'server-error', 'not-json'] as const) {
        fake.faults[endpoint] = fault;
        const started = Date.now();
        expect(await kindOf(call())).toBe('unavailable');
        expect(Date.now() - started).toBeLessThan(3000);
      }
    },
  );

  it('is refused with a wrong key', async () => {
    const wrong = new PaystackProvider({ secretKey: 'sk_test_wrong', baseUrl: fake.url, timeoutMs: 400 });
    expect(await kindOf(wrong.initialize(input()))).toBe('rejected');
  });

  it('refunds a paid transaction once; a second refund counts as done; an unpaid one is refused', async () => {
    const request = input();
    await paystack.initialize(request);
    const refund = () =>
      paystack.refund({
        reference: request.reference,
        amountKobo: 150000,
        customerNote: 'c',
        merchantNote: 'm',
      });
    expect(await kindOf(refund())).toBe('rejected');
    fake.pay(request.reference);
    expect(await refund()).toBe('queued');
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/refund',
      body: { transaction: request.reference, amount: 150000, customer_note: 'c', merchant_note: 'm' },
    });
    expect(await refund()).toBe('already');
  });

  it('accepts a webhook only with the HMAC-SHA512 of the exact raw body', async () => {
    const { body, signature } = fake.webhook('MP-any');
    const raw = Buffer.from(body);
    expect(paystack.verifyWebhookSignature(raw, signature)).toBe(true);
    expect(paystack.verifyWebhookSignature(raw, signature.toUpperCase())).toBe(true);
    expect(paystack.verifyWebhookSignature(Buffer.from(`${body} `), signature)).toBe(false);
    expect(
      paystack.verifyWebhookSignature(Buffer.from(JSON.stringify(JSON.parse(body), null, 1)), signature),
    ).toBe(false);
    expect(paystack.verifyWebhookSignature(raw, webhookSignature('sk_test_other', body))).toBe(false);
    expect(paystack.verifyWebhookSignature(raw, undefined)).toBe(false);
    expect(paystack.verifyWebhookSignature(raw, 'abc')).toBe(false);
  });
});
