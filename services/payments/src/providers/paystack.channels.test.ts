import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { UNLOCK_CHANNELS, paymentMethodOf } from '@marketplace/contracts';
import { PaystackProvider } from './paystack';

// Paystack's channels (https://paystack.com/docs/api/transaction/#initialize: `channels`), with msw standing
// in for api.paystack.co in its documented shapes.

const BASE = 'https://api.paystack.co';
const initialized: unknown[] = [];
let verifiedChannel: unknown = 'bank_transfer';

const paystack = setupServer(
  http.post(`${BASE}/transaction/initialize`, async ({ request }) => {
    const body = (await request.json()) as { reference: string };
    initialized.push(body);
    return HttpResponse.json({
      status: true,
      message: 'Authorization URL created',
      data: {
        authorization_url: 'https://checkout.paystack.com/abc',
        access_code: 'abc',
        reference: body.reference,
      },
    });
  }),
  http.get(`${BASE}/transaction/verify/:reference`, ({ params }) =>
    HttpResponse.json({
      status: true,
      message: 'Verification successful',
      data: {
        id: 4099260516,
        status: 'success',
        reference: params.reference,
        amount: 100000,
        currency: 'NGN',
        paid_at: '2026-11-28T10:00:00.000Z',
        channel: verifiedChannel,
      },
    }),
  ),
);

beforeAll(() => paystack.listen({ onUnhandledRequest: 'error' }));
afterAll(() => paystack.close());

describe('Paystack: card, bank transfer and USSD on one checkout', () => {
  const provider = new PaystackProvider({ secretKey: 'sk_test_msw', baseUrl: BASE, timeoutMs: 2000 });

  it("initializes with channels ['card', 'bank_transfer', 'ussd']", async () => {
    await provider.initialize({
      reference: 'MP-channels-1',
      amountKobo: 100000,
      currency: 'NGN',
      email: 'info@ace.ng',
      callbackUrl: 'https://market.example/payment/callback',
      metadata: {},
      channels: UNLOCK_CHANNELS,
    });
    expect(initialized.at(-1)).toMatchObject({ channels: ['card', 'bank_transfer', 'ussd'] });
  });

  it.each([
    ['bank_transfer', 'transfer'],
    ['ussd', 'ussd'],
    ['card', 'card'],
    ['dedicated_nuban', 'transfer'],
  ])('reads the channel %s (method %s)', async (channel, method) => {
    verifiedChannel = channel;
    const tx = await provider.verify('MP-channels-1');
    expect(tx.channel).toBe(channel);
    expect(paymentMethodOf('paystack', tx.channel)).toBe(method);
  });

  it('a missing or odd channel is unknown, never a method', async () => {
    for (const odd of [undefined, 42, '', 'x'.repeat(500)]) {
      verifiedChannel = odd;
      const tx = await provider.verify('MP-channels-1');
      expect(paymentMethodOf('paystack', tx.channel)).toBeNull();
    }
    expect(paymentMethodOf('sandbox', 'bank_transfer')).toBe('sandbox');
  });
});
