// The company's own unlock payments and refunds (GET /api/payments/mine, newest first).
import { API_PATHS, type UnlockPayment } from '@marketplace/contracts';
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
