import accountsService from '@marketplace/accounts-service';
import chatService from '@marketplace/chat-service';
import jobsService from '@marketplace/jobs-service';
import type { ServiceDeps } from '@marketplace/service-kit';
import { createTestService, type TestService } from '@marketplace/service-kit/testing';
import type { FastifyInstance } from 'fastify';
import { DEMO_EMAIL_DOMAIN, DEMO_PASSWORD, seedDemoData } from './demo-data';

// The demo set goes through the services' own routes and events, so it obeys their rules: this runs it
// against accounts and jobs as the embedded topology does.
describe('demo data', () => {
  let service: TestService;

  beforeAll(async () => {
    service = await createTestService([
      (app: FastifyInstance, deps: ServiceDeps) => accountsService(app, deps),
      jobsService,
      chatService,
    ]);
  }, 60_000);
  afterAll(async () => {
    await service?.close();
  });

  it('seeds open and completed jobs, unlocks and a review once, and never twice', async () => {
    expect(await seedDemoData(service.app, service.bus)).toBe(true);

    const listed = await service.app.inject({ method: 'GET', url: '/api/jobs/viewalljobs?limit=50' });
    expect(listed.statusCode).toBe(200);
    const open = listed.json().jobs as Array<{ description: string; unlockCount: number }>;
    expect(open.length).toBeGreaterThanOrEqual(4);
    expect(open.every((job) => job.description.includes('demo listing'))).toBe(true);
    expect(open.some((job) => job.unlockCount > 0)).toBe(true);
    // Lists never carry the posters' contact details, demo or not.
    expect(listed.body).not.toMatch(/0809 876 5432|@demo\.naija-marketplace\.test/);

    const login = await service.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: `tunde@${DEMO_EMAIL_DOMAIN}`, password: DEMO_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const posted = await service.app.inject({
      method: 'GET',
      url: '/api/jobs/user/jobs/posted',
      headers: { authorization: `Bearer ${login.json().accessToken}` },
    });
    expect(posted.statusCode).toBe(200);
    expect(posted.json().totals.completed).toBeGreaterThanOrEqual(1);

    const companies = await service.app.inject({
      method: 'GET',
      url: '/api/jobs/getcompaniesbycategory/Craftsman',
    });
    const rated = (companies.json().company as Array<{ _id: string; rating: { count: number } }>).find(
      (company) => company.rating.count > 0,
    );
    expect(rated).toBeDefined();
    const reviews = await service.app.inject({ method: 'GET', url: `/api/jobs/getreviews/${rated!._id}` });
    expect(reviews.json().reviews.length).toBeGreaterThanOrEqual(1);

    // A demo conversation: the customer and the company that unlocked her job have written to each other.
    const amaka = await service.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: `amaka@${DEMO_EMAIL_DOMAIN}`, password: DEMO_PASSWORD },
    });
    const { accessToken, user } = amaka.json() as { accessToken: string; user: { _id: string } };
    const inbox = await service.app.inject({
      method: 'GET',
      url: `/api/jobs/user/chat/${user._id}`,
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(inbox.statusCode).toBe(200);
    const [chat] = inbox.json() as Array<{ _id: string; lastSeq: number; unreadCount: number }>;
    expect(chat).toMatchObject({ lastSeq: 3 });
    expect(chat!.unreadCount).toBeGreaterThanOrEqual(1);

    expect(await seedDemoData(service.app, service.bus)).toBe(false);
  }, 120_000);
});
