import { ROUTE_PRIVACY } from '@marketplace/contracts';
import type { HTTPMethods } from 'fastify';
import {
  CALLERS,
  CONTACT_READERS,
  SIGNED_IN,
  createMarketplace,
  type Caller,
  type Fixture,
  type Marketplace,
} from './testing/marketplace';
import { ROUTE_ACCESS, defaultCall } from './testing/route-access';

/**
 * The authorization matrix: every route of the four services, mounted together, called by each kind of
 * caller with a well-formed request, against real accounts, a real job, a paid unlock, a refunded one and
 * their conversation. Who may call each route is declared once, in testing/route-access.ts; a route registered without a
 * declaration fails the test, and so does a declaration of a route that is gone.
 *
 * A caller the route must refuse gets 401 (visitor) or 403/404 (signed in), and is aimed at the shared,
 * live records, which are checked unchanged at the end. A caller it must serve gets a success, on a fresh
 * record where the call changes or destroys one.
 */

describe('authorization matrix: every route × every kind of caller', () => {
  let market: Marketplace;
  let fixture: Fixture;
  const inject: Marketplace['inject'] = (request) => market.inject(request);
  async function expectStatus(
    response: Awaited<ReturnType<Marketplace['inject']>>,
    status: number,
    what: string,
  ) {
    if (response.statusCode !== status) throw new Error(`${what}: ${response.statusCode} ${response.body}`);
    return response.json() as Record<string, unknown>;
  }

  beforeAll(async () => {
    market = await createMarketplace();
    fixture = market.fixture;
  }, 180_000);

  afterAll(async () => {
    await market.close();
  }, 60_000);

  it('declares every route, and no route that is gone', () => {
    const keys = market.routes.map((route) => `${route.method} ${route.url}`);
    expect(keys.filter((key) => !(key in ROUTE_ACCESS))).toEqual([]);
    expect(Object.keys(ROUTE_ACCESS).filter((key) => !keys.includes(key))).toEqual([]);
    // The same routes as the privacy table (which lists the /api routes).
    expect(Object.keys(ROUTE_PRIVACY).filter((key) => !(key in ROUTE_ACCESS))).toEqual([]);
  });

  it('serves every caller a route allows and refuses every other, on every route', async () => {
    const failures: string[] = [];
    for (const { method, url } of market.routes) {
      const access = ROUTE_ACCESS[`${method} ${url}`];
      if (!access || access.skip) continue;
      for (const caller of CALLERS) {
        const call = access.call ? await access.call(fixture, caller) : defaultCall(fixture, url);
        const identity = caller === 'visitor' ? {} : fixture.members[caller].headers;
        const response = await inject({
          method: method as HTTPMethods,
          url: call.url,
          headers: { ...(call.as ?? identity), ...call.headers },
          ...(call.payload === undefined ? {} : { payload: call.payload }),
        });
        const status = response.statusCode;
        const allowed = access.allow.includes(caller);
        const good = allowed
          ? access.ok
            ? access.ok.includes(status)
            : status >= 200 && status < 400
          : caller === 'visitor'
            ? status === 401
            : status === 403 || status === 404;
        if (!good) {
          failures.push(
            `${caller} ${method} ${call.url} -> ${status} (${allowed ? 'should be served' : 'should be refused'}) ${response.body.slice(0, 160)}`,
          );
        }
      }
    }
    expect(failures).toEqual([]);
  }, 600_000);

  it("shows the poster's contact details on the job to the poster, a payer and admins only", async () => {
    for (const caller of CALLERS) {
      const response = await inject({
        method: 'GET',
        url: `/api/jobs/viewjob/${fixture.jobId}`,
        headers: caller === 'visitor' ? {} : fixture.members[caller].headers,
      });
      const body = (response.json() as { job: Record<string, unknown> }).job;
      const shown = ['email', 'phoneNumber', 'address'].filter((field) => body[field] !== undefined);
      expect([caller, shown]).toEqual([
        caller,
        CONTACT_READERS.includes(caller) ? ['email', 'phoneNumber', 'address'] : [],
      ]);
    }
  });

  it('left the shared records as they were after every refused call', async () => {
    const { members, jobId, chatId, paidPaymentId } = fixture;
    const { job } = (await expectStatus(
      await inject({ method: 'GET', url: `/api/jobs/viewjob/${jobId}`, headers: members.poster.headers }),
      200,
      'the job',
    )) as { job: Record<string, unknown> };
    expect([job.status, job.jobHeading, job.hidden ?? null]).toEqual([
      'open',
      'Fix a leaking kitchen sink',
      null,
    ]);
    const payments = await expectStatus(
      await inject({ method: 'GET', url: '/api/payments/mine', headers: members.payer.headers }),
      200,
      "the payer's payments",
    );
    const paid = (payments.payments as Array<{ _id: string; status: string }>).find(
      (p) => p._id === paidPaymentId,
    );
    expect(paid?.status).toBe('paid');
    const thread = await expectStatus(
      await inject({ method: 'GET', url: `/api/jobs/chat/${chatId}`, headers: members.poster.headers }),
      200,
      'the conversation',
    );
    const texts = JSON.stringify(thread);
    // Only the two members' own messages were stored.
    expect(texts).toContain('Hello from the poster');
    expect(texts).toContain('Hello from the payer');
    for (const caller of CALLERS.filter((c) => c !== 'poster' && c !== 'payer')) {
      expect(texts).not.toContain(`Hello from the ${caller}`);
    }
    // The shared review is still shown, without a reply (refused callers aimed at it).
    const reviews = await expectStatus(
      await inject({ method: 'GET', url: `/api/jobs/getreviews/${members.payer.id}?limit=100` }),
      200,
      "the payer's reviews",
    );
    const shared = (reviews.reviews as Array<{ _id: string; reply?: unknown }>).find(
      (r) => r._id === fixture.reviewId,
    );
    expect(shared?.reply).toBeNull();
    for (const caller of SIGNED_IN) {
      const me = await inject({
        method: 'GET',
        url: '/api/user/me',
        headers: members[caller as Exclude<Caller, 'visitor'>].headers,
      });
      expect([caller, me.statusCode]).toEqual([caller, 200]);
    }
  });
});
