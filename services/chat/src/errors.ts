import { CHAT_MESSAGES, type WsErrorCode } from '@marketplace/contracts';
import { AppError } from '@marketplace/service-kit';

/**
 * A refusal with both faces: the HTTP status and code of the kit's error envelope, and the `error`
 * frame code of the socket protocol, so the REST routes and /ws refuse alike.
 */
export class ChatError extends AppError {
  constructor(
    readonly wsCode: WsErrorCode,
    statusCode: number,
    code: string,
    message: string,
    /** rate_limited: when the window ends. */
    readonly retryAfterMs?: number,
  ) {
    super(statusCode, code, message);
    this.name = 'ChatError';
  }
}

export const chatErrors = {
  notFound: () => new ChatError('not_found', 404, 'CHAT_NOT_FOUND', CHAT_MESSAGES.notFound),
  notMember: () => new ChatError('not_member', 403, 'NOT_MEMBER', CHAT_MESSAGES.notMember),
  notUnlocked: () => new ChatError('not_member', 403, 'NOT_UNLOCKED', CHAT_MESSAGES.notUnlocked),
  readOnly: () => new ChatError('read_only', 409, 'CHAT_READ_ONLY', CHAT_MESSAGES.readOnly),
  empty: () => new ChatError('empty', 400, 'EMPTY_MESSAGE', CHAT_MESSAGES.emptyMessage),
  tooLong: () => new ChatError('too_long', 400, 'MESSAGE_TOO_LONG', CHAT_MESSAGES.tooLong),
  rateLimited: (retryAfterMs: number) =>
    new ChatError('rate_limited', 429, 'RATE_LIMITED', CHAT_MESSAGES.rateLimited, retryAfterMs),
  badMessage: () => new ChatError('bad_request', 400, 'BAD_MESSAGE', CHAT_MESSAGES.badMessage),
};
