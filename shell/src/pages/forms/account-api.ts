// Small helpers the account pages share for talking to the accounts API.
import { useEffect, useState } from 'react';
import { REGISTRATION_CONSTANTS, registrationDeviceId } from '@marketplace/contracts';
import { apiFetch, type SessionUser } from '@marketplace/ui';

export interface ApiBody {
  statusCode?: number;
  resultMessage?: { en?: string };
  message?: string;
  errorMessage?: string;
  user?: SessionUser;
}

/** The JSON body of a response, or {} when there is none. */
export async function readBody(response: Response): Promise<ApiBody> {
  try {
    const body: unknown = await response.json();
    return typeof body === 'object' && body !== null ? (body as ApiBody) : {};
  } catch {
    return {};
  }
}

/** The server's English text: resultMessage.en, then message, then errorMessage. */
export function serverMessage(body: ApiBody): string | undefined {
  for (const text of [body.resultMessage?.en, body.message, body.errorMessage]) {
    if (typeof text === 'string' && text.trim()) return text;
  }
  return undefined;
}

export function isAccount(value: unknown): value is SessionUser {
  const v = value as Partial<SessionUser> | null | undefined;
  return typeof v?._id === 'string' && typeof v.name === 'string' && typeof v.type === 'string';
}

/** Whether the server offers social login (GET /api/user/auth-options); false until it says so. */
export function useFacebookLogin(): boolean {
  const [enabled, setEnabled] = useState(false);
  useEffect(() => {
    let current = true;
    apiFetch('/api/user/auth-options', { networkToast: false, refresh: false })
      .then((response) => (response.ok ? readBody(response) : {}))
      .then((body) => {
        if (current) setEnabled((body as { facebook?: unknown }).facebook === true);
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, []);
  return enabled;
}

/** Social login starts with a full page navigation; the server finishes OAuth and returns to /facebook/callback. */
export const FACEBOOK_LOGIN_URL = '/api/user/facebook';

/**
 * POST /api/user with the fields every client sends (spec "Registration payload"); `extra` carries
 * what differs between poster sign-up and company registration.
 */
export async function postRegistration(
  account: { name: string; email: string; password: string },
  extra: Record<string, unknown>,
): Promise<{ response: Response; body: ApiBody }> {
  const response = await apiFetch('/api/user', {
    method: 'POST',
    refresh: false,
    json: {
      email: account.email.trim(),
      name: account.name,
      password: account.password,
      language: REGISTRATION_CONSTANTS.language,
      platform: REGISTRATION_CONSTANTS.platform,
      timezone: REGISTRATION_CONSTANTS.timezone,
      deviceId: registrationDeviceId(account.name),
      ...extra,
    },
  });
  return { response, body: await readBody(response) };
}
