// Password reset and e-mail verification calls (accounts API). Shapes and texts come from contracts.
import {
  API_PATHS,
  INVALID_LINK_CODE,
  type ForgotPasswordBody,
  type ResetPasswordBody,
  type VerifyEmailBody,
} from '@marketplace/contracts';
import { ApiError, apiJson } from '@marketplace/ui';

/** `{ statusCode, resultMessage: { en } }`: what each of these calls answers on success. */
export interface MessageBody {
  statusCode: number;
  resultMessage: { en: string };
}

/** The reset or verification link is used, expired, replaced or not one of ours (a 400 INVALID_LINK). */
export function isInvalidLink(error: unknown): error is ApiError {
  return (
    error instanceof ApiError &&
    error.status === 400 &&
    (error.body as { code?: unknown } | undefined)?.code === INVALID_LINK_CODE
  );
}

/** The token of a mailed link: it travels in the fragment, `#token=...`. */
export function linkToken(hash: string): string | undefined {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token')?.trim();
  return token ? token : undefined;
}

export function requestPasswordReset(email: string): Promise<MessageBody> {
  const json: ForgotPasswordBody = { email: email.trim() };
  return apiJson<MessageBody>(API_PATHS.forgotPassword, { method: 'POST', json, refresh: false });
}

export function resetPassword(token: string, password: string): Promise<MessageBody> {
  const json: ResetPasswordBody = { token, password };
  return apiJson<MessageBody>(API_PATHS.resetPassword, { method: 'POST', json, refresh: false });
}

export function verifyEmail(token: string): Promise<MessageBody> {
  const json: VerifyEmailBody = { token };
  return apiJson<MessageBody>(API_PATHS.verifyEmail, { method: 'POST', json, refresh: false });
}

/** 'Resend verification e-mail' for the signed-in member. */
export function resendVerification(): Promise<MessageBody> {
  return apiJson<MessageBody>(API_PATHS.resendVerification, { method: 'POST' });
}
