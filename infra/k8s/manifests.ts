/**
 * Kubernetes manifests for production, generated from infra/topology.ts (parts, ports, replicas,
 * resources, settings, secrets, what each part reaches) and its ingress routes. Nothing here restates
 * a fact of the topology: change it there. `render.ts` writes these objects as YAML; README.md says in
 * which order to apply them and why the numbers below are what they are.
 */
import type { IHTTPRoute } from '@kubernetes-models/gateway-api/gateway.networking.k8s.io/v1/HTTPRoute';
import type { IHTTPRouteRule } from '@kubernetes-models/gateway-api/gateway.networking.k8s.io/v1/HTTPRouteRule';
import type { IHorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import type { IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import type { IJob } from 'kubernetes-models/batch/v1/Job';
import type { IIngress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import type { IHTTPIngressPath } from 'kubernetes-models/networking.k8s.io/v1/HTTPIngressPath';
import type { INetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import type { INetworkPolicyPeer } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicyPeer';
import type { INetworkPolicyPort } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicyPort';
import type { IPodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import type { IContainer } from 'kubernetes-models/v1/Container';
import type { INamespace } from 'kubernetes-models/v1/Namespace';
import type { IPersistentVolumeClaim } from 'kubernetes-models/v1/PersistentVolumeClaim';
import type { IPodSpec } from 'kubernetes-models/v1/PodSpec';
import type { IService } from 'kubernetes-models/v1/Service';
import type { IServiceAccount } from 'kubernetes-models/v1/ServiceAccount';
import {
  CHAT_DRAIN,
  DATA_DIR,
  DB_PROVISION,
  EDGE,
  NATS_CLIENT_PORT,
  POSTGRES_PORT,
  REMOTE_NAMES,
  SERVICES,
  SHUTDOWN_SECONDS,
  UPLOADS_DIR,
  WEB_APPS,
  WEB_HEALTH_PATH,
  ingressRoutes,
  type Dependency,
  type IngressRoute,
  type Part,
  type RemoteName,
  type Resources,
  type SecretRef,
  type ServicePart,
  type WebPart,
} from '../topology';
import type { CnpgCluster } from './cnpg-cluster';

export const NAMESPACE = 'marketplace';
/**
 * PostgreSQL (CloudNativePG) and NATS (its Helm chart) run in their own namespace, under their
 * operators' and chart's own network needs (replication, the API server, cluster routes); the app's
 * namespace denies everything not listed here.
 */
export const DATA_NAMESPACE = 'marketplace-data';
export const PART_OF = 'marketplace';

/** What the manifests rely on but do not create, as those projects name it by default. */
export const CLUSTER = {
  ingressClassName: 'nginx',
  /** ingress-nginx's controller: its pods, its Service, the port its pods take plain HTTP on. */
  ingressController: {
    namespace: 'ingress-nginx',
    pods: { 'app.kubernetes.io/name': 'ingress-nginx' },
    service: 'ingress-nginx-controller',
    httpPort: 80,
  },
  prometheus: { namespace: 'monitoring', pods: { 'app.kubernetes.io/name': 'prometheus' } },
  dns: { namespace: 'kube-system', pods: { 'k8s-app': 'kube-dns' } },
  /** The CloudNativePG cluster: its pods carry `cnpg.io/cluster: <name>`; `<name>-rw` is the primary. */
  postgres: { cluster: 'marketplace-db', database: 'marketplace' },
  /**
   * The Gateway the HTTPRoutes attach to (`--router gateway`): made by the cluster's platform, with an
   * HTTPS listener for the host that allows routes from the marketplace namespace.
   */
  gateway: { name: 'public', namespace: 'gateway', sectionName: 'https' },
  /** The NATS chart's release: Service `nats` (client port), pods `app.kubernetes.io/name: nats`. */
  nats: { release: 'nats', pods: { 'app.kubernetes.io/name': 'nats' } },
} as const;

/**
 * The ingress's address inside the cluster, the edge's WEB_ORIGIN (the Swarm stack's
 * `http://ingress:8080`): the Ingress answers this host name with the web apps' routes, so the edge
 * reads the shell's page and the live catalogue's manifest through the same routing as browsers.
 */
export const INTERNAL_INGRESS_HOST = `${CLUSTER.ingressController.service}.${CLUSTER.ingressController.namespace}.svc`;

/** The NATS URL in Kubernetes: the chart's client Service; clients learn the other nodes from it. */
export const NATS_URL = `nats://${CLUSTER.nats.release}.${DATA_NAMESPACE}.svc:${NATS_CLIENT_PORT}`;

/** Non-root user of every container (the images own their files as root and only read them). */
export const RUN_AS_USER = 10001;
/**
 * Seconds a terminating pod keeps serving before it gets SIGTERM: the endpoint controller and every
 * ingress controller drop it from their lists meanwhile, so no new request is sent to a closing process.
 */
export const PRE_STOP_SLEEP_SECONDS = 5;
/**
 * How long chat may take from SIGTERM to exit: readiness off, clients told to reconnect (1012) a batch
 * at a time over at most CHAT_DRAIN.maxSeconds, accepted messages finished, then the service kit's usual
 * shutdown limit (chat's main.ts); the grace period (topology's stopGraceSeconds) must cover it.
 */
export const CHAT_DRAIN_SECONDS = CHAT_DRAIN.maxSeconds + SHUTDOWN_SECONDS;

/**
 * Chat scales on open sockets per pod (the `chat_open_sockets` gauge each chat process exports, read
 * through Prometheus Adapter), with CPU as a safety net. README.md, "Chat autoscaling", explains each number.
 */
export const CHAT_AUTOSCALING = {
  metric: 'chat_open_sockets',
  /**
   * The average open sockets per pod the autoscaler aims at. Memory would allow ~15,000 (about 30 MiB
   * per 1,000 sockets, bench/chat-scaling.ts); the limit is greeting a lost pod's clients at once, so
   * a pod carries what its neighbours can take over (README.md, "Chat autoscaling").
   */
  targetOpenSocketsPerPod: 1500,
  cpuUtilizationPercent: 75,
  minReplicas: 2,
  maxReplicas: 12,
  scaleUp: { stabilizationWindowSeconds: 30, podsPerMinute: 4, percentPerMinute: 100 },
  /** Every pod removed sends all its clients reconnecting: one at a time, after 10 minutes of calm. */
  scaleDown: { stabilizationWindowSeconds: 600, podsPerPeriod: 1, periodSeconds: 120 },
} as const;

/** The CIDRs that `internet` never includes: the cluster's own and private networks, link-local (cloud metadata). */
export const NOT_INTERNET = [
  '10.0.0.0/8',
  '172.16.0.0/12',
  '192.168.0.0/16',
  '100.64.0.0/10',
  '169.254.0.0/16',
];
/** What `internet` allows: HTTPS (Facebook, Paystack) and SMTP submission (587, 465). */
export const INTERNET_PORTS = [443, 587, 465];

/**
 * The largest request body the ingress passes on: a job posted with its 5 images of at most 5 MB each
 * (JOB_IMAGE_LIMIT, IMAGE_LIMITS) and its fields. The services refuse anything bigger themselves.
 */
export const MAX_REQUEST_BODY_MIB = 32;

export const PROVISION_JOB = 'db-provision';
/** The administrator's URL and every role's password, created by hand (README.md, "Secrets"). */
export const PROVISION_SECRET = 'db-provision';
/** The image that carries infra/postgres/provision.ts (topology's DB_PROVISION). */
export const PROVISION_IMAGE = DB_PROVISION.image;

export interface ManifestOptions {
  /** Image tag of the services, the edge and the shell: the release being deployed. */
  tag: string;
  /** The site's public host name (Ingress rules and PUBLIC_URL). */
  host: string;
  /** Secret of type kubernetes.io/tls for the host (created by hand or by cert-manager). */
  tlsSecret: string;
  /** Prepended to every image name, e.g. `registry.example.ng/` (empty: as topology names them). */
  registry: string;
  /**
   * The deployed versions of each remote, newest first. Each is its own Deployment and Service
   * `web-<app>-<version>` (the image tag is the version); the first is current: the edge's remote
   * manifest points at it and `/remotes/<app>/` without a version goes to it.
   */
  remoteVersions: Record<RemoteName, readonly string[]>;
  /** The public routes as ingress-nginx Ingresses (default) or as Gateway API HTTPRoutes. */
  router?: 'ingress' | 'gateway';
  /**
   * The StorageClass of the uploads claims (ReadWriteMany: every replica of a service, on any node,
   * mounts the same files): a file share such as NFS (csi-driver-nfs), CephFS, Amazon EFS, Azure Files
   * or Filestore. Unset: the cluster's default class, which must then offer ReadWriteMany.
   */
  uploadsStorageClass?: string;
}

export const EXAMPLE_OPTIONS: ManifestOptions = {
  tag: '2026-11-26',
  host: 'marketplace.example.ng',
  tlsSecret: 'marketplace-tls',
  registry: '',
  remoteVersions: {
    catalogue: ['c3f1a2e'],
    jobs: ['4b8d9e0', '2a7c6f1'],
    chat: ['9e1d3b7'],
    admin: ['5f0a8c2'],
  },
};

export type ClusterObject =
  | INamespace
  | IServiceAccount
  | IDeployment
  | IService
  | IJob
  | IIngress
  | IHTTPRoute
  | INetworkPolicy
  | IHorizontalPodAutoscaler
  | IPodDisruptionBudget
  | IPersistentVolumeClaim
  | CnpgCluster;

/** Apply in this order: each stage needs the ones before it (README.md, "Deploying"). */
export const STAGES = ['namespace', 'database', 'provision', 'migrate', 'app'] as const;
export type Stage = (typeof STAGES)[number];

type Labels = Record<string, string>;

const DNS_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;

/** `web-<app>-<version>`, refused when it cannot be a Service name. */
export function remoteServiceName(app: RemoteName, version: string): string {
  const name = `web-${app}-${version}`;
  if (!DNS_LABEL.test(version) || name.length > 63) {
    throw new Error(
      `remote version '${version}' of ${app} must be lowercase letters, digits and '-' ` +
        `(a Service name, at most ${63 - `web-${app}-`.length} characters), e.g. a short commit id or 1-4-0`,
    );
  }
  return name;
}

function labels(name: string, component: string, version: string): Labels {
  return {
    'app.kubernetes.io/name': name,
    'app.kubernetes.io/component': component,
    'app.kubernetes.io/part-of': PART_OF,
    'app.kubernetes.io/version': version,
  };
}
const selectorOf = (name: string): Labels => ({ 'app.kubernetes.io/name': name });

function resourcesOf(resources: Resources): IContainer['resources'] {
  // No CPU limit: a limit throttles a busy pod while the node has idle cores; the request reserves it.
  return {
    requests: { cpu: `${resources.cpuMillis}m`, memory: `${resources.memoryMiB}Mi` },
    limits: { memory: `${resources.memoryLimitMiB}Mi` },
  };
}

/** Secrets as files under /run/secrets (as Swarm mounts them); the process reads `<ENV>_FILE`. */
function secretFiles(secrets: readonly SecretRef[]): {
  env: { name: string; value: string }[];
  volumes: NonNullable<IPodSpec['volumes']>;
  mounts: NonNullable<IContainer['volumeMounts']>;
} {
  const keys = new Set<string>();
  for (const { key } of secrets) {
    if (keys.has(key)) throw new Error(`two secrets of one pod would both be /run/secrets/${key}`);
    keys.add(key);
  }
  if (secrets.length === 0) return { env: [], volumes: [], mounts: [] };
  return {
    env: secrets.map(({ env, key }) => ({ name: `${env}_FILE`, value: `/run/secrets/${key}` })),
    // One projected volume, one source per Secret: every file lands in /run/secrets and follows the
    // Secret when it is rotated (a subPath mount per secret would not).
    volumes: [
      {
        name: 'secrets',
        projected: {
          // Readable by the pod's group (fsGroup), never by others.
          defaultMode: 0o440,
          sources: secrets.map(({ secret, key }) => ({
            secret: { name: secret, items: [{ key, path: key }] },
          })),
        },
      },
    ],
    mounts: [{ name: 'secrets', mountPath: '/run/secrets', readOnly: true }],
  };
}

const containerSecurity: IContainer['securityContext'] = {
  runAsNonRoot: true,
  runAsUser: RUN_AS_USER,
  runAsGroup: RUN_AS_USER,
  readOnlyRootFilesystem: true,
  allowPrivilegeEscalation: false,
  capabilities: { drop: ['ALL'] },
  seccompProfile: { type: 'RuntimeDefault' },
};

interface PodInput {
  name: string;
  image: string;
  command?: string[];
  env: Record<string, string>;
  secrets: readonly SecretRef[];
  resources: Resources;
  port?: number;
  probes?: { live: string; ready: string };
  graceSeconds: number;
  restartPolicy?: 'Never';
  /** The claim holding the service's uploaded files, mounted at UPLOADS_DIR. */
  uploadsClaim?: string;
}

function podSpec(input: PodInput): IPodSpec {
  const files = secretFiles(input.secrets);
  const container: IContainer = {
    name: input.name,
    image: input.image,
    ...(input.command ? { command: input.command } : {}),
    env: [...Object.entries(input.env).map(([name, value]) => ({ name, value })), ...files.env],
    resources: resourcesOf(input.resources),
    securityContext: containerSecurity,
    // The root file system is read-only: the process writes to /tmp (DATA_DIR is under it), and a
    // service that stores uploads to its shared claim at UPLOADS_DIR.
    volumeMounts: [
      { name: 'tmp', mountPath: '/tmp' },
      ...(input.uploadsClaim ? [{ name: 'uploads', mountPath: UPLOADS_DIR }] : []),
      ...files.mounts,
    ],
  };
  if (input.port !== undefined) {
    container.ports = [{ name: 'http', containerPort: input.port, protocol: 'TCP' }];
  }
  if (input.probes) {
    container.readinessProbe = {
      httpGet: { path: input.probes.ready, port: 'http' },
      periodSeconds: 5,
      failureThreshold: 2,
      timeoutSeconds: 2,
    };
    container.livenessProbe = {
      httpGet: { path: input.probes.live, port: 'http' },
      periodSeconds: 10,
      failureThreshold: 3,
      timeoutSeconds: 2,
    };
    // Booting (migrations verified, NATS connected) may take longer than a liveness period.
    container.startupProbe = {
      httpGet: { path: input.probes.live, port: 'http' },
      periodSeconds: 2,
      failureThreshold: 30,
      timeoutSeconds: 2,
    };
    container.lifecycle = { preStop: { sleep: { seconds: PRE_STOP_SLEEP_SECONDS } } };
  }
  return {
    serviceAccountName: input.name,
    automountServiceAccountToken: false,
    // The preStop sleep counts against the grace period: the process still gets all of its own after SIGTERM.
    terminationGracePeriodSeconds: input.graceSeconds + (input.probes ? PRE_STOP_SLEEP_SECONDS : 0),
    securityContext: {
      runAsNonRoot: true,
      runAsUser: RUN_AS_USER,
      runAsGroup: RUN_AS_USER,
      fsGroup: RUN_AS_USER,
      // The uploads claim is made the group's (fsGroup) once, not walked through at every pod start.
      ...(input.uploadsClaim ? { fsGroupChangePolicy: 'OnRootMismatch' } : {}),
      seccompProfile: { type: 'RuntimeDefault' },
    },
    containers: [container],
    volumes: [
      { name: 'tmp', emptyDir: { sizeLimit: '256Mi' } },
      ...(input.uploadsClaim
        ? [{ name: 'uploads', persistentVolumeClaim: { claimName: input.uploadsClaim } }]
        : []),
      ...files.volumes,
    ],
    ...(input.restartPolicy ? { restartPolicy: input.restartPolicy } : {}),
  };
}

/** One deployable unit in Kubernetes: a part, or one version of a remote. */
interface Workload {
  name: string;
  part: Part;
  image: string;
  version: string;
  env: Record<string, string>;
}

function workloads(options: ManifestOptions): Workload[] {
  const publicUrl = `https://${options.host}`;
  const image = (part: Part, tag: string) => `${options.registry}${part.image}:${tag}`;
  const list: Workload[] = [];
  for (const part of SERVICES) {
    list.push({
      name: part.name,
      part,
      image: image(part, options.tag),
      version: options.tag,
      env: { ...part.env, NATS_URL, PUBLIC_URL: publicUrl },
    });
  }
  const remoteUrls: Record<string, string> = {};
  for (const app of REMOTE_NAMES) {
    const current = currentVersion(options, app);
    remoteUrls[`REMOTE_${app.toUpperCase()}_URL`] = `/remotes/${app}/${current}/mf-manifest.json`;
  }
  list.push({
    name: EDGE.name,
    part: EDGE,
    image: image(EDGE, options.tag),
    version: options.tag,
    env: { ...EDGE.env, ...remoteUrls, PUBLIC_URL: publicUrl, WEB_ORIGIN: `http://${INTERNAL_INGRESS_HOST}` },
  });
  for (const part of WEB_APPS) {
    if (part.app === 'shell') {
      list.push({
        name: part.name,
        part,
        image: image(part, options.tag),
        version: options.tag,
        env: part.env,
      });
      continue;
    }
    for (const version of options.remoteVersions[part.app]) {
      list.push({
        name: remoteServiceName(part.app, version),
        part,
        image: image(part, version),
        version,
        env: part.env,
      });
    }
  }
  return list;
}

function currentVersion(options: ManifestOptions, app: RemoteName): string {
  const current = options.remoteVersions[app]?.[0];
  if (!current)
    throw new Error(`no version of the ${app} remote is deployed (remoteVersions.${app} is empty)`);
  return current;
}

function deployment(workload: Workload): IDeployment {
  const { part } = workload;
  const podLabels = labels(workload.name, part.kind, workload.version);
  const probes =
    part.kind === 'web'
      ? { live: WEB_HEALTH_PATH, ready: WEB_HEALTH_PATH }
      : { live: '/health', ready: '/ready' };
  // The chat HPA owns chat's replica count: a replicas field here would reset it at every apply.
  const autoscaled = part.name === 'chat';
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: workload.name, namespace: NAMESPACE, labels: podLabels },
    spec: {
      ...(autoscaled ? {} : { replicas: part.replicas }),
      revisionHistoryLimit: 5,
      selector: { matchLabels: selectorOf(workload.name) },
      // A new pod is ready before an old one goes: capacity never dips during a rollout.
      strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: 1, maxUnavailable: 0 } },
      template: {
        metadata: {
          labels: podLabels,
          ...(part.kind === 'web'
            ? {}
            : {
                annotations: {
                  'prometheus.io/scrape': 'true',
                  'prometheus.io/port': String(part.port),
                  'prometheus.io/path': '/metrics',
                },
              }),
        },
        spec: {
          ...podSpec({
            name: workload.name,
            image: workload.image,
            ...(part.kind === 'web' ? {} : { command: part.command }),
            env: workload.env,
            secrets: part.secrets,
            resources: part.resources,
            port: part.port,
            probes,
            graceSeconds: part.stopGraceSeconds,
            ...(part.kind === 'service' && part.uploads ? { uploadsClaim: part.uploads.name } : {}),
          }),
          // Replicas on different nodes where possible: one node lost never takes a whole part.
          topologySpreadConstraints: [
            {
              maxSkew: 1,
              topologyKey: 'kubernetes.io/hostname',
              whenUnsatisfiable: 'ScheduleAnyway',
              labelSelector: { matchLabels: selectorOf(workload.name) },
            },
          ],
        },
      },
    },
  };
}

/**
 * A service's uploaded files (topology's `uploads`): one ReadWriteMany claim that every replica mounts at
 * UPLOADS_DIR, whichever node it runs on, and that outlives every pod and rollout.
 */
function uploadsClaim(part: ServicePart, options: ManifestOptions): IPersistentVolumeClaim | undefined {
  if (!part.uploads) return undefined;
  return {
    apiVersion: 'v1',
    kind: 'PersistentVolumeClaim',
    metadata: {
      name: part.uploads.name,
      namespace: NAMESPACE,
      labels: labels(part.uploads.name, 'uploads', options.tag),
    },
    spec: {
      accessModes: ['ReadWriteMany'],
      volumeMode: 'Filesystem',
      ...(options.uploadsStorageClass ? { storageClassName: options.uploadsStorageClass } : {}),
      resources: { requests: { storage: `${part.uploads.sizeGiB}Gi` } },
    },
  };
}

function service(workload: Workload): IService {
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: {
      name: workload.name,
      namespace: NAMESPACE,
      labels: labels(workload.name, workload.part.kind, workload.version),
    },
    spec: {
      type: 'ClusterIP',
      selector: selectorOf(workload.name),
      // The same port as inside the pod, so the topology's URLs (http://accounts:8080) hold here too.
      ports: [{ name: 'http', port: workload.part.port, targetPort: 'http', protocol: 'TCP' }],
    },
  };
}

function serviceAccount(name: string, component: string, version: string): IServiceAccount {
  return {
    apiVersion: 'v1',
    kind: 'ServiceAccount',
    metadata: { name, namespace: NAMESPACE, labels: labels(name, component, version) },
    // No part talks to the Kubernetes API: no token in any pod.
    automountServiceAccountToken: false,
  };
}

function disruptionBudget(workload: Workload): IPodDisruptionBudget | undefined {
  // One replica: a budget would forbid draining its node; the rollout surge covers updates.
  if (workload.name !== 'chat' && workload.part.replicas < 2) return undefined;
  return {
    apiVersion: 'policy/v1',
    kind: 'PodDisruptionBudget',
    metadata: {
      name: workload.name,
      namespace: NAMESPACE,
      labels: labels(workload.name, workload.part.kind, workload.version),
    },
    // One pod at a time: for chat, each eviction sends that pod's sockets reconnecting elsewhere.
    spec: { maxUnavailable: 1, selector: { matchLabels: selectorOf(workload.name) } },
  };
}

function chatAutoscaler(version: string): IHorizontalPodAutoscaler {
  const a = CHAT_AUTOSCALING;
  return {
    apiVersion: 'autoscaling/v2',
    kind: 'HorizontalPodAutoscaler',
    metadata: { name: 'chat', namespace: NAMESPACE, labels: labels('chat', 'service', version) },
    spec: {
      scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'chat' },
      minReplicas: a.minReplicas,
      maxReplicas: a.maxReplicas,
      // The replica count is the highest any metric asks for.
      metrics: [
        {
          type: 'Pods',
          pods: {
            metric: { name: a.metric },
            target: { type: 'AverageValue', averageValue: String(a.targetOpenSocketsPerPod) },
          },
        },
        {
          type: 'Resource',
          resource: {
            name: 'cpu',
            target: { type: 'Utilization', averageUtilization: a.cpuUtilizationPercent },
          },
        },
      ],
      behavior: {
        scaleUp: {
          stabilizationWindowSeconds: a.scaleUp.stabilizationWindowSeconds,
          selectPolicy: 'Max',
          policies: [
            { type: 'Pods', value: a.scaleUp.podsPerMinute, periodSeconds: 60 },
            { type: 'Percent', value: a.scaleUp.percentPerMinute, periodSeconds: 60 },
          ],
        },
        scaleDown: {
          stabilizationWindowSeconds: a.scaleDown.stabilizationWindowSeconds,
          selectPolicy: 'Min',
          policies: [
            { type: 'Pods', value: a.scaleDown.podsPerPeriod, periodSeconds: a.scaleDown.periodSeconds },
          ],
        },
      },
    },
  };
}

function migrateJob(part: ServicePart, options: ManifestOptions): IJob {
  const name = `${part.name}-migrate`;
  return {
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: { name, namespace: NAMESPACE, labels: labels(name, 'migrate', options.tag) },
    spec: {
      backoffLimit: 2,
      activeDeadlineSeconds: 600,
      // Gone a day after it finished; the next deploy deletes it first anyway (a Job's template is immutable).
      ttlSecondsAfterFinished: 86400,
      template: {
        metadata: { labels: labels(name, 'migrate', options.tag) },
        spec: podSpec({
          name,
          image: `${options.registry}${part.image}:${options.tag}`,
          command: part.migrate.command,
          env: { LOG_LEVEL: part.env.LOG_LEVEL ?? 'info', DATA_DIR },
          secrets: part.migrate.secrets,
          resources: part.resources,
          graceSeconds: part.stopGraceSeconds,
          restartPolicy: 'Never',
        }),
      },
    },
  };
}

/** The settings infra/postgres/provision.ts reads: the administrator's URL, each role's password. */
const provisionSecrets = (): SecretRef[] => [
  { env: 'DATABASE_URL', secret: PROVISION_SECRET, key: 'database-admin-url' },
  ...SERVICES.flatMap(({ service: name }) => [
    {
      env: `${name.toUpperCase()}_MIGRATOR_PASSWORD`,
      secret: PROVISION_SECRET,
      key: `${name}-migrator-password`,
    },
    { env: `${name.toUpperCase()}_APP_PASSWORD`, secret: PROVISION_SECRET, key: `${name}-app-password` },
  ]),
];

function provisionJob(options: ManifestOptions): IJob {
  return {
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: {
      name: PROVISION_JOB,
      namespace: NAMESPACE,
      labels: labels(PROVISION_JOB, 'provision', options.tag),
    },
    spec: {
      backoffLimit: 2,
      activeDeadlineSeconds: 300,
      ttlSecondsAfterFinished: 86400,
      template: {
        metadata: { labels: labels(PROVISION_JOB, 'provision', options.tag) },
        spec: podSpec({
          name: PROVISION_JOB,
          image: `${options.registry}${PROVISION_IMAGE}:${options.tag}`,
          command: [...DB_PROVISION.command],
          env: { SERVICES: SERVICES.map((part) => part.service).join(','), LOG_LEVEL: 'info' },
          secrets: provisionSecrets(),
          resources: { cpuMillis: 100, memoryMiB: 96, memoryLimitMiB: 192 },
          graceSeconds: 10,
          restartPolicy: 'Never',
        }),
      },
    },
  };
}

function postgresCluster(): CnpgCluster {
  return {
    apiVersion: 'postgresql.cnpg.io/v1',
    kind: 'Cluster',
    metadata: {
      name: CLUSTER.postgres.cluster,
      namespace: DATA_NAMESPACE,
      labels: { 'app.kubernetes.io/part-of': PART_OF },
    },
    spec: {
      // A primary and two synchronous-capable replicas on different nodes; the operator fails over.
      instances: 3,
      // The version the project tests against (Debian's PostgreSQL 15).
      imageName: 'ghcr.io/cloudnative-pg/postgresql:15',
      primaryUpdateStrategy: 'unsupervised',
      // The `<cluster>-superuser` Secret: the administrator URL of the db-provision Secret is made from it.
      enableSuperuserAccess: true,
      storage: { size: '20Gi' },
      walStorage: { size: '5Gi' },
      bootstrap: {
        initdb: { database: CLUSTER.postgres.database, owner: 'marketplace', dataChecksums: true },
      },
      postgresql: {
        parameters: {
          // 4 services x (2-12 replicas x pool) + migrations: room to spare over the default 100.
          max_connections: '300',
          shared_buffers: '512MB',
          log_min_duration_statement: '500ms',
        },
      },
      resources: { requests: { cpu: '500m', memory: '2Gi' }, limits: { memory: '2Gi' } },
      affinity: {
        enablePodAntiAffinity: true,
        topologyKey: 'kubernetes.io/hostname',
        podAntiAffinityType: 'required',
      },
      monitoring: { enablePodMonitor: true },
    },
  };
}

/** The ingress-nginx Ingress paths of one route (several for a remote: one per deployed version). */
function ingressPaths(route: IngressRoute, options: ManifestOptions): IHTTPIngressPath[] {
  const backend = (name: string, port: number): IHTTPIngressPath['backend'] => ({
    service: { name, port: { number: port } },
  });
  const pathType = route.match === 'exact' ? 'Exact' : 'Prefix';
  if (!route.versioned) {
    const target = partOf(route.to);
    return [{ path: route.path, pathType, backend: backend(target.name, target.port) }];
  }
  const part = partOf(route.to) as WebPart;
  const app = part.app as RemoteName;
  // Prefix matches whole segments, so `/remotes/jobs/<v>` is the longest match for that version's
  // files and `/remotes/jobs` takes the rest (unversioned addresses) to the current version.
  return [
    {
      path: route.path,
      pathType,
      backend: backend(remoteServiceName(app, currentVersion(options, app)), part.port),
    },
    ...options.remoteVersions[app].map((version) => ({
      path: `${route.path}/${version}`,
      pathType: 'Prefix' as const,
      backend: backend(remoteServiceName(app, version), part.port),
    })),
  ];
}

function partOf(name: string): Part {
  const part = [...SERVICES, EDGE, ...WEB_APPS].find((candidate) => candidate.name === name);
  if (!part) throw new Error(`an ingress route goes to '${name}', which is no part of the topology`);
  return part;
}

/** The routes to the web apps' files: what the edge reads through INTERNAL_INGRESS_HOST. */
const toWebApp = (route: IngressRoute) => WEB_APPS.some((part) => part.name === route.to);

function ingresses(options: ManifestOptions): IIngress[] {
  const routes = ingressRoutes();
  const ingress = (
    name: string,
    paths: IHTTPIngressPath[],
    annotations: Record<string, string>,
    internalPaths: IHTTPIngressPath[] = [],
  ): IIngress => ({
    apiVersion: 'networking.k8s.io/v1',
    kind: 'Ingress',
    metadata: {
      name,
      namespace: NAMESPACE,
      labels: labels(name, 'ingress', options.tag),
      // ingress-nginx sets X-Request-ID itself (generate-request-id is on by default): the id then
      // follows the request through every service (ARCHITECTURE, Operations).
      annotations,
    },
    spec: {
      ingressClassName: CLUSTER.ingressClassName,
      tls: [{ hosts: [options.host], secretName: options.tlsSecret }],
      rules: [
        { host: options.host, http: { paths } },
        // Plain HTTP from inside only (the name resolves in the cluster alone; no TLS host, no redirect).
        ...(internalPaths.length > 0
          ? [{ host: INTERNAL_INGRESS_HOST, http: { paths: internalPaths } }]
          : []),
      ],
    },
  });
  // ingress-nginx applies annotations per Ingress: the WebSocket's long timeouts get an Ingress of their own.
  const websocket = routes.filter((route) => route.websocket);
  const http = routes.filter((route) => !route.websocket);
  const common = {
    'nginx.ingress.kubernetes.io/proxy-body-size': `${MAX_REQUEST_BODY_MIB}m`,
    'nginx.ingress.kubernetes.io/ssl-redirect': 'true',
  };
  const site = ingress(
    'marketplace',
    http.flatMap((route) => ingressPaths(route, options)),
    common,
    http.filter(toWebApp).flatMap((route) => ingressPaths(route, options)),
  );
  const ws = ingress(
    'marketplace-ws',
    websocket.flatMap((route) => ingressPaths(route, options)),
    {
      ...common,
      // A socket stays open for an hour of silence at most (the client heartbeats far more often).
      'nginx.ingress.kubernetes.io/proxy-read-timeout': '3600',
      'nginx.ingress.kubernetes.io/proxy-send-timeout': '3600',
      // ingress-nginx has no least-connections balancer (round_robin or ewma only); EWMA sends new
      // sockets to the pods answering fastest, and the HPA adds pods on open sockets.
      'nginx.ingress.kubernetes.io/load-balance': 'ewma',
    },
  );
  return [site, ws];
}

/**
 * The same routes as Gateway API HTTPRoutes, one per Service (its rules stay far below the API's 16):
 * `Exact` and `PathPrefix` matches (whole segments, longest wins: the Ingress's rules). The WebSocket
 * rule has no request timeout (`0s`); an idle timeout is the Gateway implementation's own policy.
 */
function httpRoutes(options: ManifestOptions): IHTTPRoute[] {
  const byService = new Map<string, { port: number; rules: IHTTPRouteRule[] }>();
  for (const route of ingressRoutes()) {
    for (const path of ingressPaths(route, options)) {
      const name = path.backend.service!.name;
      const port = path.backend.service!.port!.number!;
      const entry = byService.get(name) ?? { port, rules: [] };
      byService.set(name, entry);
      const match = {
        path: { type: path.pathType === 'Exact' ? 'Exact' : 'PathPrefix', value: path.path },
      } as const;
      const kind = route.websocket ? 'websocket' : 'http';
      let rule = entry.rules.find((r) => (r.timeouts ? 'websocket' : 'http') === kind);
      if (!rule) {
        rule = {
          matches: [],
          backendRefs: [{ name, port }],
          ...(route.websocket ? { timeouts: { request: '0s' } } : {}),
        };
        entry.rules.push(rule);
      }
      rule.matches!.push(match);
    }
  }
  return [...byService].map(([name, { rules }]) => ({
    apiVersion: 'gateway.networking.k8s.io/v1',
    kind: 'HTTPRoute',
    metadata: { name, namespace: NAMESPACE, labels: labels(name, 'route', options.tag) },
    spec: {
      parentRefs: [
        {
          name: CLUSTER.gateway.name,
          namespace: CLUSTER.gateway.namespace,
          sectionName: CLUSTER.gateway.sectionName,
        },
      ],
      // The web apps also answer the edge inside the cluster (WEB_ORIGIN), when the Gateway is named there.
      hostnames: WEB_APPS.some((part) => name === part.name || name.startsWith(`${part.name}-`))
        ? [options.host, INTERNAL_INGRESS_HOST]
        : [options.host],
      rules,
    },
  }));
}

const port = (value: number): INetworkPolicyPort => ({ protocol: 'TCP', port: value });
const inNamespace = (namespace: string, pods: Labels): INetworkPolicyPeer => ({
  namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': namespace } },
  podSelector: { matchLabels: pods },
});

/** Egress rules for what a pod reaches, by the topology's names. */
function egressTo(reaches: readonly Dependency[]): NonNullable<INetworkPolicy['spec']>['egress'] {
  return reaches.map((dependency) => {
    switch (dependency) {
      case 'postgres':
        return {
          to: [inNamespace(DATA_NAMESPACE, { 'cnpg.io/cluster': CLUSTER.postgres.cluster })],
          ports: [port(POSTGRES_PORT)],
        };
      case 'nats':
        return { to: [inNamespace(DATA_NAMESPACE, CLUSTER.nats.pods)], ports: [port(NATS_CLIENT_PORT)] };
      case 'ingress':
        return {
          to: [inNamespace(CLUSTER.ingressController.namespace, CLUSTER.ingressController.pods)],
          ports: [port(CLUSTER.ingressController.httpPort)],
        };
      case 'internet':
        return {
          to: [{ ipBlock: { cidr: '0.0.0.0/0', except: NOT_INTERNET } }],
          ports: INTERNET_PORTS.map(port),
        };
      default: {
        const target = partOf(dependency);
        // A part in this namespace: every pod of it (all versions of a remote share its component label).
        return {
          to: [{ podSelector: { matchLabels: selectorOf(target.name) } }],
          ports: [port(target.port)],
        };
      }
    }
  });
}

function networkPolicies(list: Workload[], options: ManifestOptions): INetworkPolicy[] {
  const policy = (name: string, spec: NonNullable<INetworkPolicy['spec']>): INetworkPolicy => ({
    apiVersion: 'networking.k8s.io/v1',
    kind: 'NetworkPolicy',
    metadata: { name, namespace: NAMESPACE, labels: labels(name, 'network-policy', options.tag) },
    spec,
  });
  const publicParts = new Set(ingressRoutes().map((route) => route.to));
  const policies = [
    policy('default-deny', { podSelector: {}, policyTypes: ['Ingress', 'Egress'] }),
    policy('allow-dns', {
      podSelector: {},
      policyTypes: ['Egress'],
      egress: [
        {
          to: [inNamespace(CLUSTER.dns.namespace, CLUSTER.dns.pods)],
          ports: [
            { protocol: 'UDP', port: 53 },
            { protocol: 'TCP', port: 53 },
          ],
        },
      ],
    }),
  ];
  for (const workload of list) {
    const { part } = workload;
    const from: INetworkPolicyPeer[] = [];
    if (publicParts.has(part.name))
      from.push(inNamespace(CLUSTER.ingressController.namespace, CLUSTER.ingressController.pods));
    for (const caller of [...SERVICES, EDGE, ...WEB_APPS]) {
      if ((caller.reaches as readonly string[]).includes(part.name)) {
        from.push({ podSelector: { matchLabels: selectorOf(caller.name) } });
      }
    }
    const ingress: NonNullable<INetworkPolicy['spec']>['ingress'] = [];
    if (from.length > 0) ingress.push({ from, ports: [port(part.port)] });
    // Only the processes that export /metrics are scraped (nginx in the web images exports none).
    if (part.kind !== 'web') {
      ingress.push({
        from: [inNamespace(CLUSTER.prometheus.namespace, CLUSTER.prometheus.pods)],
        ports: [port(part.port)],
      });
    }
    policies.push(
      policy(workload.name, {
        podSelector: { matchLabels: selectorOf(workload.name) },
        policyTypes: ['Ingress', 'Egress'],
        ingress,
        egress: egressTo(part.reaches),
      }),
    );
  }
  // The one-off tasks talk to PostgreSQL only and accept no connection.
  for (const name of [PROVISION_JOB, ...SERVICES.map((part) => `${part.name}-migrate`)]) {
    policies.push(
      policy(name, {
        podSelector: { matchLabels: selectorOf(name) },
        policyTypes: ['Ingress', 'Egress'],
        ingress: [],
        egress: egressTo(['postgres']),
      }),
    );
  }
  return policies;
}

function namespace(name: string, options: ManifestOptions): INamespace {
  return {
    apiVersion: 'v1',
    kind: 'Namespace',
    metadata: {
      name,
      labels: {
        'app.kubernetes.io/part-of': PART_OF,
        // The API server itself refuses a pod that is not non-root, seccomp'd and capability-free.
        'pod-security.kubernetes.io/enforce': name === NAMESPACE ? 'restricted' : 'baseline',
        'pod-security.kubernetes.io/enforce-version': 'latest',
        'app.kubernetes.io/version': options.tag,
      },
    },
  };
}

/** Every object, by the stage it is applied in. */
export function manifestStages(options: ManifestOptions = EXAMPLE_OPTIONS): Record<Stage, ClusterObject[]> {
  const list = workloads(options);
  // The claims before the Deployments that mount them.
  const app: ClusterObject[] = SERVICES.flatMap((part) => uploadsClaim(part, options) ?? []);
  for (const workload of list) {
    app.push(serviceAccount(workload.name, workload.part.kind, workload.version));
    app.push(deployment(workload), service(workload));
    const budget = disruptionBudget(workload);
    if (budget) app.push(budget);
  }
  app.push(chatAutoscaler(options.tag));
  app.push(...(options.router === 'gateway' ? httpRoutes(options) : ingresses(options)));
  return {
    // The policies come first: no pod of the namespace ever runs without them.
    namespace: [
      namespace(NAMESPACE, options),
      namespace(DATA_NAMESPACE, options),
      ...networkPolicies(list, options),
      serviceAccount(PROVISION_JOB, 'provision', options.tag),
      ...SERVICES.map((part) => serviceAccount(`${part.name}-migrate`, 'migrate', options.tag)),
    ],
    database: [postgresCluster()],
    provision: [provisionJob(options)],
    migrate: SERVICES.map((part) => migrateJob(part, options)),
    app,
  };
}

/** Every object in the order it is applied. */
export function manifests(options: ManifestOptions = EXAMPLE_OPTIONS): ClusterObject[] {
  const stages = manifestStages(options);
  return STAGES.flatMap((stage) => stages[stage]);
}
