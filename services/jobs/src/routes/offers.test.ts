import {
  EVENT_TYPES,
  NotificationListResponseSchema,
  OFFER_LIMITS,
  OFFER_MESSAGES,
  OfferListResponseSchema,
  OfferResponseSchema,
} from '@marketplace/contracts';
import { eventually } from '@marketplace/service-kit/testing';
import { Value } from 'typebox/value';
import { createJobsHarness, daysFromToday, type JobsHarness, type Member } from '../testing';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('offers and the hire', () => {
  let h: JobsHarness;
  /** How far the service's clock runs ahead of the real one (tests move it, afterEach puts it back). */
  let ahead = 0;
  let poster: Member;
  let otherPoster: Member;
  let admin: Member;
  let ace: Member;
  let best: Member;
  let chidi: Member;
  let stranger: Member;
  beforeAll(async () => {
    h = await createJobsHarness({ now: () => new Date(Date.now() + ahead) });
    poster = await h.member('user', 'Ada Obi');
    otherPoster = await h.member('user', 'Bisi Ade');
    admin = await h.member('admin', 'Admin');
    ace = await h.member('company', 'Ace Plumbing');
    best = await h.member('company', 'Best Pipes');
    chidi = await h.member('company', 'Chidi Builders');
    stranger = await h.member('company', 'No Unlock Ltd');
  }, 60_000);
  afterAll(async () => {
    await h?.close();
  });
  afterEach(() => {
    ahead = 0;
  });

  const post = (url: string, member?: Member, payload?: unknown) =>
    h.app.inject({
      method: 'POST',
      url,
      ...(member ? { headers: member.headers } : {}),
      ...(payload === undefined
        ? {}
        : typeof payload === 'string'
          ? { payload, headers: { ...member?.headers, 'content-type': 'application/json' } }
          : { payload: payload as object }),
    });
  const list = (jobId: string, member?: Member) =>
    h.app.inject({
      method: 'GET',
      url: `/api/jobs/offers/job/${jobId}`,
      ...(member ? { headers: member.headers } : {}),
    });
  const offerBody = (jobId: string, overrides: Record<string, unknown> = {}) => ({
    jobId,
    priceNaira: 45_000,
    startDate: daysFromToday(5),
    validDays: 7,
    note: 'We can come on Monday morning.',
    ...overrides,
  });
  async function sendOffer(company: Member, jobId: string, overrides: Record<string, unknown> = {}) {
    const response = await post('/api/jobs/offers', company, offerBody(jobId, overrides));
    if (response.statusCode !== 201) throw new Error(`offer refused: ${response.body}`);
    return response.json().offer._id as string;
  }
  /** A new job of the poster's, unlocked by each company, with one offer from each. */
  async function jobWithOffers(companies: Member[], overrides: Record<string, unknown> = {}) {
    const jobId = await h.postJob(poster);
    const offerIds: string[] = [];
    for (const company of companies) {
      await h.payUnlock(jobId, company);
      offerIds.push(await sendOffer(company, jobId, overrides));
    }
    return { jobId, offerIds };
  }
  const statusOf = async (offerId: string) =>
    (await h.db.selectFrom('offers').select('status').where('id', '=', offerId).executeTakeFirstOrThrow())
      .status;

  describe('sending', () => {
    it('a company with a paid unlock sends an offer (201, the event for chat)', async () => {
      const jobId = await h.postJob(poster, { jobHeading: 'Fix the sink' });
      await h.payUnlock(jobId, ace);
      const response = await post(
        '/api/jobs/offers',
        ace,
        offerBody(jobId, { note: '  We bring the parts.  ' }),
      );
      expect(response.statusCode).toBe(201);
      expect(Value.Check(OfferResponseSchema, response.json())).toBe(true);
      const { offer } = response.json();
      expect(response.json().resultMessage.en).toBe(OFFER_MESSAGES.sent);
      expect(offer).toMatchObject({
        jobId,
        company: { _id: ace.id, name: 'Ace Plumbing' },
        priceNaira: 45_000,
        startDate: daysFromToday(5),
        note: 'We bring the parts.',
        status: 'active',
        decidedAt: null,
      });
      const validFor = Date.parse(offer.validUntil) - Date.parse(offer.createdAt);
      expect(validFor).toBe(7 * DAY_MS);
      const [event] = await h.eventsOf(EVENT_TYPES.jobsOfferSent, { offerId: offer._id });
      expect(event).toMatchObject({
        jobId,
        companyId: ace.id,
        posterId: poster.id,
        jobTitle: 'Fix the sink',
        priceNaira: 45_000,
        replacesOfferId: null,
      });
    });

    it('"by inspection" is a null price', async () => {
      const { offerIds } = await jobWithOffers([ace], { priceNaira: null });
      const row = await h.db
        .selectFrom('offers')
        .selectAll()
        .where('id', '=', offerIds[0]!)
        .executeTakeFirst();
      expect(row?.price_naira).toBeNull();
    });

    it('a newer offer replaces the standing one (one active offer per company and job)', async () => {
      const { jobId, offerIds } = await jobWithOffers([ace]);
      const response = await post('/api/jobs/offers', ace, offerBody(jobId, { priceNaira: 40_000 }));
      expect(response.statusCode).toBe(201);
      expect(response.json().resultMessage.en).toBe(OFFER_MESSAGES.replaced);
      const newId = response.json().offer._id;
      expect(await statusOf(offerIds[0]!)).toBe('replaced');
      const [event] = await h.eventsOf(EVENT_TYPES.jobsOfferSent, { offerId: newId });
      expect(event?.replacesOfferId).toBe(offerIds[0]);
      const active = await h.db
        .selectFrom('offers')
        .select('id')
        .where('job_id', '=', jobId)
        .where('status', '=', 'active')
        .execute();
      expect(active.map((row) => row.id)).toEqual([newId]);
      // The database holds the rule too, whatever a request does.
      await expect(
        h.db
          .insertInto('offers')
          .values({
            job_id: jobId,
            company_id: ace.id,
            price_naira: 1000,
            start_date: daysFromToday(2),
            valid_until: new Date(Date.now() + DAY_MS),
            note: '',
            status: 'active',
          })
          .execute(),
      ).rejects.toThrow(/offers_one_active_per_company/);
    });

    it('refuses a company without a paid unlock, pending or refunded', async () => {
      const jobId = await h.postJob(poster);
      const none = await post('/api/jobs/offers', stranger, offerBody(jobId));
      expect(none.statusCode).toBe(403);
      expect(none.json().errorMessage).toBe(OFFER_MESSAGES.notUnlocked);
      const paymentId = await h.payUnlock(jobId, best);
      await h.publish(EVENT_TYPES.paymentsUnlockRefunded, {
        paymentId,
        reference: `ref-${paymentId}`,
        jobId,
        companyId: best.id,
        posterId: poster.id,
        amount: 200,
        currency: 'NGN',
        reason: 'admin',
        unlocked: true,
        refundedAt: new Date().toISOString(),
      });
      await eventually(async () => {
        const unlock = await h.db
          .selectFrom('unlocks')
          .select('status')
          .where('job_id', '=', jobId)
          .where('company_id', '=', best.id)
          .executeTakeFirst();
        expect(unlock?.status).toBe('refunded');
      });
      const refunded = await post('/api/jobs/offers', best, offerBody(jobId));
      expect(refunded.statusCode).toBe(403);
      expect(refunded.json().errorMessage).toBe(OFFER_MESSAGES.notUnlocked);
    });

    it('refuses a visitor (401), a customer and an admin (403)', async () => {
      const jobId = await h.postJob(poster);
      expect((await post('/api/jobs/offers', undefined, offerBody(jobId))).statusCode).toBe(401);
      for (const member of [poster, otherPoster, admin]) {
        const response = await post('/api/jobs/offers', member, offerBody(jobId));
        expect(response.statusCode).toBe(403);
        expect(response.json().errorMessage).toBe(OFFER_MESSAGES.onlyCompany);
      }
    });

    it('refuses a job that is hidden, taken or unknown', async () => {
      const { jobId } = await jobWithOffers([ace]);
      await h.app.inject({
        method: 'PUT',
        url: `/api/jobs/admin/jobs/${jobId}/hide`,
        headers: admin.headers,
        payload: { reason: 'Spam' },
      });
      const hidden = await post('/api/jobs/offers', ace, offerBody(jobId));
      expect(hidden.statusCode).toBe(409);
      expect(hidden.json().errorMessage).toBe(OFFER_MESSAGES.jobNotOpen);
      const completed = await jobWithOffers([ace]);
      await h.app.inject({
        method: 'PUT',
        url: `/api/jobs/complete/${completed.jobId}`,
        headers: poster.headers,
        payload: { status: 'completed' },
      });
      expect((await post('/api/jobs/offers', ace, offerBody(completed.jobId))).statusCode).toBe(409);
      const unknown = await post('/api/jobs/offers', ace, offerBody('00000000-0000-4000-8000-000000000000'));
      expect(unknown.statusCode).toBe(404);
    });

    describe('field rules and hostile input: a clear 400, never a 500', () => {
      let jobId: string;
      beforeAll(async () => {
        jobId = await h.postJob(poster);
        await h.payUnlock(jobId, chidi);
      });
      const cases: Array<[string, Record<string, unknown>, string, string]> = [
        [
          'a price under the minimum',
          { priceNaira: OFFER_LIMITS.minPriceNaira - 1 },
          'priceNaira',
          OFFER_MESSAGES.price,
        ],
        [
          'a price over the maximum',
          { priceNaira: OFFER_LIMITS.maxPriceNaira + 1 },
          'priceNaira',
          OFFER_MESSAGES.price,
        ],
        ['a huge price', { priceNaira: 1e300 }, 'priceNaira', OFFER_MESSAGES.price],
        ['a fractional price', { priceNaira: 4500.5 }, 'priceNaira', OFFER_MESSAGES.price],
        ['a price as words', { priceNaira: 'cheap' }, 'priceNaira', OFFER_MESSAGES.price],
        ['a start date in the past', { startDate: daysFromToday(-1) }, 'startDate', OFFER_MESSAGES.startDate],
        [
          'a start date too far ahead',
          { startDate: daysFromToday(OFFER_LIMITS.maxStartDaysAhead + 1) },
          'startDate',
          OFFER_MESSAGES.startDate,
        ],
        ['a day that does not exist', { startDate: '2031-02-30' }, 'startDate', OFFER_MESSAGES.startDate],
        ['a start date as a number', { startDate: 20310101 }, 'startDate', OFFER_MESSAGES.startDate],
        ['no days', { validDays: 0 }, 'validDays', OFFER_MESSAGES.validDays],
        [
          'too many days',
          { validDays: OFFER_LIMITS.maxValidDays + 1 },
          'validDays',
          OFFER_MESSAGES.validDays,
        ],
        ['days as an object', { validDays: { $gt: 1 } }, 'validDays', OFFER_MESSAGES.validDays],
        ['a long note', { note: 'x'.repeat(OFFER_LIMITS.noteMaxChars + 1) }, 'note', OFFER_MESSAGES.note],
        ['a note as an object', { note: { text: 'a' } }, 'note', OFFER_MESSAGES.note],
      ];
      it.each(cases)('%s', async (_name, overrides, path, message) => {
        const response = await post('/api/jobs/offers', chidi, offerBody(jobId, overrides));
        expect(response.statusCode).toBe(400);
        expect(response.json().errorMessage).toBe(message);
        expect(response.json().details).toContainEqual({ path, message });
      });

      it('today and the last allowed day are accepted, a long note counts its trimmed characters', async () => {
        for (const startDate of [daysFromToday(0), daysFromToday(OFFER_LIMITS.maxStartDaysAhead)]) {
          const note = ` ${'é'.repeat(OFFER_LIMITS.noteMaxChars)} `;
          const response = await post('/api/jobs/offers', chidi, offerBody(jobId, { startDate, note }));
          expect(response.statusCode).toBe(201);
        }
      });

      it('NUL bytes, a number too big for JSON, a bad job id, a non-object body', async () => {
        const nul = await post('/api/jobs/offers', chidi, offerBody(jobId, { note: 'a\u0000b' }));
        expect(nul.statusCode).toBe(400);
        const infinite = await post(
          '/api/jobs/offers',
          chidi,
          `{"jobId":"${jobId}","priceNaira":1e400,"startDate":"${daysFromToday(2)}","validDays":3,"note":""}`,
        );
        expect(infinite.statusCode).toBe(400);
        const badId = await post('/api/jobs/offers', chidi, offerBody('not-a-uuid'));
        expect(badId.statusCode).toBe(400);
        for (const body of ['[]', '"offer"', 'null', '{']) {
          const response = await post('/api/jobs/offers', chidi, body);
          expect(response.statusCode).toBe(400);
        }
      });

      it('extra properties are dropped: a company id in the body does not send for another company', async () => {
        const response = await post(
          '/api/jobs/offers',
          chidi,
          offerBody(jobId, { companyId: ace.id, status: 'accepted' }),
        );
        expect(response.statusCode).toBe(201);
        expect(response.json().offer).toMatchObject({ company: { _id: chidi.id }, status: 'active' });
      });
    });
  });

  describe('withdrawing', () => {
    it('the owning company withdraws a standing offer once (event), nobody else can', async () => {
      const { jobId, offerIds } = await jobWithOffers([ace]);
      const offerId = offerIds[0]!;
      const url = `/api/jobs/offers/${offerId}/withdraw`;
      expect((await post(url)).statusCode).toBe(401);
      for (const member of [poster, admin]) {
        const response = await post(url, member);
        expect(response.statusCode).toBe(403);
        expect(response.json().errorMessage).toBe(OFFER_MESSAGES.onlyCompany);
      }
      const byOther = await post(url, best);
      expect(byOther.statusCode).toBe(403);
      expect(byOther.json().errorMessage).toBe(OFFER_MESSAGES.notYours);
      expect(await statusOf(offerId)).toBe('active');

      const response = await post(url, ace);
      expect(response.statusCode).toBe(200);
      expect(response.json().offer.status).toBe('withdrawn');
      await h.expectEvent(EVENT_TYPES.jobsOfferWithdrawn, {
        offerId,
        jobId,
        companyId: ace.id,
        posterId: poster.id,
        withdrawnAt: response.json().offer.decidedAt,
      });
      const again = await post(url, ace);
      expect(again.statusCode).toBe(409);
      expect(again.json().errorMessage).toBe(OFFER_MESSAGES.notWithdrawable);
      expect(
        (await post('/api/jobs/offers/00000000-0000-4000-8000-000000000000/withdraw', ace)).statusCode,
      ).toBe(404);
      expect((await post('/api/jobs/offers/not-a-uuid/withdraw', ace)).statusCode).toBe(400);
    });

    it('an expired offer cannot be withdrawn', async () => {
      const { offerIds } = await jobWithOffers([ace], { validDays: 1 });
      ahead = DAY_MS + 60_000;
      const response = await post(`/api/jobs/offers/${offerIds[0]}/withdraw`, ace);
      expect(response.statusCode).toBe(409);
    });
  });

  describe('reading a job’s offers', () => {
    it('the poster and admins see all, a company its own, another customer nothing (404), a visitor 401', async () => {
      const { jobId, offerIds } = await jobWithOffers([ace, best]);
      const forPoster = await list(jobId, poster);
      expect(forPoster.statusCode).toBe(200);
      expect(forPoster.headers['cache-control']).toContain('no-store');
      expect(Value.Check(OfferListResponseSchema, forPoster.json())).toBe(true);
      expect(
        forPoster
          .json()
          .offers.map((o: { _id: string }) => o._id)
          .sort(),
      ).toEqual([...offerIds].sort());
      expect(forPoster.json()).toMatchObject({ hiredCompanyId: null, undoUntil: null });
      expect((await list(jobId, admin)).json().offers).toHaveLength(2);
      const own = (await list(jobId, best)).json().offers;
      expect(own.map((o: { _id: string }) => o._id)).toEqual([offerIds[1]]);
      expect((await list(jobId, stranger)).json().offers).toEqual([]);
      const other = await list(jobId, otherPoster);
      expect(other.statusCode).toBe(404);
      expect((await list(jobId)).statusCode).toBe(401);
      expect((await list('not-a-uuid', poster)).statusCode).toBe(400);
    });

    it('an offer past its time reads as expired', async () => {
      const { jobId } = await jobWithOffers([ace], { validDays: 2 });
      ahead = 2 * DAY_MS + 1000;
      const [offer] = (await list(jobId, poster)).json().offers;
      expect(offer.status).toBe('expired');
    });
  });

  describe('accepting', () => {
    it('the poster hires one company: in progress, the others declined and told, the events out', async () => {
      const { jobId, offerIds } = await jobWithOffers([ace, best, chidi]);
      const [aceOffer, bestOffer, chidiOffer] = offerIds as [string, string, string];
      await post(`/api/jobs/offers/${chidiOffer}/withdraw`, chidi);

      const response = await post(`/api/jobs/offers/${aceOffer}/accept`, poster);
      expect(response.statusCode).toBe(200);
      expect(response.json().resultMessage.en).toBe(OFFER_MESSAGES.accepted);
      expect(response.json().hiredCompanyId).toBe(ace.id);
      expect(response.json().undoUntil).toBe(daysFromToday(5));
      const job = await h.db
        .selectFrom('jobs')
        .select(['status', 'hired_company_id', 'hired_offer_id', 'hired_at'])
        .where('id', '=', jobId)
        .executeTakeFirstOrThrow();
      expect(job).toMatchObject({
        status: 'in-progress',
        hired_company_id: ace.id,
        hired_offer_id: aceOffer,
      });
      expect(job.hired_at).toBeInstanceOf(Date);
      expect(await statusOf(aceOffer)).toBe('accepted');
      expect(await statusOf(bestOffer)).toBe('declined');
      expect(await statusOf(chidiOffer)).toBe('withdrawn');

      const [accepted] = await h.eventsOf(EVENT_TYPES.jobsOfferAccepted, { offerId: aceOffer });
      expect(accepted).toMatchObject({
        jobId,
        companyId: ace.id,
        posterId: poster.id,
        declinedOfferIds: [bestOffer],
        declinedCompanyIds: [best.id],
      });
      const [moved] = await h.eventsOf(EVENT_TYPES.jobsJobCompleted, { jobId, status: 'in-progress' });
      expect(moved?.companyIds).toEqual(expect.arrayContaining([ace.id, best.id, chidi.id]));

      const hired = await h.app.inject({
        method: 'GET',
        url: '/api/jobs/notifications',
        headers: ace.headers,
      });
      expect(Value.Check(NotificationListResponseSchema, hired.json())).toBe(true);
      expect(hired.json().notifications).toContainEqual(
        expect.objectContaining({ jobId, kind: 'offer-accepted', posterName: 'Ada Obi', read: false }),
      );
      const declined = await h.app.inject({
        method: 'GET',
        url: '/api/jobs/notifications',
        headers: best.headers,
      });
      const notice = declined.json().notifications.find((n: { jobId: string }) => n.jobId === jobId);
      expect(notice).toMatchObject({ kind: 'offer-declined' });
      expect(notice.posterName).toBeUndefined();
      const withdrawn = await h.app.inject({
        method: 'GET',
        url: '/api/jobs/notifications',
        headers: chidi.headers,
      });
      expect(withdrawn.json().notifications.map((n: { jobId: string }) => n.jobId)).not.toContain(jobId);

      // One hire per job: another accept, and offers after the hire, are refused.
      const second = await post(`/api/jobs/offers/${bestOffer}/accept`, poster);
      expect(second.statusCode).toBe(409);
      expect(second.json().errorMessage).toBe(OFFER_MESSAGES.alreadyHired);
      const late = await post('/api/jobs/offers', best, offerBody(jobId));
      expect(late.statusCode).toBe(409);
      expect(late.json().errorMessage).toBe(OFFER_MESSAGES.jobNotOpen);
      // The poster's job list counts the offers to compare (the withdrawn one is not among them).
      const posted = await h.app.inject({
        method: 'GET',
        url: '/api/jobs/user/jobs/posted',
        headers: poster.headers,
      });
      const summary = posted.json().jobs.find((job: { _id: string }) => job._id === jobId);
      expect(summary).toMatchObject({
        offerCount: 2,
        hiredCompanyId: ace.id,
        hiredCompany: { _id: ace.id, name: 'Ace Plumbing' },
        status: 'in-progress',
      });
      // The company sees its own accepted offer and the hire.
      const forAce = (await list(jobId, ace)).json();
      expect(forAce).toMatchObject({
        hiredCompanyId: ace.id,
        offers: [{ _id: aceOffer, status: 'accepted' }],
      });
    });

    it('two accepts at once end with one hire', async () => {
      const { jobId, offerIds } = await jobWithOffers([ace, best]);
      const answers = await Promise.all(offerIds.map((id) => post(`/api/jobs/offers/${id}/accept`, poster)));
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      const accepted = await h.db
        .selectFrom('offers')
        .select('company_id')
        .where('job_id', '=', jobId)
        .where('status', '=', 'accepted')
        .execute();
      expect(accepted).toHaveLength(1);
      const job = await h.db
        .selectFrom('jobs')
        .select('hired_company_id')
        .where('id', '=', jobId)
        .executeTakeFirst();
      expect(job?.hired_company_id).toBe(accepted[0]?.company_id);
    });

    it('refuses a withdrawn, a replaced and an expired offer', async () => {
      const { jobId, offerIds } = await jobWithOffers([ace, best], { validDays: 1 });
      await post(`/api/jobs/offers/${offerIds[0]}/withdraw`, ace);
      const withdrawn = await post(`/api/jobs/offers/${offerIds[0]}/accept`, poster);
      expect(withdrawn.statusCode).toBe(409);
      expect(withdrawn.json().errorMessage).toBe(OFFER_MESSAGES.notActive);
      await sendOffer(best, jobId, { validDays: 1 });
      const replaced = await post(`/api/jobs/offers/${offerIds[1]}/accept`, poster);
      expect(replaced.statusCode).toBe(409);
      expect(replaced.json().errorMessage).toBe(OFFER_MESSAGES.notActive);
      const { offerIds: fresh } = await jobWithOffers([chidi], { validDays: 1 });
      ahead = DAY_MS + 60_000;
      const expired = await post(`/api/jobs/offers/${fresh[0]}/accept`, poster);
      expect(expired.statusCode).toBe(409);
      expect(expired.json().errorMessage).toBe(OFFER_MESSAGES.notActive);
      expect(await statusOf(fresh[0]!)).toBe('active');
    });

    it('refuses a visitor, the poster of another job, a company and an admin', async () => {
      const { jobId, offerIds } = await jobWithOffers([ace]);
      const url = `/api/jobs/offers/${offerIds[0]}/accept`;
      expect((await post(url)).statusCode).toBe(401);
      for (const member of [otherPoster, ace, best, admin]) {
        const response = await post(url, member);
        expect(response.statusCode).toBe(403);
        expect(response.json().errorMessage).toBe(OFFER_MESSAGES.onlyPoster);
      }
      expect(await statusOf(offerIds[0]!)).toBe('active');
      const job = await h.db.selectFrom('jobs').select('status').where('id', '=', jobId).executeTakeFirst();
      expect(job?.status).toBe('open');
      expect(
        (await post('/api/jobs/offers/00000000-0000-4000-8000-000000000000/accept', poster)).statusCode,
      ).toBe(404);
      expect((await post('/api/jobs/offers/%00/accept', poster)).statusCode).toBe(400);
    });

    it('refuses a job the poster already moved on', async () => {
      const { jobId, offerIds } = await jobWithOffers([ace]);
      await h.app.inject({
        method: 'PUT',
        url: `/api/jobs/complete/${jobId}`,
        headers: poster.headers,
        payload: { status: 'in-progress' },
      });
      const response = await post(`/api/jobs/offers/${offerIds[0]}/accept`, poster);
      expect(response.statusCode).toBe(409);
      expect(response.json().errorMessage).toBe(OFFER_MESSAGES.jobNotOpen);
    });
  });

  describe('undoing the hire', () => {
    it('before the start date: the job is open again and the offers stand again (event, notices gone)', async () => {
      const { jobId, offerIds } = await jobWithOffers([ace, best]);
      const [aceOffer, bestOffer] = offerIds as [string, string];
      await post(`/api/jobs/offers/${aceOffer}/accept`, poster);
      const url = `/api/jobs/offers/job/${jobId}/undo-hire`;
      expect((await post(url)).statusCode).toBe(401);
      for (const member of [otherPoster, ace, admin]) {
        const refused = await post(url, member);
        expect(refused.statusCode).toBe(403);
      }

      const response = await post(url, poster);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        resultMessage: { en: OFFER_MESSAGES.unaccepted },
        hiredCompanyId: null,
        undoUntil: null,
      });
      const job = await h.db
        .selectFrom('jobs')
        .select(['status', 'hired_company_id', 'hired_offer_id', 'hired_at'])
        .where('id', '=', jobId)
        .executeTakeFirstOrThrow();
      expect(job).toEqual({ status: 'open', hired_company_id: null, hired_offer_id: null, hired_at: null });
      expect(await statusOf(aceOffer)).toBe('active');
      expect(await statusOf(bestOffer)).toBe('active');
      const [undone] = await h.eventsOf(EVENT_TYPES.jobsOfferUnaccepted, { offerId: aceOffer });
      expect(undone).toMatchObject({
        jobId,
        companyId: ace.id,
        posterId: poster.id,
        reopenedOfferIds: [bestOffer],
      });
      const notices = await h.db
        .selectFrom('notifications')
        .select('kind')
        .where('job_id', '=', jobId)
        .execute();
      expect(notices.filter((n) => n.kind !== 'job-alert')).toEqual([]);

      const again = await post(url, poster);
      expect(again.statusCode).toBe(409);
      expect(again.json().errorMessage).toBe(OFFER_MESSAGES.noHire);
      // The poster may now hire the other company.
      expect((await post(`/api/jobs/offers/${bestOffer}/accept`, poster)).statusCode).toBe(200);
    });

    it('an offer that expired meanwhile does not stand again', async () => {
      const { jobId, offerIds } = await jobWithOffers([ace, best], {
        validDays: 1,
        startDate: daysFromToday(9),
      });
      await post(`/api/jobs/offers/${offerIds[0]}/accept`, poster);
      ahead = DAY_MS + 60_000;
      const response = await post(`/api/jobs/offers/job/${jobId}/undo-hire`, poster);
      expect(response.statusCode).toBe(200);
      expect(await statusOf(offerIds[0]!)).toBe('expired');
      expect(await statusOf(offerIds[1]!)).toBe('expired');
    });

    it('from the start date on, the hire stands', async () => {
      const { jobId, offerIds } = await jobWithOffers([ace], { startDate: daysFromToday(2) });
      await post(`/api/jobs/offers/${offerIds[0]}/accept`, poster);
      ahead = 2 * DAY_MS;
      const response = await post(`/api/jobs/offers/job/${jobId}/undo-hire`, poster);
      expect(response.statusCode).toBe(409);
      expect(response.json().errorMessage).toBe(OFFER_MESSAGES.undoTooLate);
      ahead = 0;
      const today = await jobWithOffers([best], { startDate: daysFromToday(0) });
      await post(`/api/jobs/offers/${today.offerIds[0]}/accept`, poster);
      expect((await post(`/api/jobs/offers/job/${today.jobId}/undo-hire`, poster)).statusCode).toBe(409);
    });

    it('completing the job keeps the hire, and there is nothing to undo then', async () => {
      const { jobId, offerIds } = await jobWithOffers([ace]);
      await post(`/api/jobs/offers/${offerIds[0]}/accept`, poster);
      const completed = await h.app.inject({
        method: 'PUT',
        url: `/api/jobs/complete/${jobId}`,
        headers: poster.headers,
        payload: { status: 'completed' },
      });
      expect(completed.statusCode).toBe(200);
      const job = await h.db
        .selectFrom('jobs')
        .select(['status', 'hired_company_id'])
        .where('id', '=', jobId)
        .executeTakeFirst();
      expect(job).toEqual({ status: 'completed', hired_company_id: ace.id });
      const undo = await post(`/api/jobs/offers/job/${jobId}/undo-hire`, poster);
      expect(undo.statusCode).toBe(409);
      expect(undo.json().errorMessage).toBe(OFFER_MESSAGES.noHire);
    });
  });
});
