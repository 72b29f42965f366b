import { EVENT_TYPES } from '@marketplace/contracts';
import { METRIC_NAMES, sampleValue } from '@marketplace/service-kit';
import { eventually, scrapeMetrics } from '@marketplace/service-kit/testing';
import { createJobsHarness, jobPayload, type JobsHarness } from './testing';

// The jobs service as standalone.ts mounts it: its requests on /metrics by route pattern, and the id of
// a request on the event it causes.
describe('jobs behind the observability kit', () => {
  let h: JobsHarness;
  beforeAll(async () => {
    h = await createJobsHarness({ metrics: true });
  }, 60_000);
  afterAll(async () => {
    await h.close();
  });

  const scrape = () => scrapeMetrics(h.app);

  it('puts the request id on the answer and on the jobs.job.posted event of that request', async () => {
    const poster = await h.member('user');
    // The harness's server makes its own ids (taking x-request-id is serverOptions' part, tested in the
    // kit): the id echoed must be the one on the event.
    const response = await h.app.inject({
      method: 'POST',
      url: '/api/jobs/postjob',
      headers: poster.headers,
      payload: jobPayload(),
    });
    expect(response.statusCode).toBe(201);
    const requestId = response.headers['x-request-id'];
    expect(requestId).toEqual(expect.any(String));
    const jobId = response.json().job._id as string;
    const event = await eventually(async () => {
      const found = h.events.find(
        (e) => e.type === EVENT_TYPES.jobsJobPosted && (e.payload as { jobId?: string }).jobId === jobId,
      );
      if (!found) throw new Error('not published yet');
      return found;
    });
    expect(event.correlationId).toBe(requestId);
  });

  it('measures its routes by pattern and status, and shows its outbox drained', async () => {
    const poster = await h.member('user');
    const jobId = await h.postJob(poster);
    await h.app.inject({ url: `/api/jobs/viewjob/${jobId}` });
    await h.app.inject({ url: '/api/jobs/viewjob/00000000-0000-4000-8000-000000000000' });

    const text = await scrape();
    const posted = { method: 'POST', route: '/api/jobs/postjob', status_code: '201', service: 'jobs' };
    expect(sampleValue(text, METRIC_NAMES.httpRequests, posted)).toBe(2);
    const viewed = { method: 'GET', route: '/api/jobs/viewjob/:jobId' };
    expect(sampleValue(text, METRIC_NAMES.httpRequests, { ...viewed, status_code: '200' })).toBe(1);
    expect(sampleValue(text, METRIC_NAMES.httpRequests, { ...viewed, status_code: '404' })).toBe(1);
    expect(text).not.toContain(jobId);
    await eventually(async () =>
      expect(sampleValue(await scrape(), METRIC_NAMES.outboxUnpublished, { schema: 'jobs' })).toBe(0),
    );
  });
});
