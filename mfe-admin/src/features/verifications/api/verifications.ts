// The admins' verification queue: GET /api/user/verifications (open requests first, oldest first) and
// the decision (POST /api/user/verifications/{id}/decision: approve, refuse or revoke with a reason).
import { apiJson } from '@marketplace/ui';
import {
  API_PATHS,
  verificationDecisionPath,
  type AdminVerificationsQuery,
  type AdminVerificationsResponse,
  type VerificationDecisionBody,
  type VerificationDecisionResponse,
} from '@marketplace/contracts';

export const VERIFICATIONS_PAGE_SIZE = 10;

export type AdminVerificationsPage = Pick<
  AdminVerificationsResponse,
  'verifications' | 'page' | 'limit' | 'total'
>;

/** Root of every verification queue key (a decision refreshes them all). */
export const ADMIN_VERIFICATIONS_KEY = ['admin', 'verifications'] as const;
export const adminVerificationsKey = (query: AdminVerificationsQuery) =>
  [...ADMIN_VERIFICATIONS_KEY, query] as const;

export async function fetchAdminVerifications(
  query: AdminVerificationsQuery,
  signal?: AbortSignal,
): Promise<AdminVerificationsPage> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.set(key, String(value));
  }
  const body = await apiJson<Partial<AdminVerificationsResponse>>(`${API_PATHS.verifications}?${params}`, {
    signal,
    networkToast: false,
  });
  return {
    verifications: Array.isArray(body.verifications) ? body.verifications : [],
    page: typeof body.page === 'number' ? body.page : (query.page ?? 1),
    limit: typeof body.limit === 'number' ? body.limit : (query.limit ?? VERIFICATIONS_PAGE_SIZE),
    total: typeof body.total === 'number' ? body.total : 0,
  };
}

export function decideVerification(
  requestId: string,
  body: VerificationDecisionBody,
): Promise<VerificationDecisionResponse> {
  return apiJson<VerificationDecisionResponse>(verificationDecisionPath(requestId), {
    method: 'POST',
    json: body,
  });
}
