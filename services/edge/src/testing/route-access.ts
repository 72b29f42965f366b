import {
  COMPANIES,
  CUSTOMERS,
  EVERYONE,
  PASSWORD,
  SIGNED_IN,
  VERIFICATION_FORM,
  jobForm,
  selfId,
  type Caller,
  type Fixture,
} from './marketplace';

/**
 * Who may call each route of the four services, declared once: the authorization matrix
 * (authorization.test.ts) checks each kind of caller against it, and the hostile-input suite sends its
 * bad input as a caller the route serves, so the input is read and not refused at the door.
 */
export interface Call {
  url: string;
  payload?: string | Buffer | Record<string, unknown>;
  headers?: Record<string, string>;
  /** Send as this caller instead (a route whose caller is a fresh account, e.g. one being deleted). */
  as?: Record<string, string>;
}

export interface Access {
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
export const ROUTE_ACCESS: Record<string, Access> = {
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
  'POST /api/user/verification': {
    allow: COMPANIES,
    note: 'a company asks once (then 409 until decided): each allowed caller asks as a fresh company',
    call: async (f, caller) => {
      const fresh = COMPANIES.includes(caller) ? await f.freshMember('company') : undefined;
      return {
        url: '/api/user/verification',
        headers: { 'content-type': VERIFICATION_FORM.contentType },
        payload: VERIFICATION_FORM.body,
        ...(fresh ? { as: fresh.headers } : {}),
      };
    },
  },
  'GET /api/user/verification': { allow: COMPANIES },
  'GET /api/user/verifications': { allow: ['admin'] },
  'GET /api/user/verifications/:requestId/certificate': {
    allow: ['admin'],
    note: 'admins and the company that sent it (a fresh company here: services/accounts tests it); anyone else is told it does not exist (404)',
    call: (f) => ({ url: `/api/user/verifications/${f.verificationRequestId}/certificate` }),
  },
  'POST /api/user/verifications/:requestId/decision': {
    allow: ['admin'],
    call: async (f, caller) => ({
      url: `/api/user/verifications/${
        caller === 'admin' ? (await f.freshVerificationRequest()).requestId : f.verificationRequestId
      }/decision`,
      payload: { decision: 'refuse', reason: 'The certificate is unreadable.' },
    }),
  },
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
  // Reviews: the reviewed company replies once; customers and companies (not the author, not admins)
  // report once; admins read the reported ones and hide or show them. Allowed callers act on a fresh
  // review, refused ones on the shared one.
  'POST /api/jobs/reviews/:reviewId/reply': {
    allow: ['payer'],
    note: 'only the reviewed company (the payer), once per review',
    call: async (f, caller) => ({
      url: `/api/jobs/reviews/${caller === 'payer' ? await f.freshReview() : f.reviewId}/reply`,
      payload: { text: 'Thank you for the kind words.' },
    }),
  },
  'POST /api/jobs/reviews/:reviewId/report': {
    allow: ['customer', 'company', 'payer', 'refunded'],
    note: 'signed-in customers and companies, the reviewed one included; not the author (the poster), not admins',
    call: async (f, caller) => ({
      url: `/api/jobs/reviews/${
        ['customer', 'company', 'payer', 'refunded'].includes(caller) ? await f.freshReview() : f.reviewId
      }/report`,
      payload: { reason: 'false-or-misleading', note: 'This never happened.' },
    }),
  },
  'GET /api/jobs/reviews/reported-by-me/:companyId': {
    allow: ['poster', 'customer', 'company', 'payer', 'refunded'],
    note: 'the caller’s own reports on one company’s reviews; admins do not report',
    call: (f) => ({ url: `/api/jobs/reviews/reported-by-me/${f.members.payer.id}` }),
  },
  'GET /api/jobs/reviews/reported': { allow: ['admin'] },
  'POST /api/jobs/reviews/:reviewId/moderation': {
    allow: ['admin'],
    call: async (f, caller) => ({
      url: `/api/jobs/reviews/${caller === 'admin' ? await f.freshReview() : f.reviewId}/moderation`,
      payload: { action: 'hide', reason: 'Insults the workers.' },
    }),
  },
  'GET /api/jobs/admin/jobs': { allow: ['admin'] },
  // Job alerts and notifications are a company's own (customers and admins have none).
  'GET /api/jobs/alerts/preferences': { allow: COMPANIES },
  'PUT /api/jobs/alerts/preferences': {
    allow: COMPANIES,
    call: () => ({
      url: '/api/jobs/alerts/preferences',
      payload: { categories: ['Craftsman'], subcategories: ['Plumber'], states: ['Lagos'], email: 'daily' },
    }),
  },
  'GET /api/jobs/notifications': { allow: COMPANIES },
  'PUT /api/jobs/notifications/read': {
    allow: COMPANIES,
    call: () => ({ url: '/api/jobs/notifications/read', payload: { all: true } }),
  },
  // Offers and the hire: a company that paid for the job offers; its poster compares and hires.
  'POST /api/jobs/offers': {
    allow: ['payer'],
    note: 'a company with a paid unlock; one without (or refunded) is refused, so are customers and admins',
    call: (f) => ({
      url: '/api/jobs/offers',
      payload: {
        jobId: f.jobId,
        priceNaira: 45_000,
        startDate: new Date(Date.now() + 5 * 24 * 3600 * 1000).toISOString().slice(0, 10),
        validDays: 7,
        note: 'We can come on Monday.',
      },
    }),
  },
  'POST /api/jobs/offers/:offerId/withdraw': {
    allow: ['payer'],
    note: "the company that sent the offer (the payer's own standing offer)",
    call: async (f) => ({ url: `/api/jobs/offers/${await f.payerOffer()}/withdraw` }),
  },
  'GET /api/jobs/offers/job/:jobId': {
    allow: ['poster', 'admin', ...COMPANIES],
    note: 'the poster and admins read every offer, a company only its own; another customer gets 404',
    call: (f) => ({ url: `/api/jobs/offers/job/${f.jobId}` }),
  },
  'POST /api/jobs/offers/:offerId/accept': {
    allow: ['poster'],
    note: "the job's poster only (a fresh job and offer for the poster; the payer's standing offer for others)",
    call: async (f, caller) => ({
      url: `/api/jobs/offers/${caller === 'poster' ? (await f.freshOffer()).offerId : await f.payerOffer()}/accept`,
    }),
  },
  'POST /api/jobs/offers/job/:jobId/undo-hire': {
    allow: ['poster'],
    note: "the job's poster only, before the hired offer's start date (a fresh hire for the poster)",
    call: async (f, caller) => ({
      url: `/api/jobs/offers/job/${caller === 'poster' ? await f.freshHire() : f.jobId}/undo-hire`,
    }),
  },
  'GET /api/jobs/alerts/unsubscribe': {
    allow: EVERYONE,
    note: 'the signed link in an alert mail is the credential: whoever holds it may open it (it only asks)',
    call: (f) => ({ url: `/api/jobs/alerts/unsubscribe?${f.unsubscribeQuery}` }),
  },
  'POST /api/jobs/alerts/unsubscribe': {
    allow: EVERYONE,
    note: "the signed link is the credential: its page's button, or a mail client's one-click unsubscribe",
    call: (f) => ({ url: `/api/jobs/alerts/unsubscribe?${f.unsubscribeQuery}` }),
  },
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
  'GET /api/payments/status/:reference': {
    allow: ['company', 'admin'],
    note: 'the company that started the checkout and admins; anyone else the 404 of an unknown reference',
    call: (f) => ({ url: `/api/payments/status/${f.pendingReference}` }),
  },
  'GET /api/payments': { allow: ['admin'] },
  'POST /api/payments/:paymentId/refund': {
    allow: ['admin'],
    call: async (f, caller) => ({
      url: `/api/payments/${caller === 'admin' ? await f.freshPaidPayment() : f.paidPaymentId}/refund`,
      payload: { reason: 'The number does not answer.' },
    }),
  },
  'GET /api/payments/receipts/:number': {
    allow: ['payer', 'admin'],
    note: 'the payer company and admins; every other account is told it does not exist (404)',
  },
  'GET /api/payments/receipts/:number/print': { allow: ['payer', 'admin'] },
  'GET /api/payments/receipts/:number/pdf': { allow: ['payer', 'admin'] },
  'POST /api/payments/:paymentId/dispute': {
    allow: ['payer'],
    note: 'only the company that paid, on a paid unlock of its own (a fresh one: the shared one is disputed already)',
    call: async (f, caller) => {
      const fresh = caller === 'payer' ? await f.freshPaidUnlock() : undefined;
      return {
        url: `/api/payments/${fresh ? fresh.paymentId : f.paidPaymentId}/dispute`,
        payload: { reason: 'job-taken', note: 'Given to someone else before I called.' },
        ...(fresh ? { as: fresh.headers } : {}),
      };
    },
  },
  'GET /api/payments/disputes': { allow: ['admin'] },
  'POST /api/payments/disputes/:disputeId/decision': {
    allow: ['admin'],
    call: async (f, caller) => ({
      url: `/api/payments/disputes/${caller === 'admin' ? await f.freshDispute() : f.disputeId}/decision`,
      payload: { decision: 'reject', reason: 'The poster answered the same day.' },
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
export function defaultCall(fixture: Fixture, url: string): Call {
  const values: Record<string, string> = {
    jobId: fixture.jobId,
    chatid: fixture.chatId,
    category: 'Craftsman',
    subcategory: 'Plumber',
    companyId: fixture.members.payer.id,
    paymentId: fixture.paidPaymentId,
    disputeId: fixture.disputeId,
    reference: fixture.pendingReference,
    number: fixture.paidReceiptNumber,
  };
  return {
    url: url.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
      const value = values[name];
      if (!value) throw new Error(`no fixture value for :${name} in ${url}: give the route a call`);
      return value;
    }),
  };
}
