import { randomUUID } from 'node:crypto';
import { createTestService, type TestService } from '@marketplace/service-kit/testing';
import paymentsService from './app';

describe('payments service', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await createTestService([paymentsService]);
  });
  afterAll(async () => {
    await service.close();
  });

  it("lists only the signed-in company's payments", async () => {
    const company = randomUUID();
    const table = service.db.raw.withSchema('payments').insertInto('unlock_payments');
    const base = {
      job_id: randomUUID(),
      poster_id: randomUUID(),
      amount_kobo: 200,
      currency: 'NGN',
      provider: 'sandbox',
      status: 'pending',
    };
    await table.values({ ...base, reference: 'ref-mine', company_id: company }).execute();
    await service.db.raw
      .withSchema('payments')
      .insertInto('unlock_payments')
      .values({ ...base, reference: 'ref-other', company_id: randomUUID() })
      .execute();
    const token = await service.tokenFor({ sub: company, type: 'company' });
    const response = await service.app.inject({
      method: 'GET',
      url: '/api/payments/mine',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().payments.map((p: { reference: string }) => p.reference)).toEqual(['ref-mine']);
  });

  it('needs a session', async () => {
    const response = await service.app.inject({ method: 'GET', url: '/api/payments/mine' });
    expect(response.statusCode).toBe(401);
    expect(response.json().resultMessage.en).toBe('Please sign in to continue.');
  });
});
