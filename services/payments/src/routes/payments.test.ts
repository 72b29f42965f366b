import { API_PATHS, PAYMENT_API, PAYMENT_MESSAGES, unlockRefundRule } from '@marketplace/contracts';
import { eventually } from '@marketplace/service-kit/testing';
import { setUpPaymentsHarness } from '../testing';

describe('terms, my payments and the admins list', () => {
  const h = setUpPaymentsHarness({
    unlockPriceNgn: 1200,
    unlockPriceByCategory: { Services: 800 },
    unlockCap: 3,
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    h.service.app.inject({ method: 'GET', url, headers });

  describe('GET /api/payments/terms', () => {
    it('says the price, cap and refund rule to anyone', async () => {
      const response = await get(API_PATHS.paymentTerms);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        statusCode: 200,
        currency: 'NGN',
        price: { naira: 1200, kobo: 120000 },
        cap: 3,
        unlockCount: null,
        placesLeft: null,
        available: null,
        refundRule: unlockRefundRule(72),
        refundHours: 72,
        provider: 'sandbox',
        testMode: true,
        myPayment: null,
      });
    });

    it("for a job: its category's price, places left, and the signed-in company's own payment", async () => {
      const { jobId } = await h.postJob({ category: 'Services' });
      const company = await h.account('company');
      const reference = await h.unlockWithSandbox(company.headers, jobId);
      const visitor = (await get(PAYMENT_API.terms(jobId))).json();
      expect(visitor).toMatchObject({
        price: { naira: 800, kobo: 80000 },
        unlockCount: 1,
        placesLeft: 2,
        available: true,
        myPayment: null,
      });
      const mine = (await get(PAYMENT_API.terms(jobId), company.headers)).json();
      expect(mine.myPayment).toMatchObject({ reference, status: 'paid', jobId });
      // A stale or broken token is a visitor here, never a 401.
      expect((await get(PAYMENT_API.terms(jobId), { authorization: 'Bearer a.b.c' })).statusCode).toBe(200);
    });

    it('refuses unknown and malformed job ids', async () => {
      const unknown = await get(PAYMENT_API.terms('00000000-0000-4000-8000-000000000000'));
      expect([unknown.statusCode, unknown.json().errorMessage]).toEqual([404, PAYMENT_MESSAGES.jobNotFound]);
      const malformed = await get(PAYMENT_API.terms('abc'));
      expect([malformed.statusCode, malformed.json().errorMessage]).toEqual([
        400,
        PAYMENT_MESSAGES.invalidJobId,
      ]);
    });
  });

  it("GET /api/payments/mine: the company's own payments and refunds, newest first, with the job's heading", async () => {
    const company = await h.account('company');
    const first = await h.postJob({ title: 'Paint the fence' });
    const second = await h.postJob({ title: 'Mow the lawn' });
    const paid = await h.unlockWithSandbox(company.headers, first.jobId);
    const pending = await h.startCheckout(company.headers, second.jobId);
    const other = await h.account('company');
    await h.startCheckout(other.headers, second.jobId);
    const response = await get(API_PATHS.myPayments, company.headers);
    expect(response.statusCode).toBe(200);
    expect(response.json().payments).toEqual([
      expect.objectContaining({
        reference: pending,
        status: 'pending',
        jobTitle: 'Mow the lawn',
        refund: null,
      }),
      expect.objectContaining({
        reference: paid,
        status: 'paid',
        jobTitle: 'Paint the fence',
        paidAt: expect.any(String),
      }),
    ]);
    const poster = await h.account('user');
    expect((await get(API_PATHS.myPayments, poster.headers)).json()).toEqual({ payments: [] });
    expect((await get(API_PATHS.myPayments)).statusCode).toBe(401);
  });

  describe('GET /api/payments (admins)', () => {
    it('lists every payment with the company, filtered and paged', async () => {
      const admin = await h.account('admin');
      const company = await h.account('company', 'Filter Co');
      await eventually(async () =>
        expect(
          await h.db.selectFrom('members').select('id').where('id', '=', company.id).executeTakeFirst(),
        ).toBeDefined(),
      );
      const { jobId } = await h.postJob();
      const paid = await h.unlockWithSandbox(company.headers, jobId);
      const list = (query: string) => get(`${API_PATHS.adminPayments}?${query}`, admin.headers);

      const byCompany = await list(`companyId=${company.id}`);
      expect(byCompany.statusCode).toBe(200);
      expect(byCompany.json()).toEqual({
        statusCode: 200,
        payments: [
          expect.objectContaining({
            reference: paid,
            status: 'paid',
            companyId: company.id,
            companyName: 'Filter Co',
            provider: 'sandbox',
            verifiedVia: expect.stringMatching(/^(callback|webhook)$/),
            failureReason: null,
          }),
        ],
        page: 1,
        limit: 20,
        hasMore: false,
      });
      expect((await list(`jobId=${jobId}&status=paid`)).json().payments).toHaveLength(1);
      expect((await list(`jobId=${jobId}&status=pending`)).json().payments).toHaveLength(0);
      expect((await list(`reference=${paid}`)).json().payments).toHaveLength(1);
      expect((await list('provider=paystack')).json().payments).toHaveLength(0);
      const today = new Date(Date.now() + 3_600_000).toISOString().slice(0, 10);
      expect((await list(`from=${today}&to=${today}&companyId=${company.id}`)).json().payments).toHaveLength(
        1,
      );
      expect((await list(`to=2020-01-01`)).json().payments).toHaveLength(0);
      const paged = (await list('limit=1')).json();
      expect(paged).toMatchObject({ limit: 1, hasMore: true });
      expect(paged.payments).toHaveLength(1);

      for (const query of ['status=lost', 'companyId=abc', 'from=yesterday', 'page=0', 'limit=1000']) {
        expect((await list(query)).statusCode).toBe(400);
      }
    });

    it('is for admins only', async () => {
      expect((await get(API_PATHS.adminPayments)).statusCode).toBe(401);
      for (const type of ['user', 'company'] as const) {
        expect((await get(API_PATHS.adminPayments, (await h.account(type)).headers)).statusCode).toBe(403);
      }
    });
  });
});
