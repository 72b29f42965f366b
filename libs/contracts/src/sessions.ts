import { Type, type Static } from 'typebox';
import { AccountSchema, ResultMessageSchema } from './accounts';

/**
 * Sessions (ARCHITECTURE, "Identity and sessions"): a short-lived EdDSA access token plus an opaque,
 * rotating refresh token. Web clients get both as httpOnly cookies and send the readable CSRF cookie
 * back in a header on every state-changing call; native clients use `Authorization: Bearer`.
 */
export const SESSION_COOKIES = Object.freeze({
  /** httpOnly, path /, SameSite=Lax: the access JWT. */
  access: 'mp_access',
  /** httpOnly, path /api/user, SameSite=Strict: the opaque refresh token. */
  refresh: 'mp_refresh',
  /** Readable by the page, path /, SameSite=Strict: echo it in CSRF_HEADER (double submit). */
  csrf: 'mp_csrf',
} as const);

/** Header that must equal the mp_csrf cookie on POST/PUT/PATCH/DELETE authenticated by cookie. */
export const CSRF_HEADER = 'x-csrf-token';

/** Texts of the session layer that travel in the error envelope (`resultMessage.en`). */
export const SESSION_MESSAGES = Object.freeze({
  loginSuccessful: 'Login successful',
  sessionRefreshed: 'Session refreshed',
  loggedOut: 'Logged out successfully',
  pleaseSignIn: 'Please sign in to continue.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  csrfFailed:
    'This request could not be verified (missing or wrong x-csrf-token). Please reload the page and try again.',
  tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
  facebookNotAvailable: 'Facebook login is not available.',
} as const);

/** POST /api/user/login, POST /api/user/refresh: the new session. */
export const SessionResponseSchema = Type.Object({
  statusCode: Type.Integer(),
  resultMessage: ResultMessageSchema,
  accessToken: Type.String(),
  refreshToken: Type.String(),
  user: AccountSchema,
});
export type SessionResponse = Static<typeof SessionResponseSchema>;

/** POST /api/user/refresh: native clients send the token; web clients send nothing (cookie). */
export const RefreshBodySchema = Type.Object({
  refreshToken: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
});

/** POST /api/user/logout: the spec's payload; the session itself comes from the token or cookies. */
export const LogoutBodySchema = Type.Object({
  user_id: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Null()])),
  refreshToken: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
});

export const LogoutResponseSchema = Type.Object({
  statusCode: Type.Integer(),
  resultMessage: ResultMessageSchema,
});

/** GET /api/user/me: who is signed in (the web client cannot read its httpOnly cookies). */
export const MeResponseSchema = Type.Object({
  statusCode: Type.Integer(),
  /** null when nobody is signed in (a signed-out visit is a 200, not an error). */
  user: Type.Union([AccountSchema, Type.Null()]),
});

/** GET /api/user/auth-options: which sign-in methods the server offers. */
export const AuthOptionsResponseSchema = Type.Object({
  facebook: Type.Boolean(),
});
export type AuthOptionsResponse = Static<typeof AuthOptionsResponseSchema>;

/** GET /api/user/jwks.json: the public key that verifies access tokens (RFC 7517), for other services. */
export const JwksResponseSchema = Type.Object({
  keys: Type.Array(
    Type.Object(
      {
        kty: Type.String(),
        crv: Type.Optional(Type.String()),
        x: Type.Optional(Type.String()),
        kid: Type.String(),
        alg: Type.String(),
        use: Type.String(),
      },
      // Any other member of the key goes out as it is.
      { additionalProperties: true },
    ),
  ),
});

/** Query of /facebook/callback (the web screen) after the server-side Facebook flow. */
export const FACEBOOK_CALLBACK_STATUS = Object.freeze({ ok: 'ok', error: 'error' } as const);
