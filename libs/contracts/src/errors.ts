import { Type, type Static } from 'typebox';

/**
 * One error envelope for every service. `message` is for people; `resultMessage.en` and `errorMessage`
 * are the fields existing clients (web and the Android app) already read, so both carry the same text.
 */
export const ErrorEnvelopeSchema = Type.Object({
  statusCode: Type.Integer(),
  error: Type.String(),
  code: Type.String(),
  message: Type.String(),
  errorMessage: Type.String(),
  resultMessage: Type.Object({ en: Type.String() }),
  details: Type.Optional(Type.Array(Type.Object({ path: Type.String(), message: Type.String() }))),
});
export type ErrorEnvelope = Static<typeof ErrorEnvelopeSchema>;

export function errorEnvelope(
  statusCode: number,
  code: string,
  message: string,
  error = httpReason(statusCode),
  details?: ErrorEnvelope['details'],
): ErrorEnvelope {
  return {
    statusCode,
    error,
    code,
    message,
    errorMessage: message,
    resultMessage: { en: message },
    ...(details ? { details } : {}),
  };
}

function httpReason(statusCode: number): string {
  const reasons: Record<number, string> = {
    400: 'Bad Request',
    401: 'Unauthorized',
    403: 'Forbidden',
    404: 'Not Found',
    409: 'Conflict',
    413: 'Payload Too Large',
    414: 'URI Too Long',
    415: 'Unsupported Media Type',
    422: 'Unprocessable Entity',
    429: 'Too Many Requests',
    500: 'Internal Server Error',
    502: 'Bad Gateway',
    503: 'Service Unavailable',
  };
  return reasons[statusCode] ?? 'Error';
}
