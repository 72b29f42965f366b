import Fastify, { type FastifyInstance } from 'fastify';
import { authPlugin, type AccessClaims } from '../auth/auth';
import { generateSigningKeys, type SigningKeys } from '../auth/keys';
import { createLocalBus } from '../bus/local-bus';
import type { EventBus } from '../bus/types';
import type { Database } from '../db/database';
import { setEnvelopeNotFoundHandler } from '../http/errors';
import type { ServiceDeps } from '../service';
import { createTestDatabase } from './test-database';

export interface TestService {
  app: FastifyInstance;
  db: Database;
  bus: EventBus;
  keys: SigningKeys;
  /** Sign an access token as accounts would. */
  tokenFor(
    claims: { sub: string; type: 'user' | 'company' | 'admin'; name?: string; sid?: string },
    options?: { expiresInSeconds?: number },
  ): Promise<string>;
  /** Verify a token with the public key, as any other service would; throws when invalid. */
  verifyToken(token: string): AccessClaims;
  close(): Promise<void>;
}

/**
 * One or more service plugins on a fresh database (PGlite, or PostgreSQL under test:infra) and the
 * local bus, ready for `app.inject`. Mounting several plugins together exercises their events.
 */
export async function createTestService(
  plugins: Array<(app: FastifyInstance, deps: ServiceDeps) => Promise<void>>,
  options: { accessTokenTtlSeconds?: number } = {},
): Promise<TestService> {
  const db = await createTestDatabase();
  const bus = await createLocalBus({ db, pollIntervalMs: 50 });
  const keys = generateSigningKeys();
  const app = Fastify({ logger: false });
  setEnvelopeNotFoundHandler(app);
  for (const plugin of plugins) {
    await app.register(plugin, {
      db,
      bus,
      auth: {
        publicKey: keys.publicKey,
        privateKey: keys.privateKey,
        ...(options.accessTokenTtlSeconds === undefined
          ? {}
          : { accessTokenTtlSeconds: options.accessTokenTtlSeconds }),
      },
    });
  }
  // A signer independent of the services, so tests can act as any account.
  const signer = Fastify({ logger: false });
  await signer.register(authPlugin, { publicKey: keys.publicKey, privateKey: keys.privateKey });
  await app.ready();
  await signer.ready();
  return {
    app,
    db,
    bus,
    keys,
    tokenFor: async (claims, options) =>
      signer.jwt.sign(
        { name: 'Test', ...claims },
        options?.expiresInSeconds === undefined ? {} : { expiresIn: `${options.expiresInSeconds}s` },
      ),
    verifyToken: (token) => signer.jwt.verify<AccessClaims>(token),
    async close() {
      await app.close();
      await signer.close();
      await bus.close();
      await db.close();
    },
  };
}

/** Poll until `check` passes (events are asynchronous); fails with the last error after the timeout. */
export async function eventually<T>(check: () => Promise<T>, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}
