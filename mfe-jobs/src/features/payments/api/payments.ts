// /payment/callback's call (issue 10): verify the reference the provider sent the browser back with.
import { API_PATHS, type VerifyPaymentResponse } from '@marketplace/contracts';
import { apiJson } from '@marketplace/ui';

export function verifyPayment(reference: string): Promise<VerifyPaymentResponse> {
  return apiJson<VerifyPaymentResponse>(API_PATHS.verifyPayment, {
    method: 'POST',
    json: { reference },
  });
}
