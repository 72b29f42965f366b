import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { loadOrCreateSigningKeys } from './auth/keys';
import { createEventBus } from './bus/index';
import { BaseConfigSchema, loadConfig, PortSchema, readSettingFile } from './config/config';
import { openDatabase } from './db/database';
import { MIGRATION_MODES } from './db/migrate';
import { setEnvelopeNotFoundHandler } from './http/errors';
import { registerHealthRoutes } from './http/health';
import { trustProxyFrom } from './http/trust-proxy';
import { serverOptions } from './http/server-options';
import { registerObservability } from './observability/plugin';
import type { RunningProcess } from './lifecycle';
import type { ServiceDeps } from './service';

export const StandaloneConfigSchema = Type.Object({
  ...BaseConfigSchema.properties,
  PORT: PortSchema(0),
  /** PEM files of the access-token keys; without them keys are kept in DATA_DIR (local runs). */
  JWT_PUBLIC_KEY_FILE: Type.Optional(Type.String()),
  JWT_PRIVATE_KEY_FILE: Type.Optional(Type.String()),
  /**
   * on-start: migrate the service's schema at start (local runs); verify: refuse to start unless a
   * migrate task has brought it to the latest migration (production); skip: neither.
   */
  MIGRATIONS: Type.Union(
    MIGRATION_MODES.map((mode) => Type.Literal(mode)),
    { default: 'on-start' },
  ),
});

/** Runs `step`; its error, if any, is prefixed with the setting that led to it. */
async function naming<T>(setting: string, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (err) {
    throw new Error(`${setting}: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
  }
}

export interface StandaloneServiceOptions {
  name: string;
  defaultPort: number;
  plugin: (app: FastifyInstance, deps: ServiceDeps) => Promise<void>;
  /** Only accounts signs tokens. */
  signsTokens?: boolean;
  /**
   * How long the process may take to stop (default the kit's 10 s). Fastify gives each close hook only
   * its plugin timeout (10 s): a hook that may take longer (chat's socket drain) needs this raised, or
   * the close fails half-way and the process exits 1 with its bus and database still open.
   */
  shutdownTimeoutMs?: number;
  env?: NodeJS.ProcessEnv;
}

/** A service in its own process (distributed topology): its own server, database pool and bus connection. */
export async function startStandaloneService(
  options: StandaloneServiceOptions,
): Promise<RunningProcess & { app: FastifyInstance }> {
  const env = options.env ?? process.env;
  const config = loadConfig(StandaloneConfigSchema, { PORT: String(options.defaultPort), ...env });
  const keys = config.JWT_PUBLIC_KEY_FILE
    ? {
        publicKey: readSettingFile('JWT_PUBLIC_KEY_FILE', config.JWT_PUBLIC_KEY_FILE),
        privateKey: config.JWT_PRIVATE_KEY_FILE
          ? readSettingFile('JWT_PRIVATE_KEY_FILE', config.JWT_PRIVATE_KEY_FILE)
          : undefined,
      }
    : loadOrCreateSigningKeys(config.DATA_DIR);

  const db = await naming(config.DATABASE_URL ? 'DATABASE_URL' : 'DATA_DIR', () =>
    openDatabase({
      url: config.DATABASE_URL,
      dataDir: join(config.DATA_DIR, `pglite-${options.name}`),
    }),
  );
  // The server first, so the bus logs through its logger (JSON lines with the service name).
  const app = Fastify({
    ...serverOptions({
      name: options.name,
      logLevel: config.LOG_LEVEL,
      // Behind the edge: TRUST_PROXY=127.0.0.1 (the distributed launcher sets it); default nobody.
      trustProxy: trustProxyFrom(config.TRUST_PROXY),
    }),
    ...(options.shutdownTimeoutMs ? { pluginTimeout: options.shutdownTimeoutMs } : {}),
  });
  let bus;
  try {
    const open = () =>
      createEventBus({
        natsUrl: config.NATS_URL,
        name: options.name,
        db,
        logger: app.log,
        namespace: config.BUS_NAMESPACE,
        retentionDays: config.BUS_RETENTION_DAYS,
        streamReplicas: config.BUS_STREAM_REPLICAS,
      });
    bus = await (config.NATS_URL ? naming('NATS_URL', open) : open());
  } catch (err) {
    await db.close();
    throw err;
  }

  setEnvelopeNotFoundHandler(app);
  // Before any route, so every route is measured and answers with its request id.
  await registerObservability(app, {
    service: options.name,
    bus,
    ...(config.METRICS_TOKEN ? { metricsToken: config.METRICS_TOKEN } : {}),
  });
  registerHealthRoutes(app, { database: () => db.ping(), bus: () => bus.ping() });
  try {
    // The plugin migrates or verifies the schema (MIGRATIONS) before anything listens.
    await app.register(options.plugin, {
      db,
      bus,
      dataDir: config.DATA_DIR,
      ...(config.UPLOADS_DIR ? { uploadsDir: config.UPLOADS_DIR } : {}),
      migrations: config.MIGRATIONS,
      auth: {
        publicKey: keys.publicKey,
        ...(options.signsTokens && keys.privateKey ? { privateKey: keys.privateKey } : {}),
      },
    });
    // A replica that takes over another's clients (a chat replica after a scale-down) gets them all
    // within a second: Node's default queue of 511 connections not yet accepted would overflow.
    const url = await app.listen({ port: config.PORT, host: config.HOST, backlog: 4096 });
    return {
      app,
      url,
      ...(options.shutdownTimeoutMs ? { shutdownTimeoutMs: options.shutdownTimeoutMs } : {}),
      async stop() {
        // A close that fails (a hook past its limit) still lets go of the bus and the database.
        try {
          await app.close();
        } finally {
          await bus.close();
          await db.close();
        }
      },
    };
  } catch (err) {
    await app.close().catch(() => undefined);
    await bus.close().catch(() => undefined);
    await db.close().catch(() => undefined);
    throw err;
  }
}
