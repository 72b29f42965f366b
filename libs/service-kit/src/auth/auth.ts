import fastifyJwt from '@fastify/jwt';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, unauthorized } from '../http/errors';

export type AccountType = 'user' | 'company' | 'admin';

/** What an access token says about its bearer. */
export interface AccessClaims {
  sub: string;
  type: AccountType;
  name: string;
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: AccessClaims;
    user: AccessClaims;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler: 401 unless the request carries a valid access token. */
    authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /** preHandler factory: 401 without a token, 403 unless the account has one of the types. */
    requireType(...types: AccountType[]): (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

export interface AuthOptions {
  publicKey: string;
  /** Only the accounts service holds it; other services verify only. */
  privateKey?: string;
  accessTokenTtlSeconds?: number;
}

/**
 * Access-token verification for a service. Tokens are EdDSA JWTs signed by accounts; a service gets
 * only the public key, so no other service can mint one.
 */
export const authPlugin = fp(
  async (app: FastifyInstance, options: AuthOptions) => {
    await app.register(fastifyJwt, {
      secret: options.privateKey
        ? { private: options.privateKey, public: options.publicKey }
        : { public: options.publicKey, private: '' },
      sign: { algorithm: 'EdDSA', expiresIn: options.accessTokenTtlSeconds ?? 900 },
      verify: { algorithms: ['EdDSA'] },
    });

    const authenticate = async (request: FastifyRequest) => {
      try {
        await request.jwtVerify();
      } catch (err) {
        const code = (err as { code?: string }).code;
        throw unauthorized(
          code === 'FST_JWT_AUTHORIZATION_TOKEN_EXPIRED'
            ? 'Your session has expired. Please sign in again.'
            : 'Please sign in to continue.',
        );
      }
    };
    app.decorate('authenticate', authenticate);
    app.decorate('requireType', (...types: AccountType[]) => async (request: FastifyRequest) => {
      await authenticate(request);
      if (!types.includes(request.user.type)) throw forbidden();
    });
  },
  { name: 'marketplace-auth' },
);
