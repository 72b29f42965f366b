import { randomUUID } from 'node:crypto';
import { EVENT_TYPES, JOB_LIMITS, JOB_MESSAGES, ReviewListResponseSchema } from '@marketplace/contracts';
import { eventually } from '@marketplace/service-kit/testing';
import { Value } from 'typebox/value';
import { createJobsHarness, type JobsHarness, type Member } from '../testing';

describe('reviews', () => {
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

  const review = (body: Record<string, unknown> | string, headers: Record<string, string> = poster.headers) =>
    h.app.inject({
      method: 'POST',
      url: '/api/jobs/postreviews',
      headers: typeof body === 'string' ? { ...headers, 'content-type': 'application/json' } : headers,
      payload: body,
    });
  const reviewsOf = (companyId: string) =>
    h.app.inject({ method: 'GET', url: `/api/jobs/getreviews/${companyId}` });

  /** A job of `poster` that `company` unlocked, completed unless told otherwise. */
  async function unlockedJob(options: { complete?: boolean; heading?: string } = {}) {
    const jobId = await h.postJob(poster, { jobHeading: options.heading ?? 'Fix a leaking kitchen sink' });
    await h.payUnlock(jobId, company);
    if (options.complete !== false) {
      await h.app.inject({ method: 'PUT', url: `/api/jobs/complete/${jobId}`, headers: poster.headers });
    }
    return jobId;
  }

  it('takes a review of a company that unlocked a completed job: 201, stored, announced, listed', async () => {
    const jobId = await unlockedJob({ heading: 'Fix the borehole pump' });
    const response = await review({
      userId: poster.id,
      companyId: company.id,
      jobId,
      rating: 5,
      review: '  Came the same day and left the place tidy.  ',
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      statusCode: 201,
      resultMessage: { en: JOB_MESSAGES.reviewPosted },
      review: {
        review: 'Came the same day and left the place tidy.',
        rating: 5,
        userId: { _id: poster.id, name: 'Ada Obi', avatar: null },
        jobId: { _id: jobId, title: 'Fix the borehole pump' },
        dateOfReview: expect.any(String),
      },
    });
    const stored = await h.db
      .selectFrom('reviews')
      .selectAll()
      .where('id', '=', body.review._id)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ job_id: jobId, company_id: company.id, user_id: poster.id, rating: 5 });
    await h.expectEvent('jobs.review.posted', {
      reviewId: body.review._id,
      jobId,
      companyId: company.id,
      reviewerId: poster.id,
      rating: 5,
    });

    const applicants = await h.app.inject({
      method: 'GET',
      url: `/api/jobs/applications/${jobId}`,
      headers: poster.headers,
    });
    expect(applicants.json().applicants[0].reviewed).toBe(true);
  });

  it('lists a company’s reviews newest first with the reviewer, the job and the rating summary, to anyone', async () => {
    const jobId = await unlockedJob({ heading: 'Paint the kitchen' });
    await h.publish(EVENT_TYPES.accountsUserUpdated, {
      userId: poster.id,
      photoUrl: '/api/user/photos/a.webp',
    });
    await eventually(async () => {
      const row = await h.db
        .selectFrom('members')
        .select('photo_url')
        .where('id', '=', poster.id)
        .executeTakeFirst();
      expect(row?.photo_url).toBe('/api/user/photos/a.webp');
    });
    expect((await review({ companyId: company.id, jobId, rating: 2, review: 'Slow.' })).statusCode).toBe(201);
    const response = await reviewsOf(company.id);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Value.Check(ReviewListResponseSchema, body)).toBe(true);
    expect(body.reviews[0]).toMatchObject({
      review: 'Slow.',
      rating: 2,
      userId: { _id: poster.id, name: 'Ada Obi', avatar: '/api/user/photos/a.webp' },
      jobId: { _id: jobId, title: 'Paint the kitchen' },
    });
    expect(body.reviews.map((r: { rating: number }) => r.rating)).toEqual([2, 5]);
    expect(body.rating).toEqual({ average: 3.5, count: 2 });
    expect(response.body).not.toContain('ada@example.com');

    const none = await reviewsOf(otherCompany.id);
    expect(none.json()).toEqual({ statusCode: 200, reviews: [], rating: { average: 0, count: 0 } });
    expect((await reviewsOf('not-a-uuid')).statusCode).toBe(400);
  });

  it('refuses a second review of the same company for the same job', async () => {
    const jobId = await unlockedJob();
    expect((await review({ companyId: company.id, jobId, rating: 4, review: 'Good.' })).statusCode).toBe(201);
    const again = await review({ companyId: company.id, jobId, rating: 1, review: 'Changed my mind.' });
    expect(again.statusCode).toBe(409);
    expect(again.json().errorMessage).toBe(JOB_MESSAGES.reviewAlreadyPosted);
  });

  it('refuses a review before the job is completed (open or in progress)', async () => {
    const jobId = await unlockedJob({ complete: false });
    const open = await review({ companyId: company.id, jobId, rating: 4, review: 'Early.' });
    expect(open.statusCode).toBe(409);
    expect(open.json().errorMessage).toBe(JOB_MESSAGES.reviewBeforeCompletion);
    await h.app.inject({
      method: 'PUT',
      url: `/api/jobs/complete/${jobId}`,
      headers: poster.headers,
      payload: { status: 'in-progress' },
    });
    expect((await review({ companyId: company.id, jobId, rating: 4, review: 'Early.' })).statusCode).toBe(
      409,
    );
  });

  it('refuses a review of a company that did not unlock the job', async () => {
    const jobId = await unlockedJob();
    const response = await review({ companyId: otherCompany.id, jobId, rating: 4, review: 'Who?' });
    expect(response.statusCode).toBe(403);
    expect(response.json().errorMessage).toBe(JOB_MESSAGES.reviewCompanyDidNotUnlock);
  });

  it("refuses anyone but the job's poster", async () => {
    const jobId = await unlockedJob();
    for (const who of [otherPoster, company, admin]) {
      const response = await review(
        { companyId: company.id, jobId, rating: 4, review: 'Not mine.' },
        who.headers,
      );
      expect(response.statusCode).toBe(403);
      expect(response.json().errorMessage).toBe(JOB_MESSAGES.reviewOnlyPoster);
    }
    expect((await review({ companyId: company.id, jobId, rating: 4, review: 'x' }, {})).statusCode).toBe(401);
    // The userId of the body is not who reviews: the token is.
    const claimed = await review(
      { userId: poster.id, companyId: company.id, jobId, rating: 4, review: 'x' },
      otherPoster.headers,
    );
    expect(claimed.statusCode).toBe(403);
  });

  it.each([
    ['rating 0', { rating: 0 }, JOB_MESSAGES.ratingOutOfRange],
    ['rating 6', { rating: 6 }, JOB_MESSAGES.ratingOutOfRange],
    ['rating 4.5', { rating: 4.5 }, JOB_MESSAGES.ratingOutOfRange],
    ['a huge rating', { rating: 1e308 }, JOB_MESSAGES.ratingOutOfRange],
    ['no rating', { rating: undefined }, JOB_MESSAGES.ratingOutOfRange],
    ['a rating as text', { rating: 'five' }, JOB_MESSAGES.ratingOutOfRange],
    ['no text', { review: '   ' }, JOB_MESSAGES.reviewTextRequired],
    ['text over the limit', { review: 'x'.repeat(JOB_LIMITS.reviewMax + 1) }, JOB_MESSAGES.reviewTooLong],
    ['text that is not text', { review: { a: 1 } }, JOB_MESSAGES.reviewTextRequired],
    ['a job id that is not a uuid', { jobId: '123' }, 'Please choose a job and a company.'],
    ['no company', { companyId: undefined }, 'Please choose a job and a company.'],
  ])('refuses %s with 400', async (_label, overrides, message) => {
    const jobId = await unlockedJob();
    const response = await review({ companyId: company.id, jobId, rating: 4, review: 'Fine.', ...overrides });
    expect(response.statusCode).toBe(400);
    expect(response.json().errorMessage).toBe(message);
    expect(await h.db.selectFrom('reviews').select('id').where('job_id', '=', jobId).execute()).toEqual([]);
  });

  it.each([
    ['truncated JSON', '{"rating": 4, "review":'],
    ['a JSON array', '[]'],
    [
      'a NUL',
      JSON.stringify({ companyId: randomUUID(), jobId: randomUUID(), rating: 4, review: 'a\u0000b' }),
    ],
  ])('answers %s with 400', async (_label, raw) => {
    const response = await review(raw);
    expect(response.statusCode).toBe(400);
  });

  it('answers 404 for an unknown job', async () => {
    const response = await review({ companyId: company.id, jobId: randomUUID(), rating: 4, review: 'Fine.' });
    expect(response.statusCode).toBe(404);
  });
});
