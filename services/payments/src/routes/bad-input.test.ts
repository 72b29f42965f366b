import { API_PATHS, PAYMENT_API } from '@marketplace/contracts';
import type { HTTPMethods } from 'fastify';
import { setUpPaymentsHarness } from '../testing';

/** Hostile input on every payments route: a clear 4xx, never a 5xx, nothing stored. */
describe('hostile input', () => {
  const h = setUpPaymentsHarness();
  let headers: Record<string, Record<string, string>>;
  let jobId: string;
  beforeAll(async () => {
    const company = await h.account('company');
    const admin = await h.account('admin');
    headers = { company: company.headers, admin: admin.headers };
    jobId = (await h.postJob()).jobId;
  }, 60_000);

  const ID = '00000000-0000-4000-8000-000000000000';
  const send = (
    method: HTTPMethods,
    url: string,
    who: string,
    payload?: string,
    contentType = 'application/json',
  ) =>
    h.service.app.inject({
      method,
      url,
      headers: { ...headers[who], ...(payload === undefined ? {} : { 'content-type': contentType }) },
      ...(payload === undefined ? {} : { payload }),
    });

  const bodies: Array<[string, string]> = [
    ['NUL in the job id', JSON.stringify({ jobId: `${ID}\u0000` })],
    ['NUL in a legacy field', JSON.stringify({ jobId: ID, amount: 'x\u0000' })],
    ['a huge number as the job id', '{"jobId": 1e400}'],
    ['an object as the job id', JSON.stringify({ jobId: { $ne: null } })],
    ['an array as the job id', JSON.stringify({ jobId: [ID] })],
    ['no job id', JSON.stringify({ amount: 2 })],
    ['truncated JSON', '{"jobId": "'],
    ['not JSON', 'jobId=1'],
    ['an empty body', ''],
    ['JSON null', 'null'],
    ['a very long job id', JSON.stringify({ jobId: 'a'.repeat(10_000) })],
  ];

  it.each(bodies)('initializePayment: %s -> 400', async (_label, body) => {
    const response = await send('POST', API_PATHS.initializePayment, 'company', body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, errorMessage: expect.any(String) });
  });

  it('initializePayment: an absurd amount is ignored, not a failure', async () => {
    const response = await send(
      'POST',
      API_PATHS.initializePayment,
      'company',
      `{"jobId":"${jobId}","amount":1e308}`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().amount).toBe(100000);
  });

  it.each([
    ['NUL in the reference', JSON.stringify({ reference: 'MP-\u0000', trxref: 'MP-\u0000' })],
    ['a number as the reference', '{"reference": 12345678901234567890123}'],
    ['an object as the reference', JSON.stringify({ reference: { a: 1 } })],
    ['truncated JSON', '{"reference": "MP-'],
    ['an empty body', ''],
    ['a reference with spaces and slashes', JSON.stringify({ reference: 'MP /../x' })],
  ])('verifyPayment: %s -> 400', async (_label, body) => {
    const response = await send('POST', API_PATHS.verifyPayment, 'company', body);
    expect(response.statusCode).toBe(400);
  });

  it('admin refund: wrong types, NUL, truncated JSON -> 400', async () => {
    for (const body of ['{"reason": 5}', JSON.stringify({ reason: 'a\u0000b' }), '{"reason": "', '', '[]']) {
      const response = await send('POST', PAYMENT_API.refund(ID), 'admin', body);
      expect(response.statusCode).toBe(400);
    }
  });

  it('query strings: NUL, huge pages, wrong types -> 400 on every GET', async () => {
    for (const url of [
      `${API_PATHS.paymentTerms}?jobId=${encodeURIComponent('\u0000')}`,
      `${API_PATHS.adminPayments}?page=1e300&limit=1e300`,
      `${API_PATHS.adminPayments}?page=99999999999`,
      `${API_PATHS.adminPayments}?reference=${encodeURIComponent('a\u0000')}`,
      `${API_PATHS.myPayments}?q=${encodeURIComponent('\u0000')}`,
      `${PAYMENT_API.sandboxCheckout('MP-x')}?q=${encodeURIComponent('\u0000')}`,
    ]) {
      const response = await send('GET', url, 'admin');
      expect(response.statusCode).toBe(400);
    }
  });

  it('the webhook refuses anything unsigned, whatever it holds, and stores nothing bad', async () => {
    for (const body of [
      JSON.stringify({ event: 'charge.success', data: { reference: 'x\u0000' } }),
      '{"event":',
      '',
      'null',
    ]) {
      const response = await send('POST', API_PATHS.paymentWebhook, 'admin', body);
      expect(response.statusCode).toBe(401);
    }
    const events = await h.securityEvents('webhook-bad-signature');
    expect(events.length).toBeGreaterThanOrEqual(4);
  });

  it('the sandbox page refuses unknown actions and bodies', async () => {
    const reference = await h.startCheckout((await h.account('company')).headers, jobId);
    for (const [body, type] of [
      ['action=refund', 'application/x-www-form-urlencoded'],
      ['action=pay%00', 'application/x-www-form-urlencoded'],
      ['{"action": 1}', 'application/json'],
      ['{"action": "pay', 'application/json'],
    ] as const) {
      const response = await send('POST', PAYMENT_API.sandboxCheckout(reference), 'company', body, type);
      expect(response.statusCode).toBe(400);
    }
    expect((await h.payment(reference))?.status).toBe('pending');
  });
});
