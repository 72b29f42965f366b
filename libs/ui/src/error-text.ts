// What a failed request says to the reader, written once for every page: the network's sentence when no
// answer came, a page's own text for the statuses it names, the server's words where the page trusts
// them, and the page's texts for any other answer or failure.
import { ApiError, NETWORK_ERROR_MESSAGE, NetworkError } from './api';

export interface ErrorTexts {
  /** A page's own text for these statuses (before the server's words). */
  status?: Readonly<Partial<Record<number, string>>>;
  /** Show the server's message (when it sent one): for every answer (true) or for the statuses it accepts. */
  server?: boolean | ((status: number) => boolean);
  /** Any other answer: a text, or one made from the status. Without it, `fallback`. */
  answered?: string | ((status: number) => string);
  /** No answer that the rules above name (and not the network). */
  fallback: string;
}

/** The text for a failed request (`error` as thrown by apiFetch/apiJson), by the page's `texts`. */
export function errorText(error: unknown, texts: ErrorTexts): string {
  if (error instanceof NetworkError) return NETWORK_ERROR_MESSAGE;
  if (!(error instanceof ApiError)) return texts.fallback;
  const own = texts.status?.[error.status];
  if (own !== undefined) return own;
  const server = typeof texts.server === 'function' ? texts.server(error.status) : texts.server === true;
  if (server && error.serverMessage) return error.serverMessage;
  const { answered } = texts;
  if (answered === undefined) return texts.fallback;
  return typeof answered === 'function' ? answered(error.status) : answered;
}

/**
 * The `retry` of every query: once more on a network failure or a server error; a 4xx answer will not
 * change by asking again.
 */
export function retryUnlessClientError(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}
