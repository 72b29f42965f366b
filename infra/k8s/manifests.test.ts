import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HTTPRoute } from '@kubernetes-models/gateway-api/gateway.networking.k8s.io/v1/HTTPRoute';
import type { IHTTPRoute } from '@kubernetes-models/gateway-api/gateway.networking.k8s.io/v1/HTTPRoute';
import { Deployment } from 'kubernetes-models/apps/v1/Deployment';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import { Job } from 'kubernetes-models/batch/v1/Job';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import { NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import { Namespace } from 'kubernetes-models/v1/Namespace';
import { PersistentVolumeClaim } from 'kubernetes-models/v1/PersistentVolumeClaim';
import type { IPersistentVolumeClaim } from 'kubernetes-models/v1/PersistentVolumeClaim';
import { Service } from 'kubernetes-models/v1/Service';
import { ServiceAccount } from 'kubernetes-models/v1/ServiceAccount';
import type { IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import type { IHorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import type { IJob } from 'kubernetes-models/batch/v1/Job';
import type { IIngress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import type { INetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import type { INetworkPolicyPeer } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicyPeer';
import type { IPodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import type { IPodSpec } from 'kubernetes-models/v1/PodSpec';
import type { IService } from 'kubernetes-models/v1/Service';
import { JOB_IMAGE_LIMIT } from '@marketplace/contracts';
import { IMAGE_LIMITS } from '@marketplace/service-kit/uploads';
import { Value } from 'typebox/value';
import { parse, parseAllDocuments } from 'yaml';
import {
  NATS_CLIENT_PORT,
  NATS_NODES,
  POSTGRES_PORT,
  PARTS,
  REMOTE_NAMES,
  SERVICES,
  UPLOADS_DIR,
  WEB_HEALTH_PATH,
  ingressRoutes,
  type Part,
} from '../topology';
import { CnpgClusterSchema } from './cnpg-cluster';
import {
  CHAT_AUTOSCALING,
  CHAT_DRAIN_SECONDS,
  CLUSTER,
  INTERNAL_INGRESS_HOST,
  MAX_REQUEST_BODY_MIB,
  DATA_NAMESPACE,
  EXAMPLE_OPTIONS,
  NAMESPACE,
  PRE_STOP_SLEEP_SECONDS,
  PROVISION_JOB,
  RUN_AS_USER,
  STAGES,
  manifestStages,
  manifests,
  remoteServiceName,
  type ClusterObject,
} from './manifests';
import { optionsFrom, toYaml } from './render';

type Model = { validate(): void };
/** The model of every kind generated: its validate() checks the object against the Kubernetes OpenAPI schema. */
const MODELS: Record<string, new (data: never) => Model> = {
  'v1/Namespace': Namespace,
  'v1/PersistentVolumeClaim': PersistentVolumeClaim,
  'v1/ServiceAccount': ServiceAccount,
  'v1/Service': Service,
  'apps/v1/Deployment': Deployment,
  'batch/v1/Job': Job,
  'networking.k8s.io/v1/Ingress': Ingress,
  'networking.k8s.io/v1/NetworkPolicy': NetworkPolicy,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
  'gateway.networking.k8s.io/v1/HTTPRoute': HTTPRoute,
};

/** Throws with the schema's message when the object is not valid for its apiVersion and kind. */
function validateObject(object: { apiVersion: string; kind: string }): void {
  const key = `${object.apiVersion}/${object.kind}`;
  if (key === 'postgresql.cnpg.io/v1/Cluster') {
    const errors = [...Value.Errors(CnpgClusterSchema, object)];
    if (errors.length > 0)
      throw new Error(`${key}: ${errors.map((e) => `${e.instancePath} ${e.message}`).join(', ')}`);
    return;
  }
  const model = MODELS[key];
  if (!model) throw new Error(`no schema to validate ${key} against`);
  new model(object as never).validate();
}

// What is checked is what render.ts writes: the YAML, read back.
const rendered = parseAllDocuments(toYaml(manifests(EXAMPLE_OPTIONS))).map(
  (document) => document.toJS() as ClusterObject,
);
const ofKind = <T extends ClusterObject>(kind: T['kind']) => rendered.filter((o): o is T => o.kind === kind);
const deployments = ofKind<IDeployment>('Deployment');
const services = ofKind<IService>('Service');
const jobs = ofKind<IJob>('Job');
const ingresses = ofKind<IIngress>('Ingress');
const policies = ofKind<INetworkPolicy>('NetworkPolicy');
const nameOf = (object: ClusterObject) => object.metadata?.name ?? '';
const deploymentNamed = (name: string) => {
  const found = deployments.find((d) => nameOf(d) === name);
  if (!found) throw new Error(`no Deployment ${name}`);
  return found;
};
const podSpecs: [string, IPodSpec][] = [...deployments, ...jobs].map((o) => [
  nameOf(o),
  o.spec!.template.spec!,
]);

describe('every generated object', () => {
  it.each(rendered.map((object) => [`${object.kind} ${nameOf(object)}`, object] as const))(
    '%s is valid against its API schema',
    (_name, object) => {
      expect(() => validateObject(object)).not.toThrow();
    },
  );

  it('the validation refuses a broken object (it is not a no-op)', () => {
    const broken = structuredClone(deploymentNamed('jobs'));
    broken.spec!.template.spec!.containers[0]!.resources!.requests!.cpu = 'a lot';
    expect(() => validateObject(broken)).toThrow(/cpu|quantity|pattern/i);
    expect(() => validateObject({ ...ofKind('Cluster')[0]!, spec: { instance: 3 } } as never)).toThrow(
      /instance/,
    );
  });

  it('has a unique kind and name in its namespace, the labels of the whole, and lives in the two namespaces', () => {
    const keys = rendered.map((o) => `${o.kind}/${o.metadata?.namespace ?? ''}/${nameOf(o)}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const object of rendered) {
      expect(object.metadata?.labels?.['app.kubernetes.io/part-of']).toBe('marketplace');
      if (object.kind !== 'Namespace')
        expect([NAMESPACE, DATA_NAMESPACE]).toContain(object.metadata?.namespace);
    }
    for (const workload of [...deployments, ...jobs]) {
      for (const labels of [workload.metadata?.labels, workload.spec?.template.metadata?.labels]) {
        expect(labels?.['app.kubernetes.io/name']).toBe(nameOf(workload));
        expect(labels?.['app.kubernetes.io/version']).toEqual(expect.any(String));
      }
    }
  });

  it('is applied in stages, namespaces first and the app last', () => {
    const stages = manifestStages(EXAMPLE_OPTIONS);
    expect(Object.keys(stages)).toEqual([...STAGES]);
    expect(stages.namespace.filter((o) => o.kind === 'Namespace').map(nameOf)).toEqual([
      NAMESPACE,
      DATA_NAMESPACE,
    ]);
    expect(stages.migrate.map(nameOf)).toEqual(SERVICES.map((s) => `${s.name}-migrate`));
    expect(stages.app.some((o) => o.kind === 'Job')).toBe(false);
    // Every pod starts under its network policies.
    expect(stages.namespace.filter((o) => o.kind === 'NetworkPolicy')).toHaveLength(policies.length);
  });
});

describe('pods', () => {
  it.each(podSpecs)('%s runs as non-root on a read-only root with no capabilities', (_name, spec) => {
    expect(spec.securityContext).toMatchObject({
      runAsNonRoot: true,
      runAsUser: RUN_AS_USER,
      seccompProfile: { type: 'RuntimeDefault' },
    });
    expect(spec.automountServiceAccountToken).toBe(false);
    const tmp = spec.volumes?.find((v) => v.name === 'tmp');
    expect(tmp?.emptyDir).toBeDefined();
    for (const container of spec.containers) {
      expect(container.securityContext).toEqual({
        runAsNonRoot: true,
        runAsUser: RUN_AS_USER,
        runAsGroup: RUN_AS_USER,
        readOnlyRootFilesystem: true,
        allowPrivilegeEscalation: false,
        capabilities: { drop: ['ALL'] },
        seccompProfile: { type: 'RuntimeDefault' },
      });
      expect(container.volumeMounts).toContainEqual({ name: 'tmp', mountPath: '/tmp' });
      expect(container.resources?.requests).toEqual({
        cpu: expect.stringMatching(/^\d+m$/),
        memory: expect.stringMatching(/^\d+Mi$/),
      });
      expect(container.resources?.limits?.memory).toMatch(/^\d+Mi$/);
    }
  });

  it('each runs under its own ServiceAccount, which mounts no token', () => {
    const accounts = new Map(ofKind('ServiceAccount').map((a) => [nameOf(a), a]));
    for (const [name, spec] of podSpecs) {
      expect(spec.serviceAccountName).toBe(name);
      expect(accounts.get(name)).toMatchObject({ automountServiceAccountToken: false });
    }
  });

  it.each(PARTS.map((part) => [part.name, part] as const))(
    '%s: the topology’s image, command, settings and resources',
    (_name, part) => {
      const names =
        part.kind === 'web' && part.app !== 'shell'
          ? EXAMPLE_OPTIONS.remoteVersions[part.app].map((v) => remoteServiceName(part.app as never, v))
          : [part.name];
      for (const name of names) {
        const container = deploymentNamed(name).spec!.template.spec!.containers[0]!;
        expect(container.image).toMatch(new RegExp(`^${part.image}:`));
        if (part.kind !== 'web') expect(container.command).toEqual(part.command);
        const env = Object.fromEntries((container.env ?? []).map((e) => [e.name, e.value]));
        for (const [key, value] of Object.entries(part.env)) {
          // NATS is addressed through the chart's Service in Kubernetes.
          expect(env[key]).toBe(
            key === 'NATS_URL' ? `nats://nats.${DATA_NAMESPACE}.svc:${NATS_CLIENT_PORT}` : value,
          );
        }
        expect(container.resources).toEqual({
          requests: { cpu: `${part.resources.cpuMillis}m`, memory: `${part.resources.memoryMiB}Mi` },
          limits: { memory: `${part.resources.memoryLimitMiB}Mi` },
        });
        expect(container.ports).toEqual([{ name: 'http', containerPort: part.port, protocol: 'TCP' }]);
      }
    },
  );
});

describe('uploaded files', () => {
  const claims = ofKind<IPersistentVolumeClaim>('PersistentVolumeClaim');
  const storing = SERVICES.filter((service) => service.uploads);
  const claimNamed = (name: string) => claims.find((claim) => nameOf(claim) === name);

  it('are stored by accounts and jobs: each has its own ReadWriteMany claim, applied before the Deployments', () => {
    expect(storing.map((s) => s.name)).toEqual(['accounts', 'jobs']);
    expect(claims.map(nameOf).sort()).toEqual(storing.map((s) => s.uploads!.name).sort());
    for (const service of storing) {
      expect(claimNamed(service.uploads!.name)?.spec).toEqual({
        // Every replica, on whichever node, mounts the same files at once.
        accessModes: ['ReadWriteMany'],
        volumeMode: 'Filesystem',
        resources: { requests: { storage: `${service.uploads!.sizeGiB}Gi` } },
      });
    }
    const app = manifestStages(EXAMPLE_OPTIONS).app;
    const firstDeployment = app.findIndex((o) => o.kind === 'Deployment');
    for (const claim of claims)
      expect(app.findIndex((o) => nameOf(o) === nameOf(claim) && o.kind === claim.kind)).toBeLessThan(
        firstDeployment,
      );
  });

  it.each(SERVICES.filter((s) => s.uploads).map((s) => [s.name, s] as const))(
    '%s mounts its claim at UPLOADS_DIR in every pod, writable by the pod’s non-root user',
    (name, service) => {
      const spec = deploymentNamed(name).spec!.template.spec!;
      const volume = spec.volumes?.find((v) => v.persistentVolumeClaim);
      expect(volume?.persistentVolumeClaim).toEqual({ claimName: service.uploads!.name });
      const container = spec.containers[0]!;
      expect(container.volumeMounts).toContainEqual({ name: volume!.name, mountPath: UPLOADS_DIR });
      // The service keeps its files where the claim is.
      expect(container.env).toContainEqual({ name: 'UPLOADS_DIR', value: UPLOADS_DIR });
      // The volume is given the pod's group (fsGroup): the user (not root) writes to it.
      expect(spec.securityContext).toMatchObject({
        fsGroup: RUN_AS_USER,
        fsGroupChangePolicy: 'OnRootMismatch',
      });
      // Every replica mounts it: a Deployment's pods share one template.
      expect(deploymentNamed(name).spec!.replicas).toBeGreaterThanOrEqual(2);
    },
  );

  it.each(podSpecs)('%s writes nowhere outside /tmp but its own uploads claim', (name, spec) => {
    const ownClaim = SERVICES.find((s) => s.name === name)?.uploads?.name;
    for (const container of spec.containers) {
      expect(container.securityContext?.readOnlyRootFilesystem).toBe(true);
      for (const mount of container.volumeMounts ?? []) {
        if (mount.readOnly) continue;
        const volume = spec.volumes?.find((v) => v.name === mount.name);
        const writable =
          (mount.mountPath === '/tmp' && volume?.emptyDir !== undefined) ||
          (mount.mountPath === UPLOADS_DIR &&
            volume?.persistentVolumeClaim?.claimName === ownClaim &&
            ownClaim !== undefined);
        expect([mount.mountPath, writable]).toEqual([mount.mountPath, true]);
      }
      const dataDir = container.env?.find((v) => v.name === 'DATA_DIR')?.value;
      if (dataDir !== undefined) expect(dataDir).toMatch(/^\/tmp\//);
      // Only a service that stores files is told where: no other process writes to UPLOADS_DIR.
      const uploadsDir = container.env?.find((v) => v.name === 'UPLOADS_DIR')?.value;
      expect(uploadsDir).toBe(ownClaim && spec.restartPolicy !== 'Never' ? UPLOADS_DIR : undefined);
    }
  });

  it('take the storage class given to render.ts (a class that offers ReadWriteMany)', () => {
    const withClass = manifests(
      optionsFrom(['--example', '--uploads-storage-class', 'nfs-csi']).options,
    ).filter((o): o is IPersistentVolumeClaim => o.kind === 'PersistentVolumeClaim');
    expect(withClass).toHaveLength(storing.length);
    for (const claim of withClass) {
      expect(claim.spec?.storageClassName).toBe('nfs-csi');
      expect(() => validateObject(claim)).not.toThrow();
    }
    // Unset: the cluster's default class.
    for (const claim of claims) expect(claim.spec?.storageClassName).toBeUndefined();
  });
});

describe('deployments', () => {
  it.each(deployments.map((d) => [nameOf(d), d] as const))(
    '%s is probed, drained and given its grace period',
    (name, deployment) => {
      const spec = deployment.spec!.template.spec!;
      const container = spec.containers[0]!;
      const web = deployment.metadata?.labels?.['app.kubernetes.io/component'] === 'web';
      expect(container.readinessProbe?.httpGet).toEqual({
        path: web ? WEB_HEALTH_PATH : '/ready',
        port: 'http',
      });
      expect(container.livenessProbe?.httpGet).toEqual({
        path: web ? WEB_HEALTH_PATH : '/health',
        port: 'http',
      });
      expect(container.lifecycle?.preStop?.sleep?.seconds).toBe(PRE_STOP_SLEEP_SECONDS);
      const part = PARTS.find((p) => p.name === name || (p.kind === 'web' && name.startsWith(`${p.name}-`)))!;
      // The sleep is part of the grace period; the process keeps all of its stopGraceSeconds after SIGTERM.
      expect(spec.terminationGracePeriodSeconds).toBe(part.stopGraceSeconds + PRE_STOP_SLEEP_SECONDS);
      expect(deployment.spec?.strategy?.rollingUpdate).toEqual({ maxSurge: 1, maxUnavailable: 0 });
    },
  );

  it('chat’s grace period covers the pre-stop sleep and the socket drain', () => {
    const grace = deploymentNamed('chat').spec!.template.spec!.terminationGracePeriodSeconds!;
    expect(grace).toBeGreaterThanOrEqual(PRE_STOP_SLEEP_SECONDS + CHAT_DRAIN_SECONDS);
  });

  it('replicas come from the topology, except chat’s, which the autoscaler owns', () => {
    for (const part of PARTS.filter((p) => p.kind !== 'web' || p.app === 'shell')) {
      expect(deploymentNamed(part.name).spec?.replicas).toBe(
        part.name === 'chat' ? undefined : part.replicas,
      );
    }
  });

  it('every Service selects the pods of exactly one Deployment, on a port its pods name', () => {
    expect(services.map(nameOf).sort()).toEqual(deployments.map(nameOf).sort());
    for (const service of services) {
      const selector = service.spec!.selector!;
      const selected = deployments.filter((d) => matches(selector, d.spec!.template.metadata!.labels!));
      expect(selected.map(nameOf)).toEqual([nameOf(service)]);
      expect(selected[0]!.spec!.selector.matchLabels).toEqual(selector);
      const ports = selected[0]!.spec!.template.spec!.containers[0]!.ports!;
      for (const port of service.spec!.ports!) expect(ports.map((p) => p.name)).toContain(port.targetPort);
    }
  });
});

describe('secrets', () => {
  const topologySecrets = new Set(
    PARTS.flatMap((p) => [...p.secrets, ...(p.kind === 'service' ? p.migrate.secrets : [])]).map(
      (s) => s.secret,
    ),
  );

  it('are never generated: only referenced by name, mounted as files that <ENV>_FILE points at', () => {
    expect(rendered.some((o) => (o.kind as string) === 'Secret')).toBe(false);
    for (const [name, spec] of podSpecs) {
      const sources = spec.volumes?.flatMap((v) => v.projected?.sources ?? []) ?? [];
      const files = new Map(
        sources.flatMap((s) =>
          s.secret!.items!.map((item) => [`/run/secrets/${item.path}`, s.secret!.name!]),
        ),
      );
      for (const secretName of files.values()) {
        if (name !== PROVISION_JOB) expect(topologySecrets).toContain(secretName);
      }
      const container = spec.containers[0]!;
      for (const variable of container.env ?? []) {
        expect(variable.valueFrom).toBeUndefined();
        if (variable.name.endsWith('_FILE')) expect(files.has(variable.value!)).toBe(true);
      }
      expect(files.size).toBe((container.env ?? []).filter((v) => v.name.endsWith('_FILE')).length);
      if (files.size > 0)
        expect(container.volumeMounts).toContainEqual({
          name: 'secrets',
          mountPath: '/run/secrets',
          readOnly: true,
        });
    }
  });

  it('are each listed in the README for whoever creates them', () => {
    const readme = readFileSync(join(__dirname, 'README.md'), 'utf8');
    for (const [, spec] of podSpecs) {
      for (const source of spec.volumes?.flatMap((v) => v.projected?.sources ?? []) ?? []) {
        expect(readme).toContain(`\`${source.secret!.name}\``);
      }
    }
  });

  it('each part gets exactly the secrets the topology gives it', () => {
    for (const part of SERVICES) {
      const env = deploymentNamed(part.name).spec!.template.spec!.containers[0]!.env!;
      expect(
        env
          .filter((v) => v.name.endsWith('_FILE'))
          .map((v) => v.name)
          .sort(),
      ).toEqual(part.secrets.map((s) => `${s.env}_FILE`).sort());
    }
  });

  it('no value anywhere looks like a credential', () => {
    const strings: string[] = [];
    const walk = (value: unknown) => {
      if (typeof value === 'string') strings.push(value);
      else if (Array.isArray(value)) value.forEach(walk);
      else if (value && typeof value === 'object') Object.values(value).forEach(walk);
    };
    rendered.forEach(walk);
    for (const value of strings) {
      expect(value).not.toMatch(
        /-----BEGIN|:\/\/[^/\s:@]+:[^/\s@]+@|^(?:[A-Za-z0-9+/]{40,}={0,2})$|^(?:sk|pk)_(?:live|test)_/,
      );
    }
    for (const [, spec] of podSpecs) {
      for (const variable of spec.containers[0]!.env ?? []) {
        if (/PASSWORD|SECRET|PRIVATE|TOKEN|DATABASE_URL|_KEY$/.test(variable.name)) {
          expect(variable.name).toMatch(/_FILE$/);
          expect(variable.value).toMatch(/^\/run\/secrets\//);
        }
      }
    }
  });
});

describe('migrations and provisioning', () => {
  it.each(SERVICES.map((part) => [part.name, part] as const))(
    '%s-migrate runs the topology’s migrate command once',
    (name, part) => {
      const job = jobs.find((j) => nameOf(j) === `${name}-migrate`)!;
      expect(job).toBeDefined();
      const spec = job.spec!.template.spec!;
      expect(spec.restartPolicy).toBe('Never');
      expect(spec.containers[0]!.command).toEqual(part.migrate.command);
      expect(spec.containers[0]!.image).toBe(deploymentNamed(name).spec!.template.spec!.containers[0]!.image);
      expect(spec.containers[0]!.env).toContainEqual({
        name: 'DATABASE_URL_FILE',
        value: '/run/secrets/database-url',
      });
      expect(spec.volumes?.flatMap((v) => v.projected?.sources ?? []).map((s) => s.secret?.name)).toEqual(
        part.migrate.secrets.map((s) => s.secret),
      );
      expect(job.spec?.backoffLimit).toBeGreaterThan(0);
    },
  );

  it('the provisioning Job runs provision.mjs with the administrator URL and each role’s password from files', () => {
    const job = jobs.find((j) => nameOf(j) === PROVISION_JOB)!;
    const container = job.spec!.template.spec!.containers[0]!;
    expect(container.command).toEqual(['node', '/app/provision.mjs']);
    const names = container.env!.map((v) => v.name);
    expect(names).toContain('DATABASE_URL_FILE');
    for (const part of SERVICES) {
      expect(names).toContain(`${part.service.toUpperCase()}_MIGRATOR_PASSWORD_FILE`);
      expect(names).toContain(`${part.service.toUpperCase()}_APP_PASSWORD_FILE`);
    }
  });

  it('the PostgreSQL cluster is CloudNativePG’s, in the data namespace, its pods labelled as the policies select', () => {
    const [cluster] = ofKind('Cluster');
    expect(cluster).toMatchObject({
      metadata: { name: CLUSTER.postgres.cluster, namespace: DATA_NAMESPACE },
    });
    expect((cluster as { spec: { instances: number } }).spec.instances).toBeGreaterThanOrEqual(3);
  });
});

const allPaths = ingresses.flatMap((ingress) =>
  ingress.spec!.rules!.flatMap((rule) =>
    rule.http!.paths.map((path) => ({ ingress: ingress, host: rule.host, ...path })),
  ),
);
/** The site's paths, as browsers reach them. */
const paths = allPaths.filter((path) => path.host === EXAMPLE_OPTIONS.host);

describe('ingress', () => {
  const servicePort = (name: string) => services.find((s) => nameOf(s) === name)?.spec?.ports?.[0]?.port;

  it.each(ingressRoutes().map((route) => [`${route.match} ${route.path}`, route] as const))(
    '%s goes to the right Service and port',
    (_name, route) => {
      const found = paths.filter((p) => p.path === route.path);
      expect(found).toHaveLength(1);
      const [path] = found;
      expect(path!.pathType).toBe(route.match === 'exact' ? 'Exact' : 'Prefix');
      expect(path!.host).toBe(EXAMPLE_OPTIONS.host);
      const backend = path!.backend.service!;
      const app = route.to.replace(/^web-/, '') as (typeof REMOTE_NAMES)[number];
      const expected = route.versioned
        ? remoteServiceName(app, EXAMPLE_OPTIONS.remoteVersions[app][0]!)
        : route.to;
      expect(backend.name).toBe(expected);
      expect(backend.port?.number).toBe(servicePort(expected));
      if (route.versioned) {
        for (const version of EXAMPLE_OPTIONS.remoteVersions[app]) {
          const versioned = paths.find((p) => p.path === `${route.path}/${version}`);
          expect(versioned).toMatchObject({
            pathType: 'Prefix',
            backend: { service: { name: remoteServiceName(app, version) } },
          });
        }
      }
      if (route.websocket) {
        expect(path!.ingress.metadata?.annotations).toMatchObject({
          'nginx.ingress.kubernetes.io/proxy-read-timeout': '3600',
          'nginx.ingress.kubernetes.io/proxy-send-timeout': '3600',
        });
      } else {
        expect(
          path!.ingress.metadata?.annotations?.['nginx.ingress.kubernetes.io/proxy-read-timeout'],
        ).toBeUndefined();
      }
    },
  );

  it('has no path the routes do not ask for, all on the nginx class with TLS', () => {
    const versionPaths = REMOTE_NAMES.flatMap((app) =>
      EXAMPLE_OPTIONS.remoteVersions[app].map((v) => `/remotes/${app}/${v}`),
    );
    expect(paths.map((p) => p.path).sort()).toEqual(
      [...ingressRoutes().map((r) => r.path), ...versionPaths].sort(),
    );
    for (const ingress of ingresses) {
      expect(ingress.spec?.ingressClassName).toBe('nginx');
      expect(ingress.spec?.tls).toEqual([
        { hosts: [EXAMPLE_OPTIONS.host], secretName: EXAMPLE_OPTIONS.tlsSecret },
      ]);
    }
  });

  it('passes a job posted with all its images of the largest size', () => {
    const needed = JOB_IMAGE_LIMIT * IMAGE_LIMITS.maxBytes;
    expect(MAX_REQUEST_BODY_MIB * 1024 * 1024).toBeGreaterThan(needed);
    for (const ingress of ingresses) {
      expect(ingress.metadata?.annotations?.['nginx.ingress.kubernetes.io/proxy-body-size']).toBe(
        `${MAX_REQUEST_BODY_MIB}m`,
      );
    }
  });

  it('answers the edge inside the cluster (WEB_ORIGIN) with the web apps’ routes alone, to the same Services', () => {
    const edgeEnv = deploymentNamed('edge').spec!.template.spec!.containers[0]!.env!;
    expect(edgeEnv).toContainEqual({ name: 'WEB_ORIGIN', value: `http://${INTERNAL_INGRESS_HOST}` });
    const internal = allPaths.filter((path) => path.host === INTERNAL_INGRESS_HOST);
    const webApps = new Set(
      deployments.filter((d) => d.metadata?.labels?.['app.kubernetes.io/component'] === 'web').map(nameOf),
    );
    const publicWebPaths = paths.filter((path) => webApps.has(path.backend.service!.name));
    expect(internal.map(({ path, pathType, backend }) => ({ path, pathType, backend }))).toEqual(
      publicWebPaths.map(({ path, pathType, backend }) => ({ path, pathType, backend })),
    );
    expect(internal.map((path) => path.path)).toEqual(
      expect.arrayContaining(['/static', '/remotes/catalogue']),
    );
    expect(allPaths).toHaveLength(paths.length + internal.length);
  });

  it('refuses a remote version that cannot name a Service', () => {
    expect(() =>
      manifests({
        ...EXAMPLE_OPTIONS,
        remoteVersions: { ...EXAMPLE_OPTIONS.remoteVersions, jobs: ['1.4.0'] },
      }),
    ).toThrow(/remote version '1\.4\.0' of jobs must be lowercase letters, digits and '-'/);
    expect(() =>
      manifests({ ...EXAMPLE_OPTIONS, remoteVersions: { ...EXAMPLE_OPTIONS.remoteVersions, chat: [] } }),
    ).toThrow(/no version of the chat remote/);
  });
});

describe('Gateway API routes (--router gateway)', () => {
  const objects = parseAllDocuments(toYaml(manifests({ ...EXAMPLE_OPTIONS, router: 'gateway' }))).map(
    (document) => document.toJS() as ClusterObject,
  );
  const routes = objects.filter((o): o is IHTTPRoute => o.kind === 'HTTPRoute');
  const matches = routes.flatMap((route) =>
    route.spec.rules!.flatMap((rule) => rule.matches!.map((match) => ({ route, rule, ...match.path! }))),
  );

  it('replace the Ingresses, each valid against the Gateway API schema', () => {
    expect(objects.some((o) => o.kind === 'Ingress')).toBe(false);
    expect(routes.length).toBeGreaterThan(0);
    for (const route of routes) {
      expect(() => validateObject(route)).not.toThrow();
      const web = route.metadata?.name?.startsWith('web-');
      expect(route.spec.hostnames).toEqual(
        web ? [EXAMPLE_OPTIONS.host, INTERNAL_INGRESS_HOST] : [EXAMPLE_OPTIONS.host],
      );
      expect(route.spec.parentRefs).toEqual([CLUSTER.gateway]);
    }
  });

  it.each(ingressRoutes().map((route) => [`${route.match} ${route.path}`, route] as const))(
    '%s matches the same path to the same Service and port as the Ingress',
    (_name, route) => {
      const found = matches.filter((m) => m.value === route.path);
      expect(found).toHaveLength(1);
      expect(found[0]!.type).toBe(route.match === 'exact' ? 'Exact' : 'PathPrefix');
      const ingressPath = paths.find((p) => p.path === route.path)!;
      expect(found[0]!.rule.backendRefs).toEqual([
        { name: ingressPath.backend.service!.name, port: ingressPath.backend.service!.port!.number },
      ]);
      expect(found[0]!.rule.timeouts).toEqual(route.websocket ? { request: '0s' } : undefined);
    },
  );

  it('has every remote version’s path too, and nothing else', () => {
    expect(matches.map((m) => m.value).sort()).toEqual(paths.map((p) => p.path).sort());
  });
});

describe('chat autoscaling and disruption budgets', () => {
  const [hpa] = ofKind<IHorizontalPodAutoscaler>('HorizontalPodAutoscaler');

  it('the HPA scales the chat Deployment on open sockets per pod, from 2 pods, slowly down', () => {
    expect(ofKind('HorizontalPodAutoscaler')).toHaveLength(1);
    expect(hpa!.spec!.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name: 'chat' });
    deploymentNamed('chat');
    expect(hpa!.spec!.minReplicas).toBeGreaterThanOrEqual(2);
    expect(hpa!.spec!.maxReplicas).toBeGreaterThan(hpa!.spec!.minReplicas!);
    expect(hpa!.spec!.metrics).toContainEqual({
      type: 'Pods',
      pods: {
        metric: { name: 'chat_open_sockets' },
        target: { type: 'AverageValue', averageValue: String(CHAT_AUTOSCALING.targetOpenSocketsPerPod) },
      },
    });
    const { scaleDown, scaleUp } = hpa!.spec!.behavior!;
    expect(scaleDown!.stabilizationWindowSeconds).toBeGreaterThanOrEqual(300);
    expect(scaleDown!.stabilizationWindowSeconds).toBeLessThanOrEqual(600);
    expect(scaleUp!.policies!.length).toBeGreaterThan(0);
  });

  it('the Prometheus Adapter rule serves that metric per pod', () => {
    const values = parse(readFileSync(join(__dirname, 'prometheus-adapter-values.yaml'), 'utf8'));
    const rule = values.rules.custom.find(
      (r: { name: { as: string } }) => r.name.as === CHAT_AUTOSCALING.metric,
    );
    expect(rule.seriesQuery).toContain(CHAT_AUTOSCALING.metric);
    expect(rule.resources.overrides).toEqual({
      namespace: { resource: 'namespace' },
      pod: { resource: 'pod' },
    });
    expect(rule.metricsQuery).toContain('<<.Series>>');
  });

  it('every Deployment of two or more pods has a budget that lets one go and keeps the rest', () => {
    const budgets = ofKind<IPodDisruptionBudget>('PodDisruptionBudget');
    for (const deployment of deployments) {
      const replicas = deployment.spec?.replicas ?? hpa!.spec!.minReplicas!;
      const budget = budgets.filter((b) =>
        matches(b.spec!.selector!.matchLabels!, deployment.spec!.template.metadata!.labels!),
      );
      if (replicas < 2) {
        expect(budget).toHaveLength(0);
        continue;
      }
      expect(budget).toHaveLength(1);
      const { maxUnavailable, minAvailable } = budget[0]!.spec!;
      expect(minAvailable).toBeUndefined();
      expect(maxUnavailable).toBeGreaterThanOrEqual(1);
      expect(maxUnavailable).toBeLessThan(replicas);
    }
    expect(budgets.some((b) => b.spec?.selector?.matchLabels?.['app.kubernetes.io/name'] === 'chat')).toBe(
      true,
    );
  });
});

describe('network policies', () => {
  /** A pod or an address, as the policies see it. */
  type Endpoint = { namespace: string; labels: Record<string, string> } | { ip: string };
  const pod = (name: string): Endpoint => {
    const workload = [...deployments, ...jobs].find((w) => nameOf(w) === name);
    if (!workload) throw new Error(`no workload ${name}`);
    return { namespace: NAMESPACE, labels: workload.spec!.template.metadata!.labels! };
  };
  const postgres: Endpoint = {
    namespace: DATA_NAMESPACE,
    labels: { 'cnpg.io/cluster': CLUSTER.postgres.cluster, role: 'primary' },
  };
  const nats: Endpoint = {
    namespace: DATA_NAMESPACE,
    labels: { ...CLUSTER.nats.pods, 'app.kubernetes.io/instance': 'nats' },
  };
  const ingressController: Endpoint = {
    namespace: CLUSTER.ingressController.namespace,
    labels: { ...CLUSTER.ingressController.pods },
  };
  const prometheus: Endpoint = {
    namespace: CLUSTER.prometheus.namespace,
    labels: { ...CLUSTER.prometheus.pods },
  };
  const dns: Endpoint = { namespace: 'kube-system', labels: { 'k8s-app': 'kube-dns' } };

  const ipv4 = (ip: string) => ip.split('.').reduce((n, part) => n * 256 + Number(part), 0);
  const inCidr = (ip: string, cidr: string) => {
    const [base, bits] = cidr.split('/');
    const size = 2 ** (32 - Number(bits));
    return Math.floor(ipv4(ip) / size) === Math.floor(ipv4(base!) / size);
  };
  const peerMatches = (peer: INetworkPolicyPeer, policyNamespace: string, endpoint: Endpoint) => {
    if ('ip' in endpoint)
      return Boolean(
        peer.ipBlock &&
        inCidr(endpoint.ip, peer.ipBlock.cidr) &&
        !(peer.ipBlock.except ?? []).some((c) => inCidr(endpoint.ip, c)),
      );
    if (peer.ipBlock) return false;
    const namespaceOk = peer.namespaceSelector
      ? matches(peer.namespaceSelector.matchLabels ?? {}, {
          'kubernetes.io/metadata.name': endpoint.namespace,
        })
      : endpoint.namespace === policyNamespace;
    return namespaceOk && matches(peer.podSelector?.matchLabels ?? {}, endpoint.labels);
  };
  const portAllowed = (
    ports: { port?: number | string; protocol?: string }[] | undefined,
    port: number,
    protocol: string,
  ) => !ports || ports.some((p) => p.port === port && (p.protocol ?? 'TCP') === protocol);

  /** Kubernetes' rule: a connection needs an egress allowance at the source and an ingress one at the destination. */
  function allowed(from: Endpoint, to: Endpoint, port: number, protocol = 'TCP'): boolean {
    if (JSON.stringify(policies).includes('matchExpressions')) {
      throw new Error('the evaluator reads matchLabels only');
    }
    const governing = (endpoint: Endpoint, type: 'Ingress' | 'Egress') =>
      'ip' in endpoint || endpoint.namespace !== NAMESPACE
        ? undefined // outside the namespace: not governed by these policies
        : policies.filter(
            (p) =>
              p.spec!.policyTypes!.includes(type) &&
              matches(p.spec!.podSelector?.matchLabels ?? {}, endpoint.labels),
          );
    const egress = governing(from, 'Egress');
    const egressOk =
      egress === undefined ||
      egress.some((p) =>
        (p.spec!.egress ?? []).some(
          (rule) =>
            (rule.to ?? []).some((peer) => peerMatches(peer, NAMESPACE, to)) &&
            portAllowed(rule.ports as never, port, protocol),
        ),
      );
    const ingress = governing(to, 'Ingress');
    const ingressOk =
      ingress === undefined ||
      ingress.some((p) =>
        (p.spec!.ingress ?? []).some(
          (rule) =>
            (rule.from ?? []).some((peer) => peerMatches(peer, NAMESPACE, from)) &&
            portAllowed(rule.ports as never, port, protocol),
        ),
      );
    return egressOk && ingressOk;
  }

  const workloadsOf = (part: Part) =>
    deployments.filter(
      (d) =>
        nameOf(d) === part.name ||
        (part.kind === 'web' && part.app !== 'shell' && nameOf(d).startsWith(`${part.name}-`)),
    );

  it('allow exactly what the topology says each part reaches, among the parts', () => {
    for (const from of PARTS) {
      for (const to of PARTS) {
        const expected = (from.reaches as readonly string[]).includes(to.name);
        for (const source of workloadsOf(from)) {
          for (const target of workloadsOf(to)) {
            expect([
              nameOf(source),
              nameOf(target),
              allowed(pod(nameOf(source)), pod(nameOf(target)), to.port),
            ]).toEqual([nameOf(source), nameOf(target), expected]);
          }
        }
      }
    }
    expect(allowed(pod('edge'), pod('accounts'), 8080)).toBe(true);
    expect(allowed(pod('jobs'), pod('accounts'), 8080)).toBe(false);
    expect(allowed(pod('web-shell'), pod('accounts'), 8080)).toBe(false);
  });

  it('every in-cluster address in a pod’s settings is one it may reach', () => {
    const endpointOf = (host: string): Endpoint => {
      if (host === INTERNAL_INGRESS_HOST) return ingressController;
      if (host === `${CLUSTER.nats.release}.${DATA_NAMESPACE}.svc`) return nats;
      return pod(host);
    };
    const defaultPort: Record<string, number> = { http: 80, nats: NATS_CLIENT_PORT };
    let checked = 0;
    for (const deployment of deployments) {
      for (const { value } of deployment.spec!.template.spec!.containers[0]!.env ?? []) {
        for (const [, scheme, host, port] of (value ?? '').matchAll(
          /(https?|nats):\/\/([a-z][a-z0-9.-]*)(?::(\d+))?/g,
        )) {
          if (host === EXAMPLE_OPTIONS.host) continue; // PUBLIC_URL: what browsers are sent to
          // A Service's port is its pods' port here, except the ingress controller's (80 -> its pods' httpPort).
          const target = port
            ? Number(port)
            : host === INTERNAL_INGRESS_HOST
              ? CLUSTER.ingressController.httpPort
              : defaultPort[scheme!]!;
          expect([
            nameOf(deployment),
            host,
            allowed(pod(nameOf(deployment)), endpointOf(host!), target),
          ]).toEqual([nameOf(deployment), host, true]);
          checked += 1;
        }
      }
    }
    // The edge's four service URLs and WEB_ORIGIN, each service's NATS_URL.
    expect(checked).toBeGreaterThanOrEqual(5 + SERVICES.length);
    expect(allowed(pod('edge'), ingressController, CLUSTER.ingressController.httpPort)).toBe(true);
    expect(allowed(pod('jobs'), ingressController, CLUSTER.ingressController.httpPort)).toBe(false);
  });

  it('let each service reach PostgreSQL, NATS and DNS, and the internet only where the topology says', () => {
    for (const part of SERVICES) {
      const reaches = part.reaches as readonly string[];
      expect(allowed(pod(part.name), postgres, POSTGRES_PORT)).toBe(reaches.includes('postgres'));
      expect(allowed(pod(part.name), nats, NATS_CLIENT_PORT)).toBe(reaches.includes('nats'));
      expect(allowed(pod(part.name), dns, 53, 'UDP')).toBe(true);
      expect(allowed(pod(part.name), { ip: '157.240.1.35' }, 443)).toBe(reaches.includes('internet'));
      expect(allowed(pod(part.name), { ip: '157.240.1.35' }, 587)).toBe(reaches.includes('internet'));
      // Never the cluster's own or private addresses, nor other ports.
      expect(allowed(pod(part.name), { ip: '10.0.3.4' }, 443)).toBe(false);
      expect(allowed(pod(part.name), { ip: '169.254.169.254' }, 443)).toBe(false);
      expect(allowed(pod(part.name), { ip: '157.240.1.35' }, 22)).toBe(false);
    }
    expect(allowed(pod('edge'), postgres, POSTGRES_PORT)).toBe(false);
    expect(allowed(pod('web-shell'), { ip: '157.240.1.35' }, 443)).toBe(false);
  });

  it('let the one-off Jobs reach PostgreSQL alone', () => {
    for (const job of jobs) {
      expect(allowed(pod(nameOf(job)), postgres, POSTGRES_PORT)).toBe(true);
      expect(allowed(pod(nameOf(job)), nats, NATS_CLIENT_PORT)).toBe(false);
      expect(allowed(pod(nameOf(job)), pod('accounts'), 8080)).toBe(false);
      expect(allowed(pod('edge'), pod(nameOf(job)), 8080)).toBe(false);
    }
  });

  it('let the ingress controller reach every part a route leads to, and Prometheus scrape the processes', () => {
    for (const deployment of deployments) {
      expect(allowed(ingressController, pod(nameOf(deployment)), 8080)).toBe(true);
      const web = deployment.metadata?.labels?.['app.kubernetes.io/component'] === 'web';
      expect(allowed(prometheus, pod(nameOf(deployment)), 8080)).toBe(!web);
      expect(allowed({ namespace: 'default', labels: { app: 'x' } }, pod(nameOf(deployment)), 8080)).toBe(
        false,
      );
    }
  });
});

describe('NATS values for the official chart', () => {
  const values = parse(readFileSync(join(__dirname, 'nats-values.yaml'), 'utf8'));

  it('a cluster of the topology’s size, JetStream on files with a volume per node, resources set', () => {
    expect(values.fullnameOverride).toBe(CLUSTER.nats.release);
    expect(values.config.cluster).toEqual({ enabled: true, replicas: NATS_NODES });
    expect(values.config.jetstream.enabled).toBe(true);
    expect(values.config.jetstream.fileStore).toMatchObject({
      enabled: true,
      pvc: { enabled: true, size: expect.stringMatching(/^\d+Gi$/) },
    });
    expect(values.config.jetstream.memoryStore.enabled).toBe(false);
    expect(values.container.merge.resources.requests).toEqual({
      cpu: expect.any(String),
      memory: expect.any(String),
    });
    expect(values.container.merge.resources.limits.memory).toBe(
      values.container.merge.resources.requests.memory,
    );
    expect(values.podDisruptionBudget.enabled).toBe(true);
  });
});

describe('render.ts', () => {
  it('reads the release from the command line and says what is missing or wrong', () => {
    const { options, stage } = optionsFrom([
      '--tag',
      'r1',
      '--host',
      'a.example.ng',
      '--remote',
      'catalogue=a1',
      '--remote',
      'jobs=b2,b1',
      '--remote',
      'chat=c1',
      '--remote',
      'admin=d1',
      '--stage',
      'migrate',
    ]);
    expect(options).toMatchObject({
      tag: 'r1',
      host: 'a.example.ng',
      remoteVersions: { jobs: ['b2', 'b1'] },
    });
    expect(stage).toBe('migrate');
    expect(() => optionsFrom(['--host', 'a', '--example'])).not.toThrow();
    expect(() => optionsFrom(['--tag', 'r1', '--host', 'a'])).toThrow(
      /--remote catalogue=<version> is required/,
    );
    expect(() => optionsFrom(['--example', '--remote', 'shop=1'])).toThrow(
      /--remote shop=1: expected <remote>=<version>/,
    );
    expect(optionsFrom(['--example', '--router', 'gateway']).options.router).toBe('gateway');
    expect(() => optionsFrom(['--example', '--router', 'traefik'])).toThrow(
      /--router traefik: expected ingress/,
    );
    expect(() => optionsFrom(['--example', '--stage', 'everything'])).toThrow(
      /--stage everything: expected one of namespace, database/,
    );
  });
});

describe('render.ts as a command', () => {
  const root = join(__dirname, '..', '..');
  const render = (args: string[]) =>
    spawnSync(join(root, 'node_modules', '.bin', 'tsx'), [join(__dirname, 'render.ts'), ...args], {
      cwd: root,
      encoding: 'utf8',
    });

  it('writes one file per stage, in the order they are applied, with exactly the generated objects', () => {
    const out = mkdtempSync(join(tmpdir(), 'k8s-render-'));
    try {
      const run = render(['--example', '--out', out]);
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      expect(readdirSync(out).sort()).toEqual(STAGES.map((stage, i) => `${i + 1}-${stage}.yaml`));
      const stages = manifestStages(EXAMPLE_OPTIONS);
      STAGES.forEach((stage, i) => {
        const written = parseAllDocuments(readFileSync(join(out, `${i + 1}-${stage}.yaml`), 'utf8'));
        expect(written.map((d) => d.toJS())).toEqual(JSON.parse(JSON.stringify(stages[stage])));
      });
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });

  it('exits 1 with one line saying what is wrong', () => {
    const run = render(['--example', '--remote', 'jobs=1.4.0']);
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr.trim()).toMatch(/^render: remote version '1\.4\.0' of jobs must be lowercase/);
  });
});

function matches(selector: Record<string, string>, labels: Record<string, string>): boolean {
  return Object.entries(selector).every(([key, value]) => labels[key] === value);
}
