import accountsService from '@marketplace/accounts-service';
import chatService from '@marketplace/chat-service';
import jobsService, { unsubscribeSignature } from '@marketplace/jobs-service';
import paymentsService from '@marketplace/payments-service';
import { schemaDb, type ServiceDeps } from '@marketplace/service-kit';
import { sql } from 'kysely';
import { createTestService, eventually, type TestService } from '@marketplace/service-kit/testing';
import type {
  FastifyInstance,
  HTTPMethods,
  InjectOptions,
  LightMyRequestResponse,
  RouteOptions,
} from 'fastify';

// The four services mounted together on a test database, with the records a marketplace has once its
// loop has run: accounts of every kind, a job, a paid unlock, a refunded one, a pending checkout, a
// completed job and a conversation. The authorization matrix and the hostile-input suite call every
// route against them.

export const CALLERS = ['visitor', 'poster', 'customer', 'company', 'payer', 'refunded', 'admin'] as const;
/**
 * visitor: no session. poster: the customer who posted the job. customer: another customer.
 * company: a company that has not paid for the job (and has a checkout of it pending). payer: a company
 * that paid to unlock it. refunded: a company whose payment for it an admin refunded. admin: the first admin.
 */
export type Caller = (typeof CALLERS)[number];

export const EVERYONE: readonly Caller[] = CALLERS;
export const SIGNED_IN: readonly Caller[] = CALLERS.filter((caller) => caller !== 'visitor');
export const COMPANIES: readonly Caller[] = ['company', 'payer', 'refunded'];
export const CUSTOMERS: readonly Caller[] = ['poster', 'customer'];
/** Who may read the poster's contact details on the job: the poster, a company that paid, admins. */
export const CONTACT_READERS: readonly Caller[] = ['poster', 'payer', 'admin'];

export interface Member {
  id: string;
  email: string;
  headers: Record<string, string>;
}

export interface Fixture {
  members: Record<Exclude<Caller, 'visitor'>, Member>;
  jobId: string;
  /** A job the payer unlocked and the poster marked completed (reviewable). */
  completedJobId: string;
  chatId: string;
  /** The payer's paid payment, and the refunded company's refunded one. */
  paidPaymentId: string;
  refundedPaymentId: string;
  /** The receipt of the payer's paid payment (RCT-...). */
  paidReceiptNumber: string;
  /** The company's pending checkout of the job. */
  pendingReference: string;
  /** A new open job posted by the poster. */
  freshJob(): Promise<string>;
  /** The query of the company's signed job alert unsubscribe link (`company=...&signature=...`). */
  unsubscribeQuery: string;
  /** A new job of the poster's, unlocked by a new company; its payment id. */
  freshPaidPayment(): Promise<string>;
  /** The payer's open dispute of its unlock of the completed job. */
  disputeId: string;
  /** Like freshPaidPayment, with the paying company's session (it may dispute it). */
  freshPaidUnlock(): Promise<{ paymentId: string; headers: Record<string, string> }>;
  /** An open dispute of a fresh paid unlock (an admin may decide it). */
  freshDispute(): Promise<string>;
  /** A standing offer of the payer for the shared job (each call sends a new one, replacing the last). */
  payerOffer(): Promise<string>;
  /** A new job of the poster's, unlocked by a new company that sent an offer for it. */
  freshOffer(): Promise<{ jobId: string; offerId: string }>;
  /** Like freshOffer, with the offer accepted by the poster (a hire that can still be undone). */
  freshHire(): Promise<string>;
  /** A company's open verification request (the shared one: refused callers aim at it). */
  verificationRequestId: string;
  /** A new company's open verification request (an admin may decide it), and the company's session. */
  freshVerificationRequest(): Promise<{ requestId: string; headers: Record<string, string> }>;
  /** The poster's review of the payer for another completed job (live: reported and replied to only by fresh calls). */
  reviewId: string;
  /** A new review by the poster of the payer, for a new completed job the payer unlocked. */
  freshReview(): Promise<string>;
  /** A new account of a type, signed in. */
  freshMember(type: 'user' | 'company'): Promise<Member>;
  /** A second session of a caller's account (its access token), to end without ending the first. */
  secondSession(caller: Exclude<Caller, 'visitor'>): Promise<{ accessToken: string; refreshToken: string }>;
}

export const PASSWORD = 'matrix-secret-1';

/** A 1x1 PNG: the smallest certificate image there is. */
const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const BOUNDARY = 'VerificationBoundary7MA4YWxk';
/** A verification request's multipart form (POST /api/user/verification): a CAC number and a PNG. */
export const VERIFICATION_FORM = {
  contentType: `multipart/form-data; boundary=${BOUNDARY}`,
  body: Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="cacNumber"\r\n\r\nRC123456\r\n` +
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="certificate"; filename="cac.png"\r\n` +
        'Content-Type: image/png\r\n\r\n',
    ),
    ONE_PIXEL_PNG,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]),
};
export const ADMIN = { email: 'admin@example.com', password: 'matrix-admin-secret' };
let registered = 0;

/** The caller's own id (a self route), or a nil id for the visitor. */
export const selfId = (fixture: Fixture, caller: Caller) =>
  caller === 'visitor' ? '00000000-0000-4000-8000-000000000000' : fixture.members[caller].id;

export function jobForm(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const start = new Date(Date.now() + 5 * 24 * 3600 * 1000).toISOString().slice(0, 10);
  return {
    name: 'Ada Obi',
    email: 'ada@example.com',
    phoneNumber: '0803 123 4567',
    state: 'Lagos',
    address: '12 Allen Avenue, Ikeja',
    pincode: '100001',
    jobStartDate: start,
    category: 'Craftsman',
    subcategory: ['Plumber'],
    jobHeading: 'Fix a leaking kitchen sink',
    title: 'Job title',
    description: 'The pipe under the kitchen sink drips all day.',
    ...overrides,
  };
}

export interface WalkedRoute {
  method: HTTPMethods;
  url: string;
  /** The route's schemas as registered (querystring, params). */
  schema: RouteOptions['schema'];
  /** The JSON body it reads: its body schema, or the JSON form of the body it reads itself. */
  body: unknown;
}

export interface Marketplace {
  service: TestService;
  fixture: Fixture;
  /** Every route of the four services, as registered. */
  routes: WalkedRoute[];
  inject(request: InjectOptions): Promise<LightMyRequestResponse>;
  /** The headers of a caller (none for the visitor). */
  headersOf(caller: Caller): Record<string, string>;
  /**
   * Resolves once everything the services have set off has run its course: no event waits in a service's
   * outbox and no consumer is behind on the bus (an event's handler may write new ones: checked until
   * both are empty at once).
   */
  settled(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export async function createMarketplace(): Promise<Marketplace> {
  const routes: WalkedRoute[] = [];
  const collect = (route: RouteOptions): void => {
    const methods = (Array.isArray(route.method) ? route.method : [route.method]) as HTTPMethods[];
    const documented = (route.config as { documentedBody?: unknown } | undefined)?.documentedBody;
    const body =
      route.schema?.body ??
      (documented && typeof documented === 'object'
        ? (documented as { content?: Record<string, unknown> }).content?.['application/json']
        : undefined);
    for (const method of methods) {
      if (method !== 'HEAD' && method !== 'OPTIONS') {
        routes.push({ method, url: route.url, schema: route.schema, body });
      }
    }
  };
  const limit = { max: 100_000, windowMs: 60_000 };
  const service = await createTestService(
    [
      async (app: FastifyInstance, deps: ServiceDeps) => {
        app.addHook('onRoute', collect);
        await app.register(accountsService, {
          ...deps,
          accounts: {
            admin: ADMIN,
            rateLimits: {
              loginPerAccountAndIp: limit,
              loginPerAccount: limit,
              loginPerIp: limit,
              registrationPerIp: limit,
              refreshPerIp: limit,
              contactPerIp: limit,
              contactPerEmail: limit,
              passwordResetPerIp: limit,
              passwordResetPerEmail: limit,
              identityLinkPerIp: limit,
              verificationResendPerAccount: limit,
            },
          },
        });
        await app.register(jobsService, {
          ...deps,
          rateLimits: { postJobPerAccount: limit, reviewPerAccount: limit },
        });
        await app.register(chatService, deps);
        await app.register(paymentsService, { ...deps, payments: { reconcileIntervalMs: 0 } });
      },
    ],
    // The members sign in once and walk every route; on a loaded machine the walk has outlasted the
    // 15-minute access token, and a refused session is not what these suites look at.
    { accessTokenTtlSeconds: 4 * 3600 },
  );
  const inject = (request: InjectOptions) => service.app.inject(request);

  async function expectStatus(response: LightMyRequestResponse, status: number, what: string) {
    if (response.statusCode !== status) throw new Error(`${what}: ${response.statusCode} ${response.body}`);
    return response.json() as Record<string, unknown>;
  }

  async function signIn(email: string, password: string) {
    const body = await expectStatus(
      await inject({ method: 'POST', url: '/api/user/login', payload: { email, password } }),
      200,
      `login ${email}`,
    );
    return { accessToken: body.accessToken as string, refreshToken: body.refreshToken as string };
  }

  async function register(type: 'user' | 'company', name: string): Promise<Member> {
    const email = `${type}-${++registered}@example.com`;
    const company = {
      phoneNumber: '08031234567',
      cacnumber: 'RC123456',
      address: '3 Broad Street, Lagos',
      state: 'Lagos',
      pincode: '100001',
      category: ['Craftsman'],
      subcategory: ['Plumber'],
    };
    const body = await expectStatus(
      await inject({
        method: 'POST',
        url: '/api/user',
        payload: { name, email, password: PASSWORD, type, ...(type === 'company' ? company : {}) },
      }),
      200,
      `register ${email}`,
    );
    const { accessToken } = await signIn(email, PASSWORD);
    return {
      id: (body.user as { _id: string })._id,
      email,
      headers: { authorization: `Bearer ${accessToken}` },
    };
  }

  async function postJob(poster: Member): Promise<string> {
    const body = await expectStatus(
      await inject({ method: 'POST', url: '/api/jobs/postjob', headers: poster.headers, payload: jobForm() }),
      201,
      'post a job',
    );
    const jobId = (body.job as { _id: string })._id;
    // Payments knows the job once it has consumed jobs' event.
    await eventually(async () => {
      const terms = await inject({ method: 'GET', url: `/api/payments/terms?jobId=${jobId}` });
      if (terms.statusCode !== 200) throw new Error(`job not known to payments yet: ${terms.body}`);
    });
    return jobId;
  }

  async function startCheckout(company: Member, jobId: string) {
    const body = await expectStatus(
      await inject({
        method: 'POST',
        url: '/api/jobs/initializePayment',
        headers: company.headers,
        payload: { jobId },
      }),
      200,
      'start a checkout',
    );
    return { reference: body.reference as string, paymentId: (body.payment as { _id: string })._id };
  }

  async function unlock(company: Member, jobId: string): Promise<string> {
    const { reference, paymentId } = await startCheckout(company, jobId);
    const paid = await inject({
      method: 'POST',
      url: `/api/payments/sandbox/checkout/${reference}`,
      headers: { ...company.headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=pay',
    });
    if (paid.statusCode !== 303) throw new Error(`sandbox pay: ${paid.statusCode} ${paid.body}`);
    const verified = await expectStatus(
      await inject({
        method: 'POST',
        url: '/api/jobs/verifyPayment',
        headers: company.headers,
        payload: { trxref: reference, reference },
      }),
      200,
      'verify',
    );
    if (verified.status !== 'paid') throw new Error(`not paid: ${JSON.stringify(verified)}`);
    // Jobs learns of the payment from payments' event, at once on the local bus but a moment later over
    // NATS: reviews and offers need it there, so the unlock is done when jobs shows the contact.
    await eventually(async () => {
      const view = await inject({
        method: 'GET',
        url: `/api/jobs/viewjob/${jobId}`,
        headers: company.headers,
      });
      if ((view.json() as { job?: { contactLocked?: boolean } }).job?.contactLocked !== false)
        throw new Error('jobs has not seen the paid unlock yet');
    }, 10_000);
    return paymentId;
  }

  /** The conversation of a job between its poster and a company, once chat has opened it. */
  async function conversation(poster: Member, company: Member, jobId: string): Promise<string> {
    return eventually(async () => {
      const body = await expectStatus(
        await inject({
          method: 'POST',
          url: '/api/jobs/createchat',
          headers: company.headers,
          payload: { jobId, applicantId: company.id, posterId: poster.id },
        }),
        200,
        'conversation',
      );
      return body._id as string;
    }, 10_000);
  }

  const poster = await register('user', 'Ada Obi');
  const customer = await register('user', 'Bisi Ade');
  const company = await register('company', 'Chidi Builders');
  const payer = await register('company', 'Ace Plumbing');
  const refunded = await register('company', 'Dele Pipes');
  const admin = await signIn(ADMIN.email, ADMIN.password);
  const adminMe = await expectStatus(
    await inject({
      method: 'GET',
      url: '/api/user/me',
      headers: { authorization: `Bearer ${admin.accessToken}` },
    }),
    200,
    'admin me',
  );
  const members = {
    poster,
    customer,
    company,
    payer,
    refunded,
    admin: {
      id: (adminMe.user as { _id: string } | undefined)?._id ?? (adminMe._id as string),
      email: ADMIN.email,
      headers: { authorization: `Bearer ${admin.accessToken}` },
    },
  };

  const jobId = await postJob(poster);
  const paidPaymentId = await unlock(payer, jobId);
  const refundedPaymentId = await unlock(refunded, jobId);
  await expectStatus(
    await inject({
      method: 'POST',
      url: `/api/payments/${refundedPaymentId}/refund`,
      headers: members.admin.headers,
      payload: { reason: 'The poster asked us to.' },
    }),
    200,
    'refund',
  );
  const { reference: pendingReference } = await startCheckout(company, jobId);
  const completedJobId = await postJob(poster);
  const completedPaymentId = await unlock(payer, completedJobId);
  async function openDispute(paymentId: string, company: Member): Promise<string> {
    const opened = await expectStatus(
      await inject({
        method: 'POST',
        url: `/api/payments/${paymentId}/dispute`,
        headers: company.headers,
        payload: { reason: 'phone-unreachable', note: 'The number does not answer.' },
      }),
      201,
      'dispute',
    );
    return (opened.dispute as { _id: string })._id;
  }
  const disputeId = await openDispute(completedPaymentId, payer);
  await expectStatus(
    await inject({
      method: 'PUT',
      url: `/api/jobs/complete/${completedJobId}`,
      headers: poster.headers,
      payload: { status: 'completed' },
    }),
    200,
    'complete',
  );
  async function reviewOfPayer(): Promise<string> {
    const reviewedJobId = await postJob(poster);
    await unlock(payer, reviewedJobId);
    await expectStatus(
      await inject({
        method: 'PUT',
        url: `/api/jobs/complete/${reviewedJobId}`,
        headers: poster.headers,
        payload: { status: 'completed' },
      }),
      200,
      'complete the reviewed job',
    );
    const posted = await expectStatus(
      await inject({
        method: 'POST',
        url: '/api/jobs/postreviews',
        headers: poster.headers,
        payload: { companyId: payer.id, jobId: reviewedJobId, rating: 4, review: 'Came on time.' },
      }),
      201,
      'review the payer',
    );
    return (posted.review as { _id: string })._id;
  }
  const reviewId = await reviewOfPayer();
  const chatId = await conversation(poster, payer, jobId);
  const mine = await expectStatus(
    await inject({ method: 'GET', url: '/api/payments/mine', headers: payer.headers }),
    200,
    'my payments',
  );
  const paidReceiptNumber = (
    mine.payments as Array<{ _id: string; receipts: Array<{ number: string }> }>
  ).find((p) => p._id === paidPaymentId)?.receipts[0]?.number;
  if (!paidReceiptNumber) throw new Error('the paid payment has no receipt');
  // Jobs has taken the refunded company's access back before the matrix runs.
  await eventually(async () => {
    const view = await inject({
      method: 'GET',
      url: `/api/jobs/viewjob/${jobId}`,
      headers: refunded.headers,
    });
    if ((view.json() as { job: { email?: unknown } }).job.email !== undefined)
      throw new Error('refund not applied yet');
  }, 10_000);

  async function sendOffer(company: Member, jobId: string): Promise<string> {
    const start = new Date(Date.now() + 5 * 24 * 3600 * 1000).toISOString().slice(0, 10);
    const body = await expectStatus(
      await inject({
        method: 'POST',
        url: '/api/jobs/offers',
        headers: company.headers,
        payload: { jobId, priceNaira: 45_000, startDate: start, validDays: 7, note: 'Monday morning.' },
      }),
      201,
      'send an offer',
    );
    return (body.offer as { _id: string })._id;
  }
  async function freshOffer() {
    const company = await register('company', 'Eko Fixers');
    const offerJobId = await postJob(poster);
    await unlock(company, offerJobId);
    return { jobId: offerJobId, offerId: await sendOffer(company, offerJobId) };
  }
  async function askVerification(company: Member): Promise<string> {
    const asked = await expectStatus(
      await inject({
        method: 'POST',
        url: '/api/user/verification',
        headers: { ...company.headers, 'content-type': VERIFICATION_FORM.contentType },
        payload: VERIFICATION_FORM.body,
      }),
      201,
      'verification request',
    );
    return (asked.request as { _id: string })._id;
  }
  const verificationRequestId = await askVerification(await register('company', 'Eko Verified'));

  const alertKey = await schemaDb<{ alert_signing_key: { secret: string } }>(service.db, 'jobs')
    .selectFrom('alert_signing_key')
    .select('secret')
    .executeTakeFirstOrThrow();
  const fixture: Fixture = {
    members,
    unsubscribeQuery: new URLSearchParams({
      company: company.id,
      signature: unsubscribeSignature(alertKey.secret, company.id),
    }).toString(),
    jobId,
    completedJobId,
    chatId,
    paidPaymentId,
    refundedPaymentId,
    paidReceiptNumber,
    pendingReference,
    freshJob: () => postJob(poster),
    freshPaidPayment: async () => unlock(await register('company', 'Eko Fixers'), await postJob(poster)),
    disputeId,
    freshPaidUnlock: async () => {
      const company = await register('company', 'Eko Fixers');
      return { paymentId: await unlock(company, await postJob(poster)), headers: company.headers };
    },
    freshDispute: async () => {
      const company = await register('company', 'Eko Fixers');
      return openDispute(await unlock(company, await postJob(poster)), company);
    },
    payerOffer: () => sendOffer(payer, jobId),
    freshOffer,
    freshHire: async () => {
      const hire = await freshOffer();
      await expectStatus(
        await inject({
          method: 'POST',
          url: `/api/jobs/offers/${hire.offerId}/accept`,
          headers: poster.headers,
        }),
        200,
        'accept an offer',
      );
      return hire.jobId;
    },
    verificationRequestId,
    freshVerificationRequest: async () => {
      const company = await register('company', 'Eko Verified');
      return { requestId: await askVerification(company), headers: company.headers };
    },
    reviewId,
    freshReview: reviewOfPayer,
    freshMember: (type) => register(type, type === 'company' ? 'Fresh Works' : 'Fresh Customer'),
    secondSession: (caller) => signIn(members[caller].email, caller === 'admin' ? ADMIN.password : PASSWORD),
  };
  return {
    service,
    fixture,
    routes,
    inject,
    headersOf: (caller) => (caller === 'visitor' ? {} : fixture.members[caller].headers),
    settled: async (timeoutMs = 10_000) => {
      const outboxes = await sql<{ schema: string }>`
        select table_schema as schema from information_schema.tables where table_name = 'outbox'`.execute(
        service.db.raw,
      );
      const unpublished = sql.join(
        outboxes.rows.map(
          ({ schema }) =>
            sql`(select count(*) from ${sql.table(`${schema}.outbox`)} where published_at is null)`,
        ),
        sql` + `,
      );
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const waiting = await sql<{ n: string | number }>`select ${unpublished} as n`.execute(service.db.raw);
        const behind = (await service.bus.consumerLag()).some(
          (consumer) => consumer.pending > 0 || (consumer.ackPending ?? 0) > 0,
        );
        if (Number(waiting.rows[0]?.n ?? 0) === 0 && !behind) return;
        if (Date.now() > deadline) throw new Error('the services did not settle in time');
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    close: () => service.close(),
  };
}
