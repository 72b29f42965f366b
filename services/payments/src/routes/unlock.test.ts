import { MESSAGES, PAYMENT_API, PAYMENT_MESSAGES, SESSION_COOKIES } from '@marketplace/contracts';
import { csrfHash } from '@marketplace/service-kit';
import { eventually } from '@marketplace/service-kit/testing';
import { setUpPaymentsHarness } from '../testing';

describe('unlocking a job on the sandbox provider (initialize -> checkout page -> callback -> verify)', () => {
  const h = setUpPaymentsHarness({ unlockPriceNgn: 1500, unlockPriceByCategory: { 'Build New': 2500 } });

  it('starts a checkout at the server price whatever amount the client sends, and announces it', async () => {
    const company = await h.account('company', 'Ace Plumbing');
    const { jobId, posterId } = await h.postJob({ title: 'Fix the sink' });
    const response = await h.initialize(company.headers, {
      jobId,
      amount: 2,
      userId: company.id,
      applicantId: company.id,
      posterId: 'someone-else',
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      statusCode: 200,
      message: 'Authorization URL created',
      status: 'pending',
      authorization_url: PAYMENT_API.sandboxCheckout(body.reference),
      access_code: expect.any(String),
      reference: expect.stringMatching(/^MP-[0-9a-f-]{36}$/),
      amount: 150000,
      currency: 'NGN',
      provider: 'sandbox',
      payment: {
        _id: expect.any(String),
        reference: body.reference,
        jobId,
        amount: 150000,
        currency: 'NGN',
        status: 'pending',
        createdAt: expect.any(String),
        paidAt: null,
        jobTitle: 'Fix the sink',
        refund: null,
        channel: null,
        method: 'sandbox',
        expiresAt: expect.any(String),
        progress: 'pending',
      },
    });
    expect(await h.payment(body.reference)).toMatchObject({
      job_id: jobId,
      company_id: company.id,
      poster_id: posterId,
      amount_kobo: 150000,
      currency: 'NGN',
      provider: 'sandbox',
      status: 'pending',
    });
    await eventually(async () =>
      expect(h.published('payments.unlock.initiated')).toContainEqual({
        paymentId: body.payment._id,
        reference: body.reference,
        jobId,
        companyId: company.id,
      }),
    );
  });

  it('charges the category price when one is configured', async () => {
    const company = await h.account('company');
    const { jobId } = await h.postJob({ category: 'Build New' });
    const response = await h.initialize(company.headers, { jobId, amount: 1 });
    expect(response.json()).toMatchObject({ amount: 250000, payment: { amount: 250000 } });
  });

  it('unlocks once the sandbox payment is paid and verified; the webhook changes nothing more', async () => {
    const company = await h.account('company');
    const { jobId, posterId } = await h.postJob();
    const reference = await h.startCheckout(company.headers, jobId);

    const page = await h.checkoutPage(reference);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.body).toContain('TEST PAYMENT');
    expect(page.body).toContain('No real money moves');
    expect(page.body).toContain('₦1,500.00');
    for (const action of ['pay', 'decline', 'abandon']) expect(page.body).toContain(`value="${action}"`);

    const paid = await h.sandbox(reference, 'pay');
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`/payment/callback?trxref=${reference}&reference=${reference}`);

    const verified = await h.verify(company.headers, reference);
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({
      statusCode: 200,
      message: MESSAGES.paymentVerifiedSuccessfully,
      status: 'paid',
      result: {
        job: jobId,
        jobId,
        applicantId: company.id,
        posterId,
        reference,
        amount: 150000,
        currency: 'NGN',
        payment: { status: 'paid', paidAt: expect.any(String) },
      },
    });
    // The sandbox's signed webhook arrives too (through the real webhook route), and the callback may
    // come back any number of times: one unlock, one event.
    await eventually(async () => {
      const receipts = await h.db.selectFrom('webhook_receipts').selectAll().execute();
      expect(receipts.map((r) => r.event)).toContain('charge.success');
    });
    expect((await h.verify(company.headers, reference)).json().status).toBe('paid');
    await eventually(async () =>
      expect(h.published('payments.unlock.paid').filter((e) => e.reference === reference)).toEqual([
        {
          paymentId: expect.any(String),
          reference,
          jobId,
          companyId: company.id,
          posterId,
          amount: 150000,
          currency: 'NGN',
          paidAt: expect.any(String),
        },
      ]),
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(h.published('payments.unlock.paid').filter((e) => e.reference === reference)).toHaveLength(1);
    expect(await h.securityEvents()).toEqual([]);

    // A second attempt returns the unlock the company has.
    const again = await h.initialize(company.headers, { jobId });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({
      status: 'paid',
      message: PAYMENT_MESSAGES.alreadyUnlocked,
      authorization_url: null,
      reference,
    });
  });

  it('a second attempt while the checkout is pending hands out the same checkout', async () => {
    const company = await h.account('company');
    const { jobId } = await h.postJob();
    const first = (await h.initialize(company.headers, { jobId })).json();
    const second = (await h.initialize(company.headers, { jobId })).json();
    expect(second).toMatchObject({
      status: 'pending',
      reference: first.reference,
      authorization_url: first.authorization_url,
    });
    const rows = await h.db.selectFrom('unlock_payments').select('id').where('job_id', '=', jobId).execute();
    expect(rows).toHaveLength(1);
  });

  it('two attempts at the same moment make one checkout', async () => {
    const company = await h.account('company');
    const { jobId } = await h.postJob();
    const [a, b] = await Promise.all([
      h.initialize(company.headers, { jobId }),
      h.initialize(company.headers, { jobId }),
    ]);
    const statuses = [a.statusCode, b.statusCode].sort();
    expect(statuses[0]).toBe(200);
    expect([200, 409]).toContain(statuses[1]);
    const rows = await h.db.selectFrom('unlock_payments').select('id').where('job_id', '=', jobId).execute();
    expect(rows).toHaveLength(1);
  });

  it("a declined payment shows the spec's failure message and unlocks nothing; paying on retry unlocks", async () => {
    const company = await h.account('company');
    const { jobId } = await h.postJob();
    const reference = await h.startCheckout(company.headers, jobId);
    const declined = await h.sandbox(reference, 'decline');
    expect(declined.statusCode).toBe(303);
    expect(declined.headers.location).toBe(`/payment/callback?trxref=${reference}&reference=${reference}`);
    const verified = await h.verify(company.headers, reference);
    expect(verified.json()).toMatchObject({ status: 'failed', message: MESSAGES.paymentFailedTryAgain });
    expect(await h.payment(reference)).toMatchObject({
      status: 'failed',
      failure_reason: 'failed',
      paid_at: null,
    });
    await eventually(async () =>
      expect(h.published('payments.unlock.failed').map((e) => e.reference)).toContain(reference),
    );
    expect(h.published('payments.unlock.paid').map((e) => e.reference)).not.toContain(reference);

    // The page still offers the choice (as a real checkout does after a declined card).
    const page = await h.checkoutPage(reference);
    expect(page.body).toContain('declined');
    await h.sandbox(reference, 'pay');
    expect((await h.verify(company.headers, reference)).json()).toMatchObject({
      status: 'paid',
      message: MESSAGES.paymentVerifiedSuccessfully,
    });
  });

  it('an abandoned payment stays pending and unlocks nothing', async () => {
    const company = await h.account('company');
    const { jobId } = await h.postJob();
    const reference = await h.startCheckout(company.headers, jobId);
    const left = await h.sandbox(reference, 'abandon');
    expect(left.statusCode).toBe(200);
    expect(left.body).toContain('You left this test payment. Nothing was charged.');
    const verified = await h.verify(company.headers, reference);
    expect(verified.json()).toMatchObject({ status: 'pending', message: PAYMENT_MESSAGES.paymentPending });
    expect(h.published('payments.unlock.paid').map((e) => e.reference)).not.toContain(reference);
  });

  it('shows and settles a sandbox payment only for the company that started it', async () => {
    const company = await h.account('company');
    const other = await h.account('company');
    const poster = await h.account('user');
    const admin = await h.account('admin');
    const { jobId } = await h.postJob();
    const reference = await h.startCheckout(company.headers, jobId);
    const status = async () =>
      (
        await h.db
          .selectFrom('sandbox_transactions')
          .select('status')
          .where('reference', '=', reference)
          .executeTakeFirstOrThrow()
      ).status;

    const visitor = await h.checkoutPage(reference, {});
    expect(visitor.statusCode).toBe(401);
    expect(visitor.headers['content-type']).toContain('text/html');
    expect(visitor.body).toContain('Only the company that started this test payment');
    expect((await h.sandbox(reference, 'pay', {})).statusCode).toBe(401);
    for (const someone of [other, poster, admin]) {
      const page = await h.checkoutPage(reference, someone.headers);
      expect(page.statusCode).toBe(404);
      expect(page.body).not.toContain(reference);
      expect((await h.sandbox(reference, 'pay', someone.headers)).statusCode).toBe(404);
      expect((await h.sandbox(reference, 'decline', someone.headers)).statusCode).toBe(404);
    }
    expect(await status()).toBe('ongoing');

    // In a browser: the session cookie, and the form carries the session's CSRF value.
    const csrf = 'csrf-value-of-this-session';
    const token = await h.service.tokenFor({
      sub: company.id,
      type: 'company',
      csh: csrfHash(csrf),
    } as never);
    const cookie = `${SESSION_COOKIES.access}=${token}; ${SESSION_COOKIES.csrf}=${csrf}`;
    const page = await h.checkoutPage(reference, { cookie });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`name="csrf" value="${csrf}"`);
    const form = (body: string) =>
      h.service.app.inject({
        method: 'POST',
        url: PAYMENT_API.sandboxCheckout(reference),
        headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
        payload: body,
      });
    expect((await form('action=pay')).statusCode).toBe(403);
    expect((await form('action=pay&csrf=forged')).statusCode).toBe(403);
    expect(await status()).toBe('ongoing');
    const paid = await form(`action=pay&csrf=${csrf}`);
    expect(paid.statusCode).toBe(303);
    expect(await status()).toBe('success');
  });

  it('serves a not-found page for unknown or malformed references', async () => {
    const long = await h.service.app.inject({
      method: 'GET',
      url: PAYMENT_API.sandboxCheckout('x'.repeat(150)),
    });
    expect(long.statusCode).toBe(414);
    for (const reference of ['MP-nobody', 'not a reference', 'MP-"><script>alert(1)</script>']) {
      const page = await h.checkoutPage(reference);
      expect(page.statusCode).toBe(404);
      const post = await h.sandbox(reference, 'pay');
      expect(post.statusCode).toBe(404);
    }
    const bad = await h.service.app.inject({
      method: 'POST',
      url: PAYMENT_API.sandboxCheckout('MP-nobody'),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=steal',
    });
    expect(bad.statusCode).toBe(400);
  });

  describe('who may unlock what', () => {
    it('refuses visitors, posters and admins', async () => {
      const { jobId } = await h.postJob();
      const visitor = await h.initialize({}, { jobId });
      expect(visitor.statusCode).toBe(401);
      for (const type of ['user', 'admin'] as const) {
        const account = await h.account(type);
        const response = await h.initialize(account.headers, { jobId });
        expect(response.statusCode).toBe(403);
        expect(response.json().errorMessage).toBe(PAYMENT_MESSAGES.onlyCompanies);
      }
    });

    it('refuses a company its own job', async () => {
      const company = await h.account('company');
      const { jobId } = await h.postJob({ posterId: company.id });
      const response = await h.initialize(company.headers, { jobId });
      expect(response.statusCode).toBe(403);
      expect(response.json().errorMessage).toBe(PAYMENT_MESSAGES.ownJob);
    });

    it('refuses unknown, completed, deleted and hidden jobs, with a message each', async () => {
      const company = await h.account('company');
      const unknown = await h.initialize(company.headers, { jobId: '00000000-0000-4000-8000-000000000000' });
      expect([unknown.statusCode, unknown.json().errorMessage]).toEqual([404, PAYMENT_MESSAGES.jobNotFound]);
      const malformed = await h.initialize(company.headers, { jobId: 'job-1' });
      expect([malformed.statusCode, malformed.json().errorMessage]).toEqual([
        400,
        PAYMENT_MESSAGES.invalidJobId,
      ]);

      const completed = await h.postJob();
      await h.jobsEvent('jobs.job.completed', {
        jobId: completed.jobId,
        postedBy: completed.posterId,
        status: 'completed',
        companyIds: [],
      });
      const deleted = await h.postJob();
      await h.jobsEvent('jobs.job.deleted', { jobId: deleted.jobId, postedBy: deleted.posterId });
      const hidden = await h.postJob();
      await h.jobsEvent('jobs.job.moderated', {
        jobId: hidden.jobId,
        postedBy: hidden.posterId,
        hidden: true,
        reason: 'Spam',
      });
      await eventually(async () => {
        const refused = await h.initialize(company.headers, { jobId: completed.jobId });
        expect([refused.statusCode, refused.json().errorMessage]).toEqual([
          409,
          PAYMENT_MESSAGES.jobCompleted,
        ]);
      });
      for (const jobId of [deleted.jobId, hidden.jobId]) {
        await eventually(async () => {
          const refused = await h.initialize(company.headers, { jobId });
          expect([refused.statusCode, refused.json().errorMessage]).toEqual([
            409,
            PAYMENT_MESSAGES.jobUnavailable,
          ]);
        });
      }
    });

    it('verifies only for the company that pays (or an admin)', async () => {
      const company = await h.account('company');
      const { jobId, posterId } = await h.postJob();
      const reference = await h.startCheckout(company.headers, jobId);
      expect((await h.verify({}, reference)).statusCode).toBe(401);
      const other = await h.account('company');
      const poster = await h.bearer(posterId, 'user');
      for (const headers of [other.headers, poster]) {
        const refused = await h.verify(headers, reference);
        expect([refused.statusCode, refused.json().errorMessage]).toEqual([
          403,
          PAYMENT_MESSAGES.notYourPayment,
        ]);
      }
      const admin = await h.account('admin');
      expect((await h.verify(admin.headers, reference)).statusCode).toBe(200);
      expect(h.published('payments.unlock.paid').map((e) => e.reference)).not.toContain(reference);
    });

    it("answers a bad or unknown reference with the spec's 'Invalid payment reference.'", async () => {
      const company = await h.account('company');
      const verify = (payload: unknown) =>
        h.service.app.inject({
          method: 'POST',
          url: '/api/jobs/verifyPayment',
          headers: company.headers,
          payload: payload as object,
        });
      const unknown = await verify({ trxref: 'MP-unknown', reference: 'MP-unknown' });
      expect([unknown.statusCode, unknown.json().errorMessage]).toEqual([
        404,
        MESSAGES.invalidPaymentReference,
      ]);
      const mismatched = await verify({ trxref: 'MP-a', reference: 'MP-b' });
      expect([mismatched.statusCode, mismatched.json().errorMessage]).toEqual([
        400,
        MESSAGES.invalidPaymentReference,
      ]);
      const odd = await verify({ reference: '../../etc/passwd' });
      expect([odd.statusCode, odd.json().errorMessage]).toEqual([400, MESSAGES.invalidPaymentReference]);
      expect((await verify({ trxref: 'MP-a' })).statusCode).toBe(400);
    });
  });

  it('never shows poster contact data', async () => {
    const company = await h.account('company');
    const { jobId } = await h.postJob();
    const reference = await h.unlockWithSandbox(company.headers, jobId);
    const bodies = [
      (await h.initialize(company.headers, { jobId })).body,
      (await h.verify(company.headers, reference)).body,
      (await h.service.app.inject({ method: 'GET', url: '/api/payments/mine', headers: company.headers }))
        .body,
      (await h.service.app.inject({ method: 'GET', url: PAYMENT_API.terms(jobId), headers: company.headers }))
        .body,
    ];
    for (const body of bodies) expect(body).not.toMatch(/"(email|phoneNumber|address|pincode)"/);
  });
});
