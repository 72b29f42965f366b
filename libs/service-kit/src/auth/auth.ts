import { createHash, timingSafeEqual } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import fastifyJwt from '@fastify/jwt';
import { CSRF_HEADER, SESSION_COOKIES, SESSION_MESSAGES } from '@marketplace/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, forbidden, unauthorized } from '../http/errors';

export type AccountType = 'user' | 'company' | 'admin';

/** What an access token says about its bearer. */
export interface AccessClaims {
  sub: string;
  type: AccountType;
  name: string;
  /** The session (refresh-token family) the token was issued for; absent on tokens minted in tests. */
  sid?: string;
  /**
   * The SHA-256 (base64url) of the session's CSRF value (the mp_csrf cookie), set by accounts on
   * browser sessions: binds the double-submit value to the session so a planted cookie is refused.
   */
  csh?: string;
  /** Expiry (seconds since the epoch), set on every token accounts signs. */
  exp?: number;
}

/** Where the access token of a request came from: a header (native clients) or the mp_access cookie. */
export type AuthSource = 'header' | 'cookie';

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: AccessClaims;
    user: AccessClaims;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * preHandler: 401 unless the request carries a valid access token (Authorization header or the
     * mp_access cookie); 403 when it came from the cookie on an unsafe method without the CSRF header.
     */
    authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /** preHandler factory: as `authenticate`, then 403 unless the account has one of the types. */
    requireType(...types: AccountType[]): (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    /** Set by `authenticate`: where the verified access token came from. */
    authSource: AuthSource | null;
  }
}

export interface AuthOptions {
  publicKey: string;
  /** Only the accounts service holds it; other services verify only. */
  privateKey?: string;
  accessTokenTtlSeconds?: number;
  /**
   * True when the token's session was ended early or its account deleted (auth/revocation.ts; set by
   * setupService): such tokens are refused although their signature and expiry are fine.
   */
  isRevoked?: (claims: AccessClaims) => Promise<boolean>;
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const JWT_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

/**
 * The access token of a request. `Authorization: Bearer <jwt>` and the legacy bare `Authorization: <jwt>`
 * (the spec's clients send the stored token as is) win over the cookie; a header that holds no JWT
 * (e.g. `null` from a signed-out legacy client) is ignored.
 */
export function accessTokenOf(request: FastifyRequest): { token: string; source: AuthSource } | undefined {
  const header = request.headers.authorization?.trim();
  if (header) {
    const candidate = /^bearer\s+/i.test(header) ? header.replace(/^bearer\s+/i, '').trim() : header;
    if (JWT_SHAPE.test(candidate)) return { token: candidate, source: 'header' };
  }
  const cookie = request.cookies?.[SESSION_COOKIES.access];
  if (cookie && JWT_SHAPE.test(cookie)) return { token: cookie, source: 'cookie' };
  return undefined;
}

export function isUnsafeMethod(method: string): boolean {
  return UNSAFE_METHODS.has(method.toUpperCase());
}

/** The SHA-256 (base64url) of a CSRF value, as accounts puts it in the access token (`csh`). */
export function csrfHash(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}

/**
 * CSRF check for requests authenticated by cookie: the `x-csrf-token` header must equal the readable
 * mp_csrf cookie (double submit) AND its SHA-256 must be the one bound to the session (`boundHash`: the
 * `csh` claim of the verified access token, or the hash stored with the refresh-token family). A page
 * elsewhere can neither read mp_csrf nor send a custom header without a CORS preflight the services
 * never grant, and a cookie planted from elsewhere (a sibling subdomain, a network attacker on http)
 * does not match the session's hash. `allowUnbound` is for accounts' sessions started before the
 * binding existed (no stored hash): double submit only, and accounts binds a new value at once.
 */
export function assertCsrf(
  request: FastifyRequest,
  boundHash: string | null | undefined,
  options: { allowUnbound?: boolean } = {},
): void {
  const cookie = request.cookies?.[SESSION_COOKIES.csrf];
  const header = request.headers[CSRF_HEADER];
  const sent = Array.isArray(header) ? header[0] : header;
  const fail = () => new AppError(403, 'CSRF_FAILED', SESSION_MESSAGES.csrfFailed);
  if (!cookie || !sent || !safeEqual(cookie, sent)) throw fail();
  if (!boundHash) {
    if (options.allowUnbound) return;
    throw fail();
  }
  if (!safeEqual(csrfHash(sent), boundHash)) throw fail();
}

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The 401s of the session layer; an expired token says so, so clients know to refresh. */
export function sessionExpired(): AppError {
  return new AppError(401, 'SESSION_EXPIRED', SESSION_MESSAGES.sessionExpired);
}

/**
 * Access-token verification for a service. Tokens are EdDSA JWTs signed by accounts; a service gets
 * only the public key, so no other service can mint one. Registers @fastify/cookie (once) so the
 * session cookies of web clients are understood by every service that mounts this plugin.
 */
export const authPlugin = fp(
  async (app: FastifyInstance, options: AuthOptions) => {
    if (!app.hasDecorator('parseCookie')) await app.register(fastifyCookie);
    await app.register(fastifyJwt, {
      secret: options.privateKey
        ? { private: options.privateKey, public: options.publicKey }
        : { public: options.publicKey, private: '' },
      sign: { algorithm: 'EdDSA', expiresIn: options.accessTokenTtlSeconds ?? 900 },
      verify: { algorithms: ['EdDSA'] },
    });
    if (!app.hasRequestDecorator('authSource')) app.decorateRequest('authSource', null);

    const authenticate = async (request: FastifyRequest) => {
      const found = accessTokenOf(request);
      if (!found) throw unauthorized(SESSION_MESSAGES.pleaseSignIn);
      let claims: AccessClaims;
      try {
        claims = app.jwt.verify<AccessClaims>(found.token);
      } catch (err) {
        const code = (err as { code?: string }).code;
        if (code === 'FAST_JWT_EXPIRED' || code === 'FST_JWT_AUTHORIZATION_TOKEN_EXPIRED') {
          throw sessionExpired();
        }
        throw unauthorized(SESSION_MESSAGES.pleaseSignIn);
      }
      if (options.isRevoked && (await options.isRevoked(claims))) throw sessionExpired();
      if (found.source === 'cookie' && isUnsafeMethod(request.method)) {
        // Double submit first; then the binding. A browser token from before the binding (no `csh`)
        // gets 401 so the client refreshes (accounts binds a value then) and retries, not a dead-end 403.
        assertCsrf(request, claims.csh, { allowUnbound: true });
        if (!claims.csh) throw sessionExpired();
      }
      request.user = claims;
      request.authSource = found.source;
    };
    app.decorate('authenticate', authenticate);
    app.decorate('requireType', (...types: AccountType[]) => async (request: FastifyRequest) => {
      await authenticate(request);
      if (!types.includes(request.user.type)) throw forbidden();
    });
  },
  { name: 'marketplace-auth' },
);
