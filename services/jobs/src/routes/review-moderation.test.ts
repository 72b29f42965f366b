import { randomUUID } from 'node:crypto';
import {
  EVENT_TYPES,
  REVIEW_MODERATION_LIMITS,
  REVIEW_MODERATION_MESSAGES as TEXT,
  ReportedReviewsResponseSchema,
  ReviewListResponseSchema,
} from '@marketplace/contracts';
import { Value } from 'typebox/value';
import { createJobsHarness, type JobsHarness, type Member } from '../testing';

// Verified reviews (a job with a hire), the reviewed company's one reply, reports once per reporter and
// admins hiding or showing reviews (issue 29, item 2).

describe('verified reviews, replies, reports and moderation', () => {
  let h: JobsHarness;
  let poster: Member;
  let customer: Member;
  let hired: Member;
  let otherCompany: Member;
  let admin: Member;
  beforeAll(async () => {
    h = await createJobsHarness();
    poster = await h.member('user', 'Ada Obi');
    customer = await h.member('user', 'Bola Ade');
    hired = await h.member('company', 'Ace Plumbing');
    otherCompany = await h.member('company', 'Best Builders');
    admin = await h.member('admin', 'Admin');
  }, 60_000);
  afterAll(async () => {
    await h.close();
  });

  const post = (url: string, payload: unknown, headers: Record<string, string>) =>
    h.app.inject({
      method: 'POST',
      url,
      headers: typeof payload === 'string' ? { ...headers, 'content-type': 'application/json' } : headers,
      payload: payload as Record<string, unknown>,
    });
  const postReview = (body: Record<string, unknown>, who: Member = poster) =>
    post('/api/jobs/postreviews', body, who.headers);
  const replyTo = (reviewId: string, body: unknown, headers: Record<string, string>) =>
    post(`/api/jobs/reviews/${reviewId}/reply`, body, headers);
  const report = (reviewId: string, body: unknown, headers: Record<string, string>) =>
    post(`/api/jobs/reviews/${reviewId}/report`, body, headers);
  const moderate = (reviewId: string, body: unknown, headers: Record<string, string> = admin.headers) =>
    post(`/api/jobs/reviews/${reviewId}/moderation`, body, headers);
  const listOf = async (companyId: string) =>
    (await h.app.inject({ method: 'GET', url: `/api/jobs/getreviews/${companyId}` })).json();
  const reported = (headers: Record<string, string> = admin.headers, query = '') =>
    h.app.inject({ method: 'GET', url: `/api/jobs/reviews/reported${query}`, headers });

  /** A completed job of `poster` that `company` (and `also`) unlocked, with `company` hired if asked. */
  async function completedJob(company: Member, options: { hire?: Member; also?: Member[] } = {}) {
    const jobId = await h.postJob(poster, { jobHeading: 'Fix the borehole pump' });
    await h.payUnlock(jobId, company);
    for (const other of options.also ?? []) await h.payUnlock(jobId, other);
    if (options.hire) {
      // The hire as the offers feature records it (accepting an offer is not on this branch).
      await h.db
        .updateTable('jobs')
        .set({ hired_company_id: options.hire.id, hired_at: new Date(), status: 'in-progress' })
        .where('id', '=', jobId)
        .execute();
    }
    await h.app.inject({ method: 'PUT', url: `/api/jobs/complete/${jobId}`, headers: poster.headers });
    return jobId;
  }

  /** A posted review of `company` (the poster's), its id. */
  async function reviewed(company: Member, rating = 4, options: { hire?: boolean } = {}): Promise<string> {
    const jobId = await completedJob(company, options.hire ? { hire: company } : {});
    const response = await postReview({ companyId: company.id, jobId, rating, review: 'Tidy work.' });
    expect(response.statusCode).toBe(201);
    return response.json().review._id as string;
  }

  describe('verified hire', () => {
    it('lets the poster review only the hired company, stored and announced as a verified hire', async () => {
      const jobId = await completedJob(hired, { hire: hired, also: [otherCompany] });
      const other = await postReview({ companyId: otherCompany.id, jobId, rating: 5, review: 'Great.' });
      expect(other.statusCode).toBe(403);
      expect(other.json().errorMessage).toBe(TEXT.reviewOnlyHiredCompany);

      const notPoster = await postReview(
        { companyId: hired.id, jobId, rating: 5, review: 'Mine?' },
        customer,
      );
      expect(notPoster.statusCode).toBe(403);

      // The id in any case names the hired company.
      const response = await postReview({
        companyId: hired.id.toUpperCase(),
        jobId,
        rating: 5,
        review: 'Great.',
      });
      expect(response.statusCode).toBe(201);
      const review = response.json().review;
      expect(review).toMatchObject({ verifiedHire: true, reply: null });
      const stored = await h.db
        .selectFrom('reviews')
        .select(['verified_hire', 'company_id'])
        .where('id', '=', review._id)
        .executeTakeFirstOrThrow();
      expect(stored).toEqual({ verified_hire: true, company_id: hired.id });
      await h.expectEvent(EVENT_TYPES.jobsReviewPosted, {
        reviewId: review._id,
        jobId,
        companyId: hired.id,
        reviewerId: poster.id,
        rating: 5,
        verifiedHire: true,
      });
      const list = await listOf(hired.id);
      expect(Value.Check(ReviewListResponseSchema, list)).toBe(true);
      expect(list.reviews.find((r: { _id: string }) => r._id === review._id)).toMatchObject({
        verifiedHire: true,
        reply: null,
      });
    });

    it('takes a review of the hired company even without an unlock record (the hire is the proof)', async () => {
      const jobId = await completedJob(otherCompany, { hire: hired });
      const response = await postReview({ companyId: hired.id, jobId, rating: 4, review: 'Good.' });
      expect(response.statusCode).toBe(201);
      expect(response.json().review.verifiedHire).toBe(true);
    });

    it('keeps the unverified review of a company that unlocked a job completed without a hire', async () => {
      const jobId = await completedJob(otherCompany);
      const response = await postReview({ companyId: otherCompany.id, jobId, rating: 3, review: 'Fine.' });
      expect(response.statusCode).toBe(201);
      const review = response.json().review;
      expect(review.verifiedHire).toBe(false);
      // The legacy event, without the flag.
      await h.expectEvent(EVENT_TYPES.jobsReviewPosted, {
        reviewId: review._id,
        jobId,
        companyId: otherCompany.id,
        reviewerId: poster.id,
        rating: 3,
      });
    });
  });

  describe('reply', () => {
    it('publishes the reviewed company’s one reply under the review', async () => {
      const reviewId = await reviewed(hired);
      const response = await replyTo(reviewId, { text: '  Thank you, Ada!  ' }, hired.headers);
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({
        message: TEXT.replyPosted,
        reviewId,
        reply: { text: 'Thank you, Ada!', repliedAt: expect.any(String) },
      });
      const listed = (await listOf(hired.id)).reviews.find((r: { _id: string }) => r._id === reviewId);
      expect(listed.reply).toEqual({ text: 'Thank you, Ada!', repliedAt: expect.any(String) });

      const again = await replyTo(reviewId, { text: 'One more thing.' }, hired.headers);
      expect(again.statusCode).toBe(409);
      expect(again.json().errorMessage).toBe(TEXT.alreadyReplied);
      const stored = await h.db
        .selectFrom('reviews')
        .select('reply')
        .where('id', '=', reviewId)
        .executeTakeFirstOrThrow();
      expect(stored.reply).toBe('Thank you, Ada!');
    });

    it('refuses everyone but the reviewed company: visitor, poster, customer, another company, admin', async () => {
      const reviewId = await reviewed(hired);
      expect((await replyTo(reviewId, { text: 'Hi' }, {})).statusCode).toBe(401);
      for (const who of [poster, customer, otherCompany, admin]) {
        const response = await replyTo(reviewId, { text: 'Hi' }, who.headers);
        expect(response.statusCode).toBe(403);
        expect(response.json().errorMessage).toBe(TEXT.replyOnlyReviewedCompany);
      }
      const stored = await h.db
        .selectFrom('reviews')
        .select('reply')
        .where('id', '=', reviewId)
        .executeTakeFirstOrThrow();
      expect(stored.reply).toBeNull();
    });

    it.each([
      ['no text', {}, 400, TEXT.replyRequired],
      ['blank text', { text: '   ' }, 400, TEXT.replyRequired],
      [
        'text over the limit',
        { text: 'x'.repeat(REVIEW_MODERATION_LIMITS.replyMax + 1) },
        400,
        TEXT.replyTooLong,
      ],
      ['a number', { text: 1e308 }, 400, TEXT.replyRequired],
      ['an object', { text: { a: 1 } }, 400, TEXT.replyRequired],
      ['a JSON array', '[]', 400, TEXT.replyRequired],
      ['a NUL', JSON.stringify({ text: 'a\u0000b' }), 400, undefined],
      ['truncated JSON', '{"text": ', 400, undefined],
    ])('refuses %s with %i', async (_label, body, status, message) => {
      const reviewId = await reviewed(hired);
      const response = await replyTo(reviewId, body, hired.headers);
      expect(response.statusCode).toBe(status);
      if (message) expect(response.json().errorMessage).toBe(message);
    });

    it('answers 404 for an unknown review, an id that is not one, or a hidden review', async () => {
      expect((await replyTo(randomUUID(), { text: 'Hi' }, hired.headers)).statusCode).toBe(404);
      expect((await replyTo('not-an-id', { text: 'Hi' }, hired.headers)).statusCode).toBe(404);
      const reviewId = await reviewed(hired);
      expect((await moderate(reviewId, { action: 'hide', reason: 'Abusive.' })).statusCode).toBe(200);
      expect((await replyTo(reviewId, { text: 'Hi' }, hired.headers)).statusCode).toBe(404);
    });
  });

  describe('report', () => {
    it('takes one report per reporter from customers and companies, the reviewed company included', async () => {
      const reviewId = await reviewed(hired);
      for (const who of [customer, otherCompany, hired]) {
        const response = await report(
          reviewId,
          { reason: 'false-or-misleading', note: ' Never happened ' },
          who.headers,
        );
        expect(response.statusCode).toBe(201);
        expect(response.json().message).toBe(TEXT.reported);
      }
      const again = await report(reviewId, { reason: 'offensive' }, customer.headers);
      expect(again.statusCode).toBe(409);
      expect(again.json().errorMessage).toBe(TEXT.alreadyReported);
      const rows = await h.db
        .selectFrom('review_reports')
        .select(['reporter_id', 'reason', 'note'])
        .where('review_id', '=', reviewId)
        .execute();
      expect(rows).toHaveLength(3);
      expect(rows.find((row) => row.reporter_id === customer.id)).toEqual({
        reporter_id: customer.id,
        reason: 'false-or-misleading',
        note: 'Never happened',
      });
    });

    it('refuses the visitor, the review’s author and admins', async () => {
      const reviewId = await reviewed(hired);
      expect((await report(reviewId, { reason: 'other' }, {})).statusCode).toBe(401);
      const own = await report(reviewId, { reason: 'other' }, poster.headers);
      expect(own.statusCode).toBe(403);
      expect(own.json().errorMessage).toBe(TEXT.reportOwnReview);
      const byAdmin = await report(reviewId, { reason: 'other' }, admin.headers);
      expect(byAdmin.statusCode).toBe(403);
      expect(byAdmin.json().errorMessage).toBe(TEXT.reportOnlyMembers);
      expect(
        await h.db
          .selectFrom('review_reports')
          .select('reporter_id')
          .where('review_id', '=', reviewId)
          .execute(),
      ).toEqual([]);
    });

    it.each([
      ['no reason', {}, TEXT.reportReasonRequired],
      ['an unknown reason', { reason: 'boring' }, TEXT.reportReasonRequired],
      ['a reason that is a number', { reason: 1e308 }, TEXT.reportReasonRequired],
      [
        'a note over the limit',
        { reason: 'other', note: 'x'.repeat(REVIEW_MODERATION_LIMITS.reportNoteMax + 1) },
        TEXT.reportNoteTooLong,
      ],
      ['a note that is not text', { reason: 'other', note: ['a'] }, TEXT.reportNoteTooLong],
      ['a JSON array', '[]', TEXT.reportReasonRequired],
      ['a NUL in the note', JSON.stringify({ reason: 'other', note: 'a\u0000' }), undefined],
    ])('refuses %s with 400', async (_label, body, message) => {
      const reviewId = await reviewed(hired);
      const response = await report(reviewId, body, customer.headers);
      expect(response.statusCode).toBe(400);
      if (message) expect(response.json().errorMessage).toBe(message);
    });

    it('tells each reporter which of a company’s reviews they reported, and no one else’s', async () => {
      const company = await h.member('company', 'Dayo Tiling');
      const first = await reviewed(company);
      const second = await reviewed(company, 2);
      const elsewhere = await reviewed(hired);
      await report(second, { reason: 'offensive' }, customer.headers);
      await report(elsewhere, { reason: 'offensive' }, customer.headers);
      await report(first, { reason: 'other' }, otherCompany.headers);
      const mine = (who: Record<string, string>, companyId = company.id) =>
        h.app.inject({ method: 'GET', url: `/api/jobs/reviews/reported-by-me/${companyId}`, headers: who });

      const customers = await mine(customer.headers);
      expect(customers.statusCode).toBe(200);
      expect(customers.headers['cache-control']).toBe('no-store');
      expect(customers.json()).toEqual({ reviewIds: [second] });
      expect((await mine(otherCompany.headers)).json()).toEqual({ reviewIds: [first] });
      expect((await mine(poster.headers)).json()).toEqual({ reviewIds: [] });
      expect((await mine(customer.headers, company.id.toUpperCase())).json()).toEqual({
        reviewIds: [second],
      });

      expect((await mine({})).statusCode).toBe(401);
      const byAdmin = await mine(admin.headers);
      expect(byAdmin.statusCode).toBe(403);
      expect(byAdmin.json().errorMessage).toBe(TEXT.reportOnlyMembers);
      for (const bad of ['not-a-uuid', '%00', '1e309']) {
        expect((await mine(customer.headers, bad)).statusCode).toBe(400);
      }
    });

    it('answers 404 for an unknown or hidden review', async () => {
      expect((await report(randomUUID(), { reason: 'other' }, customer.headers)).statusCode).toBe(404);
      const reviewId = await reviewed(hired);
      await moderate(reviewId, { action: 'hide', reason: 'Shares a phone number.' });
      expect((await report(reviewId, { reason: 'other' }, customer.headers)).statusCode).toBe(404);
    });
  });

  describe('moderation', () => {
    it('hides a review with a reason: out of the list and the summary, announced; shows it again', async () => {
      const company = await h.member('company', 'Chidi Builders');
      const keptId = await reviewed(company, 5);
      const reviewId = await reviewed(company, 1, { hire: true });
      // Read (and cache) the list before the decision: the decision must not leave it stale.
      expect((await listOf(company.id)).rating).toEqual({ average: 3, count: 2 });
      await report(reviewId, { reason: 'offensive', note: 'Insults.' }, customer.headers);

      const hidden = await moderate(reviewId, { action: 'hide', reason: '  Insults the workers.  ' });
      expect(hidden.statusCode).toBe(200);
      expect(hidden.json()).toMatchObject({
        message: TEXT.hidden,
        review: {
          _id: reviewId,
          pending: false,
          hidden: { reason: 'Insults the workers.' },
          verifiedHire: true,
          company: { _id: company.id, name: 'Chidi Builders' },
        },
      });
      await h.expectEvent(EVENT_TYPES.jobsReviewModerated, {
        reviewId,
        jobId: expect.any(String),
        companyId: company.id,
        rating: 1,
        hidden: true,
        reason: 'Insults the workers.',
      });
      const afterHide = await listOf(company.id);
      expect(afterHide.reviews.map((r: { _id: string }) => r._id)).toEqual([keptId]);
      expect(afterHide.rating).toEqual({ average: 5, count: 1 });

      const twice = await moderate(reviewId, { action: 'hide', reason: 'Again.' });
      expect(twice.statusCode).toBe(409);
      expect(twice.json().errorMessage).toBe(TEXT.alreadyHidden);

      const shown = await moderate(reviewId, { action: 'show' });
      expect(shown.statusCode).toBe(200);
      expect(shown.json()).toMatchObject({ message: TEXT.shown, review: { hidden: null } });
      await h.expectEvent(EVENT_TYPES.jobsReviewModerated, {
        reviewId,
        jobId: expect.any(String),
        companyId: company.id,
        rating: 1,
        hidden: false,
        reason: null,
      });
      expect((await listOf(company.id)).rating).toEqual({ average: 3, count: 2 });
      const announced = h.events.filter(
        (e) =>
          e.type === EVENT_TYPES.jobsReviewModerated &&
          (e.payload as { reviewId: string }).reviewId === reviewId,
      );
      expect(announced).toHaveLength(2);
    });

    it('keeps a reported review shown without announcing anything, and marks its reports decided', async () => {
      const reviewId = await reviewed(hired);
      await report(reviewId, { reason: 'not-about-this-company' }, otherCompany.headers);
      const kept = await moderate(reviewId, { action: 'show' });
      expect(kept.statusCode).toBe(200);
      expect(kept.json()).toMatchObject({ message: TEXT.kept, review: { pending: false, hidden: null } });
      expect(kept.json().review.decidedAt).toEqual(expect.any(String));
      // A later report makes it undecided again.
      await report(reviewId, { reason: 'offensive' }, customer.headers);
      const queue = (await reported(admin.headers, '?limit=50')).json();
      expect(queue.reviews.find((r: { _id: string }) => r._id === reviewId)).toMatchObject({ pending: true });
      // Nothing changed what is shown: no event for this review.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(
        h.events.some(
          (e) =>
            e.type === EVENT_TYPES.jobsReviewModerated &&
            (e.payload as { reviewId: string }).reviewId === reviewId,
        ),
      ).toBe(false);
    });

    it('lists reported reviews to admins, undecided first, with their reports, paged', async () => {
      const decidedId = await reviewed(hired);
      await report(decidedId, { reason: 'other', note: 'Odd.' }, customer.headers);
      await moderate(decidedId, { action: 'show' });
      const pendingId = await reviewed(hired, 2);
      await report(
        pendingId,
        { reason: 'personal-details', note: 'My number is in it.' },
        otherCompany.headers,
      );

      const response = await reported(admin.headers, '?limit=50');
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(Value.Check(ReportedReviewsResponseSchema, body)).toBe(true);
      const ids = body.reviews.map((r: { _id: string }) => r._id);
      expect(ids).toContain(pendingId);
      expect(ids).toContain(decidedId);
      const firstDecided = body.reviews.findIndex((r: { pending: boolean }) => !r.pending);
      expect(body.reviews.slice(firstDecided).every((r: { pending: boolean }) => !r.pending)).toBe(true);
      expect(ids.indexOf(pendingId)).toBeLessThan(ids.indexOf(decidedId));
      expect(body.reviews[ids.indexOf(pendingId)]).toMatchObject({
        rating: 2,
        reviewer: { _id: poster.id, name: 'Ada Obi' },
        company: { _id: hired.id, name: 'Ace Plumbing' },
        job: { title: 'Fix the borehole pump' },
        reports: [
          {
            reporter: { _id: otherCompany.id, name: 'Best Builders', type: 'company' },
            reason: 'personal-details',
            note: 'My number is in it.',
          },
        ],
      });

      const first = (await reported(admin.headers, '?limit=1')).json();
      expect(first).toMatchObject({ page: 1, limit: 1, hasMore: true });
      expect(first.reviews).toHaveLength(1);
      expect((await reported(admin.headers, '?limit=1000')).statusCode).toBe(400);
      expect((await reported(admin.headers, '?page=abc')).statusCode).toBe(400);
    });

    it('is for admins only: visitor 401; poster, customer and companies 403', async () => {
      const reviewId = await reviewed(hired);
      expect((await reported({})).statusCode).toBe(401);
      expect((await moderate(reviewId, { action: 'hide', reason: 'x' }, {})).statusCode).toBe(401);
      for (const who of [poster, customer, hired, otherCompany]) {
        expect((await reported(who.headers)).statusCode).toBe(403);
        expect((await moderate(reviewId, { action: 'hide', reason: 'x' }, who.headers)).statusCode).toBe(403);
      }
      const row = await h.db
        .selectFrom('reviews')
        .select('hidden_at')
        .where('id', '=', reviewId)
        .executeTakeFirstOrThrow();
      expect(row.hidden_at).toBeNull();
    });

    it.each([
      ['no action', {}, TEXT.decisionRequired],
      ['an unknown action', { action: 'delete' }, TEXT.decisionRequired],
      ['hide without a reason', { action: 'hide' }, TEXT.hideReasonRequired],
      ['hide with a blank reason', { action: 'hide', reason: '  ' }, TEXT.hideReasonRequired],
      [
        'a reason over the limit',
        { action: 'hide', reason: 'x'.repeat(REVIEW_MODERATION_LIMITS.hideReasonMax + 1) },
        TEXT.hideReasonTooLong,
      ],
      ['a reason that is a number', { action: 'hide', reason: 1e308 }, TEXT.hideReasonRequired],
      ['a JSON array', '[]', TEXT.decisionRequired],
      ['a NUL', JSON.stringify({ action: 'hide', reason: '\u0000' }), undefined],
    ])('refuses %s with 400', async (_label, body, message) => {
      const reviewId = await reviewed(hired);
      const response = await moderate(reviewId, body);
      expect(response.statusCode).toBe(400);
      if (message) expect(response.json().errorMessage).toBe(message);
    });

    it('answers 404 for an unknown review', async () => {
      expect((await moderate(randomUUID(), { action: 'show' })).statusCode).toBe(404);
      expect((await moderate('nope', { action: 'show' })).statusCode).toBe(404);
    });
  });
});
