import { API_PATHS, type PaymentTermsResponse } from '@marketplace/contracts';
import { apiJson } from '@marketplace/ui';
import type { UnlockTerms } from '../content/terms';

export const UNLOCK_TERMS_URL = API_PATHS.paymentTerms;
export const unlockTermsKey = ['payments', 'terms', 'site'] as const;

/** The unlock price, cap and no-reply hours the payments service applies now (public; no job). */
export async function fetchUnlockTerms(signal?: AbortSignal): Promise<UnlockTerms> {
  const body = await apiJson<PaymentTermsResponse>(UNLOCK_TERMS_URL, { signal, networkToast: false });
  return { priceNaira: body.price.naira, cap: body.cap, refundHours: body.refundHours };
}
