// The admin's disputes queue: GET /api/payments/disputes (open ones oldest first) and the decision
// (POST /api/payments/disputes/{id}/decision: refund through the existing refunds, or reject with a reason).
import { apiJson } from '@marketplace/ui';
import {
  API_PATHS,
  PAYMENT_API,
  type AdminDisputesQuery,
  type AdminDisputesResponse,
  type DecideDisputeBody,
  type DecideDisputeResponse,
} from '@marketplace/contracts';

export const DISPUTES_PAGE_SIZE = 10;

export type AdminDisputesPage = Pick<AdminDisputesResponse, 'disputes' | 'page' | 'limit' | 'hasMore'>;

/** Root of every admin disputes query key (a decision refreshes them all, and the payments list). */
export const ADMIN_DISPUTES_KEY = ['admin', 'disputes'] as const;
export const adminDisputesKey = (query: AdminDisputesQuery) => [...ADMIN_DISPUTES_KEY, query] as const;

export async function fetchAdminDisputes(
  query: AdminDisputesQuery,
  signal?: AbortSignal,
): Promise<AdminDisputesPage> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.set(key, String(value));
  }
  const body = await apiJson<Partial<AdminDisputesResponse>>(`${API_PATHS.adminDisputes}?${params}`, {
    signal,
    networkToast: false,
  });
  return {
    disputes: Array.isArray(body.disputes) ? body.disputes : [],
    page: typeof body.page === 'number' ? body.page : (query.page ?? 1),
    limit: typeof body.limit === 'number' ? body.limit : (query.limit ?? DISPUTES_PAGE_SIZE),
    hasMore: body.hasMore === true,
  };
}

export function decideDispute(disputeId: string, body: DecideDisputeBody): Promise<DecideDisputeResponse> {
  return apiJson<DecideDisputeResponse>(PAYMENT_API.decideDispute(disputeId), { method: 'POST', json: body });
}
