import { ROUTE_PRIVACY } from '@marketplace/contracts';
import type { HTTPMethods } from 'fastify';
import {
  CALLERS,
  COMPANIES,
  CONTACT_READERS,
  CUSTOMERS,
  EVERYONE,
  PASSWORD,
  SIGNED_IN,
  createMarketplace,
  jobForm,
  selfId,
  type Caller,
  type Fixture,
  type Marketplace,
} from './testing/marketplace';

/**
 * The authorization matrix: every route of the four services, mounted together, called by each kind of
 * caller with a well-formed request, against real accounts, a real job, a paid unlock, a refunded one and
 * their conversation. Who may call each route is declared once, below; a route registered without a
 * declaration fails the test, and so does a declaration of a route that is gone.
 *
 * A caller the route must refuse gets 401 (visitor) or 403/404 (signed in), and is aimed at the shared,
 * live records, which are checked unchanged at the end. A caller it must serve gets a success, on a fresh
 * record where the call changes or destroys one.
 */

interface Call {
  url: string;
  payload?: string | Record<string, unknown>;
  headers?: Record<string, string>;
  /** Send as this caller instead (a route whose caller is a fresh account, e.g. one being deleted). */
  as?: Record<string, string>;
}

interface Access {
  allow: readonly Caller[];
  /** The request each caller sends (fresh records for allowed callers of routes that change them). */
  call?: (fixture: Fixture, caller: Caller) => Call | Promise<Call>;
  /** The answers an allowed caller may get; default any 2xx or 3xx. */
  ok?: readonly number[];
  /** Why `ok` is not a success, or why the route is left out. */
  note?: string;
  /** The route is not an HTTP exchange (the WebSocket upgrade): tested elsewhere, named here. */
  skip?: string;
}

let newAccounts = 0;

/** Every route, declared once. Keys are `METHOD /path` as the route is registered. */
const MATRIX: Record<string, Access> = {
  // ---- accounts
  'GET /api/docs/accounts/openapi.json': { allow: EVERYONE },
  'POST /api/user/login': {
    allow: EVERYONE,
    call: (f) => ({
      url: '/api/user/login',
      payload: { email: f.members.customer.email, password: PASSWORD },
    }),
  },
  'POST /api/user/refresh': {
    allow: EVERYONE,
    note: 'the refresh token in the body is the credential: any caller holding one may use it',
    call: async (f) => ({
      url: '/api/user/refresh',
      payload: { refreshToken: (await f.secondSession('customer')).refreshToken },
    }),
  },
  'POST /api/user/logout': {
    allow: SIGNED_IN,
    note: 'ends the session of the token it is sent with (a second session, so the caller keeps its first); without one, 401',
    call: async (f, caller) => ({
      url: '/api/user/logout',
      payload: {},
      ...(caller === 'visitor'
        ? {}
        : { as: { authorization: `Bearer ${(await f.secondSession(caller)).accessToken}` } }),
    }),
  },
  'GET /api/user/me': {
    allow: EVERYONE,
    note: 'a visitor is answered `user: null` (the shell asks on every start)',
  },
  'GET /api/user/auth-options': { allow: EVERYONE },
  'GET /api/user/jwks.json': { allow: EVERYONE },
  'GET /api/user/facebook': { allow: EVERYONE, ok: [404], note: 'Facebook is not configured here' },
  'GET /api/user/facebook/callback': { allow: EVERYONE, ok: [404], note: 'Facebook is not configured here' },
  'POST /api/user': {
    allow: EVERYONE,
    call: () => ({
      url: '/api/user',
      payload: {
        name: 'New Customer',
        email: `new-${++newAccounts}@example.com`,
        password: PASSWORD,
        type: 'user',
      },
    }),
  },
  'POST /api/user/forgot-password': {
    allow: EVERYONE,
    call: (f) => ({ url: '/api/user/forgot-password', payload: { email: f.members.customer.email } }),
  },
  'POST /api/user/reset-password': {
    allow: EVERYONE,
    ok: [400],
    note: 'the mailed token is the credential; a made-up one is refused the same for every caller',
    call: () => ({
      url: '/api/user/reset-password',
      payload: { token: 'made-up', password: 'new-secret-123' },
    }),
  },
  'POST /api/user/verify-email': {
    allow: EVERYONE,
    ok: [400],
    note: 'the mailed token is the credential; a made-up one is refused the same for every caller',
    call: () => ({ url: '/api/user/verify-email', payload: { token: 'made-up' } }),
  },
  'POST /api/user/resend-verification': {
    allow: SIGNED_IN,
    call: () => ({ url: '/api/user/resend-verification', payload: {} }),
  },
  'PUT /api/user/editcompany': {
    allow: SIGNED_IN,
    note: "edits the caller's own profile, whoever's name the legacy form sends",
    call: () => ({ url: '/api/user/editcompany', payload: { description: 'Still here.' } }),
  },
  'GET /api/user/photos/:name': {
    allow: EVERYONE,
    ok: [404],
    call: () => ({ url: '/api/user/photos/missing.jpg' }),
  },
  'POST /api/user/send-mail': {
    allow: EVERYONE,
    call: () => ({
      url: '/api/user/send-mail',
      payload: { name: 'Bola', email: 'bola@example.com', msg: 'A question about the fee.' },
    }),
  },
  'GET /api/jobs/getcompaniesbycategory/:category': { allow: EVERYONE },
  'GET /api/jobs/getcompaniesbysubCategory/:subcategory': { allow: EVERYONE },
  'GET /api/accounts/companies': { allow: EVERYONE },
  'GET /api/accounts/companies/:id': {
    allow: EVERYONE,
    call: (f) => ({ url: `/api/accounts/companies/${f.members.payer.id}` }),
  },
  'GET /api/user/getall': { allow: ['admin'] },
  'GET /api/user/me/export': { allow: SIGNED_IN },
  'DELETE /api/user/me': {
    allow: ['poster', 'customer', 'company', 'payer', 'refunded'],
    note: 'an allowed caller deletes a fresh account of its own type; an admin account is not deleted from here',
    call: async (f, caller) => {
      const allowed = caller !== 'visitor' && caller !== 'admin';
      const fresh = allowed
        ? await f.freshMember(CUSTOMERS.includes(caller) ? 'user' : 'company')
        : undefined;
      return {
        url: '/api/user/me',
        payload: { password: PASSWORD },
        ...(fresh ? { as: fresh.headers } : {}),
      };
    },
  },

  // ---- jobs
  'GET /api/docs/jobs/openapi.json': { allow: EVERYONE },
  'GET /api/jobs/viewalljobs': { allow: EVERYONE },
  'GET /api/jobs/getalljobs': { allow: EVERYONE },
  'GET /api/jobs/getjobsbycategory/:category': { allow: EVERYONE },
  'GET /api/jobs/getjobsbycategory/:category/:userId': {
    allow: EVERYONE,
    call: (f, caller) => ({ url: `/api/jobs/getjobsbycategory/Craftsman/${selfId(f, caller)}` }),
  },
  'GET /api/jobs/getjobsbysubcategory/:subcategory': { allow: EVERYONE },
  'GET /api/jobs/getjobsbysubcategory/:subcategory/:userId': {
    allow: EVERYONE,
    call: (f, caller) => ({ url: `/api/jobs/getjobsbysubcategory/Plumber/${selfId(f, caller)}` }),
  },
  'GET /api/jobs/search': { allow: EVERYONE, call: () => ({ url: '/api/jobs/search?q=sink' }) },
  'GET /api/jobs/viewjob/:jobId': { allow: EVERYONE },
  'GET /api/jobs/posters/:id': {
    allow: EVERYONE,
    call: (f) => ({ url: `/api/jobs/posters/${f.members.poster.id}` }),
  },
  'GET /api/jobs/images/:name': {
    allow: EVERYONE,
    ok: [404],
    call: () => ({ url: '/api/jobs/images/missing.jpg' }),
  },
  'POST /api/jobs/postjob': {
    allow: CUSTOMERS,
    call: () => ({ url: '/api/jobs/postjob', payload: jobForm() }),
  },
  'PUT /api/jobs/editjob/:jobId': {
    allow: ['poster'],
    call: async (f, caller) => ({
      url: `/api/jobs/editjob/${caller === 'poster' ? await f.freshJob() : f.jobId}`,
      payload: jobForm({ jobHeading: 'Changed by the matrix' }),
    }),
  },
  'DELETE /api/jobs/deletejob/:jobId': {
    allow: ['poster', 'admin'],
    note: 'admins remove jobs too (moderation)',
    call: async (f, caller) => ({
      url: `/api/jobs/deletejob/${caller === 'poster' || caller === 'admin' ? await f.freshJob() : f.jobId}`,
    }),
  },
  'PUT /api/jobs/complete/:jobId': {
    allow: ['poster'],
    call: async (f, caller) => ({
      url: `/api/jobs/complete/${caller === 'poster' ? await f.freshJob() : f.jobId}`,
      payload: { status: 'completed' },
    }),
  },
  'GET /api/jobs/applications/:jobId': { allow: ['poster', 'admin'] },
  'GET /api/jobs/user/jobs/posted': { allow: CUSTOMERS },
  'GET /api/jobs/applied/jobs/:userId': {
    allow: ['payer', 'admin'],
    note: "a company's applied jobs: its own (the payer's, here), and admins",
    call: (f) => ({ url: `/api/jobs/applied/jobs/${f.members.payer.id}` }),
  },
  'POST /api/jobs/apply/:jobId/:userId': {
    allow: ['payer'],
    note: 'the legacy apply after paying: only for the company itself, and only once paid',
    call: (f) => ({ url: `/api/jobs/apply/${f.jobId}/${f.members.payer.id}`, payload: {} }),
  },
  'POST /api/jobs/postreviews': {
    allow: ['poster'],
    call: (f) => ({
      url: '/api/jobs/postreviews',
      payload: {
        companyId: f.members.payer.id,
        jobId: f.completedJobId,
        rating: 5,
        review: 'Quick and tidy work.',
      },
    }),
  },
  'GET /api/jobs/getreviews/:companyId': {
    allow: EVERYONE,
    call: (f) => ({ url: `/api/jobs/getreviews/${f.members.payer.id}` }),
  },
  'GET /api/jobs/admin/jobs': { allow: ['admin'] },
  'PUT /api/jobs/admin/jobs/:jobId/hide': {
    allow: ['admin'],
    call: async (f, caller) => ({
      url: `/api/jobs/admin/jobs/${caller === 'admin' ? await f.freshJob() : f.jobId}/hide`,
      payload: { reason: 'Spam' },
    }),
  },
  'PUT /api/jobs/admin/jobs/:jobId/unhide': {
    allow: ['admin'],
    call: async (f, caller) => ({
      url: `/api/jobs/admin/jobs/${caller === 'admin' ? await f.freshJob() : f.jobId}/unhide`,
      payload: {},
    }),
  },

  // ---- chat
  'GET /api/docs/chat/openapi.json': { allow: EVERYONE },
  'GET /api/jobs/user/chat/:id': {
    allow: ['poster'],
    note: "one member's inbox (the poster's, here)",
    call: (f) => ({ url: `/api/jobs/user/chat/${f.members.poster.id}` }),
  },
  'GET /api/chat/unread': { allow: SIGNED_IN },
  'GET /api/jobs/chat/:chatid': { allow: ['poster', 'payer'] },
  'POST /api/jobs/chat': {
    allow: ['poster', 'payer'],
    call: (f, caller) => ({
      url: '/api/jobs/chat',
      payload: { chatId: f.chatId, message: `Hello from the ${caller}`, clientId: `matrix-${caller}` },
    }),
  },
  'POST /api/jobs/createchat': {
    allow: ['poster', 'payer'],
    call: (f) => ({
      url: '/api/jobs/createchat',
      payload: { jobId: f.jobId, applicantId: f.members.payer.id, posterId: f.members.poster.id },
    }),
  },
  'GET /ws': { allow: SIGNED_IN, skip: 'the WebSocket upgrade: services/chat/src/routes/realtime.test.ts' },

  // ---- payments
  'GET /api/docs/payments/openapi.json': { allow: EVERYONE },
  'POST /api/jobs/initializePayment': {
    allow: COMPANIES,
    call: async (f, caller) => ({
      url: '/api/jobs/initializePayment',
      payload: { jobId: COMPANIES.includes(caller) ? await f.freshJob() : f.jobId },
    }),
  },
  'POST /api/jobs/verifyPayment': {
    allow: ['company', 'admin'],
    note: "the company's own pending checkout; admins see every payment",
    call: (f) => ({
      url: '/api/jobs/verifyPayment',
      payload: { trxref: f.pendingReference, reference: f.pendingReference },
    }),
  },
  'POST /api/payments/webhook': {
    allow: EVERYONE,
    ok: [401],
    note: "Paystack's signature is the credential: an unsigned notice is refused the same for every caller",
    call: () => ({
      url: '/api/payments/webhook',
      payload: { event: 'charge.success', data: { reference: 'x' } },
    }),
  },
  'GET /api/payments/mine': { allow: SIGNED_IN },
  'GET /api/payments/terms': {
    allow: EVERYONE,
    call: (f) => ({ url: `/api/payments/terms?jobId=${f.jobId}` }),
  },
  'GET /api/payments': { allow: ['admin'] },
  'POST /api/payments/:paymentId/refund': {
    allow: ['admin'],
    call: async (f, caller) => ({
      url: `/api/payments/${caller === 'admin' ? await f.freshPaidPayment() : f.paidPaymentId}/refund`,
      payload: { reason: 'The number does not answer.' },
    }),
  },
  'GET /api/payments/sandbox/checkout/:reference': {
    allow: ['company'],
    note: 'the checkout page of the company that started it',
    call: (f) => ({ url: `/api/payments/sandbox/checkout/${f.pendingReference}` }),
  },
  'POST /api/payments/sandbox/checkout/:reference': {
    allow: ['company'],
    note: 'the checkout form of the company that started it (it declines, so the unlock stays with the payer)',
    call: (f) => ({
      url: `/api/payments/sandbox/checkout/${f.pendingReference}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=decline',
    }),
  },
};

/** The route's path with the fixture's records for its parameters. */
function defaultCall(fixture: Fixture, url: string): Call {
  const values: Record<string, string> = {
    jobId: fixture.jobId,
    chatid: fixture.chatId,
    category: 'Craftsman',
    subcategory: 'Plumber',
    companyId: fixture.members.payer.id,
    paymentId: fixture.paidPaymentId,
    reference: fixture.pendingReference,
  };
  return {
    url: url.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
      const value = values[name];
      if (!value) throw new Error(`no fixture value for :${name} in ${url}: give the route a call`);
      return value;
    }),
  };
}

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
    expect(keys.filter((key) => !(key in MATRIX))).toEqual([]);
    expect(Object.keys(MATRIX).filter((key) => !keys.includes(key))).toEqual([]);
    // The same routes as the privacy table (which lists the /api routes).
    expect(Object.keys(ROUTE_PRIVACY).filter((key) => !(key in MATRIX))).toEqual([]);
  });

  it('serves every caller a route allows and refuses every other, on every route', async () => {
    const failures: string[] = [];
    for (const { method, url } of market.routes) {
      const access = MATRIX[`${method} ${url}`];
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
