/**
 * The production topology, once: every deployable part (the four services, the edge, the five web apps),
 * its port, replicas, settings, secrets, what it may reach, and the public routes that lead to it. The
 * Swarm stack (swarm/), the nginx ingress (nginx/) and the Kubernetes manifests (k8s/) are generated from
 * this file, and the ingress routes from the contracts' route table, so none of them can drift.
 *
 * `npm start` (embedded) and `npm run start:distributed` (local processes) do not read it.
 */
import { API_DOCS_PATHS, API_ROUTE_TABLE, WEBSOCKET_PATH, type ServiceName } from '@marketplace/contracts';

export type { ServiceName };
export const SERVICE_NAMES = [
  'accounts',
  'jobs',
  'chat',
  'payments',
] as const satisfies readonly ServiceName[];
export type RemoteName = 'catalogue' | 'jobs' | 'chat' | 'admin';
export const REMOTE_NAMES = ['catalogue', 'jobs', 'chat', 'admin'] as const satisfies readonly RemoteName[];

/** Every service process listens on this port inside its container (its own network namespace). */
export const SERVICE_PORT = 8080;
/** Every web image's nginx listens here. */
export const WEB_PORT = 8080;
/** The ingress listens here inside its container. */
export const INGRESS_PORT = 8080;
export const POSTGRES_PORT = 5432;
export const NATS_CLIENT_PORT = 4222;
export const NATS_CLUSTER_PORT = 6222;
export const NATS_MONITOR_PORT = 8222;
/** nats-1, nats-2, nats-3: JetStream needs an odd number of nodes to keep a quorum when one is lost. */
export const NATS_NODES = 3;

/** A secret handed to a process as a file (`<ENV>_FILE` points at it); never baked into an image. */
export interface SecretRef {
  /** The setting it fills, e.g. DATABASE_URL; the process reads `${env}_FILE`. */
  env: string;
  /** Name of the secret in the orchestrator (Swarm secret, Kubernetes Secret). */
  secret: string;
  /** Key inside a Kubernetes Secret / the file name under /run/secrets. */
  key: string;
}

export interface Resources {
  /** Kubernetes request (millicores) and the Swarm reservation. */
  cpuMillis: number;
  /** Request and limit; the limit is what the process may never pass. */
  memoryMiB: number;
  memoryLimitMiB: number;
}

/** `ingress`: the site's own ingress, from inside (the edge reads the web apps through it: WEB_ORIGIN). */
export type Dependency = 'postgres' | 'nats' | 'internet' | 'ingress' | ServiceName;

interface PartBase {
  name: string;
  /** Image repository (tagged with the part's version at build). */
  image: string;
  port: number;
  replicas: number;
  resources: Resources;
  /** Non-secret settings. PUBLIC_URL and the like are added per environment. */
  env: Record<string, string>;
  secrets: SecretRef[];
  /** What the part connects to (NetworkPolicies allow exactly these). */
  reaches: Dependency[];
  /** Seconds between SIGTERM and SIGKILL; a service drains within it. */
  stopGraceSeconds: number;
}

/**
 * Files a service stores and reads back (through the service kit's ImageStore / DocumentStore): they
 * must outlive the container and be the same for every replica, so the orchestrator mounts one shared
 * volume per service at UPLOADS_DIR (Swarm: a named volume; Kubernetes: a ReadWriteMany claim).
 */
export interface UploadsVolume {
  /** The volume (Swarm) and the claim (Kubernetes): `<service>-uploads`. */
  name: string;
  /** What lives in it, under UPLOADS_DIR (the service's own layout; its app.ts makes the folders). */
  holds: Record<string, string>;
  /** What the Kubernetes claim requests (a file share usually grows on demand; the request is a floor). */
  sizeGiB: number;
}

export interface ServicePart extends PartBase {
  kind: 'service';
  service: ServiceName;
  /** Present when the service stores uploaded files: its shared volume, mounted at UPLOADS_DIR. */
  uploads?: UploadsVolume;
  /** Its PostgreSQL schema, owned by its own roles (postgres/roles). */
  schema: string;
  /**
   * The one-off task that migrates its schema before a rollout, connected as the schema's owner
   * (the migrator role), not as the runtime role the replicas use.
   */
  migrate: { command: string[]; secrets: SecretRef[] };
  command: string[];
}

export interface EdgePart extends PartBase {
  kind: 'edge';
  command: string[];
}

export interface WebPart extends PartBase {
  kind: 'web';
  app: 'shell' | RemoteName;
  /** Where its files live on the site; a remote's versions sit under it (`/remotes/jobs/<version>/`). */
  publicPath: string;
}

export type Part = ServicePart | EdgePart | WebPart;

const databaseUrl = (service: ServiceName): SecretRef => ({
  env: 'DATABASE_URL',
  secret: `${service}-database-url`,
  key: 'database-url',
});
const migratorDatabaseUrl = (service: ServiceName): SecretRef => ({
  env: 'DATABASE_URL',
  secret: `${service}-migrator-database-url`,
  key: 'database-url',
});
const jwtPublicKey: SecretRef = { env: 'JWT_PUBLIC_KEY', secret: 'jwt-public-key', key: 'jwt-public-key' };

const NATS_URLS = Array.from(
  { length: NATS_NODES },
  (_, i) => `nats://nats-${i + 1}:${NATS_CLIENT_PORT}`,
).join(',');

/**
 * Each container's DATA_DIR: scratch, under /tmp (the only writable place of a read-only root), gone
 * with the container. Nothing that must last is kept there.
 */
export const DATA_DIR = '/tmp/data';
/**
 * Where a service that stores uploads keeps them (its UPLOADS_DIR setting; accounts' and jobs' app.ts).
 * In the production shapes its shared volume is mounted here (ServicePart.uploads), outside /tmp so that
 * the scratch space and the files that must last never mix; the service image makes the folder, owned by
 * its user, so a fresh volume starts writable by that user (infra/images/service.Dockerfile).
 */
export const UPLOADS_DIR = '/var/lib/marketplace/uploads';

const serviceEnv = {
  HOST: '0.0.0.0',
  PORT: String(SERVICE_PORT),
  NATS_URL: NATS_URLS,
  /** Streams are copied to every NATS node: losing one loses no event. */
  BUS_STREAM_REPLICAS: String(NATS_NODES),
  /** The one-off task migrates; a replica only checks that it is up to date. */
  MIGRATIONS: 'verify',
  LOG_LEVEL: 'info',
  /** Only the ingress and the edge, inside the stack's private network, may name the client's address. */
  TRUST_PROXY: 'uniquelocal',
  DATA_DIR,
};

/**
 * How a stopping chat replica hands its sockets over: 200 a second (what two replicas on a small node
 * greet without queueing: bench/chat-scaling.ts), at most 15 s (a replica of 3,000 sockets or more goes
 * faster). Its process may take 15 + 10 s to stop: the grace period (30 s) covers it.
 */
export const CHAT_DRAIN = { socketsPerSecond: 200, maxSeconds: 15 } as const;
/** Minutes a pending unlock payment has to arrive (Paystack keeps a checkout's transfer account 30 min). */
export const PAYMENTS_PENDING_EXPIRE_MINUTES = 30;
/**
 * Job alerts (services/jobs/README.md): a job is full at UNLOCK_CAP paid unlocks (payments refuses more;
 * jobs sends no alert for a full job: both read the one value), and a company gets at most
 * JOB_ALERT_MAILS_PER_DAY instant alert mails a Lagos day (accounts).
 */
export const JOB_ALERTS = { unlockCap: 5, mailsPerDay: 10 } as const;

/** What the service kit allows the rest of a shutdown (libs/service-kit lifecycle.ts). */
export const SHUTDOWN_SECONDS = 10;

const service = (
  name: ServiceName,
  options: Partial<Pick<ServicePart, 'replicas' | 'resources' | 'stopGraceSeconds' | 'uploads'>> & {
    env?: Record<string, string>;
    secrets?: SecretRef[];
    reaches?: Dependency[];
  } = {},
): ServicePart => ({
  kind: 'service',
  name,
  service: name,
  image: `marketplace/${name}`,
  port: SERVICE_PORT,
  replicas: options.replicas ?? 2,
  resources: options.resources ?? { cpuMillis: 250, memoryMiB: 192, memoryLimitMiB: 384 },
  env: { ...serviceEnv, ...(options.uploads ? { UPLOADS_DIR } : {}), ...options.env },
  secrets: [databaseUrl(name), jwtPublicKey, ...(options.secrets ?? [])],
  reaches: ['postgres', 'nats', ...(options.reaches ?? [])],
  stopGraceSeconds: options.stopGraceSeconds ?? 15,
  schema: name,
  command: ['node', `/app/main.mjs`],
  migrate: { command: ['node', `/app/migrate.mjs`], secrets: [migratorDatabaseUrl(name)] },
  ...(options.uploads ? { uploads: options.uploads } : {}),
});

const uploadsOf = (name: ServiceName, holds: Record<string, string>, sizeGiB: number): UploadsVolume => ({
  name: `${name}-uploads`,
  holds,
  sizeGiB,
});

/**
 * The marketplace as the seller on every receipt and credit note (payments' RECEIPT_SELLER_*; frozen into
 * each receipt when it is issued). PLACEHOLDERS, each saying so on the receipt: the operator puts the
 * company's registered name, address, CAC (RC) number and VAT/TIN here before taking real money.
 */
export const RECEIPT_SELLER_ENV = {
  RECEIPT_SELLER_NAME: 'Marketplace (placeholder: set RECEIPT_SELLER_NAME)',
  RECEIPT_SELLER_ADDRESS: 'Address not set (placeholder: set RECEIPT_SELLER_ADDRESS)',
  RECEIPT_SELLER_RC_NUMBER: 'RC not set (placeholder: set RECEIPT_SELLER_RC_NUMBER)',
  RECEIPT_SELLER_VAT_TIN: 'TIN not set (placeholder: set RECEIPT_SELLER_VAT_TIN)',
} as const;

export const SERVICES: readonly ServicePart[] = [
  service('accounts', {
    env: { JOB_ALERT_MAILS_PER_DAY: String(JOB_ALERTS.mailsPerDay) },
    secrets: [
      { env: 'JWT_PRIVATE_KEY', secret: 'jwt-private-key', key: 'jwt-private-key' },
      { env: 'ADMIN_PASSWORD', secret: 'admin-password', key: 'admin-password' },
    ],
    // SMTP and Facebook's Graph API.
    reaches: ['internet'],
    // Photos of at most 800x800 WebP, certificates of at most 5 MB each.
    uploads: uploadsOf(
      'accounts',
      { profile: 'profile photos (public)', certificates: 'CAC certificates (admins only)' },
      10,
    ),
  }),
  service('jobs', {
    env: { UNLOCK_CAP: String(JOB_ALERTS.unlockCap) },
    uploads: uploadsOf('jobs', { jobs: 'job images (public)' }, 20),
  }),
  service('chat', {
    // Sockets are long-lived: the drain tells clients to move, a batch at a time, and finishes what it
    // accepted; the process allows itself the spread plus 10 s, within the grace period.
    stopGraceSeconds: 30,
    env: {
      CHAT_DRAIN_SOCKETS_PER_SECOND: String(CHAT_DRAIN.socketsPerSecond),
      CHAT_DRAIN_MAX_SECONDS: String(CHAT_DRAIN.maxSeconds),
    },
    resources: { cpuMillis: 250, memoryMiB: 256, memoryLimitMiB: 512 },
  }),
  // The sandbox signs its webhooks with a per-process secret: one replica until Paystack is configured.
  service('payments', {
    replicas: 1,
    reaches: ['internet'],
    // Paystack's transfer window: a pending unlock expires (and holds no place) after it.
    env: {
      PAYMENTS_PENDING_EXPIRE_MINUTES: String(PAYMENTS_PENDING_EXPIRE_MINUTES),
      UNLOCK_CAP: String(JOB_ALERTS.unlockCap),
      ...RECEIPT_SELLER_ENV,
    },
  }),
];

export const EDGE: EdgePart = {
  kind: 'edge',
  name: 'edge',
  image: 'marketplace/edge',
  port: SERVICE_PORT,
  replicas: 2,
  resources: { cpuMillis: 250, memoryMiB: 160, memoryLimitMiB: 320 },
  env: {
    HOST: '0.0.0.0',
    PORT: String(SERVICE_PORT),
    LOG_LEVEL: 'info',
    TRUST_PROXY: 'uniquelocal',
    DATA_DIR,
    // The API goes straight from the ingress to the services; the edge asks them only for what pages
    // need (the company directory, each service's OpenAPI part) and reads the web apps from their images.
    ACCOUNTS_URL: `http://accounts:${SERVICE_PORT}`,
    JOBS_URL: `http://jobs:${SERVICE_PORT}`,
    CHAT_URLS: `http://chat:${SERVICE_PORT}`,
    PAYMENTS_URL: `http://payments:${SERVICE_PORT}`,
    EDGE_PROXY_API: 'off',
  },
  secrets: [],
  // ingress: WEB_ORIGIN (set by each orchestrator: the ingress's address inside it), where the edge
  // reads the shell's page and the catalogue's manifest, routed to whichever versions are live.
  reaches: ['accounts', 'jobs', 'chat', 'payments', 'ingress'],
  stopGraceSeconds: 15,
  command: ['node', '/app/main.mjs'],
};

/**
 * What a web image's nginx answers with 200 and no file behind it: the orchestrator's liveness and
 * readiness check (a static server has no dependency to wait for).
 */
export const WEB_HEALTH_PATH = '/healthz';

const web = (app: WebPart['app']): WebPart => ({
  kind: 'web',
  name: `web-${app}`,
  app,
  image: `marketplace/web-${app}`,
  port: WEB_PORT,
  replicas: 2,
  resources: { cpuMillis: 50, memoryMiB: 32, memoryLimitMiB: 64 },
  env: {},
  secrets: [],
  reaches: [],
  stopGraceSeconds: 10,
  publicPath: app === 'shell' ? '/' : `/remotes/${app}/`,
});

export const WEB_APPS: readonly WebPart[] = [web('shell'), ...REMOTE_NAMES.map(web)];

/** The one-off task that makes each service's roles and schema (infra/postgres/provision.ts), before migrations. */
export const DB_PROVISION = {
  name: 'db-provision',
  image: 'marketplace/db-provision',
  command: ['node', '/app/provision.mjs'],
} as const;

export const PARTS: readonly Part[] = [...SERVICES, EDGE, ...WEB_APPS];

export function partNamed(name: string): Part {
  const part = PARTS.find((candidate) => candidate.name === name);
  if (!part) throw new Error(`no part named '${name}' (known: ${PARTS.map((p) => p.name).join(', ')})`);
  return part;
}

/**
 * A public route of the ingress. `exact` matches the path alone; `prefix` matches the path and everything
 * under it by whole segments (`/api/jobs/chat` and `/api/jobs/chat/1`, not `/api/jobs/chatty`), as the
 * contracts' `ownerOfPath` and Kubernetes' `Prefix` do. The longest match wins.
 */
export interface IngressRoute {
  match: 'exact' | 'prefix';
  path: string;
  /** The part that answers. */
  to: string;
  /** A WebSocket upgrade with long timeouts, spread by least connections. */
  websocket?: boolean;
  /** A remote's files: `/remotes/<app>/<version>/` goes to that version's web service. */
  versioned?: boolean;
}

/**
 * Every route of the site, from the contracts' route table: the API straight to the service that owns
 * it, `/ws` to chat, the remotes' files to their web images, the shell's files to its image, and
 * everything else (pages, robots.txt, sitemaps, the merged API document, the remotes' manifest) to the edge.
 */
export function ingressRoutes(): IngressRoute[] {
  const routes: IngressRoute[] = API_ROUTE_TABLE.map(({ prefix, service: owner }) => ({
    match: 'prefix' as const,
    path: prefix,
    to: owner,
  }));
  routes.push(
    { match: 'exact', path: WEBSOCKET_PATH, to: 'chat', websocket: true },
    // The merged document and its page are the edge's (each service's own part is routed above).
    { match: 'exact', path: API_DOCS_PATHS.page, to: 'edge' },
    { match: 'exact', path: API_DOCS_PATHS.document, to: 'edge' },
    // Unknown /api paths get the API's 404 envelope from the edge.
    { match: 'prefix', path: '/api', to: 'edge' },
    { match: 'exact', path: '/remotes/manifest.json', to: 'edge' },
    ...REMOTE_NAMES.map((app): IngressRoute => ({
      match: 'prefix',
      path: `/remotes/${app}`,
      to: `web-${app}`,
      versioned: true,
    })),
    { match: 'prefix', path: '/static', to: 'web-shell' },
    { match: 'prefix', path: '/', to: 'edge' },
  );
  return routes;
}

/** The part that answers a path, by the same longest-match rule the ingress applies. */
export function routeOf(path: string, routes = ingressRoutes()): IngressRoute {
  let best: IngressRoute | undefined;
  for (const route of routes) {
    const matches =
      route.match === 'exact'
        ? path === route.path
        : route.path === '/' || path === route.path || path.startsWith(`${route.path}/`);
    if (!matches) continue;
    const better =
      !best ||
      route.path.length > best.path.length ||
      (route.path.length === best.path.length && route.match === 'exact');
    if (better) best = route;
  }
  if (!best) throw new Error(`no route for ${path}`);
  return best;
}
