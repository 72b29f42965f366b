// The company's own unlock payments, refunds and disputes (GET /api/payments/mine, newest first).
import {
  API_PATHS,
  PAYMENT_API,
  type OpenDisputeBody,
  type OpenDisputeResponse,
  type UnlockPayment,
} from '@marketplace/contracts';
import { apiJson } from '@marketplace/ui';

/**
 * Under ['payments'], which /payment/callback refreshes after a verification, so a payment made in
 * another tab shows here when the dashboard is opened again.
 */
export const myPaymentsKey = (userId: string) => ['payments', 'mine', userId] as const;

export async function fetchMyPayments(signal?: AbortSignal): Promise<UnlockPayment[]> {
  const body = await apiJson<{ payments?: UnlockPayment[] }>(API_PATHS.myPayments, {
    signal,
    networkToast: false,
  });
  return Array.isArray(body.payments) ? body.payments : [];
}

/** POST /api/payments/{paymentId}/dispute: the company disputes its paid unlock (one per unlock). */
export function openDispute(paymentId: string, body: OpenDisputeBody): Promise<OpenDisputeResponse> {
  return apiJson<OpenDisputeResponse>(PAYMENT_API.dispute(paymentId), { method: 'POST', json: body });
}
