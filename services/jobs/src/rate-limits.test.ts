import { SESSION_MESSAGES } from '@marketplace/contracts';
import { createJobsHarness, jobPayload, type JobsHarness } from './testing';

describe('rate limits of the jobs service', () => {
  let h: JobsHarness;
  beforeAll(async () => {
    h = await createJobsHarness({
      rateLimits: {
        postJobPerAccount: { max: 2, windowMs: 60 * 60 * 1000 },
        reviewPerAccount: { max: 1, windowMs: 60 * 60 * 1000 },
      },
    });
  }, 60_000);
  afterAll(async () => {
    await h.close();
  });

  it('limits the jobs one account posts, not another account, and not refused callers', async () => {
    const poster = await h.member('user');
    const other = await h.member('user', 'Bola Ade');
    const company = await h.member('company');
    const post = (headers: Record<string, string>) =>
      h.app.inject({ method: 'POST', url: '/api/jobs/postjob', headers, payload: jobPayload() });
    for (let i = 0; i < 5; i++) expect((await post(company.headers)).statusCode).toBe(403);
    expect((await post(poster.headers)).statusCode).toBe(201);
    expect((await post(poster.headers)).statusCode).toBe(201);
    const third = await post(poster.headers);
    expect(third.statusCode).toBe(429);
    expect(third.json().errorMessage).toBe(SESSION_MESSAGES.tooManyAttempts);
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    expect((await post(other.headers)).statusCode).toBe(201);
  });

  it('limits the reviews one account posts', async () => {
    const poster = await h.member('user', 'Chidi Okeke');
    const review = () =>
      h.app.inject({
        method: 'POST',
        url: '/api/jobs/postreviews',
        headers: poster.headers,
        payload: { companyId: poster.id, jobId: poster.id, rating: 5, review: 'Great.' },
      });
    expect((await review()).statusCode).toBe(404);
    expect((await review()).statusCode).toBe(429);
  });
});
