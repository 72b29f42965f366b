// Small helpers the account pages share for talking to the accounts API. Shapes come from contracts;
// bodies are read with libs/ui's one reader (readApiBody / apiBodyText).
import { useEffect, useState } from 'react';
import {
  API_PATHS,
  REGISTRATION_CONSTANTS,
  registrationDeviceId,
  type Account,
  type AuthOptionsResponse,
  type RegisterBody,
} from '@marketplace/contracts';
import { apiJson, apiFetch, isSessionUser, readApiBody, type ApiFieldError } from '@marketplace/ui';

/** A response body as the account pages use it: the raw JSON, its message, field errors and account. */
export interface ApiBody {
  statusCode?: number;
  message: string | undefined;
  details: ApiFieldError[];
  user?: Account;
}

/** The account in a response body, if there is one. */
export function accountOf(body: unknown): Account | undefined {
  const user = (body as { user?: unknown } | undefined)?.user;
  return isSessionUser(user) ? user : undefined;
}

/** What a response says (one reader: libs/ui readApiBody). */
export async function readBody(response: Response): Promise<ApiBody> {
  const { body, message, details } = await readApiBody(response);
  const statusCode = (body as { statusCode?: unknown } | undefined)?.statusCode;
  return {
    statusCode: typeof statusCode === 'number' ? statusCode : undefined,
    message,
    details,
    user: accountOf(body),
  };
}

// What the server offers for signing in, asked once per page load (it does not change while a page is
// open); a failed answer is asked again by the next page that needs it.
let facebookOffered: boolean | undefined;
let authOptions: Promise<boolean> | undefined;

function askAuthOptions(): Promise<boolean> {
  authOptions ??= apiJson<AuthOptionsResponse>(API_PATHS.authOptions, {
    networkToast: false,
    refresh: false,
  }).then(
    (options) => (facebookOffered = options.facebook === true),
    () => {
      authOptions = undefined;
      return false;
    },
  );
  return authOptions;
}

/** Whether the server offers social login (GET /api/user/auth-options); false until it says so. */
export function useFacebookLogin(): boolean {
  const [offered, setOffered] = useState(facebookOffered ?? false);
  useEffect(() => {
    let current = true;
    void askAuthOptions().then((yes) => current && setOffered(yes));
    return () => {
      current = false;
    };
  }, []);
  return offered;
}

export function resetAuthOptionsForTests(): void {
  facebookOffered = undefined;
  authOptions = undefined;
}

/** Social login starts with a full page navigation; the server finishes OAuth and returns to /facebook/callback. */
export const FACEBOOK_LOGIN_URL = API_PATHS.facebook;

/**
 * POST /api/user with the fields every client sends (spec "Registration payload"); `extra` carries
 * what differs between poster sign-up and company registration.
 */
export async function postRegistration(
  account: { name: string; email: string; password: string },
  extra: Omit<RegisterBody, 'email' | 'name' | 'password'>,
): Promise<{ response: Response; body: ApiBody }> {
  const json: RegisterBody = {
    email: account.email.trim(),
    name: account.name,
    password: account.password,
    language: REGISTRATION_CONSTANTS.language,
    platform: REGISTRATION_CONSTANTS.platform,
    timezone: REGISTRATION_CONSTANTS.timezone,
    deviceId: registrationDeviceId(account.name),
    ...extra,
  };
  const response = await apiFetch(API_PATHS.register, { method: 'POST', refresh: false, json });
  return { response, body: await readBody(response) };
}
