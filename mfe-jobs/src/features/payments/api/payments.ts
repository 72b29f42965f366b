// /payment/callback's call (issue 10): verify the reference the provider sent the browser back with.
import {
  API_PATHS,
  PAYMENT_API,
  type PaymentStatusResponse,
  type VerifyPaymentResponse,
} from '@marketplace/contracts';
import { apiJson } from '@marketplace/ui';

export function verifyPayment(reference: string): Promise<VerifyPaymentResponse> {
  return apiJson<VerifyPaymentResponse>(API_PATHS.verifyPayment, {
    method: 'POST',
    json: { reference },
  });
}

/** The stored state of one payment (no provider call): the result page polls it while a transfer is on its way. */
export function fetchPaymentStatus(reference: string, signal?: AbortSignal): Promise<PaymentStatusResponse> {
  return apiJson<PaymentStatusResponse>(PAYMENT_API.status(reference), { signal, networkToast: false });
}
