// Demo data (issue 29): a verified review with the company's public reply. A demo customer's job is
// unlocked by a demo company, the company sends an offer and the customer accepts it (the hire), the job
// is completed, the customer reviews it (a "Verified hire") and the company replies on its profile.
// Everything goes through the public API (the unlock as payments' typed event). Called once from seed.ts.
import { randomUUID } from 'node:crypto';
import { EVENT_TYPES, JOB_API, lagosToday } from '@marketplace/contracts';
import type { EmbeddedHost } from '@marketplace/edge';
import { publishEvent, schemaDb } from '@marketplace/service-kit';
import type { FastifyInstance } from 'fastify';

export interface DemoReviewMembers {
  /** Signed-in demo customers and companies by key (seed.ts signs them in). */
  customers: Map<string, { id: string; token: string }>;
  companies: Map<string, { id: string; token: string }>;
  email: (key: string) => string;
  demoNote: string;
}

const POSTER = 'tunde';
const COMPANY = 'ikeja-plumbing';

async function send(
  app: FastifyInstance,
  method: 'POST' | 'PUT' | 'GET',
  url: string,
  token: string,
  body?: Record<string, unknown>,
) {
  const response = await app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(body ? { payload: body } : {}),
  });
  if (response.statusCode >= 300) {
    throw new Error(`demo reviews: ${method} ${url} answered ${response.statusCode}: ${response.body}`);
  }
  return response.json() as Record<string, unknown>;
}

async function eventually(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`demo reviews: timed out waiting for ${what}`);
}

export async function seedDemoReviews(host: EmbeddedHost, members: DemoReviewMembers): Promise<void> {
  const { app } = host;
  const poster = members.customers.get(POSTER)!;
  const company = members.companies.get(COMPANY)!;
  const posted = await send(app, 'POST', '/api/jobs/postjob', poster.token, {
    name: 'Tunde Demo',
    email: members.email(POSTER),
    phoneNumber: '0809 876 5432',
    state: 'Lagos',
    address: '7 Adeniyi Jones Avenue, Ikeja',
    pincode: '100271',
    jobStartDate: lagosToday(),
    category: 'Craftsman',
    subcategory: ['Plumber'],
    jobHeading: 'Replace a burst pipe under the kitchen sink',
    description: `Water under the sink since yesterday; the pipe needs replacing. ${members.demoNote}`,
  });
  const jobId = (posted.job as { _id: string })._id;

  // The paid unlock, as payments announces one.
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
        { correlationId: 'demo-data' },
      ),
    );
  await eventually(async () => {
    const res = await app.inject({
      method: 'GET',
      url: JOB_API.applicants(jobId),
      headers: { authorization: `Bearer ${poster.token}` },
    });
    return res.statusCode === 200 && (res.json() as { applicants: unknown[] }).applicants.length === 1;
  }, 'the unlock of the reviewed demo job');

  // The company's offer and the poster's acceptance (the hire), then the job is done.
  const offered = await send(app, 'POST', '/api/jobs/offers', company.token, {
    jobId,
    priceNaira: 18_000,
    startDate: lagosToday(),
    validDays: 7,
    note: 'A new pipe and fittings, about an hour of work. (Demo offer.)',
  });
  await send(app, 'POST', `/api/jobs/offers/${(offered.offer as { _id: string })._id}/accept`, poster.token);
  await send(app, 'PUT', JOB_API.completeJob(jobId), poster.token, { status: 'completed' });

  const reviewed = await send(app, 'POST', '/api/jobs/postreviews', poster.token, {
    companyId: company.id,
    jobId,
    rating: 5,
    review: 'Replaced the pipe within the hour and showed me where the stop valve is. Would hire again.',
  });
  const reviewId = (reviewed.review as { _id: string })._id;
  await send(app, 'POST', JOB_API.replyToReview(reviewId), company.token, {
    text: 'Thank you, Tunde! Call us any time the pipes give trouble again.',
  });
}
