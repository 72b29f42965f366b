/**
 * Whether the answers of an API route may carry personal data, declared for every route in this one
 * table (`METHOD /path` as the route is registered). `personal`: every answer gets
 * `Cache-Control: no-store` (the service kit sets it), so no browser, proxy or shared cache keeps it;
 * `public`: the route's answers are the same for everyone and it sets its own caching. A route missing
 * here is answered as personal, and services/edge/src/personal-data.test.ts fails until it is declared.
 */
export type ResponsePrivacy = 'personal' | 'public';

export const ROUTE_PRIVACY: Readonly<Record<string, ResponsePrivacy>> = Object.freeze({
  // accounts
  'GET /api/docs/accounts/openapi.json': 'public',
  'POST /api/user/login': 'personal',
  'POST /api/user/refresh': 'personal',
  'POST /api/user/logout': 'personal',
  'GET /api/user/me': 'personal',
  'GET /api/user/auth-options': 'public',
  'GET /api/user/jwks.json': 'public',
  'GET /api/user/facebook': 'personal',
  'GET /api/user/facebook/callback': 'personal',
  'POST /api/user': 'personal',
  'POST /api/user/forgot-password': 'personal',
  'POST /api/user/reset-password': 'personal',
  'POST /api/user/verify-email': 'personal',
  'POST /api/user/resend-verification': 'personal',
  'PUT /api/user/editcompany': 'personal',
  'GET /api/user/photos/:name': 'public',
  'POST /api/user/send-mail': 'personal',
  // The company directory: businesses' public cards.
  'GET /api/jobs/getcompaniesbycategory/:category': 'public',
  'GET /api/jobs/getcompaniesbysubCategory/:subcategory': 'public',
  'GET /api/accounts/companies': 'public',
  'GET /api/accounts/companies/:id': 'public',
  'GET /api/user/getall': 'personal',
  // Verified companies: a company's request and certificate, the admins' queue.
  'POST /api/user/verification': 'personal',
  'GET /api/user/verification': 'personal',
  'GET /api/user/verifications': 'personal',
  'GET /api/user/verifications/:requestId/certificate': 'personal',
  'POST /api/user/verifications/:requestId/decision': 'personal',
  'GET /api/user/me/export': 'personal',
  'DELETE /api/user/me': 'personal',
  // jobs: the listings carry no contact details; a job's page does for its poster, admins and payers.
  'GET /api/docs/jobs/openapi.json': 'public',
  'GET /api/jobs/viewalljobs': 'public',
  'GET /api/jobs/getalljobs': 'public',
  'GET /api/jobs/getjobsbycategory/:category': 'public',
  'GET /api/jobs/getjobsbycategory/:category/:userId': 'public',
  'GET /api/jobs/getjobsbysubcategory/:subcategory': 'public',
  'GET /api/jobs/getjobsbysubcategory/:subcategory/:userId': 'public',
  'GET /api/jobs/search': 'public',
  'GET /api/jobs/viewjob/:jobId': 'personal',
  'GET /api/jobs/posters/:id': 'personal',
  'GET /api/jobs/images/:name': 'public',
  'POST /api/jobs/postjob': 'personal',
  'PUT /api/jobs/editjob/:jobId': 'personal',
  'DELETE /api/jobs/deletejob/:jobId': 'personal',
  'PUT /api/jobs/complete/:jobId': 'personal',
  'GET /api/jobs/applications/:jobId': 'personal',
  'GET /api/jobs/user/jobs/posted': 'personal',
  'GET /api/jobs/applied/jobs/:userId': 'personal',
  'POST /api/jobs/apply/:jobId/:userId': 'personal',
  'POST /api/jobs/postreviews': 'personal',
  'GET /api/jobs/getreviews/:companyId': 'public',
  'POST /api/jobs/reviews/:reviewId/reply': 'personal',
  'POST /api/jobs/reviews/:reviewId/report': 'personal',
  'GET /api/jobs/reviews/reported-by-me/:companyId': 'personal',
  'GET /api/jobs/reviews/reported': 'personal',
  'POST /api/jobs/reviews/:reviewId/moderation': 'personal',
  'GET /api/jobs/admin/jobs': 'personal',
  'PUT /api/jobs/admin/jobs/:jobId/hide': 'personal',
  'PUT /api/jobs/admin/jobs/:jobId/unhide': 'personal',
  'GET /api/jobs/alerts/preferences': 'personal',
  'PUT /api/jobs/alerts/preferences': 'personal',
  'GET /api/jobs/alerts/unsubscribe': 'personal',
  'POST /api/jobs/alerts/unsubscribe': 'personal',
  'GET /api/jobs/notifications': 'personal',
  'PUT /api/jobs/notifications/read': 'personal',
  'POST /api/jobs/offers': 'personal',
  'POST /api/jobs/offers/:offerId/withdraw': 'personal',
  'GET /api/jobs/offers/job/:jobId': 'personal',
  'POST /api/jobs/offers/:offerId/accept': 'personal',
  'POST /api/jobs/offers/job/:jobId/undo-hire': 'personal',
  // chat
  'GET /api/docs/chat/openapi.json': 'public',
  'GET /api/jobs/user/chat/:id': 'personal',
  'GET /api/chat/unread': 'personal',
  'GET /api/jobs/chat/:chatid': 'personal',
  'POST /api/jobs/chat': 'personal',
  'POST /api/jobs/createchat': 'personal',
  // payments
  'GET /api/docs/payments/openapi.json': 'public',
  'POST /api/jobs/initializePayment': 'personal',
  'POST /api/jobs/verifyPayment': 'personal',
  'POST /api/payments/webhook': 'personal',
  'GET /api/payments/mine': 'personal',
  // The terms carry the caller's own payment of the job when signed in.
  'GET /api/payments/terms': 'personal',
  // The payer's own payment as the result page follows it.
  'GET /api/payments/status/:reference': 'personal',
  'GET /api/payments': 'personal',
  'POST /api/payments/:paymentId/refund': 'personal',
  'GET /api/payments/receipts/:number': 'personal',
  'GET /api/payments/receipts/:number/print': 'personal',
  'GET /api/payments/receipts/:number/pdf': 'personal',
  'POST /api/payments/:paymentId/dispute': 'personal',
  'GET /api/payments/disputes': 'personal',
  'POST /api/payments/disputes/:disputeId/decision': 'personal',
  'GET /api/payments/sandbox/checkout/:reference': 'personal',
  'POST /api/payments/sandbox/checkout/:reference': 'personal',
});

/** The declared privacy of a route (HEAD answers as its GET); undefined when the route is not declared. */
export function routePrivacy(method: string, url: string): ResponsePrivacy | undefined {
  return ROUTE_PRIVACY[`${method === 'HEAD' ? 'GET' : method} ${url}`];
}
