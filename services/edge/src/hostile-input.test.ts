import type { HTTPMethods } from 'fastify';
import { hostileVariants } from './testing/hostile-input';
import { createMarketplace, type Caller, type Fixture, type Marketplace } from './testing/marketplace';
import { ROUTE_ACCESS, defaultCall } from './testing/route-access';

/**
 * Bad input on every route, generated from each route's schemas (testing/hostile-input.ts) and sent as
 * a caller the route serves (testing/route-access.ts), at the marketplace's live records: never a 5xx,
 * a spoiled declared field is refused (4xx), and the job, the conversation, the payment and the
 * accounts are as they were afterwards.
 */
describe('hostile input on every route', () => {
  let market: Marketplace;
  let fixture: Fixture;

  beforeAll(async () => {
    market = await createMarketplace();
    fixture = market.fixture;
  }, 180_000);

  afterAll(async () => {
    await market.close();
  }, 60_000);

  /** What must survive any request: the job, its conversation, the payer's payment, the poster's account. */
  async function liveRecords(extraJobId?: string) {
    const admin = fixture.members.admin.headers;
    const read = async (url: string, headers: Record<string, string>) => {
      const response = await market.inject({ method: 'GET', url, headers });
      return { status: response.statusCode, body: response.json() as Record<string, unknown> };
    };
    const jobOf = async (jobId: string) => {
      const { status, body } = await read(`/api/jobs/viewjob/${jobId}`, admin);
      const job = (body.job ?? {}) as Record<string, unknown>;
      const fields = ['status', 'jobHeading', 'description', 'hidden', 'unlockCount', 'email', 'phoneNumber'];
      return [status, ...fields.map((field) => job[field])];
    };
    const thread = await read(`/api/jobs/chat/${fixture.chatId}`, fixture.members.poster.headers);
    const payments = await read('/api/payments/mine', fixture.members.payer.headers);
    const poster = await read('/api/user/me', fixture.members.poster.headers);
    const user = (poster.body.user ?? {}) as Record<string, unknown>;
    return {
      job: await jobOf(fixture.jobId),
      extraJob: extraJobId ? await jobOf(extraJobId) : undefined,
      messages: ((thread.body.messages ?? []) as Array<{ message?: string }>).map((m) => m.message),
      payments: ((payments.body.payments ?? []) as Array<{ _id: string; status: string }>).map(
        (p) => `${p._id}:${p.status}`,
      ),
      poster: [poster.status, user.name, user.email, user.phoneNumber, user.description],
    };
  }

  it('answers at least 20 hostile variants of every route with a 4xx or a success, never a 5xx', async () => {
    const failures: string[] = [];
    const counts: string[] = [];
    let total = 0;
    for (const route of market.routes) {
      const access = ROUTE_ACCESS[`${route.method} ${route.url}`];
      if (!access || access.skip) continue;
      // A caller the route serves, so the input is read rather than refused at the door.
      const caller: Caller = access.allow.find((c) => c !== 'visitor') ?? 'visitor';
      const call = access.call ? await access.call(fixture, caller) : defaultCall(fixture, route.url);
      const headers = call.as ?? market.headersOf(caller);
      const jobInUrl = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/.exec(call.url)?.[0];
      // Settled first: what the previous route's served variants set off (an offer's card in the chat)
      // arrives by event.
      await market.settled();
      const before = await liveRecords(jobInUrl);
      const variants = hostileVariants(
        {
          method: route.method,
          url: route.url,
          open: access.allow.includes('visitor'),
          body: route.body,
          querystring: route.schema?.querystring,
          params: route.schema?.params,
        },
        call,
      );
      if (variants.length < 20) counts.push(`${route.method} ${route.url}: ${variants.length} variants`);
      const send = async (variant: (typeof variants)[number]) => {
        total += 1;
        const response = await market.inject({
          method: route.method as HTTPMethods,
          url: variant.url,
          headers: variant.replacesCredentials ? { ...variant.headers } : { ...headers, ...variant.headers },
          ...(variant.payload === undefined ? {} : { payload: variant.payload }),
        });
        const status = response.statusCode;
        if (status >= 500 || (variant.mustRefuse && (status < 400 || status >= 500))) {
          failures.push(
            `${caller} ${route.method} ${route.url} [${variant.label}] -> ${status} ${response.body.slice(0, 140)}`,
          );
        }
      };
      // What must be refused first: nothing it was aimed at may change.
      for (const variant of variants.filter((v) => v.mustRefuse)) await send(variant);
      const afterRefused = await liveRecords(jobInUrl);
      if (JSON.stringify(afterRefused) !== JSON.stringify(before)) {
        failures.push(
          `${route.method} ${route.url} changed records: ${JSON.stringify({ before, afterRefused })}`,
        );
      }
      // Then what may be served. It may change what the well-formed request changes (the fresh record it
      // was given, the caller's own profile, the conversation it writes to); never the job or the payments.
      for (const variant of variants.filter((v) => !v.mustRefuse)) await send(variant);
      const after = await liveRecords();
      if (JSON.stringify([after.job, after.payments]) !== JSON.stringify([before.job, before.payments])) {
        failures.push(
          `${route.method} ${route.url} changed shared records: ${JSON.stringify({ before, after })}`,
        );
      }
    }
    expect({ counts, failures }).toEqual({ counts: [], failures: [] });
    expect(total).toBeGreaterThan(1500);
    // About a minute alone, two or three in the whole run; CI has seen fifteen on a loaded machine.
  }, 1_800_000);
});
