/**
 * The Docker Swarm stack, written from infra/topology.ts: PostgreSQL, three JetStream nodes, each
 * service's one-off migration task and its replicas (with a shared volume for the uploads of those that
 * store files), the edge, the web apps (each deployed remote version
 * its own service), the nginx ingress and Prometheus.
 *
 *   npx tsx infra/swarm/stack.ts <release.json> > stack.yml && docker stack deploy -c stack.yml marketplace
 *
 * (infra/swarm/deploy.ts does both, with the secrets.)
 */
import { stringify } from 'yaml';
import {
  DB_PROVISION,
  EDGE,
  INGRESS_PORT,
  NATS_CLIENT_PORT,
  NATS_CLUSTER_PORT,
  NATS_MONITOR_PORT,
  NATS_NODES,
  REMOTE_NAMES,
  SERVICES,
  UPLOADS_DIR,
  WEB_APPS,
  type Part,
  type RemoteName,
} from '../topology';

/** What is deployed: each part's image tag, and the remotes' versions (all running ones, and the live one). */
export interface Release {
  /** Image tag per part; `default` for the parts not named. */
  images: Record<string, string> & { default: string };
  remotes: Record<RemoteName, RemoteRelease>;
}

export interface RemoteRelease {
  /** The version the shell loads (the edge's /remotes/manifest.json names it). */
  live: string;
  /** Versions with a running web service (the live one and the one a rollback returns to). */
  deployed: string[];
  /** The version live before this one. */
  previous?: string;
}

export interface StackOptions {
  /** Where the ingress is published on the node (this machine: see deploy.ts on loopback). */
  publishPort: number;
  /** The site's public origin (PUBLIC_URL). */
  publicUrl: string;
  /** Folder with the secret files (deploy.ts writes them). */
  secretsDir: string;
  /** Prometheus configuration file. */
  prometheusConfig: string;
  /** Extra settings for every service and the edge (e.g. ADMIN_EMAIL). */
  env?: Record<string, string>;
  /**
   * Where the uploads volumes live. Unset: Docker's local driver on the node (one node: every replica
   * shares it). On several nodes each service's replicas may run anywhere, so the volume must be shared:
   * an NFS export, mounted by the local driver on whichever node runs a replica.
   */
  uploadsNfs?: UploadsNfs;
  /**
   * The image tags the services' migrate tasks run (default: the release's). deploy.ts runs a release's
   * migrations first, beside the code still running, and rolls the code only once they are in.
   */
  migrateImages?: Release['images'];
}

/** An NFS export for the uploads volumes: one folder per volume under `path` (made beforehand). */
export interface UploadsNfs {
  /** The NFS server's address (what the nodes reach it by). */
  address: string;
  /** The exported folder; `<path>/<service>-uploads` must exist and be writable by uid 10001. */
  path: string;
  /** Mount options after `addr=`; default `rw,nfsvers=4.1,hard`. */
  options?: string;
}

/** The uploads volumes' definitions: Docker's local driver, over NFS when one is given. */
export function uploadsVolumes(nfs?: UploadsNfs): Record<string, object> {
  return Object.fromEntries(
    SERVICES.flatMap((service) => (service.uploads ? [service.uploads.name] : [])).map((name) => [
      name,
      nfs
        ? {
            driver: 'local',
            driver_opts: {
              type: 'nfs',
              o: `addr=${nfs.address},${nfs.options ?? 'rw,nfsvers=4.1,hard'}`,
              device: `:${nfs.path.replace(/\/+$/, '')}/${name}`,
            },
          }
        : {},
    ]),
  );
}

export const STACK_NETWORK = 'marketplace';
export const REMOTE_VERSION = /^[a-z0-9][a-z0-9-]{0,39}$/;

export const imageOf = (release: Release, part: string) =>
  `marketplace/${part}:${release.images[part] ?? release.images.default}`;

/** The parts whose image follows the release's tags (`imageOf`); a remote's follows its own versions. */
export const RELEASE_PARTS: readonly string[] = [
  'postgres',
  'nats',
  DB_PROVISION.name,
  ...SERVICES.map((service) => service.name),
  EDGE.name,
  ...WEB_APPS.filter((web) => web.app === 'shell').map((web) => web.name),
  'ingress',
  'prometheus',
];

/**
 * The tags a release at `version` keeps from `previous`: those of the parts whose new image is the very
 * image already running (the same image id). Swarm restarts a service whenever its image's name
 * changes, so without this every release restarted PostgreSQL and all three NATS nodes at once, and the
 * services rolling beside them found JetStream unavailable. Only what changed moves.
 */
export function unchangedImages(
  previous: Release,
  version: string,
  imageId: (image: string) => string | undefined,
): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const part of RELEASE_PARTS) {
    const running = imageOf(previous, part);
    const next = `marketplace/${part}:${version}`;
    if (running === next) continue;
    const id = imageId(running);
    if (id !== undefined && id === imageId(next))
      kept[part] = previous.images[part] ?? previous.images.default;
  }
  return kept;
}

/** Secrets as files under /run/secrets, each setting given as `<ENV>_FILE`. */
function secretsOf(part: Part): { secrets: object[]; env: Record<string, string> } {
  return {
    secrets: part.secrets.map((ref) => ({ source: ref.secret, target: ref.secret, mode: 0o0444 })),
    env: Object.fromEntries(part.secrets.map((ref) => [`${ref.env}_FILE`, `/run/secrets/${ref.secret}`])),
  };
}

/** Rolling updates one replica at a time, the new one healthy before the old one stops; rolled back on failure. */
const ROLLING = {
  update_config: {
    parallelism: 1,
    delay: '2s',
    order: 'start-first',
    failure_action: 'rollback',
    monitor: '10s',
  },
  rollback_config: { parallelism: 1, order: 'start-first' },
  restart_policy: { condition: 'any', delay: '2s' },
};

/**
 * Our own containers run with a read-only root, as the Kubernetes pods do: a compromised process cannot
 * change the code it runs or plant files that outlive its task. What they may write goes to `/tmp`, a
 * tmpfs of their own (nginx's temp files, DATA_DIR), and uploads to their named volume.
 */
export const SCRATCH_MIB = { service: 64, web: 16, ingress: 256 } as const;
function scratch(mib: number) {
  return { type: 'tmpfs', target: '/tmp', tmpfs: { size: mib * 1024 * 1024 } };
}
function readOnly(mib: number, mounts: Array<Record<string, unknown>> = []) {
  return { read_only: true, volumes: [...mounts, scratch(mib)] };
}

function deployOf(part: Part) {
  return {
    replicas: part.replicas,
    ...ROLLING,
    resources: {
      limits: { memory: `${part.resources.memoryLimitMiB}M` },
      reservations: { memory: `${part.resources.memoryMiB}M` },
    },
  };
}

export function stackFile(release: Release, options: StackOptions): Record<string, unknown> {
  for (const name of REMOTE_NAMES) {
    const remote = release.remotes[name];
    for (const version of remote.deployed) {
      if (!REMOTE_VERSION.test(version))
        throw new Error(`remote version '${version}' must match ${REMOTE_VERSION}`);
    }
    if (!remote.deployed.includes(remote.live))
      throw new Error(`${name}: live version ${remote.live} is not deployed`);
  }
  const services: Record<string, unknown> = {};
  const secrets = new Set<string>(['postgres-password']);
  const extra = options.env ?? {};

  services.postgres = {
    image: imageOf(release, 'postgres'),
    environment: { POSTGRES_PASSWORD_FILE: '/run/secrets/postgres-password' },
    secrets: [{ source: 'postgres-password', target: 'postgres-password', mode: 0o0444 }],
    volumes: ['pgdata:/var/lib/postgresql/data'],
    networks: [STACK_NETWORK],
    stop_grace_period: '30s',
    deploy: { replicas: 1, restart_policy: { condition: 'any', delay: '2s' } },
  };

  const natsNames = Array.from({ length: NATS_NODES }, (_, i) => `nats-${i + 1}`);
  for (const name of natsNames) {
    services[name] = {
      image: imageOf(release, 'nats'),
      command: [
        '--name',
        name,
        '--jetstream',
        '--store_dir',
        '/data',
        '--port',
        String(NATS_CLIENT_PORT),
        '--http_port',
        String(NATS_MONITOR_PORT),
        '--cluster_name',
        'marketplace',
        '--cluster',
        `nats://0.0.0.0:${NATS_CLUSTER_PORT}`,
        '--routes',
        natsNames
          .filter((other) => other !== name)
          .map((other) => `nats://${other}:${NATS_CLUSTER_PORT}`)
          .join(','),
      ],
      volumes: [`${name}-data:/data`],
      networks: [STACK_NETWORK],
      deploy: { replicas: 1, restart_policy: { condition: 'any', delay: '2s' } },
    };
  }

  // One-off tasks before the services: the roles and schemas (as the administrator), then each service's
  // migrations (as its migrator role). A task that fails (PostgreSQL not up yet) is started again; a
  // service replica started before its migrations exits at once (MIGRATIONS=verify) and is restarted.
  const adminSecret = { source: 'database-admin-url', target: 'database-admin-url', mode: 0o0444 };
  secrets.add('database-admin-url');
  const passwordSecrets = SERVICES.flatMap((service) =>
    ['app', 'migrator'].map((role) => {
      const name = `${service.name}-${role}-password`;
      secrets.add(name);
      return { name, env: `${service.name.toUpperCase()}_${role.toUpperCase()}_PASSWORD_FILE` };
    }),
  );
  services[DB_PROVISION.name] = {
    image: imageOf(release, DB_PROVISION.name),
    command: [...DB_PROVISION.command],
    environment: {
      DATABASE_URL_FILE: '/run/secrets/database-admin-url',
      ...Object.fromEntries(passwordSecrets.map((p) => [p.env, `/run/secrets/${p.name}`])),
    },
    secrets: [adminSecret, ...passwordSecrets.map((p) => ({ source: p.name, target: p.name, mode: 0o0444 }))],
    networks: [STACK_NETWORK],
    ...readOnly(SCRATCH_MIB.service),
    healthcheck: { disable: true },
    deploy: { replicas: 1, restart_policy: { condition: 'on-failure', delay: '3s', max_attempts: 40 } },
  };

  for (const service of SERVICES) {
    const { secrets: refs, env } = secretsOf(service);
    service.secrets.forEach((ref) => secrets.add(ref.secret));
    const environment = {
      ...service.env,
      ...extra,
      ...env,
      PUBLIC_URL: options.publicUrl,
      APP_VERSION: release.images[service.name] ?? release.images.default,
      // Each replica names itself after its Swarm task (marketplace_chat.2.<id>), as its container is
      // named: what a socket's `welcome` says is the replica `docker ps` shows.
      ...(service.name === 'chat' ? { CHAT_INSTANCE_ID: '{{.Task.Name}}' } : {}),
    };
    const migrator = `${service.name}-migrator-database-url`;
    secrets.add(migrator);
    services[`${service.name}-migrate`] = {
      image: imageOf(
        options.migrateImages ? { ...release, images: options.migrateImages } : release,
        service.name,
      ),
      command: service.migrate.command,
      environment: { LOG_LEVEL: 'info', DATABASE_URL_FILE: `/run/secrets/${migrator}` },
      secrets: [{ source: migrator, target: migrator, mode: 0o0444 }],
      networks: [STACK_NETWORK],
      ...readOnly(SCRATCH_MIB.service),
      healthcheck: { disable: true },
      deploy: { replicas: 1, restart_policy: { condition: 'on-failure', delay: '3s', max_attempts: 40 } },
    };
    services[service.name] = {
      image: imageOf(release, service.name),
      environment,
      secrets: refs,
      networks: [STACK_NETWORK],
      // Uploaded files: one volume shared by every replica and kept when tasks are replaced.
      ...readOnly(
        SCRATCH_MIB.service,
        service.uploads ? [{ type: 'volume', source: service.uploads.name, target: UPLOADS_DIR }] : [],
      ),
      stop_grace_period: `${service.stopGraceSeconds}s`,
      deploy: deployOf(service),
    };
  }

  const remoteEnv = Object.fromEntries(
    REMOTE_NAMES.map((name) => [
      `REMOTE_${name.toUpperCase()}_URL`,
      `/remotes/${name}/${release.remotes[name].live}/mf-manifest.json`,
    ]),
  );
  services.edge = {
    image: imageOf(release, 'edge'),
    environment: {
      ...EDGE.env,
      ...extra,
      PUBLIC_URL: options.publicUrl,
      WEB_ORIGIN: `http://ingress:${INGRESS_PORT}`,
      ...remoteEnv,
    },
    networks: [STACK_NETWORK],
    ...readOnly(SCRATCH_MIB.service),
    stop_grace_period: `${EDGE.stopGraceSeconds}s`,
    deploy: deployOf(EDGE),
  };

  for (const web of WEB_APPS) {
    if (web.app === 'shell') {
      services[web.name] = {
        image: imageOf(release, web.name),
        networks: [STACK_NETWORK],
        ...readOnly(SCRATCH_MIB.web),
        stop_grace_period: `${web.stopGraceSeconds}s`,
        deploy: deployOf(web),
      };
      continue;
    }
    // Each deployed version of a remote: its own service, its files under /remotes/<app>/<version>/.
    for (const version of release.remotes[web.app].deployed) {
      services[`${web.name}-${version}`] = {
        image: `marketplace/${web.name}:${version}`,
        networks: [STACK_NETWORK],
        ...readOnly(SCRATCH_MIB.web),
        stop_grace_period: `${web.stopGraceSeconds}s`,
        deploy: deployOf({ ...web, replicas: 1 }),
      };
    }
  }

  services.ingress = {
    image: imageOf(release, 'ingress'),
    ports: [{ target: INGRESS_PORT, published: options.publishPort, protocol: 'tcp', mode: 'host' }],
    networks: [STACK_NETWORK],
    // Request bodies nginx buffers (uploads up to the size the edge allows) go to /tmp/nginx.
    ...readOnly(SCRATCH_MIB.ingress),
    stop_grace_period: '10s',
    deploy: { replicas: 1, restart_policy: { condition: 'any', delay: '2s' } },
  };

  services.prometheus = {
    image: imageOf(release, 'prometheus'),
    configs: [{ source: 'prometheus', target: '/etc/prometheus/prometheus.yml' }],
    volumes: ['prometheus-data:/prometheus'],
    networks: [STACK_NETWORK],
    deploy: { replicas: 1, restart_policy: { condition: 'any', delay: '2s' } },
  };

  // Every service is found by its replicas' own addresses (DNS round robin), not a virtual IP: the
  // ingress balances over the replicas itself (least connections), and Swarm's virtual IPs need the
  // kernel's IPVS, which some hosts (this one) lack.
  for (const definition of Object.values(services) as Array<{ deploy: Record<string, unknown> }>) {
    definition.deploy = { ...definition.deploy, endpoint_mode: 'dnsrr' };
  }
  return {
    version: '3.8',
    services,
    networks: { [STACK_NETWORK]: { driver: 'overlay', attachable: true } },
    volumes: {
      ...Object.fromEntries(
        ['pgdata', 'prometheus-data', ...natsNames.map((n) => `${n}-data`)].map((name) => [name, {}]),
      ),
      ...uploadsVolumes(options.uploadsNfs),
    },
    secrets: Object.fromEntries(
      [...secrets].sort().map((name) => [name, { file: `${options.secretsDir}/${name}` }]),
    ),
    configs: { prometheus: { file: options.prometheusConfig } },
  };
}

/** Prometheus scrapes every replica of every service and of the edge (Swarm DNS: tasks.<name>). */
export function prometheusConfig(): string {
  const jobs = [...SERVICES, EDGE].map((part) => ({
    job_name: part.name,
    metrics_path: '/metrics',
    dns_sd_configs: [{ names: [`tasks.${part.name}`], type: 'A', port: part.port, refresh_interval: '10s' }],
  }));
  return stringify({ global: { scrape_interval: '10s', evaluation_interval: '10s' }, scrape_configs: jobs });
}

export function stackYaml(release: Release, options: StackOptions): string {
  return `# Written by infra/swarm/stack.ts from infra/topology.ts; do not edit.\n${stringify(stackFile(release, options))}`;
}
