import { randomUUID } from 'node:crypto';
import { JOB_MESSAGES, JobListResponseSchema } from '@marketplace/contracts';
import { Value } from 'typebox/value';
import { createJobsHarness, type JobsHarness, type Member } from '../testing';

describe("the admin's job list and moderation", () => {
  let h: JobsHarness;
  let poster: Member;
  let company: Member;
  let admin: Member;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    h = await createJobsHarness();
    poster = await h.member('user', 'Ada Obi');
    company = await h.member('company', 'Ace Plumbing');
    admin = await h.member('admin', 'Admin');
    ids.open = await h.postJob(poster, { jobHeading: 'Fix a leaking sink', description: 'Kitchen sink.' });
    ids.progress = await h.postJob(poster, {
      jobHeading: 'Retile a bathroom',
      description: 'Tiles bought.',
      subcategory: ['Tiler'],
      state: 'Oyo',
    });
    ids.done = await h.postJob(poster, {
      jobHeading: 'Clean a house',
      description: 'Four bedrooms.',
      category: 'Services',
      subcategory: ['Cleaning'],
    });
    ids.hidden = await h.postJob(poster, { jobHeading: 'Buy my car', description: 'Cheap car.' });
    ids.deleted = await h.postJob(poster, { jobHeading: 'Deleted job', description: 'Gone.' });
    const put = (url: string, payload?: Record<string, unknown>, headers = poster.headers) =>
      h.app.inject({ method: 'PUT', url, headers, ...(payload ? { payload } : {}) });
    await put(`/api/jobs/complete/${ids.progress}`, { status: 'in-progress' });
    await put(`/api/jobs/complete/${ids.done}`);
    await put(`/api/jobs/admin/jobs/${ids.hidden}/hide`, { reason: 'Selling goods' }, admin.headers);
    await h.app.inject({
      method: 'DELETE',
      url: `/api/jobs/deletejob/${ids.deleted}`,
      headers: poster.headers,
    });
  }, 60_000);
  afterAll(async () => {
    await h.close();
  });

  const adminList = (query = '', headers: Record<string, string> = admin.headers) =>
    h.app.inject({ method: 'GET', url: `/api/jobs/admin/jobs${query}`, headers });
  const headings = (response: { json(): { jobs: Array<{ jobHeading: string }> } }) =>
    response.json().jobs.map((job) => job.jobHeading);

  describe('GET /api/jobs/admin/jobs', () => {
    it('lists every job but deleted ones, newest first, hidden ones with why, and no contact details', async () => {
      const response = await adminList();
      expect(response.statusCode).toBe(200);
      expect(Value.Check(JobListResponseSchema, response.json())).toBe(true);
      expect(headings(response)).toEqual([
        'Buy my car',
        'Clean a house',
        'Retile a bathroom',
        'Fix a leaking sink',
      ]);
      expect(response.json().jobs[0]).toMatchObject({
        hidden: { reason: 'Selling goods' },
        postedBy: { name: 'Ada Obi' },
      });
      expect(response.json().jobs[1].hidden).toBeNull();
      expect(response.json()).toMatchObject({ page: 1, limit: 20, hasMore: false });
      expect(response.body).not.toContain('ada@example.com');
      expect(response.body).not.toContain('Allen Avenue');
    });

    it.each([
      ['?status=hidden', ['Buy my car']],
      ['?status=open', ['Fix a leaking sink']],
      ['?status=in-progress', ['Retile a bathroom']],
      ['?status=completed', ['Clean a house']],
      ['?category=services', ['Clean a house']],
      ['?state=oyo', ['Retile a bathroom']],
      ['?state=Atlantis', []],
      ['?category=Astrology', []],
      ['?q=car', ['Buy my car']],
      ['?q=sink&status=open', ['Fix a leaking sink']],
      ['?limit=2', ['Buy my car', 'Clean a house']],
      ['?limit=2&page=2', ['Retile a bathroom', 'Fix a leaking sink']],
    ])('%s', async (query, expected) => {
      const response = await adminList(query);
      expect(response.statusCode).toBe(200);
      expect(headings(response)).toEqual(expected);
    });

    it('refuses bad queries and everyone but admins', async () => {
      for (const query of ['?status=deleted', '?limit=101', '?page=0', `?q=${'x'.repeat(101)}`]) {
        expect((await adminList(query)).statusCode).toBe(400);
      }
      for (const who of [poster, company]) {
        const response = await adminList('', who.headers);
        expect(response.statusCode).toBe(403);
        expect(response.json().errorMessage).toBe('Only administrators can do this.');
      }
      expect((await adminList('', {})).statusCode).toBe(401);
    });
  });

  describe('PUT /api/jobs/admin/jobs/:jobId/hide and /unhide', () => {
    const hide = (jobId: string, body: unknown, headers: Record<string, string> = admin.headers) =>
      h.app.inject({
        method: 'PUT',
        url: `/api/jobs/admin/jobs/${jobId}/hide`,
        headers,
        payload: body as Record<string, unknown>,
      });
    const unhide = (jobId: string, headers: Record<string, string> = admin.headers) =>
      h.app.inject({ method: 'PUT', url: `/api/jobs/admin/jobs/${jobId}/unhide`, headers });
    const listed = async () =>
      (await h.app.inject({ method: 'GET', url: '/api/jobs/viewalljobs?limit=100' }))
        .json()
        .jobs.map((job: { _id: string }) => job._id);

    it('hides a job from every listing, tells its poster why, announces it; unhiding lists it again', async () => {
      const jobId = await h.postJob(poster, { jobHeading: 'Sell my generator' });
      expect(await listed()).toContain(jobId);
      const hidden = await hide(jobId, { reason: '  Selling goods is not a service  ' });
      expect(hidden.statusCode).toBe(200);
      expect(hidden.json()).toMatchObject({
        statusCode: 200,
        resultMessage: { en: JOB_MESSAGES.jobHidden },
        job: { _id: jobId, hidden: { reason: 'Selling goods is not a service' } },
      });
      expect(await listed()).not.toContain(jobId);
      const search = await h.app.inject({ method: 'GET', url: '/api/jobs/search?q=generator' });
      expect(search.json().jobs).toEqual([]);
      const mine = await h.app.inject({
        method: 'GET',
        url: '/api/jobs/user/jobs/posted',
        headers: poster.headers,
      });
      expect(mine.json().jobs.find((j: { _id: string }) => j._id === jobId).hidden.reason).toBe(
        'Selling goods is not a service',
      );
      await h.expectEvent('jobs.job.moderated', {
        jobId,
        postedBy: poster.id,
        hidden: true,
        reason: 'Selling goods is not a service',
      });

      const shown = await unhide(jobId);
      expect(shown.statusCode).toBe(200);
      expect(shown.json()).toMatchObject({
        resultMessage: { en: JOB_MESSAGES.jobShown },
        job: { hidden: null },
      });
      expect(await listed()).toContain(jobId);
      await h.expectEvent('jobs.job.moderated', {
        jobId,
        postedBy: poster.id,
        hidden: false,
        reason: null,
      });
      // Unhiding a job that is not hidden changes nothing and announces nothing.
      expect((await unhide(jobId)).statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(
        h.events.filter(
          (e) => e.type === 'jobs.job.moderated' && (e.payload as { jobId: string }).jobId === jobId,
        ),
      ).toHaveLength(2);
    });

    it('refuses a missing or blank reason, bad ids, unknown and deleted jobs, and everyone but admins', async () => {
      for (const body of [
        {},
        { reason: '' },
        { reason: '   ' },
        { reason: 'x'.repeat(501) },
        { reason: { text: 'Spam' } },
      ]) {
        expect((await hide(ids.open as string, body)).statusCode).toBe(400);
      }
      expect((await hide('nope', { reason: 'Spam' })).statusCode).toBe(400);
      expect((await hide(randomUUID(), { reason: 'Spam' })).statusCode).toBe(404);
      expect((await hide(ids.deleted as string, { reason: 'Spam' })).statusCode).toBe(404);
      for (const who of [poster, company]) {
        expect((await hide(ids.open as string, { reason: 'Spam' }, who.headers)).statusCode).toBe(403);
        expect((await unhide(ids.hidden as string, who.headers)).statusCode).toBe(403);
      }
      expect((await hide(ids.open as string, { reason: 'Spam' }, {})).statusCode).toBe(401);
      const row = await h.db
        .selectFrom('jobs')
        .select('hidden_at')
        .where('id', '=', ids.open as string)
        .executeTakeFirstOrThrow();
      expect(row.hidden_at).toBeNull();
    });
  });
});
