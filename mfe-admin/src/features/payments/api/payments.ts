// The admin's All Payments screen: GET /api/payments (every unlock payment, newest first, filtered) and
// refunding a paid unlock (POST /api/payments/{paymentId}/refund with a reason the company reads).
import { apiJson } from '@marketplace/ui';
import {
  API_PATHS,
  PAYMENT_API,
  type AdminPayment,
  type AdminPaymentsQuery,
  type AdminPaymentsResponse,
  type RefundPaymentBody,
  type RefundPaymentResponse,
} from '@marketplace/contracts';

/** Server-side paging, as on the other admin lists. */
export const PAYMENTS_PAGE_SIZE = 20;

export type AdminPaymentRow = AdminPayment;
export type AdminPaymentsPage = Pick<AdminPaymentsResponse, 'payments' | 'page' | 'limit' | 'hasMore'>;

/** Root of every admin payments query key (the refund refreshes them all). */
export const ADMIN_PAYMENTS_KEY = ['admin', 'payments'] as const;
export const adminPaymentsKey = (query: AdminPaymentsQuery) => [...ADMIN_PAYMENTS_KEY, query] as const;

export async function fetchAdminPayments(
  query: AdminPaymentsQuery,
  signal?: AbortSignal,
): Promise<AdminPaymentsPage> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const body = await apiJson<Partial<AdminPaymentsResponse>>(`${API_PATHS.adminPayments}?${params}`, {
    signal,
    networkToast: false,
  });
  return {
    payments: Array.isArray(body.payments) ? body.payments : [],
    page: typeof body.page === 'number' ? body.page : (query.page ?? 1),
    limit: typeof body.limit === 'number' ? body.limit : (query.limit ?? PAYMENTS_PAGE_SIZE),
    hasMore: body.hasMore === true,
  };
}

/** POST /api/payments/{paymentId}/refund: the money goes back, the company loses the unlock. */
export function refundPayment(paymentId: string, body: RefundPaymentBody): Promise<RefundPaymentResponse> {
  return apiJson<RefundPaymentResponse>(PAYMENT_API.refund(paymentId), { method: 'POST', json: body });
}
