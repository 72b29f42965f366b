import { randomUUID } from 'node:crypto';
import {
  API_PATHS,
  PAYMENT_API,
  RECEIPT_MESSAGES,
  REFUND_REASON_MESSAGES,
  type Receipt,
} from '@marketplace/contracts';
import { newEvent } from '@marketplace/service-kit';
import { eventually } from '@marketplace/service-kit/testing';
import { setUpPaymentsHarness } from '../testing';

const SELLER = {
  name: 'Ọjà Marketplace Nigeria Ltd',
  address: '12 Adeola Odeku Street, Victoria Island, Lagos',
  rcNumber: 'RC1234567',
  vatTin: '23456789-0001',
};

describe('receipts and credit notes', () => {
  const h = setUpPaymentsHarness({ unlockPriceNgn: 1200, receiptSeller: SELLER });

  const get = (url: string, headers: Record<string, string> = {}) =>
    h.service.app.inject({ method: 'GET', url, headers });

  /** A company registered as accounts announces it: with its CAC number. */
  async function company(name: string, cacNumber?: string) {
    const id = randomUUID();
    await h.service.bus.publish(
      newEvent(
        'accounts.user.registered',
        { userId: id, name, type: 'company', ...(cacNumber ? { cacNumber } : {}) },
        { correlationId: 'test' },
      ),
    );
    await eventually(async () => {
      const member = await h.db.selectFrom('members').select('id').where('id', '=', id).executeTakeFirst();
      if (!member) throw new Error('not in the read model yet');
    });
    return { id, headers: await h.bearer(id, 'company') };
  }

  async function receiptsOf(reference: string) {
    const payment = await h.payment(reference);
    return h.db
      .selectFrom('receipts')
      .selectAll()
      .where('payment_id', '=', payment!.id)
      .orderBy('kind', 'desc')
      .execute();
  }

  it('issues a receipt when an unlock is paid, frozen: seller, company and CAC, job, net + VAT = total, method, Lagos time', async () => {
    const payer = await company('Ìgbà Plumbing & Sons', 'RC654321');
    const { jobId, posterId } = await h.postJob({ title: 'Fix a leaking kitchen tap' });
    const reference = await h.unlockWithSandbox(payer.headers, jobId);
    const [issued] = await receiptsOf(reference);
    expect(issued?.number).toMatch(/^RCT-\d{6}$/);

    const response = await get(PAYMENT_API.receipt(issued!.number), payer.headers);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const receipt = response.json() as Receipt;
    expect(receipt).toMatchObject({
      number: issued!.number,
      kind: 'receipt',
      creditsNumber: null,
      seller: SELLER,
      company: { id: payer.id, name: 'Ìgbà Plumbing & Sons', cacNumber: 'RC654321' },
      job: { id: jobId, title: 'Fix a leaking kitchen tap' },
      paymentReference: reference,
      currency: 'NGN',
      totalKobo: 120_000,
      // 7.5 % inside the price: 120,000 / 1.075 = 111,627.9 -> 111,628; VAT the rest.
      netKobo: 111_628,
      vatKobo: 8_372,
      vatRateBasisPoints: 750,
      method: 'sandbox',
      reason: null,
    });
    const paidAt = (await h.payment(reference))!.paid_at!;
    expect(receipt.issuedAt).toBe(paidAt.toISOString());
    const lagos = new Date(paidAt.getTime() + 60 * 60_000);
    expect(receipt.issuedAtLagos).toContain(`${String(lagos.getUTCHours()).padStart(2, '0')}:`);
    expect(receipt.issuedAtLagos).toMatch(/^\d{1,2} [A-Z][a-z]+ \d{4}, \d{2}:\d{2} WAT$/);

    // Frozen: the company renamed and the job retitled later change nothing on it.
    await h.service.bus.publish(
      newEvent('accounts.user.updated', { userId: payer.id, name: 'Renamed Ltd' }, { correlationId: 'test' }),
    );
    await h.jobsEvent('jobs.job.updated', {
      jobId,
      postedBy: posterId,
      fields: ['title'],
      title: 'Other',
    } as never);
    await eventually(async () => {
      const member = await h.db
        .selectFrom('members')
        .select('name')
        .where('id', '=', payer.id)
        .executeTakeFirst();
      expect(member?.name).toBe('Renamed Ltd');
    });
    expect((await get(PAYMENT_API.receipt(issued!.number), payer.headers)).json()).toEqual(receipt);

    // Listed with the company's payments.
    const mine = (await get(API_PATHS.myPayments, payer.headers)).json();
    expect(mine.payments[0]).toMatchObject({
      reference,
      receipts: [{ number: issued!.number, kind: 'receipt' }],
    });
    // Verifying again (callback twice, webhook, reconcile) issues nothing more.
    await h.verify(payer.headers, reference);
    expect(await receiptsOf(reference)).toHaveLength(1);
  });

  it("issues a credit note crediting the receipt when an admin refunds, listed in the admins' payments", async () => {
    const payer = await company('Adaeze Builders', 'BN1234567');
    const { jobId } = await h.postJob();
    const reference = await h.unlockWithSandbox(payer.headers, jobId);
    const payment = await h.payment(reference);
    const admin = await h.account('admin');
    const refund = await h.service.app.inject({
      method: 'POST',
      url: PAYMENT_API.refund(payment!.id),
      headers: admin.headers,
      payload: { reason: 'Wrong number given by the poster' },
    });
    expect(refund.statusCode).toBe(200);
    const [receipt, note] = await receiptsOf(reference);
    expect(note).toMatchObject({ kind: 'credit-note', credits_number: receipt!.number });
    expect(refund.json().payment.receipts).toEqual([
      { number: receipt!.number, kind: 'receipt' },
      { number: note!.number, kind: 'credit-note' },
    ]);
    const body = (await get(PAYMENT_API.receipt(note!.number), admin.headers)).json() as Receipt;
    expect(body).toMatchObject({
      kind: 'credit-note',
      creditsNumber: receipt!.number,
      reason: 'Wrong number given by the poster',
      totalKobo: 120_000,
      company: { name: 'Adaeze Builders', cacNumber: 'BN1234567' },
    });
    const list = (await get(`${API_PATHS.adminPayments}?reference=${reference}`, admin.headers)).json();
    expect(list.payments[0].receipts).toHaveLength(2);
  });

  it('issues a credit note for a dead-lead refund (the job deleted after the unlock)', async () => {
    const payer = await company('Chukwu Electricals');
    const { jobId, posterId } = await h.postJob();
    const reference = await h.unlockWithSandbox(payer.headers, jobId);
    await h.jobsEvent('jobs.job.deleted', { jobId, postedBy: posterId } as never);
    await eventually(async () => expect(await receiptsOf(reference)).toHaveLength(2));
    const [, note] = await receiptsOf(reference);
    expect(note).toMatchObject({ kind: 'credit-note', reason: REFUND_REASON_MESSAGES['job-deleted'] });
    // No CAC number announced: the receipt says so rather than invent one.
    const body = (await get(PAYMENT_API.receipt(note!.number), payer.headers)).json() as Receipt;
    expect(body.company.cacNumber).toBeNull();
  });

  it('a payment refunded at once (the job filled up before it was confirmed) gets its receipt and credit note', async () => {
    const { jobId } = await h.postJob();
    const late = await company('Late Payer Ltd', 'RC42');
    const reference = await h.startCheckout(late.headers, jobId);
    // The job fills up (cap 5) while the late company is on the provider's page.
    for (let i = 0; i < 5; i += 1) {
      const other = await company(`Early Payer ${i}`);
      await h.unlockWithSandbox(other.headers, jobId);
    }
    await h.sandbox(reference, 'pay');
    expect((await h.verify(late.headers, reference)).json()).toMatchObject({ status: 'refunded' });
    const [receipt, note] = await receiptsOf(reference);
    expect(receipt).toMatchObject({ kind: 'receipt', company_name: 'Late Payer Ltd', total_kobo: 120_000 });
    expect(note).toMatchObject({
      kind: 'credit-note',
      credits_number: receipt!.number,
      reason: REFUND_REASON_MESSAGES['job-full'],
    });
  });

  it("keeps a company's CAC number from its registration and forgets it when the account is deleted", async () => {
    const payer = await company('Forgetful Ltd', 'IT7654');
    const cac = () =>
      h.db
        .selectFrom('company_cac_numbers')
        .select('cac_number')
        .where('company_id', '=', payer.id)
        .executeTakeFirst();
    expect(await cac()).toEqual({ cac_number: 'IT7654' });
    const { jobId } = await h.postJob();
    const reference = await h.unlockWithSandbox(payer.headers, jobId);
    await h.service.bus.publish(
      newEvent('accounts.user.deleted', { userId: payer.id }, { correlationId: 'test' }),
    );
    await eventually(async () => expect(await cac()).toBeUndefined());
    // The receipt issued before keeps what it was issued with (a record kept for tax).
    const [issued] = await receiptsOf(reference);
    expect(issued).toMatchObject({ company_name: 'Forgetful Ltd', company_cac_number: 'IT7654' });
  });

  describe('who may read one', () => {
    let number: string;
    let payer: { id: string; headers: { authorization: string } };
    let posterId: string;
    beforeAll(async () => {
      payer = await company('Bello Cleaning <script>alert(1)</script>', 'RC777');
      const job = await h.postJob();
      posterId = job.posterId;
      const reference = await h.unlockWithSandbox(payer.headers, job.jobId);
      number = (await receiptsOf(reference))[0]!.number;
    });
    const urls = () => [
      PAYMENT_API.receipt(number),
      PAYMENT_API.receiptPage(number),
      PAYMENT_API.receiptPdf(number),
    ];

    it('asks visitors to sign in (401) and tells every other account it does not exist (404)', async () => {
      for (const url of urls()) {
        expect((await get(url)).statusCode).toBe(401);
        const others = [
          await h.bearer(posterId, 'user'),
          (await h.account('company', 'Another Company')).headers,
          (await h.account('user')).headers,
        ];
        for (const headers of others) {
          const response = await get(url, headers);
          expect([url, response.statusCode]).toEqual([url, 404]);
          expect(response.json().message).toBe(RECEIPT_MESSAGES.notFound);
          expect(response.headers['cache-control']).toBe('no-store');
        }
      }
    });

    it('serves the payer and admins, never cached', async () => {
      const admin = await h.account('admin');
      for (const headers of [payer.headers, admin.headers]) {
        for (const url of urls()) {
          const response = await get(url, headers);
          expect([url, response.statusCode]).toEqual([url, 200]);
          expect(response.headers['cache-control']).toBe('no-store');
        }
      }
    });

    it('prints a page with the same words, escaped, and no script', async () => {
      const response = await get(PAYMENT_API.receiptPage(number), payer.headers);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['content-security-policy']).toContain("default-src 'none'");
      expect(response.body).toContain(`<h1>Receipt</h1>`);
      expect(response.body).toContain(number);
      expect(response.body).toContain('Bello Cleaning &lt;script&gt;alert(1)&lt;/script&gt;');
      expect(response.body).not.toContain('<script');
      expect(response.body).toContain('₦1,200.00');
      expect(response.body).toContain('@media print');
      expect(response.body).toContain(PAYMENT_API.receiptPdf(number));
    });

    it('makes a PDF that opens and carries the number, with the font embedded', async () => {
      const response = await get(PAYMENT_API.receiptPdf(number), payer.headers);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toBe(`attachment; filename="${number}.pdf"`);
      const pdf = response.rawPayload;
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const text = pdf.toString('latin1');
      expect(text).toContain(`(Receipt ${number})`);
      expect(text).toMatch(/\/FontName \/[A-Z]{6}\+DejaVuSans/);
      expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
    });

    it('answers hostile numbers with 404 (400 for NUL bytes or an over-long one), never a 5xx', async () => {
      const admin = await h.account('admin');
      const hostile = [
        'RCT-000000%00',
        '%00',
        'RCT-1e309',
        'Infinity',
        'RCT-99999999999999999999',
        'rct-000001%27%20or%201=1--',
        'CRN-',
        '..%2F..%2Fetc%2Fpasswd',
        'R'.repeat(41),
        '%F0%9F%92%B8',
      ];
      for (const given of hostile) {
        for (const url of [`/api/payments/receipts/${given}`, `/api/payments/receipts/${given}/pdf`]) {
          const response = await get(url, admin.headers);
          // NUL bytes and over-long numbers are refused as bad input (400), the rest are unknown (404).
          const expected = given.length > 40 || given.includes('%00') ? 400 : 404;
          expect([url, response.statusCode]).toEqual([url, expected]);
        }
      }
    });
  });
});
