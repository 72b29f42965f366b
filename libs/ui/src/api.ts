// The one HTTP client of the front end (shell and remotes): same-origin cookies, the CSRF header on
// state-changing requests, one refresh-and-retry on 401, and the network-failure toast.
import {
  API_PATHS,
  type CSRF_HEADER as CONTRACT_CSRF_HEADER,
  type ErrorEnvelope,
  type SESSION_COOKIES,
} from '@marketplace/contracts';
import { endSession } from './session-store';
import { notify } from './toast';

// The CSRF names are contracts' (SESSION_COOKIES.csrf, CSRF_HEADER): typed as their literal types, so a
// change in contracts fails the type check here. They are not imported as values because contracts'
// sessions module builds TypeBox schemas when it loads, which would put TypeBox into the first view of
// every page (see tools/webpack/sizes.ts).
/** Readable cookie the server sets next to the httpOnly session cookies. */
export const CSRF_COOKIE: (typeof SESSION_COOKIES)['csrf'] = 'mp_csrf';
export const CSRF_HEADER: typeof CONTRACT_CSRF_HEADER = 'x-csrf-token';
/** Spec section 8: a request with no network response. */
export const NETWORK_ERROR_MESSAGE = 'Please Check Your Network Connection';
export const NETWORK_ERROR_TOAST_MS = 2500;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The request never got a response (offline, DNS, connection reset). */
export class NetworkError extends Error {
  constructor(options?: { cause?: unknown }) {
    super(NETWORK_ERROR_MESSAGE, options);
    this.name = 'NetworkError';
  }
}

export function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return part.slice(eq + 1).trim();
      }
    }
  }
  return null;
}

export function csrfToken(): string | null {
  return readCookie(CSRF_COOKIE) || null;
}

/**
 * Headers every state-changing request needs (also for XMLHttpRequest uploads). A safe method reads no
 * cookie: `document.cookie` is a synchronous call to the browser process (the first one of a visit also
 * opens the cookie store), and the page's first requests are all GETs.
 */
export function csrfHeaders(method: string): Record<string, string> {
  if (SAFE_METHODS.has(method.toUpperCase())) return {};
  const token = csrfToken();
  return token ? { [CSRF_HEADER]: token } : {};
}

export interface ApiOptions extends Omit<RequestInit, 'body'> {
  body?: BodyInit | null;
  /** Sent as JSON (sets Content-Type). */
  json?: unknown;
  /** On 401, refresh the session once and retry (default true). Off for login and registration. */
  refresh?: boolean;
  /** Toast shown when there is no network response: 'error' (default), 'warning', or false for none. */
  networkToast?: 'error' | 'warning' | false;
}

let refreshing: Promise<boolean> | null = null;

/**
 * POST /api/user/refresh, once for any number of concurrent callers. Without a CSRF cookie there is no
 * session to refresh. When the server refuses the refresh (401, 403) the session is over on this device
 * too; when it could not answer (5xx, 429: accounts or its database restarting) nothing is known about
 * the session and it is kept, as when offline.
 */
export function refreshSession(): Promise<boolean> {
  if (refreshing) return refreshing;
  const attempt = (async () => {
    if (!csrfToken()) {
      endSession();
      return false;
    }
    try {
      const response = await fetch(API_PATHS.refresh, {
        method: 'POST',
        credentials: 'same-origin',
        headers: csrfHeaders('POST'),
      });
      if (response.ok) return true;
      if (response.status !== 401 && response.status !== 403) return false;
    } catch {
      return false; // offline: nothing is known about the session, keep it
    }
    endSession();
    return false;
  })();
  refreshing = attempt;
  attempt.finally(() => {
    if (refreshing === attempt) refreshing = null;
  });
  return attempt;
}

async function send(path: string, options: ApiOptions): Promise<Response> {
  const { json, refresh: _refresh, networkToast = 'error', headers, body, ...init } = options;
  const method = (init.method ?? 'GET').toUpperCase();
  const merged = new Headers(headers);
  for (const [name, value] of Object.entries(csrfHeaders(method))) merged.set(name, value);
  if (json !== undefined && !merged.has('content-type')) merged.set('content-type', 'application/json');
  if (!merged.has('accept')) merged.set('accept', 'application/json');
  try {
    return await fetch(path, {
      ...init,
      method,
      credentials: 'same-origin',
      headers: merged,
      body: json !== undefined ? JSON.stringify(json) : body,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    if (networkToast) notify(networkToast, NETWORK_ERROR_MESSAGE, NETWORK_ERROR_TOAST_MS);
    throw new NetworkError({ cause: error });
  }
}

/**
 * fetch() for the marketplace API. Resolves with the Response for every HTTP status (callers read their
 * own error bodies); rejects with NetworkError when no response came (after showing the toast).
 */
export async function apiFetch(path: string, options: ApiOptions = {}): Promise<Response> {
  const response = await send(path, options);
  if (response.status !== 401 || options.refresh === false) return response;
  if (!(await refreshSession())) return response;
  return send(path, options);
}

/** One field the server rejected: `path` names the field ('/email' or 'email'), `message` says why. */
export interface ApiFieldError {
  path: string;
  message: string;
}

/** A response that was not 2xx, with what the error envelope said (contracts' ErrorEnvelope). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The envelope's `message` (or resultMessage.en / errorMessage); undefined when the body said nothing. */
    readonly serverMessage: string | undefined,
    /** Per-field errors from `details`, field names without the leading '/'. */
    readonly details: ApiFieldError[],
    readonly body: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

function textOf(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value : undefined;
}

/** What an API body says: the human-readable message and the per-field errors. */
export interface ApiBodyText {
  message: string | undefined;
  details: ApiFieldError[];
}

/**
 * The one reader of API bodies (also for bodies that did not come through fetch, e.g. an upload):
 * the message is resultMessage.en, message or errorMessage; details are the envelope's per-field errors.
 */
export function apiBodyText(body: unknown): ApiBodyText {
  const envelope = (typeof body === 'object' && body !== null ? body : {}) as Partial<ErrorEnvelope>;
  const message =
    textOf(envelope.resultMessage?.en) ?? textOf(envelope.message) ?? textOf(envelope.errorMessage);
  const details = Array.isArray(envelope.details)
    ? envelope.details
        .filter((d) => typeof d?.path === 'string' && typeof d?.message === 'string')
        .map((d) => ({ path: d.path.replace(/^\//, '').replace(/\//g, '.'), message: d.message }))
    : [];
  return { message, details };
}

/** The parsed JSON body of a response (undefined when it is not JSON) and what it says. */
export async function readApiBody(response: Response): Promise<ApiBodyText & { body: unknown }> {
  let body: unknown;
  try {
    body = await response.clone().json();
  } catch {
    body = undefined; // not JSON
  }
  return { body, ...apiBodyText(body) };
}

/**
 * The typed fetch helper: apiFetch, then the JSON body as `T` on 2xx, or an ApiError (status, message,
 * per-field details) otherwise. NetworkError still means no response came. `T` is the contracts type of
 * the route's response (`Static<typeof …ResponseSchema>`).
 */
export async function apiJson<T>(path: string, options: ApiOptions = {}): Promise<T> {
  const response = await apiFetch(path, options);
  const { body, message, details } = await readApiBody(response);
  if (!response.ok) {
    throw new ApiError(
      response.status,
      message ?? `Request failed with status ${response.status}`,
      message,
      details,
      body,
    );
  }
  return body as T;
}

/** Forgets an in-flight refresh. Tests only. */
export function resetApiForTests(): void {
  refreshing = null;
}
