// The job modal's unlock (issue 10): the terms shown before paying, and starting the checkout.
import {
  API_PATHS,
  PAYMENT_API,
  type InitializePaymentResponse,
  type PaymentTermsResponse,
} from '@marketplace/contracts';
import { apiJson } from '@marketplace/ui';

export const paymentTermsKey = (jobId: string, userId: string) =>
  ['payments', 'terms', jobId, userId] as const;

export function fetchPaymentTerms(jobId: string, signal?: AbortSignal): Promise<PaymentTermsResponse> {
  return apiJson<PaymentTermsResponse>(PAYMENT_API.terms(jobId), { signal });
}

/**
 * The job's id and the company's own e-mail (the checkout's payer and its receipt; the payments service
 * does not hold it): the price, the company and the poster come from the server.
 */
export function initializePayment(jobId: string, email?: string): Promise<InitializePaymentResponse> {
  return apiJson<InitializePaymentResponse>(API_PATHS.initializePayment, {
    method: 'POST',
    json: email ? { jobId, email } : { jobId },
  });
}

/** Leaving for the provider's checkout (an object so tests can replace it; jsdom cannot navigate). */
export const checkout = {
  go(url: string): void {
    window.location.assign(url);
  },
};
