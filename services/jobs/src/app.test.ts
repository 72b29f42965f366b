import { randomUUID } from 'node:crypto';
import { newEvent } from '@marketplace/service-kit';
import { createTestService, eventually, type TestService } from '@marketplace/service-kit/testing';
import jobsService from './app';

describe('jobs service', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await createTestService([jobsService]);
  });
  afterAll(async () => {
    await service.close();
  });

  it('lists jobs newest first with the poster name from its read model, and pages them', async () => {
    const poster = randomUUID();
    await service.bus.publish(
      newEvent(
        'accounts.user.registered',
        { userId: poster, name: 'Chidi Okeke', type: 'user' },
        { correlationId: 'test' },
      ),
    );
    const jobs = service.db.raw.withSchema('jobs');
    await eventually(async () => {
      expect(
        await jobs.selectFrom('members').select('name').where('id', '=', poster).executeTakeFirst(),
      ).toEqual({
        name: 'Chidi Okeke',
      });
    });
    for (const [heading, created] of [
      ['Paint my fence', '2026-01-01'],
      ['Fix the roof', '2026-02-01'],
    ] as const) {
      await jobs
        .insertInto('jobs')
        .values({
          posted_by: poster,
          title: heading,
          job_heading: heading,
          description: 'Details',
          category: 'Craftsman',
          subcategory: ['Painter'],
          job_start_date: '2026-12-01',
          created_at: created,
        })
        .execute();
    }
    const first = await service.app.inject({ method: 'GET', url: '/api/jobs/viewalljobs?limit=1' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      page: 1,
      limit: 1,
      jobs: [
        {
          jobHeading: 'Fix the roof',
          jobStartDate: '2026-12-01',
          status: 'open',
          postedBy: { _id: poster, name: 'Chidi Okeke' },
        },
      ],
    });
    const second = await service.app.inject({ method: 'GET', url: '/api/jobs/viewalljobs?limit=1&page=2' });
    expect(second.json().jobs[0].jobHeading).toBe('Paint my fence');
    const posterCard = await service.app.inject({ method: 'GET', url: `/api/jobs/posters/${poster}` });
    expect(posterCard.json().totalPostedJobs).toBe(2);
  });

  it('applies a renamed member once even when the event is delivered twice', async () => {
    const member = randomUUID();
    await service.bus.publish(
      newEvent(
        'accounts.user.registered',
        { userId: member, name: 'Old Name', type: 'user' },
        { correlationId: 't' },
      ),
    );
    const rename = newEvent(
      'accounts.user.updated',
      { userId: member, name: 'New Name' },
      { correlationId: 't' },
    );
    await service.bus.publish(rename);
    await service.bus.publish(rename);
    await eventually(async () => {
      const row = await service.db.raw
        .withSchema('jobs')
        .selectFrom('members')
        .select('name')
        .where('id', '=', member)
        .executeTakeFirst();
      expect(row?.name).toBe('New Name');
    });
  });

  it('answers bad paging and unknown posters clearly', async () => {
    expect(
      (await service.app.inject({ method: 'GET', url: '/api/jobs/viewalljobs?limit=1000' })).statusCode,
    ).toBe(400);
    const missing = await service.app.inject({ method: 'GET', url: `/api/jobs/posters/${randomUUID()}` });
    expect(missing.statusCode).toBe(404);
    expect(
      (await service.app.inject({ method: 'GET', url: '/api/jobs/posters/not-a-uuid' })).statusCode,
    ).toBe(400);
  });
});
