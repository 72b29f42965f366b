import { API_PATHS, PAYMENT_API, PAYMENT_MESSAGES, REFUND_REASON_MESSAGES } from '@marketplace/contracts';
import { eventually } from '@marketplace/service-kit/testing';
import { FakePaystack, setUpPaymentsHarness } from '../testing';

describe('refunds: dead leads, admins, retried until the provider accepts', () => {
  let clock = Date.now();
  const fake = new FakePaystack('sk_test_refunds');
  const h = setUpPaymentsHarness({ now: () => new Date(clock) }, { paystack: fake });

  it.each([
    ['deleted by its poster', 'job-deleted'],
    ['hidden by an admin', 'job-hidden'],
  ] as const)(
    'a job %s after a company paid: the company is refunded automatically and told so',
    async (_how, reason) => {
      const { company, jobId, posterId, reference } = await h.paidUnlock();
      if (reason === 'job-deleted') await h.jobsEvent('jobs.job.deleted', { jobId, postedBy: posterId });
      else
        await h.jobsEvent('jobs.job.moderated', {
          jobId,
          postedBy: posterId,
          hidden: true,
          reason: 'Fake job',
        });
      await eventually(async () =>
        expect(await h.payment(reference)).toMatchObject({
          status: 'refunded',
          refund_reason: reason,
          refund_state: 'queued',
        }),
      );
      expect(fake.refundCalls(reference)).toHaveLength(1);
      expect(fake.transactions.get(reference)?.status).toBe('reversed');
      await eventually(async () =>
        expect(h.published('payments.unlock.refunded').filter((e) => e.reference === reference)).toEqual([
          {
            paymentId: expect.any(String),
            reference,
            jobId,
            // The job's heading, for the company's e-mail.
            jobTitle: 'Fix a leaking kitchen tap',
            companyId: company.id,
            posterId,
            amount: 100000,
            currency: 'NGN',
            reason,
            unlocked: true,
            refundedAt: expect.any(String),
          },
        ]),
      );
      const mine = await h.myPayments(company.headers);
      expect(mine.json().payments[0]).toMatchObject({
        reference,
        status: 'refunded',
        refund: {
          reason,
          message: REFUND_REASON_MESSAGES[reason],
          state: 'queued',
          refundedAt: expect.any(String),
        },
      });
      // The callback now says what happened.
      expect((await h.verify(company.headers, reference)).json()).toMatchObject({
        status: 'refunded',
        message: REFUND_REASON_MESSAGES[reason],
      });
    },
  );

  it('a refund Paystack cannot take now is retried until it does (and marked processed by its webhook)', async () => {
    const { jobId, posterId, reference } = await h.paidUnlock();
    fake.faults.refund = 'server-error';
    await h.jobsEvent('jobs.job.deleted', { jobId, postedBy: posterId });
    await eventually(async () =>
      expect(await h.payment(reference)).toMatchObject({
        status: 'refunded',
        refund_state: 'pending',
        refund_error: expect.stringContaining('An error occurred'),
        refund_attempts: 1,
      }),
    );
    // Not due yet: nothing is asked.
    await h.controls.processRefunds();
    expect((await h.payment(reference))?.refund_attempts).toBe(1);
    fake.faults.refund = 'none';
    clock += 60 * 60_000;
    const summary = await h.controls.reconcile();
    expect(summary.refundAttempts).toBeGreaterThanOrEqual(1);
    expect(await h.payment(reference)).toMatchObject({
      refund_state: 'queued',
      refund_error: null,
      refund_attempts: 2,
    });
    // Paystack's refund.processed notification finishes it.
    const { webhookSignature } = await import('../providers/provider');
    const body = JSON.stringify({
      event: 'refund.processed',
      data: { status: 'processed', transaction_reference: reference, amount: 100000, currency: 'NGN' },
    });
    const response = await h.service.app.inject({
      method: 'POST',
      url: API_PATHS.paymentWebhook,
      headers: {
        'content-type': 'application/json',
        'x-paystack-signature': webhookSignature('sk_test_refunds', body),
      },
      payload: body,
    });
    expect(response.statusCode).toBe(200);
    expect((await h.payment(reference))?.refund_state).toBe('processed');
  });

  it('a refund Paystack refuses is marked failed for an admin to see', async () => {
    const { jobId, posterId, reference } = await h.paidUnlock();
    fake.transactions.get(reference)!.status = 'reversed'; // already reversed elsewhere -> "fully reversed": done
    await h.jobsEvent('jobs.job.deleted', { jobId, postedBy: posterId });
    await eventually(async () => expect((await h.payment(reference))?.refund_state).toBe('processed'));

    const other = await h.paidUnlock();
    fake.transactions.get(other.reference)!.status = 'failed'; // Paystack says it cannot refund it
    await h.jobsEvent('jobs.job.deleted', { jobId: other.jobId, postedBy: other.posterId });
    await eventually(async () =>
      expect(await h.payment(other.reference)).toMatchObject({
        refund_state: 'failed',
        refund_error: expect.any(String),
      }),
    );
  });

  describe('an admin refund', () => {
    it('refunds a paid unlock with the reason; the company sees it; only once; only paid ones; admins only', async () => {
      const { company, reference } = await h.paidUnlock();
      const payment = await h.payment(reference);
      const admin = await h.account('admin');
      const refund = (
        headers: Record<string, string>,
        id = payment!.id,
        reason: unknown = 'Poster never answered',
      ) =>
        h.service.app.inject({ method: 'POST', url: PAYMENT_API.refund(id), headers, payload: { reason } });

      for (const headers of [{}, company.headers, (await h.account('user')).headers]) {
        expect([401, 403]).toContain((await refund(headers)).statusCode);
      }
      expect((await refund(admin.headers, payment!.id, '   ')).statusCode).toBe(400);
      expect((await refund(admin.headers, payment!.id, 'x'.repeat(501))).statusCode).toBe(400);

      const done = await refund(admin.headers);
      expect(done.statusCode).toBe(200);
      expect(done.json()).toMatchObject({
        statusCode: 200,
        message: PAYMENT_MESSAGES.refunded,
        payment: {
          reference,
          status: 'refunded',
          companyId: company.id,
          provider: 'paystack',
          refund: { reason: 'admin', message: 'Poster never answered', state: 'queued' },
        },
      });
      expect(fake.refundCalls(reference)).toHaveLength(1);
      await eventually(async () =>
        expect(h.published('payments.unlock.refunded').filter((e) => e.reference === reference)).toEqual([
          expect.objectContaining({ reason: 'admin', unlocked: true }),
        ]),
      );
      const again = await refund(admin.headers);
      expect([again.statusCode, again.json().errorMessage]).toEqual([409, PAYMENT_MESSAGES.alreadyRefunded]);

      const pendingCompany = await h.account('company');
      const { jobId } = await h.postJob();
      const pendingRef = await h.startCheckout(pendingCompany.headers, jobId);
      const pending = await h.payment(pendingRef);
      const refused = await refund(admin.headers, pending!.id);
      expect([refused.statusCode, refused.json().errorMessage]).toEqual([
        409,
        PAYMENT_MESSAGES.onlyPaidCanBeRefunded,
      ]);

      for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
        const missing = await refund(admin.headers, id);
        expect([missing.statusCode, missing.json().errorMessage]).toEqual([
          404,
          PAYMENT_MESSAGES.paymentNotFound,
        ]);
      }
    });
  });
});
