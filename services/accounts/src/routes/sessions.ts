import { createHash } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import {
  AuthOptionsResponseSchema,
  FACEBOOK_CALLBACK_STATUS,
  JwksResponseSchema,
  LoginBodySchema,
  LogoutBodySchema,
  LogoutResponseSchema,
  MESSAGES,
  MeResponseSchema,
  RefreshBodySchema,
  SESSION_COOKIES,
  SESSION_MESSAGES,
  SessionResponseSchema,
  ErrorEnvelopeSchema,
  errorEnvelope,
} from '@marketplace/contracts';
import {
  accessTokenOf,
  assertCsrf,
  csrfHash,
  notFound,
  publicJwks,
  redirectResponse,
  sessionExpired,
  unauthorized,
  type AccessClaims,
  type FastifyPluginAsyncTypebox,
} from '@marketplace/service-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import { Type } from 'typebox';
import type { AccountsDatabase } from '../db-types';
import { normaliseEmail, UsersRepository, type UserRow } from '../repositories/users-repository';
import { accountForFacebook, ensureFirstAdmin, isUsablePasswordHash } from '../sessions/accounts';
import { resolveAccountsSettings, type AccountsSettings } from '../config';
import { clearSessionCookies, isSecureRequest, newCsrfValue, setSessionCookies } from '../sessions/cookies';
import { KnownDevices } from '../sessions/known-device';
import {
  FACEBOOK_STATE_COOKIE,
  FACEBOOK_STATE_COOKIE_PATH,
  FACEBOOK_STATE_MAX_AGE_SECONDS,
  FacebookClient,
  FacebookState,
} from '../sessions/facebook';
import { emailKey } from '../rate-limits';
import { SessionStore } from '../repositories/session-store';
import { toAccount } from './users';

export interface SessionRoutesOptions {
  db: Kysely<AccountsDatabase>;
  /** The access-token keys; the private one also keys the signed Facebook state cookie. */
  publicKey: string;
  privateKey: string;
  settings?: AccountsSettings;
}

// Verifying against this when an email is unknown (or has no password) keeps login time the same.
const UNKNOWN_USER_HASH = hash('not-a-real-password-just-for-timing');

const FACEBOOK_CALLBACK_PAGE = '/facebook/callback';

/**
 * Sessions of the accounts service: login, refresh, logout, the signed-in account, Facebook login,
 * the JWKS and the first admin. Its rate limits are named in each route's config (see config.ts).
 */
const sessionRoutesPlugin: FastifyPluginAsyncTypebox<SessionRoutesOptions> = async (app, options) => {
  const settings = resolveAccountsSettings(options.settings);
  const db = options.db;
  const users = new UsersRepository(options.db);
  const store = new SessionStore(db, {
    ttlMs: settings.refreshTtlMs,
    idleMs: settings.refreshIdleMs,
    graceMs: settings.refreshGraceMs,
    now: settings.now,
  });
  // Login attempts are also counted per account (whatever the spelling of its email): first per account
  // and client address (guessing from one place stops there, and adds nothing more to the account's
  // total), then per account from everywhere, a slower back-off that a browser the account signed in on
  // before is not held to, so someone guessing from many addresses cannot lock the owner out.
  const knownDevices = new KnownDevices(
    createHash('sha256').update(`known-device-key:${options.privateKey}`).digest('hex'),
  );
  const perAccountAndIp = {
    name: 'login-account-ip',
    key: (request: FastifyRequest) => {
      const email = emailKey(request.body);
      return email === undefined ? undefined : `${email}\n${request.ip}`;
    },
  };
  const perAccount = {
    name: 'login-account',
    key: (request: FastifyRequest) => {
      const email = emailKey(request.body);
      return email === undefined || knownDevices.knows(request, email) ? undefined : email;
    },
  };

  if (settings.admin) await ensureFirstAdmin(db, settings.admin, app.log);

  const facebook = settings.facebook ? new FacebookClient(settings.facebook) : undefined;
  // The state cookie's signing key, derived from the private key so no extra secret is needed.
  const facebookState = new FacebookState(
    createHash('sha256').update(`facebook-state-key:${options.privateKey}`).digest('hex'),
  );
  const cookieOptions = { secure: settings.cookieSecure };
  const userAgent = (request: FastifyRequest) => request.headers['user-agent'];

  /** A new session for the account: tokens for the JSON body, cookies for browsers. */
  async function startSession(request: FastifyRequest, reply: FastifyReply, user: UserRow) {
    const csrf = newCsrfValue();
    const issued = await store.start(user.id, userAgent(request), csrfHash(csrf));
    const accessToken = signAccess(user, issued.familyId, issued.csrfHash);
    setSessionCookies(
      request,
      reply,
      {
        accessToken,
        refreshToken: issued.refreshToken,
        familyExpiresAt: issued.familyExpiresAt,
        now: settings.now(),
        csrf,
      },
      cookieOptions,
    );
    return { accessToken, refreshToken: issued.refreshToken };
  }

  function signAccess(user: UserRow, familyId: string, boundCsrfHash: string | null): string {
    const claims: AccessClaims = {
      sub: user.id,
      type: user.type,
      name: user.name,
      sid: familyId,
      ...(boundCsrfHash ? { csh: boundCsrfHash } : {}),
    };
    return app.jwt.sign(claims);
  }

  /** The verified claims of the access token, if the request carries a valid one. */
  function verifiedAccess(request: FastifyRequest) {
    const found = accessTokenOf(request);
    if (!found) return undefined;
    try {
      return { claims: app.jwt.verify<AccessClaims>(found.token), source: found.source };
    } catch {
      return undefined;
    }
  }

  app.post(
    '/api/user/login',
    {
      config: { rateLimits: ['login-ip', perAccountAndIp, perAccount] },
      schema: { body: LoginBodySchema, response: { 200: SessionResponseSchema } },
    },
    async (request, reply) => {
      const user = await users.findByEmail(request.body.email);
      const usable = user !== undefined && isUsablePasswordHash(user.password_hash);
      const passwordHash = usable ? user.password_hash : await UNKNOWN_USER_HASH;
      const valid = await verify(passwordHash, request.body.password).catch(() => false);
      if (!user || !usable || !valid) throw unauthorized(MESSAGES.invalidUserNameOrPassword);
      const tokens = await startSession(request, reply, user);
      knownDevices.remember(request, reply, normaliseEmail(user.email), settings.cookieSecure);
      return {
        statusCode: 200,
        resultMessage: { en: SESSION_MESSAGES.loginSuccessful },
        ...tokens,
        user: toAccount(user),
      };
    },
  );

  app.post(
    '/api/user/refresh',
    {
      config: { rateLimits: ['refresh-ip'] },
      schema: { body: RefreshBodySchema, response: { 200: SessionResponseSchema } },
    },
    async (request, reply) => {
      const fromBody = request.body.refreshToken;
      const fromCookie = request.cookies[SESSION_COOKIES.refresh];
      const token = fromBody ?? fromCookie;
      if (!token) throw unauthorized(SESSION_MESSAGES.pleaseSignIn);
      const viaCookie = fromBody === undefined;
      // A browser's refresh is a cookie-authenticated state change like any other: the CSRF value must
      // be the one bound to this session (checked before the token is used, so a refusal burns nothing).
      // A session from before the binding gets a new, bound value now.
      let rebind: string | undefined;
      if (viaCookie) {
        const row = await store.find(token);
        assertCsrf(request, row?.csrf_hash, { allowUnbound: Boolean(row && !row.csrf_hash) });
        if (row && !row.csrf_hash) rebind = newCsrfValue();
      }

      const rotated = await store.rotate(token, userAgent(request), {
        correlationId: request.id,
        ...(rebind ? { rebindCsrfHash: csrfHash(rebind) } : {}),
      });
      const user = rotated.ok ? await users.findById(rotated.userId) : undefined;
      if (!rotated.ok || !user) {
        if (rotated.ok) await store.revokeFamily(rotated.familyId, request.id);
        else request.log.info({ reason: rotated.reason }, 'refresh refused');
        if (viaCookie) clearSessionCookies(request, reply, settings.cookieSecure);
        throw sessionExpired();
      }
      if (rotated.graced) request.log.info({ sid: rotated.familyId }, 'refresh within the grace window');
      const accessToken = signAccess(user, rotated.familyId, rotated.csrfHash);
      if (viaCookie) {
        setSessionCookies(
          request,
          reply,
          {
            accessToken,
            refreshToken: rotated.refreshToken,
            familyExpiresAt: rotated.familyExpiresAt,
            now: settings.now(),
            // The session's value stays (the CSRF check above proved the cookie is the bound one).
            csrf: rebind ?? (request.cookies[SESSION_COOKIES.csrf] as string),
          },
          cookieOptions,
        );
      }
      return {
        statusCode: 200,
        resultMessage: { en: SESSION_MESSAGES.sessionRefreshed },
        accessToken,
        refreshToken: rotated.refreshToken,
        user: toAccount(user),
      };
    },
  );

  app.post(
    '/api/user/logout',
    {
      schema: {
        body: LogoutBodySchema,
        response: { 200: LogoutResponseSchema, 401: ErrorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      // The session comes from the access token (header or cookie) or the refresh token (body or
      // cookie); `user_id` of the legacy payload is accepted and not trusted.
      const access = verifiedAccess(request);
      const refreshFromBody = request.body.refreshToken;
      const refreshFromCookie = request.cookies[SESSION_COOKIES.refresh];
      const refreshToken = refreshFromBody ?? refreshFromCookie;
      const found = refreshToken ? await store.findLive(refreshToken) : undefined;
      // A refresh token of someone else next to a valid access token is ignored.
      const refreshRow = found && access && found.user_id !== access.claims.sub ? undefined : found;
      const byCookie =
        access?.source === 'cookie' || (!access && refreshFromBody === undefined && Boolean(refreshRow));
      // Bound to the session: the access token's claim, else the hash stored with the refresh token.
      if (access?.source === 'cookie' && access.claims.csh) assertCsrf(request, access.claims.csh);
      else if (byCookie) {
        assertCsrf(request, refreshRow?.csrf_hash, { allowUnbound: !refreshRow?.csrf_hash });
      }

      const families = new Set<string>();
      if (access?.claims.sid) families.add(access.claims.sid);
      if (refreshRow) families.add(refreshRow.family_id);
      // Tokens minted without a session id (tests, tools) are sessions of their own.
      let live = Boolean(access && !access.claims.sid) || Boolean(refreshRow);
      for (const familyId of families) {
        if (await store.isFamilyLive(familyId)) live = true;
        await store.revokeFamily(familyId, request.id);
      }
      clearSessionCookies(request, reply, settings.cookieSecure);
      if (!live) {
        const expired = sessionExpired();
        return reply.status(401).send(errorEnvelope(401, expired.code, expired.message));
      }
      return { statusCode: 200, resultMessage: { en: SESSION_MESSAGES.loggedOut } };
    },
  );

  app.get(
    '/api/user/me',
    { schema: { response: { 200: MeResponseSchema, 401: ErrorEnvelopeSchema } } },
    async (request) => {
      // A signed-out visit is not an error: no valid session answers 200 with `user: null`, so the
      // browser console stays clean. The one 401 left is for a browser whose access token is missing or
      // expired while its refresh cookie is still live: it refreshes (api.ts does on 401) and asks again.
      const access = verifiedAccess(request);
      if (access) {
        const { sub, sid } = access.claims;
        const live = !sid || (await store.isFamilyLive(sid));
        const user = live ? await users.findById(sub) : undefined;
        if (user) return { statusCode: 200, user: toAccount(user) };
        return { statusCode: 200, user: null };
      }
      const refreshCookie = request.cookies[SESSION_COOKIES.refresh];
      if (refreshCookie && (await store.findLive(refreshCookie))) throw sessionExpired();
      return { statusCode: 200, user: null };
    },
  );

  app.get(
    '/api/user/auth-options',
    { schema: { response: { 200: AuthOptionsResponseSchema } } },
    async () => ({
      facebook: Boolean(facebook),
    }),
  );

  app.get(
    '/api/user/jwks.json',
    { schema: { response: { 200: JwksResponseSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return publicJwks(options.publicKey);
    },
  );

  // Facebook: a server-side OAuth code flow. Tokens never appear in a URL; the browser comes back
  // to /facebook/callback?status=ok with the session cookies set, or status=error.
  const redirectUri = (request: FastifyRequest) =>
    `${settings.publicUrl ?? `${request.protocol}://${request.host}`}/api/user/facebook/callback`;
  const stateCookieOptions = (request: FastifyRequest) => ({
    path: FACEBOOK_STATE_COOKIE_PATH,
    httpOnly: true,
    // Lax: the cookie must come along on Facebook's top-level redirect back to us.
    sameSite: 'lax' as const,
    secure: isSecureRequest(request, settings.cookieSecure),
  });

  app.get(
    '/api/user/facebook',
    {
      config: { rateLimits: ['facebook-ip'] },
      schema: {
        response: {
          302: redirectResponse("To Facebook's login dialog (404 when Facebook login is not offered)"),
        },
      },
    },
    async (request, reply) => {
      if (!facebook) throw notFound(SESSION_MESSAGES.facebookNotAvailable);
      const { state, cookie } = facebookState.create();
      reply.setCookie(FACEBOOK_STATE_COOKIE, cookie, {
        ...stateCookieOptions(request),
        maxAge: FACEBOOK_STATE_MAX_AGE_SECONDS,
      });
      reply.header('cache-control', 'no-store');
      return reply.redirect(facebook.dialogLocation(redirectUri(request), state), 302);
    },
  );

  app.get(
    '/api/user/facebook/callback',
    {
      config: { rateLimits: ['facebook-ip'] },
      schema: {
        querystring: Type.Object({
          code: Type.Optional(Type.String({ maxLength: 2000 })),
          state: Type.Optional(Type.String({ maxLength: 500 })),
          error: Type.Optional(Type.String({ maxLength: 500 })),
        }),
        response: {
          302: redirectResponse(
            `To the ${FACEBOOK_CALLBACK_PAGE} page with ?status=ok (signed in: the session cookies are set) or ?status=error`,
          ),
        },
      },
    },
    async (request, reply) => {
      if (!facebook) throw notFound(SESSION_MESSAGES.facebookNotAvailable);
      const { code, state, error } = request.query;
      const stateCookie = request.cookies[FACEBOOK_STATE_COOKIE];
      reply.clearCookie(FACEBOOK_STATE_COOKIE, stateCookieOptions(request));
      reply.header('cache-control', 'no-store');
      const fail = (reason: string, err?: unknown) => {
        request.log.warn({ reason, err }, 'facebook login failed');
        return reply.redirect(`${FACEBOOK_CALLBACK_PAGE}?status=${FACEBOOK_CALLBACK_STATUS.error}`, 302);
      };

      if (!facebookState.matches(stateCookie, state)) return fail('state mismatch');
      if (error || !code) return fail(error ? `facebook said ${error}` : 'no code');
      try {
        const uri = redirectUri(request);
        const profile = await facebook.profile(await facebook.exchangeCode(code, uri));
        const outcome = await accountForFacebook(db, profile, request.id);
        if (!outcome.ok) {
          return fail(
            outcome.reason === 'no-email'
              ? 'no email to create an account with'
              : 'an account with this email exists and its address is not verified: not linked',
          );
        }
        await startSession(request, reply, outcome.user);
        return reply.redirect(`${FACEBOOK_CALLBACK_PAGE}?status=${FACEBOOK_CALLBACK_STATUS.ok}`, 302);
      } catch (err) {
        return fail('exchange failed', err);
      }
    },
  );
};

export const sessionRoutes = fp(sessionRoutesPlugin, { name: 'accounts-sessions' });
