import {
  API_PATHS,
  type MyVerificationResponse,
  type VerificationRequestedResponse,
} from '@marketplace/contracts';
import { apiFetch, apiJson, ApiError, readApiBody } from '@marketplace/ui';

export const MY_VERIFICATION_URL = API_PATHS.myVerification;

/** The company's verified date and latest request. */
export function fetchMyVerification(signal?: AbortSignal): Promise<MyVerificationResponse> {
  return apiJson<MyVerificationResponse>(MY_VERIFICATION_URL, { ...(signal ? { signal } : {}) });
}

/** Sends a request (multipart: the browser sets the boundary); an ApiError carries the server's words. */
export async function askVerification(
  cacNumber: string,
  certificate: File,
): Promise<VerificationRequestedResponse> {
  const form = new FormData();
  form.append('cacNumber', cacNumber);
  form.append('certificate', certificate, certificate.name);
  const response = await apiFetch(MY_VERIFICATION_URL, { method: 'POST', body: form });
  const { body, message, details } = await readApiBody(response);
  if (!response.ok) {
    throw new ApiError(
      response.status,
      message ?? `Request failed (${response.status})`,
      message,
      details,
      body,
    );
  }
  return body as VerificationRequestedResponse;
}
