import { newEvent } from '@marketplace/service-kit';
import { eventually } from '@marketplace/service-kit/testing';
import { companyPayload, createAccountsHarness, posterPayload, type AccountsHarness } from '../testing';

describe('GET /api/user/getall (admin) and the job totals kept from jobs events', () => {
  let h: AccountsHarness;
  let admin: { authorization: string };
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    h = await createAccountsHarness();
    const people: Array<[string, Record<string, unknown>]> = [
      ['ada', posterPayload({ email: 'ada.obi@example.com', name: 'Ada Obi' })],
      ['bola', posterPayload({ email: 'bola@mail.ng', name: 'Bola Ade' })],
      ['ace', companyPayload({ email: 'info@ace.ng', name: 'Ace Plumbing', phoneNumber: '0803 123 4567' })],
      ['zed', companyPayload({ email: 'hello@zed.ng', name: 'Zed Cleaners', phoneNumber: '0901 555 0000' })],
      ['percent', posterPayload({ email: 'odd_100%@example.com', name: 'Odd Name' })],
    ];
    for (const [key, body] of people) {
      ids[key] = (await h.signUp(body)).id;
      await new Promise((resolve) => setTimeout(resolve, 5)); // distinct creation times
    }
    admin = await h.bearer('00000000-0000-4000-8000-0000000000ad', 'admin');
  }, 60_000);
  afterAll(async () => {
    await h.close();
  }, 60_000);

  const list = (query = '', headers: Record<string, string> = admin) =>
    h.service.app.inject({ method: 'GET', url: `/api/user/getall${query}`, headers });

  it('lists every account for an admin, newest first, with the admin columns only', async () => {
    const response = await list();
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ statusCode: 200, total: 5, page: 1, limit: 20 });
    expect(body.users.map((u: { _id: string }) => u._id)).toEqual([
      ids.percent,
      ids.zed,
      ids.ace,
      ids.bola,
      ids.ada,
    ]);
    expect(body.users[2]).toEqual({
      _id: ids.ace,
      email: 'info@ace.ng',
      phoneNumber: '+2348031234567',
      totalPostedJobs: 0,
      totalAppliedJobs: 0,
      type: 'company',
      name: 'Ace Plumbing',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it('pages without overlap', async () => {
    const seen: string[] = [];
    for (const page of [1, 2, 3]) {
      const body = (await list(`?page=${page}&limit=2`)).json();
      expect(body).toMatchObject({ total: 5, page, limit: 2 });
      seen.push(...body.users.map((u: { _id: string }) => u._id));
    }
    expect(new Set(seen).size).toBe(5);
    expect((await list('?page=4&limit=2')).json().users).toEqual([]);
  });

  it.each([
    ['ACE', ['ace']],
    ['bola ade', ['bola']],
    ['@mail.ng', ['bola']],
    ['.ng', ['zed', 'ace', 'bola']],
    ['0803 123', ['ace']],
    ['+2349015', ['zed']],
    ['8031234567', ['ace']],
    ['100%', ['percent']],
    ['_', ['percent']],
    ['nobody', []],
  ])('searches %j case-insensitively over email, name and phone', async (search, keys) => {
    const body = (await list(`?search=${encodeURIComponent(search)}`)).json();
    expect(body.users.map((u: { _id: string }) => u._id)).toEqual(keys.map((k) => ids[k]));
    expect(body.total).toBe(keys.length);
  });

  it('is for admins only', async () => {
    expect((await list('', {})).statusCode).toBe(401);
    const asUser = await list('', await h.bearer(ids.ada as string, 'user'));
    expect(asUser.statusCode).toBe(403);
    expect((await list('', await h.bearer(ids.ace as string, 'company'))).statusCode).toBe(403);
  });

  it('refuses bad paging values', async () => {
    expect((await list('?limit=1000')).statusCode).toBe(400);
    expect((await list('?page=0')).statusCode).toBe(400);
  });

  it('counts posted and applied jobs from jobs events, once per event', async () => {
    const posted = (jobId: string) =>
      newEvent('jobs.job.posted', { jobId, postedBy: ids.ada }, { correlationId: 'test' });
    const first = posted('11111111-1111-4111-8111-111111111111');
    await h.service.bus.publish(first);
    await h.service.bus.publish(first); // a redelivery is counted once
    await h.service.bus.publish(posted('22222222-2222-4222-8222-222222222222'));
    await h.service.bus.publish(
      newEvent(
        'jobs.job.deleted',
        { jobId: '22222222-2222-4222-8222-222222222222', postedBy: ids.ada },
        { correlationId: 'test' },
      ),
    );
    for (const jobId of ['11111111-1111-4111-8111-111111111111', '33333333-3333-4333-8333-333333333333']) {
      await h.service.bus.publish(
        newEvent(
          'jobs.application.created',
          { jobId, companyId: ids.ace, posterId: ids.ada },
          { correlationId: 't' },
        ),
      );
    }
    // Malformed or unknown events are ignored without blocking the ones after them.
    await h.service.bus.publish(newEvent('jobs.job.posted', { nope: true }, { correlationId: 'test' }));
    await h.service.bus.publish(newEvent('jobs.job.completed', { jobId: 'x' }, { correlationId: 'test' }));
    await h.service.bus.publish(
      newEvent('jobs.job.deleted', { jobId: 'y', postedBy: ids.bola }, { correlationId: 'test' }),
    );
    await h.service.bus.publish(
      newEvent('jobs.job.posted', { jobId: 'z', postedBy: ids.zed }, { correlationId: 'last' }),
    );

    await eventually(async () => {
      const users = (await list()).json().users as Array<Record<string, unknown>>;
      const byId = Object.fromEntries(users.map((u) => [u._id, u]));
      expect(byId[ids.zed as string]).toMatchObject({ totalPostedJobs: 1 });
      expect(byId[ids.ada as string]).toMatchObject({ totalPostedJobs: 1, totalAppliedJobs: 0 });
      expect(byId[ids.ace as string]).toMatchObject({ totalPostedJobs: 0, totalAppliedJobs: 2 });
      expect(byId[ids.bola as string]).toMatchObject({ totalPostedJobs: 0 }); // never below zero
    });
  });
});
