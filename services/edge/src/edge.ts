import { join } from 'node:path';
import accountsService, { accountsSettingsFromConfig } from '@marketplace/accounts-service';
import chatService, { chatSettingsFromConfig } from '@marketplace/chat-service';
import jobsService, { jobsSettingsFromConfig } from '@marketplace/jobs-service';
import paymentsService, { paymentsSettingsFromConfig } from '@marketplace/payments-service';
import {
  createEventBus,
  loadOrCreateSigningKeys,
  openDatabase,
  registerObservability,
  registerHealthRoutes,
  serverOptions,
  trustProxyFrom,
  type Database,
  type EventBus,
  type RunningProcess,
  type ServiceDeps,
} from '@marketplace/service-kit';
import Fastify, { type FastifyInstance } from 'fastify';
import { registerCompression } from './compression';
import { isDistributed, type EdgeConfig } from './config';
import { distributedDocuments, embeddedDocuments, registerApiDocs } from './openapi';
import { registerProxy } from './proxy';
import { registerSecurityHeaders, securityHeaders } from './security-headers';
import { badPageAddressAnswer, registerStaticSite, webSourcesOf, type RemoteName } from './static-site';

export interface Edge extends RunningProcess {
  app: FastifyInstance;
  topology: 'embedded' | 'distributed';
}

/** What a start task may use: the embedded topology's process (its routes, database, bus, data folder). */
export interface EmbeddedHost {
  app: FastifyInstance;
  db: Database;
  bus: EventBus;
  dataDir: string;
}

/**
 * Work a host (`npm start`, the benchmarks) hands the embedded edge to finish after it listens and
 * before it says ready, e.g. seeding the demo set (tools/demo/). `/ready` answers 503 with `name` as
 * its `start` check meanwhile. A task that throws fails the start: one that may fail without that
 * catches its own errors.
 */
export interface StartTask {
  name: string;
  run(host: EmbeddedHost): Promise<void>;
}

export interface EdgeOptions {
  /** Embedded topology only (the distributed edge runs none): run in order after listening. */
  startTasks?: readonly StartTask[];
}

/** Where remotes that live elsewhere are (unset: this edge serves them under /remotes/). */
function remoteUrlsOf(config: EdgeConfig): Partial<Record<RemoteName, string>> {
  return {
    ...(config.REMOTE_CATALOGUE_URL ? { catalogue: config.REMOTE_CATALOGUE_URL } : {}),
    ...(config.REMOTE_JOBS_URL ? { jobs: config.REMOTE_JOBS_URL } : {}),
    ...(config.REMOTE_CHAT_URL ? { chat: config.REMOTE_CHAT_URL } : {}),
    ...(config.REMOTE_ADMIN_URL ? { admin: config.REMOTE_ADMIN_URL } : {}),
  };
}

/** Builds and starts the one origin of the site in either topology. */
export async function startEdge(config: EdgeConfig, options: EdgeOptions = {}): Promise<Edge> {
  const headers = securityHeaders({ remoteUrls: Object.values(remoteUrlsOf(config)) });
  const sources = webSourcesOf({
    webRoot: config.WEB_ROOT,
    webOrigin: config.WEB_ORIGIN,
    remoteUrls: remoteUrlsOf(config),
    onError: (err) => app.log.warn({ err }, 'could not read a web app from WEB_ORIGIN'),
  });
  const app = Fastify(
    serverOptions({
      name: 'edge',
      logLevel: config.LOG_LEVEL,
      // The public edge believes no X-Forwarded-For unless TRUST_PROXY names a proxy in front of it.
      trustProxy: trustProxyFrom(config.TRUST_PROXY),
      badPageAddress: badPageAddressAnswer(sources.shellIndex),
      frameworkErrorHeaders: headers,
    }),
  );
  const closers: Array<() => Promise<void>> = [async () => sources.stop()];
  const remoteUrls = remoteUrlsOf(config);
  const distributed = isDistributed(config);
  let host: EmbeddedHost | undefined;
  // Not ready until the start has finished (in the embedded topology, its start tasks run, e.g. the demo
  // data seeded): the port answers earlier, with an empty marketplace, and a load balancer must not send
  // people there yet.
  let starting: string | undefined = 'starting';
  const started = async () => {
    if (starting) throw new Error(starting);
  };

  try {
    // Before any route: request ids echoed, every route measured, /metrics at the root (never under
    // /api). Embedded, it covers the four services in this process (their outboxes, the bus's consumers).
    const metrics = await registerObservability(app, {
      service: 'edge',
      ...(config.METRICS_TOKEN ? { metricsToken: config.METRICS_TOKEN } : {}),
    });
    registerSecurityHeaders(app, headers);
    await registerCompression(app);
    if (distributed) {
      const missing = (['ACCOUNTS_URL', 'JOBS_URL', 'CHAT_URLS', 'PAYMENTS_URL'] as const).filter(
        (key) => !config[key],
      );
      if (missing.length > 0) throw new Error(`distributed topology needs ${missing.join(', ')}`);
      const upstreams = {
        accounts: [config.ACCOUNTS_URL as string],
        jobs: [config.JOBS_URL as string],
        chat: (config.CHAT_URLS as string).split(','),
        payments: [config.PAYMENTS_URL as string],
      };
      // Proxying the API, the edge is ready when every upstream instance is. Without it (the stack: the
      // ingress sends the API to the services), a service down is not the edge's failure: the pages go on,
      // and an orchestrator that restarts unready tasks (Swarm) must not restart every edge for it.
      const proxiesApi = config.EDGE_PROXY_API === 'on';
      const checks = proxiesApi
        ? Object.fromEntries(
            Object.values(upstreams)
              .flat()
              .map((base) => [base, () => upstreamReady(base)]),
          )
        : {};
      registerHealthRoutes(app, { ...checks, start: started });
      if (proxiesApi) {
        await registerProxy(app, upstreams, {
          allowedOrigins: chatSettingsFromConfig(config).allowedOrigins ?? [],
        });
      }
      await registerApiDocs(app, distributedDocuments(upstreams));
    } else {
      // Embedded: one PGlite, the local bus, all four services in this process.
      const db = await openDatabase({ url: config.DATABASE_URL, dataDir: join(config.DATA_DIR, 'pglite') });
      closers.push(() => db.close());
      const bus = await createEventBus({
        natsUrl: config.NATS_URL,
        name: 'edge',
        db,
        logger: app.log,
        namespace: config.BUS_NAMESPACE,
        retentionDays: config.BUS_RETENTION_DAYS,
      });
      closers.unshift(() => bus.close());
      metrics.watchConsumers(bus);
      const keys = loadOrCreateSigningKeys(config.DATA_DIR);
      const deps: ServiceDeps = { db, bus, auth: { publicKey: keys.publicKey }, dataDir: config.DATA_DIR };
      registerHealthRoutes(app, { database: () => db.ping(), bus: () => bus.ping(), start: started });
      await app.register(accountsService, {
        ...deps,
        auth: { ...deps.auth, privateKey: keys.privateKey },
        accounts: accountsSettingsFromConfig(config),
      });
      await app.register(jobsService, { ...deps, jobs: jobsSettingsFromConfig(config) });
      await app.register(chatService, { ...deps, chat: chatSettingsFromConfig(config) });
      await app.register(paymentsService, { ...deps, payments: paymentsSettingsFromConfig(config) });
      await registerApiDocs(app, embeddedDocuments(app));
      host = { app, db, bus, dataDir: config.DATA_DIR };
    }
    await registerStaticSite(app, {
      webRoot: config.WEB_ROOT,
      sources,
      remoteUrls,
      // Canonical and sitemap addresses on PUBLIC_URL; company pages from the accounts directory.
      searchEngines: {
        publicOrigin: config.PUBLIC_URL,
        accountsUrl: config.ACCOUNTS_URL,
        jobsUrl: config.JOBS_URL,
      },
    });
    const url = await app.listen({ port: config.PORT, host: config.HOST });
    if (host) {
      for (const task of options.startTasks ?? []) {
        starting = task.name;
        await task.run(host);
      }
    }
    starting = undefined;
    return {
      app,
      url,
      topology: distributed ? 'distributed' : 'embedded',
      async stop() {
        await app.close();
        for (const close of closers) await close();
      },
    };
  } catch (err) {
    await app.close().catch(() => undefined);
    for (const close of closers) await close().catch(() => undefined);
    throw err;
  }
}

async function upstreamReady(base: string): Promise<void> {
  const response = await fetch(`${base}/ready`, { signal: AbortSignal.timeout(1500) });
  if (!response.ok) throw new Error(`answered ${response.status}`);
}
