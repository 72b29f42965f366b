// The demo set's offers and hire (issue 29): a demo job of Halima's that two demo companies unlocked and
// sent offers for, one "by inspection", and the poster hired one of them, so the dashboard's offers, the
// "Hired" mark and the companies' bells have something to show. Like the rest of the set it goes through
// the services' own routes (offers, accept) and the payments service's typed `payments.unlock.paid`.
import { randomUUID } from 'node:crypto';
import { addCalendarDays, API_PATHS, EVENT_TYPES, JOB_API, lagosToday } from '@marketplace/contracts';
import type { EmbeddedHost } from '@marketplace/edge';
import { publishEvent, schemaDb } from '@marketplace/service-kit';
import type { LightMyRequestResponse } from 'fastify';

interface Session {
  id: string;
  token: string;
}

const DEMO_CORRELATION = 'demo-data';

/** The demo job with offers: posted by `poster`, unlocked by both companies, the first one hired. */
export const DEMO_OFFERS_JOB = Object.freeze({
  poster: 'halima',
  heading: 'Install a water heater in the bathroom',
  hired: 'ikeja-plumbing',
  declined: 'abuja-sparks',
});

async function send(
  host: EmbeddedHost,
  method: 'GET' | 'POST',
  url: string,
  token: string,
  body?: Record<string, unknown>,
): Promise<LightMyRequestResponse> {
  return host.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(body === undefined ? {} : { payload: body }),
  });
}

async function expectOk(response: Promise<LightMyRequestResponse>, what: string) {
  const answer = await response;
  if (answer.statusCode >= 300) {
    throw new Error(`demo data: ${what} answered ${answer.statusCode}: ${answer.body}`);
  }
  return answer.json() as Record<string, unknown>;
}

async function waitFor(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`demo data: timed out waiting for ${what}`);
}

/** Seeds the offers and the hire; `customers` and `companies` are the signed-in demo accounts by key. */
export async function seedDemoOffers(
  host: EmbeddedHost,
  customers: ReadonlyMap<string, Session>,
  companies: ReadonlyMap<string, Session>,
): Promise<void> {
  const poster = customers.get(DEMO_OFFERS_JOB.poster)!;
  const hired = companies.get(DEMO_OFFERS_JOB.hired)!;
  const declined = companies.get(DEMO_OFFERS_JOB.declined)!;
  const today = lagosToday();

  const posted = await expectOk(
    send(host, 'POST', '/api/jobs/postjob', poster.token, {
      name: 'Halima Demo',
      email: `${DEMO_OFFERS_JOB.poster}@demo.naija-marketplace.test`,
      phoneNumber: '0809 876 5432',
      state: 'Lagos',
      address: '3 Admiralty Way, Lekki Phase 1',
      pincode: '106104',
      jobStartDate: addCalendarDays(today, 6),
      category: 'Craftsman',
      subcategory: ['Plumber'],
      jobHeading: DEMO_OFFERS_JOB.heading,
      description:
        'A 50-litre heater to mount and connect in the upstairs bathroom; the old one is already removed. This is a demo listing.',
    }),
    `posting "${DEMO_OFFERS_JOB.heading}"`,
  );
  const jobId = (posted.job as { _id: string })._id;

  for (const company of [hired, declined]) {
    await schemaDb(host.db, 'payments')
      .transaction()
      .execute((trx) =>
        publishEvent(
          trx,
          EVENT_TYPES.paymentsUnlockPaid,
          {
            paymentId: randomUUID(),
            reference: `demo-${randomUUID()}`,
            jobId,
            companyId: company.id,
            posterId: poster.id,
            amount: 200,
            currency: 'NGN',
            paidAt: new Date().toISOString(),
          },
          { correlationId: DEMO_CORRELATION },
        ),
      );
  }
  await waitFor(async () => {
    const res = await send(host, 'GET', `/api/jobs/applications/${jobId}`, poster.token);
    return res.statusCode === 200 && (res.json() as { applicants: unknown[] }).applicants.length === 2;
  }, `the unlocks of "${DEMO_OFFERS_JOB.heading}"`);

  const sent = await expectOk(
    send(host, 'POST', API_PATHS.sendOffer, hired.token, {
      jobId,
      priceNaira: 65_000,
      startDate: addCalendarDays(today, 3),
      validDays: 7,
      note: 'Fitting, valves and two hours of work; we bring the fittings. (Demo offer.)',
    }),
    'the first demo offer',
  );
  await expectOk(
    send(host, 'POST', API_PATHS.sendOffer, declined.token, {
      jobId,
      priceNaira: null,
      startDate: addCalendarDays(today, 5),
      validDays: 7,
      note: 'We would like to see the wiring before we price it. (Demo offer.)',
    }),
    'the second demo offer',
  );
  const offerId = (sent.offer as { _id: string })._id;
  await expectOk(send(host, 'POST', JOB_API.acceptOffer(offerId), poster.token), 'the demo hire');
}
