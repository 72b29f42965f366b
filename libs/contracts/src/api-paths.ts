/**
 * Paths of the public API the browser calls (the Android client uses the same ones). One list, so a
 * page, a test handler and a service route name the same string.
 */
export const API_PATHS = Object.freeze({
  register: '/api/user',
  login: '/api/user/login',
  me: '/api/user/me',
  logout: '/api/user/logout',
  refresh: '/api/user/refresh',
  editProfile: '/api/user/editcompany',
  sendMail: '/api/user/send-mail',
  allUsers: '/api/user/getall',
  exportMe: '/api/user/me/export',
  authOptions: '/api/user/auth-options',
  facebook: '/api/user/facebook',
  forgotPassword: '/api/user/forgot-password',
  resetPassword: '/api/user/reset-password',
  verifyEmail: '/api/user/verify-email',
  resendVerification: '/api/user/resend-verification',
  /** A company's own verification request (GET its state, POST a new one). */
  myVerification: '/api/user/verification',
  /** The admins' verification queue; a request's certificate and decision are under it (certificatePath). */
  verifications: '/api/user/verifications',

  // jobs (spec section 7; paths with ids are built by JOB_API below)
  postJob: '/api/jobs/postjob',
  allJobs: '/api/jobs/viewalljobs',
  searchJobs: '/api/jobs/search',
  postedJobs: '/api/jobs/user/jobs/posted',
  postReview: '/api/jobs/postreviews',
  adminJobs: '/api/jobs/admin/jobs',
  reportedReviews: '/api/jobs/reviews/reported',
  jobAlertPreferences: '/api/jobs/alerts/preferences',
  jobAlertUnsubscribe: '/api/jobs/alerts/unsubscribe',
  notifications: '/api/jobs/notifications',
  notificationsRead: '/api/jobs/notifications/read',
  /** A company sends (or replaces) its offer on a job it unlocked; the offer's own paths are in JOB_API. */
  sendOffer: '/api/jobs/offers',

  // payments (spec section 7 `jobs/initializePayment`, `jobs/verifyPayment`; the rest under /api/payments)
  initializePayment: '/api/jobs/initializePayment',
  verifyPayment: '/api/jobs/verifyPayment',
  myPayments: '/api/payments/mine',
  paymentTerms: '/api/payments/terms',
  adminPayments: '/api/payments',
  adminDisputes: '/api/payments/disputes',
  paymentWebhook: '/api/payments/webhook',

  // chat (spec section 7 `jobs/createchat`, `jobs/chat`; inbox and thread paths are built by CHAT_API)
  createChat: '/api/jobs/createchat',
  sendMessage: '/api/jobs/chat',
  chatUnread: '/api/chat/unread',
} as const);

const segment = (value: string) => encodeURIComponent(value);

/** Job API paths that carry an id or a name (encoded here, once). */
export const JOB_API = /* @__PURE__ */ Object.freeze({
  viewJob: (jobId: string) => `/api/jobs/viewjob/${segment(jobId)}`,
  editJob: (jobId: string) => `/api/jobs/editjob/${segment(jobId)}`,
  deleteJob: (jobId: string) => `/api/jobs/deletejob/${segment(jobId)}`,
  completeJob: (jobId: string) => `/api/jobs/complete/${segment(jobId)}`,
  applicants: (jobId: string) => `/api/jobs/applications/${segment(jobId)}`,
  appliedJobs: (userId: string) => `/api/jobs/applied/jobs/${segment(userId)}`,
  apply: (jobId: string, userId: string) => `/api/jobs/apply/${segment(jobId)}/${segment(userId)}`,
  /** The legacy trailing userId is kept (empty when signed out); the server reads the caller from the token. */
  jobsByCategory: (category: string, userId = '') =>
    `/api/jobs/getjobsbycategory/${segment(category)}/${segment(userId)}`,
  jobsBySubcategory: (subcategory: string, userId = '') =>
    `/api/jobs/getjobsbysubcategory/${segment(subcategory)}/${segment(userId)}`,
  reviews: (companyId: string) => `/api/jobs/getreviews/${segment(companyId)}`,
  replyToReview: (reviewId: string) => `/api/jobs/reviews/${segment(reviewId)}/reply`,
  reportReview: (reviewId: string) => `/api/jobs/reviews/${segment(reviewId)}/report`,
  myReviewReports: (companyId: string) => `/api/jobs/reviews/reported-by-me/${segment(companyId)}`,
  moderateReview: (reviewId: string) => `/api/jobs/reviews/${segment(reviewId)}/moderation`,
  hideJob: (jobId: string) => `/api/jobs/admin/jobs/${segment(jobId)}/hide`,
  unhideJob: (jobId: string) => `/api/jobs/admin/jobs/${segment(jobId)}/unhide`,
  image: (name: string) => `/api/jobs/images/${segment(name)}`,
  offersOfJob: (jobId: string) => `/api/jobs/offers/job/${segment(jobId)}`,
  acceptOffer: (offerId: string) => `/api/jobs/offers/${segment(offerId)}/accept`,
  withdrawOffer: (offerId: string) => `/api/jobs/offers/${segment(offerId)}/withdraw`,
  undoHire: (jobId: string) => `/api/jobs/offers/job/${segment(jobId)}/undo-hire`,
});

export type ApiPath = (typeof API_PATHS)[keyof typeof API_PATHS];

/** The query of a company list: a page and, optionally, one state (an empty state means all of them). */
export interface CompanyListQueryParams {
  page?: number;
  limit?: number;
  state?: string;
}

function companyListSearch({ page, limit, state }: CompanyListQueryParams): string {
  const params = new URLSearchParams();
  if (page !== undefined) params.set('page', String(page));
  if (limit !== undefined) params.set('limit', String(limit));
  if (state) params.set('state', state);
  const search = params.toString();
  return search ? `?${search}` : '';
}

/** Company directory paths (owned by accounts; the legacy ones keep their /api/jobs/ prefix). */
export const COMPANY_API = /* @__PURE__ */ Object.freeze({
  byCategory: (category: string, query: CompanyListQueryParams = {}) =>
    `/api/jobs/getcompaniesbycategory/${segment(category)}${companyListSearch(query)}`,
  bySubcategory: (subcategory: string, query: CompanyListQueryParams = {}) =>
    `/api/jobs/getcompaniesbysubCategory/${segment(subcategory)}${companyListSearch(query)}`,
  company: (companyId: string) => `/api/accounts/companies/${segment(companyId)}`,
  /** Every live company's id, a page at a time (the edge's sitemap). */
  index: (page: number, limit: number) => `/api/accounts/companies?page=${page}&limit=${limit}`,
});

/** Chat paths that carry an id. */
export const CHAT_API = /* @__PURE__ */ Object.freeze({
  /** A member's inbox (the legacy path names the member; only that member may read it). */
  inbox: (memberId: string) => `/api/jobs/user/chat/${segment(memberId)}`,
  /** One conversation's messages and job; `after` (catch up) or `before` (older history). */
  thread: (chatId: string, query: { after?: number; before?: number } = {}) => {
    const params = new URLSearchParams();
    if (query.after !== undefined) params.set('after', String(query.after));
    if (query.before !== undefined) params.set('before', String(query.before));
    const search = params.toString();
    return `/api/jobs/chat/${segment(chatId)}${search ? `?${search}` : ''}`;
  },
});

/** Payment paths that carry an id or a reference. */
export const PAYMENT_API = /* @__PURE__ */ Object.freeze({
  /** Admins: refund one payment. */
  refund: (paymentId: string) => `/api/payments/${segment(paymentId)}/refund`,
  /** The paying company: dispute one paid unlock. */
  dispute: (paymentId: string) => `/api/payments/${segment(paymentId)}/dispute`,
  /** Admins: refund or reject one dispute. */
  decideDispute: (disputeId: string) => `/api/payments/disputes/${segment(disputeId)}/decision`,
  /** The sandbox provider's test checkout page (embedded default, no Paystack key). */
  sandboxCheckout: (reference: string) => `/api/payments/sandbox/checkout/${segment(reference)}`,
  /** Unlock terms for one job (price, cap, places left, refund rule). */
  terms: (jobId: string) => `/api/payments/terms?jobId=${segment(jobId)}`,
  /** A receipt or credit note (payer company and admins): JSON, the printable page, the PDF. */
  receipt: (number: string) => `/api/payments/receipts/${segment(number)}`,
  receiptPage: (number: string) => `/api/payments/receipts/${segment(number)}/print`,
  receiptPdf: (number: string) => `/api/payments/receipts/${segment(number)}/pdf`,
  /** The payer (or an admin) follows one payment: the stored state, no provider call. */
  status: (reference: string) => `/api/payments/status/${segment(reference)}`,
});
