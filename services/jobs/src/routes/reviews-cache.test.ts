import { EVENT_TYPES } from '@marketplace/contracts';
import { eventually } from '@marketplace/service-kit/testing';
import { ReviewsRepository } from '../repositories/reviews-repository';
import { createJobsHarness, type JobsHarness, type Member } from '../testing';
import { REVIEWS_CACHE_CONTROL } from './reviews';

// A company's review list is kept in memory by company and page and sent with a weak ETag; every
// commit of this instance that writes reviews, members or jobs clears it. Reads are counted at the
// repository.

describe('review list cache', () => {
  let h: JobsHarness;
  let poster: Member;
  let company: Member;
  let reads = 0;
  let spy: jest.SpyInstance;

  beforeAll(async () => {
    h = await createJobsHarness();
    poster = await h.member('user', 'Ada Obi');
    company = await h.member('company', 'Ace Plumbing');
    await reviewed('Fix the borehole pump', 5, 'Came the same day.');
    const original = ReviewsRepository.prototype.listForCompany;
    spy = jest.spyOn(ReviewsRepository.prototype, 'listForCompany').mockImplementation(function (
      this: ReviewsRepository,
      ...args
    ) {
      reads += 1;
      return original.apply(this, args);
    });
  }, 60_000);
  afterAll(async () => {
    spy.mockRestore();
    await h.close();
  });

  /** A completed job of `poster` that `company` unlocked, reviewed through the API. */
  async function reviewed(heading: string, rating: number, text: string): Promise<string> {
    const jobId = await h.postJob(poster, { jobHeading: heading });
    await h.payUnlock(jobId, company);
    await h.app.inject({ method: 'PUT', url: `/api/jobs/complete/${jobId}`, headers: poster.headers });
    const response = await h.app.inject({
      method: 'POST',
      url: '/api/jobs/postreviews',
      headers: poster.headers,
      payload: { companyId: company.id, jobId, rating, review: text },
    });
    expect(response.statusCode).toBe(201);
    return jobId;
  }
  const get = (url: string, headers: Record<string, string> = {}) =>
    h.app.inject({ method: 'GET', url, headers });
  const list = () => `/api/jobs/getreviews/${company.id}`;
  const readsOf = async (action: () => Promise<unknown>) => {
    const before = reads;
    await action();
    return reads - before;
  };

  it('serves a repeated read from memory, the same bytes, for any spelling of the same query', async () => {
    let first!: Awaited<ReturnType<typeof get>>;
    expect(await readsOf(async () => (first = await get(list())))).toBe(1);
    expect(first.json()).toMatchObject({ reviews: [{ rating: 5 }], rating: { average: 5, count: 1 } });
    const upperCaseId = `/api/jobs/getreviews/${company.id.toUpperCase()}`;
    for (const url of [list(), `${list()}?page=1&limit=50`, upperCaseId]) {
      let again!: Awaited<ReturnType<typeof get>>;
      expect(await readsOf(async () => (again = await get(url)))).toBe(0);
      expect(again.body).toBe(first.body);
    }
    // Another page or size is another entry.
    expect(await readsOf(() => get(`${list()}?limit=1`))).toBe(1);
    expect(await readsOf(() => get(`${list()}?page=2&limit=1`))).toBe(1);
    expect((await get(`${list()}?page=2&limit=1`)).json().reviews).toEqual([]);
  });

  it('sends a weak ETag and Cache-Control, and 304 without a body for a matching If-None-Match', async () => {
    const first = await get(list());
    expect(first.headers.etag).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);
    expect(first.headers['cache-control']).toBe(REVIEWS_CACHE_CONTROL);
    const again = await get(list(), { 'if-none-match': first.headers.etag as string });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(first.headers.etag);
  });

  it('shows a new review on the next read', async () => {
    const before = await get(list());
    await reviewed('Paint the kitchen', 2, 'Slow.');
    const after = await get(list(), { 'if-none-match': before.headers.etag as string });
    expect(after.statusCode).toBe(200);
    expect(after.json()).toMatchObject({
      reviews: [{ rating: 2, jobId: { title: 'Paint the kitchen' } }, { rating: 5 }],
      rating: { average: 3.5, count: 2 },
    });
  });

  it("shows a reviewer's new name on the next read once accounts' event is applied", async () => {
    expect((await get(list())).json().reviews[0].userId.name).toBe('Ada Obi');
    await h.publish(EVENT_TYPES.accountsUserUpdated, { userId: poster.id, name: 'Ada Obi-Okafor' });
    // The TTL (30 s) does not pass here: only the members write can have cleared the list.
    await eventually(async () => {
      expect((await get(list())).json().reviews[0].userId.name).toBe('Ada Obi-Okafor');
    });
  });

  it.each([
    [`/api/jobs/getreviews/%00`, 'a NUL for the company'],
    [`/api/jobs/getreviews/not-a-uuid`, 'an id that is no uuid'],
    [`/api/jobs/getreviews/00000000-0000-4000-8000-000000000000?page=1e300`, 'a page beyond any'],
    [`/api/jobs/getreviews/00000000-0000-4000-8000-000000000000?page=%00`, 'a NUL in the page'],
    [`/api/jobs/getreviews/00000000-0000-4000-8000-000000000000?limit=abc`, 'a limit that is no number'],
  ])('refuses %s (%s) with 400, never 500', async (url) => {
    const used = await readsOf(async () => {
      const response = await get(url);
      expect(response.statusCode).toBe(400);
      expect(response.headers.etag).toBeUndefined();
    });
    expect(used).toBe(0);
  });
});
