import { randomUUID } from 'node:crypto';
import { EVENT_TYPES, JOB_MESSAGES, MESSAGES, SESSION_MESSAGES } from '@marketplace/contracts';
import { eventually } from '@marketplace/service-kit/testing';
import { createJobsHarness, type JobsHarness, type Member } from '../testing';

describe('unlocks, applicants, dashboards and applying', () => {
  let h: JobsHarness;
  let poster: Member;
  let otherPoster: Member;
  let company: Member;
  let otherCompany: Member;
  let admin: Member;
  beforeAll(async () => {
    h = await createJobsHarness();
    poster = await h.member('user', 'Ada Obi');
    otherPoster = await h.member('user', 'Bola Ade');
    company = await h.member('company', 'Ace Plumbing');
    otherCompany = await h.member('company', 'Best Builders');
    admin = await h.member('admin', 'Admin');
  }, 60_000);
  afterAll(async () => {
    await h.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    h.app.inject({ method: 'GET', url, headers });
  const unlock = (jobId: string, companyId: string) =>
    h.db
      .selectFrom('unlocks')
      .selectAll()
      .where('job_id', '=', jobId)
      .where('company_id', '=', companyId)
      .executeTakeFirst();
  const unlockCount = async (jobId: string) =>
    (await h.db.selectFrom('jobs').select('unlock_count').where('id', '=', jobId).executeTakeFirstOrThrow())
      .unlock_count;
  const payment = (jobId: string, companyId: string, paymentId: string) => ({
    paymentId,
    reference: `ref-${paymentId}`,
    jobId,
    companyId,
  });

  describe('payments.unlock.* (durable consumer jobs-unlocks)', () => {
    it('follows a payment from pending to paid: the company becomes an applicant, once', async () => {
      const jobId = await h.postJob(poster);
      const paymentId = randomUUID();
      await h.publish(EVENT_TYPES.paymentsUnlockInitiated, payment(jobId, company.id, paymentId));
      await eventually(async () => expect((await unlock(jobId, company.id))?.status).toBe('pending'));
      await h.payUnlock(jobId, company, { paymentId });
      // The same confirmation again (the callback and the webhook both arrived): nothing more.
      await h.payUnlock(jobId, company, { paymentId });
      expect(await unlockCount(jobId)).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const created = await h.eventsOf('jobs.application.created', { jobId });
      expect(created).toEqual([{ jobId, companyId: company.id, posterId: poster.id }]);
      const applications = await h.db
        .selectFrom('applications')
        .selectAll()
        .where('job_id', '=', jobId)
        .execute();
      expect(applications).toEqual([expect.objectContaining({ company_id: company.id })]);
    });

    it('marks a failed payment failed, and a late failure of an old payment never undoes a paid unlock', async () => {
      const jobId = await h.postJob(poster);
      const first = randomUUID();
      await h.publish(EVENT_TYPES.paymentsUnlockInitiated, payment(jobId, company.id, first));
      await h.publish(EVENT_TYPES.paymentsUnlockFailed, payment(jobId, company.id, first));
      await eventually(async () => expect((await unlock(jobId, company.id))?.status).toBe('failed'));
      const second = randomUUID();
      await h.publish(EVENT_TYPES.paymentsUnlockInitiated, payment(jobId, company.id, second));
      await h.payUnlock(jobId, company, { paymentId: second });
      await h.publish(EVENT_TYPES.paymentsUnlockFailed, payment(jobId, company.id, first));
      await h.publish(EVENT_TYPES.paymentsUnlockInitiated, payment(jobId, company.id, randomUUID()));
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect((await unlock(jobId, company.id))?.status).toBe('paid');
    });

    it('takes a paid unlock back on a refund of that payment, not of another one', async () => {
      const jobId = await h.postJob(poster);
      const paid = await h.payUnlock(jobId, company);
      const refund = (paymentId: string, unlocked: boolean) =>
        h.publish(EVENT_TYPES.paymentsUnlockRefunded, {
          ...payment(jobId, company.id, paymentId),
          posterId: poster.id,
          amount: 200,
          currency: 'NGN',
          reason: 'duplicate',
          unlocked,
          refundedAt: new Date().toISOString(),
        });
      await refund(randomUUID(), true);
      await refund(paid, false);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect((await unlock(jobId, company.id))?.status).toBe('paid');
      await refund(paid, true);
      await eventually(async () => expect((await unlock(jobId, company.id))?.status).toBe('refunded'));
      expect(await unlockCount(jobId)).toBe(0);
      const applicants = await get(`/api/jobs/applications/${jobId}`, poster.headers);
      expect(applicants.json().applicants).toEqual([]);
    });

    it('ignores events about jobs it does not have or ids that are not uuids', async () => {
      await h.publish(EVENT_TYPES.paymentsUnlockPaid, {
        ...payment(randomUUID(), company.id, randomUUID()),
        posterId: poster.id,
        amount: 200,
        currency: 'NGN',
        paidAt: new Date().toISOString(),
      });
      await h.publish(EVENT_TYPES.paymentsUnlockInitiated, payment('not-a-uuid', 'nope', 'x'));
      await h.publish(EVENT_TYPES.paymentsUnlockPaid, { malformed: true });
      // The consumer keeps going: a later event is applied.
      const jobId = await h.postJob(poster);
      await h.payUnlock(jobId, company);
    });
  });

  describe('GET /api/jobs/applications/:jobId', () => {
    it('lists the companies with a paid unlock to the poster and admins, with whether each was reviewed', async () => {
      const jobId = await h.postJob(poster);
      await h.publish(EVENT_TYPES.paymentsUnlockInitiated, payment(jobId, otherCompany.id, randomUUID()));
      await h.payUnlock(jobId, company);
      for (const who of [poster, admin]) {
        const response = await get(`/api/jobs/applications/${jobId}`, who.headers);
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({
          statusCode: 200,
          applicants: [
            { _id: company.id, name: 'Ace Plumbing', email: null, phoneNumber: null, reviewed: false },
          ],
        });
      }
    });

    it('refuses everyone else', async () => {
      const jobId = await h.postJob(poster);
      await h.payUnlock(jobId, company);
      for (const who of [otherPoster, company, otherCompany]) {
        const response = await get(`/api/jobs/applications/${jobId}`, who.headers);
        expect(response.statusCode).toBe(403);
        expect(response.json().errorMessage).toBe(JOB_MESSAGES.notYourJob);
      }
      const visitor = await get(`/api/jobs/applications/${jobId}`);
      expect(visitor.statusCode).toBe(401);
      expect(visitor.json().errorMessage).toBe(SESSION_MESSAGES.pleaseSignIn);
      expect((await get(`/api/jobs/applications/${randomUUID()}`, poster.headers)).statusCode).toBe(404);
      expect((await get('/api/jobs/applications/42', poster.headers)).statusCode).toBe(400);
    });
  });

  describe('GET /api/jobs/user/jobs/posted', () => {
    it("answers the poster's own jobs newest first, hidden ones with the reason, and the totals", async () => {
      const me = await h.member('user', 'Chidi Okeke');
      const first = await h.postJob(me, { jobHeading: 'First job' });
      const second = await h.postJob(me, { jobHeading: 'Second job' });
      const third = await h.postJob(me, { jobHeading: 'Third job' });
      const gone = await h.postJob(me, { jobHeading: 'Deleted job' });
      await h.postJob(poster, { jobHeading: 'Not mine' });
      await h.app.inject({ method: 'PUT', url: `/api/jobs/complete/${first}`, headers: me.headers });
      await h.app.inject({
        method: 'PUT',
        url: `/api/jobs/admin/jobs/${second}/hide`,
        headers: admin.headers,
        payload: { reason: 'Duplicate listing' },
      });
      await h.app.inject({ method: 'DELETE', url: `/api/jobs/deletejob/${gone}`, headers: me.headers });
      const response = await get('/api/jobs/user/jobs/posted', me.headers);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.jobs.map((j: { _id: string }) => j._id)).toEqual([third, second, first]);
      expect(body.jobs[0].hidden).toBeNull();
      // Nobody hired yet (offers.test.ts has a hire): no company named.
      expect(body.jobs.map((j: { hiredCompany: unknown }) => j.hiredCompany)).toEqual([null, null, null]);
      expect(body.jobs[1].hidden).toMatchObject({ reason: 'Duplicate listing', at: expect.any(String) });
      expect(body.jobs[2].status).toBe('completed');
      expect(body.totals).toEqual({ jobs: 3, completed: 1 });
      expect(response.body).not.toContain('ada@example.com');
    });

    it('refuses companies, admins and visitors', async () => {
      for (const who of [company, admin]) {
        expect((await get('/api/jobs/user/jobs/posted', who.headers)).statusCode).toBe(403);
      }
      expect((await get('/api/jobs/user/jobs/posted')).statusCode).toBe(401);
    });
  });

  describe('GET /api/jobs/applied/jobs/:userId', () => {
    it("answers a company's unlocked jobs with the totals, to itself and admins", async () => {
      const buyer = await h.member('company', 'Chi Builders');
      const open = await h.postJob(poster, { jobHeading: 'Build a wall' });
      const done = await h.postJob(poster, { jobHeading: 'Build a shed' });
      const pending = await h.postJob(poster, { jobHeading: 'Build a gate' });
      await h.payUnlock(open, buyer);
      await h.payUnlock(done, buyer);
      await h.publish(EVENT_TYPES.paymentsUnlockInitiated, payment(pending, buyer.id, randomUUID()));
      await h.app.inject({ method: 'PUT', url: `/api/jobs/complete/${done}`, headers: poster.headers });
      for (const who of [buyer, admin]) {
        const response = await get(`/api/jobs/applied/jobs/${buyer.id}`, who.headers);
        expect(response.statusCode).toBe(200);
        const body = response.json();
        expect(body.jobsApplied.map((j: { jobHeading: string }) => j.jobHeading)).toEqual([
          'Build a shed',
          'Build a wall',
        ]);
        expect(body.jobsApplied[0].paymentInfo).toEqual({ status: 'paid' });
        expect(body.totals).toEqual({ jobs: 2, completed: 1 });
        expect(response.body).not.toContain('ada@example.com');
      }
    });

    it("refuses another account's list and bad ids", async () => {
      for (const who of [otherCompany, poster]) {
        const response = await get(`/api/jobs/applied/jobs/${company.id}`, who.headers);
        expect(response.statusCode).toBe(403);
      }
      expect((await get(`/api/jobs/applied/jobs/${company.id}`)).statusCode).toBe(401);
      expect((await get('/api/jobs/applied/jobs/undefined', company.headers)).statusCode).toBe(400);
    });
  });

  describe('POST /api/jobs/apply/:jobId/:userId', () => {
    const apply = (jobId: string, userId: string, headers: Record<string, string>) =>
      h.app.inject({ method: 'POST', url: `/api/jobs/apply/${jobId}/${userId}`, headers });

    it('needs a paid unlock (402), then is idempotent', async () => {
      const jobId = await h.postJob(poster);
      const unpaid = await apply(jobId, company.id, company.headers);
      expect(unpaid.statusCode).toBe(402);
      expect(unpaid.json().errorMessage).toBe(JOB_MESSAGES.paymentRequiredToApply);
      await h.payUnlock(jobId, company);
      for (let i = 0; i < 2; i++) {
        const response = await apply(jobId, company.id, company.headers);
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({
          statusCode: 200,
          resultMessage: { en: MESSAGES.alreadyAppliedYouCanChat },
        });
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
      const created = await h.eventsOf('jobs.application.created', { jobId });
      expect(created).toHaveLength(1);
    });

    it('records an application missing for a paid unlock', async () => {
      const jobId = await h.postJob(poster);
      await h.payUnlock(jobId, company);
      await h.db.deleteFrom('applications').where('job_id', '=', jobId).execute();
      expect((await apply(jobId, company.id, company.headers)).statusCode).toBe(200);
      // One from the paid unlock, one from this call.
      await eventually(async () => {
        const created = h.events.filter(
          (e) => e.type === 'jobs.application.created' && (e.payload as { jobId: string }).jobId === jobId,
        );
        expect(created).toHaveLength(2);
      });
      expect(
        await h.db.selectFrom('applications').select('company_id').where('job_id', '=', jobId).execute(),
      ).toEqual([{ company_id: company.id }]);
    });

    it('refuses posters, admins, another company id, hidden and unknown jobs', async () => {
      const jobId = await h.postJob(poster);
      await h.payUnlock(jobId, company);
      expect((await apply(jobId, poster.id, poster.headers)).json().errorMessage).toBe(
        'Only companies can apply to jobs.',
      );
      expect((await apply(jobId, admin.id, admin.headers)).statusCode).toBe(403);
      const asOther = await apply(jobId, company.id, otherCompany.headers);
      expect(asOther.statusCode).toBe(403);
      expect((await apply(jobId, company.id, {})).statusCode).toBe(401);
      expect((await apply(randomUUID(), company.id, company.headers)).statusCode).toBe(404);
      expect((await apply('x', company.id, company.headers)).statusCode).toBe(400);
      await h.app.inject({
        method: 'PUT',
        url: `/api/jobs/admin/jobs/${jobId}/hide`,
        headers: admin.headers,
        payload: { reason: 'Spam' },
      });
      expect((await apply(jobId, company.id, company.headers)).statusCode).toBe(404);
    });
  });
});
