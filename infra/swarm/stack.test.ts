import { parse } from 'yaml';
import { REMOTE_NAMES, SERVICES, UPLOADS_DIR } from '../topology';
import { parseUploadsNfs } from './deploy';
import {
  imageOf,
  RELEASE_PARTS,
  SCRATCH_MIB,
  stackYaml,
  unchangedImages,
  uploadsVolumes,
  type Release,
  type StackOptions,
} from './stack';

const release: Release = {
  images: { default: 'ci1' },
  remotes: Object.fromEntries(
    REMOTE_NAMES.map((name) => [name, { live: 'ci1', deployed: ['ci1'] }]),
  ) as Release['remotes'],
};
const options: StackOptions = {
  publishPort: 18080,
  publicUrl: 'http://127.0.0.1:18080',
  secretsDir: '/tmp/secrets',
  prometheusConfig: '/tmp/prometheus.yml',
};

interface Mount {
  type: 'volume' | 'tmpfs' | 'bind';
  source?: string;
  target: string;
  tmpfs?: { size: number };
}
interface StackService {
  volumes?: Mount[];
  read_only?: boolean;
  environment?: Record<string, string>;
  image: string;
}
interface Stack {
  services: Record<string, StackService>;
  volumes: Record<string, { driver?: string; driver_opts?: Record<string, string> }>;
}
// What is checked is what `docker stack deploy` reads: the YAML, read back.
const stackOf = (extra: Partial<StackOptions> = {}) =>
  parse(stackYaml(release, { ...options, ...extra })) as Stack;

describe('uploaded files in the Swarm stack', () => {
  const stack = stackOf();
  const storing = SERVICES.filter((service) => service.uploads);

  it('are stored by accounts (photos, certificates) and jobs (job images), nothing else', () => {
    expect(storing.map((s) => s.name)).toEqual(['accounts', 'jobs']);
    expect(Object.keys(storing[0]!.uploads!.holds).sort()).toEqual(['certificates', 'profile']);
    expect(Object.keys(storing[1]!.uploads!.holds)).toEqual(['jobs']);
  });

  it.each(storing.map((s) => [s.name, s] as const))(
    '%s: every replica mounts the service’s own named volume at UPLOADS_DIR, where the service keeps them',
    (name, service) => {
      const definition = stack.services[name]!;
      expect(definition.volumes?.filter((m) => m.type !== 'tmpfs')).toEqual([
        { type: 'volume', source: service.uploads!.name, target: UPLOADS_DIR },
      ]);
      expect(definition.environment?.UPLOADS_DIR).toBe(UPLOADS_DIR);
      // A stack volume (not a bind mount of a node's folder), kept by `docker stack rm`.
      expect(stack.volumes[service.uploads!.name]).toEqual({});
      // The migration task runs the same image and needs no files.
      expect(stack.services[`${name}-migrate`]!.volumes?.map((m) => m.type)).toEqual(['tmpfs']);
    },
  );

  it('are mounted nowhere else, and outside the containers’ scratch space (/tmp)', () => {
    const uploads = new Set(storing.map((s) => s.uploads!.name));
    for (const [name, definition] of Object.entries(stack.services)) {
      const mounted = (definition.volumes ?? []).flatMap((m) =>
        m.source && uploads.has(m.source) ? [m.source] : [],
      );
      const owner = SERVICES.find((s) => s.name === name)?.uploads?.name;
      expect([name, mounted]).toEqual([name, owner ? [owner] : []]);
    }
    expect(UPLOADS_DIR.startsWith('/tmp/')).toBe(false);
    for (const service of SERVICES) expect(service.env.DATA_DIR).toMatch(/^\/tmp\//);
  });

  it('go to an NFS export on several nodes: one folder per volume, by the local driver', () => {
    const nfs = parseUploadsNfs('10.0.0.5:/exports/marketplace/', 'rw,nfsvers=4.2');
    const shared = stackOf({ uploadsNfs: nfs });
    for (const service of storing) {
      expect(shared.volumes[service.uploads!.name]).toEqual({
        driver: 'local',
        driver_opts: {
          type: 'nfs',
          o: 'addr=10.0.0.5,rw,nfsvers=4.2',
          device: `:/exports/marketplace/${service.uploads!.name}`,
        },
      });
    }
    expect(uploadsVolumes({ address: 'nas', path: '/srv' })['jobs-uploads']).toMatchObject({
      driver_opts: { o: 'addr=nas,rw,nfsvers=4.1,hard', device: ':/srv/jobs-uploads' },
    });
    // The other volumes stay on the node (PostgreSQL and NATS replicate by their own means).
    expect(shared.volumes.pgdata).toEqual({});
  });

  it('refuse an NFS export that is not <address>:<absolute path>', () => {
    expect(() => parseUploadsNfs('exports/marketplace')).toThrow(/<address>:<exported path>/);
    expect(() => parseUploadsNfs('nas:exports')).toThrow(/<address>:<exported path>/);
    expect(parseUploadsNfs('nas.internal:/srv/uploads')).toEqual({
      address: 'nas.internal',
      path: '/srv/uploads',
    });
  });
});

describe('our containers in the Swarm stack', () => {
  const stack = stackOf();
  // Third-party servers keep their state in their own data volumes and run as their images say.
  const thirdParty = new Set(['postgres', 'prometheus']);
  const ours = Object.entries(stack.services).filter(
    ([name]) => !thirdParty.has(name) && !name.startsWith('nats'),
  );

  it('are every service, migration, the edge, each web app and the ingress', () => {
    const names = ours.map(([name]) => name);
    for (const service of SERVICES)
      expect(names).toEqual(expect.arrayContaining([service.name, `${service.name}-migrate`]));
    expect(names).toEqual(expect.arrayContaining(['edge', 'ingress', 'db-provision', 'web-shell']));
    for (const remote of REMOTE_NAMES) expect(names).toContain(`web-${remote}-ci1`);
  });

  it.each(ours)(
    '%s: runs on a read-only root, writing only to a bounded tmpfs at /tmp and its uploads volume',
    (name, definition) => {
      expect(definition.read_only).toBe(true);
      const scratch = (definition.volumes ?? []).filter((m) => m.type === 'tmpfs');
      expect(scratch).toHaveLength(1);
      expect(scratch[0]!.target).toBe('/tmp');
      const mib = scratch[0]!.tmpfs!.size / 1024 / 1024;
      expect(mib).toBeGreaterThan(0);
      expect(mib).toBeLessThanOrEqual(SCRATCH_MIB.ingress);
      // Nothing of a node's own disk is mounted in (no bind mounts).
      expect((definition.volumes ?? []).filter((m) => m.type === 'bind')).toEqual([]);
    },
  );
});

describe('a release’s migrations in the Swarm stack', () => {
  it('run the migrate images asked for, beside the services’ running images (migrations first)', () => {
    const stack = stackOf({ migrateImages: { default: 'ci1', chat: 'ci2' } });
    expect(stack.services['chat-migrate']?.image).toBe('marketplace/chat:ci2');
    expect(stack.services.chat?.image).toBe('marketplace/chat:ci1');
    expect(stack.services['jobs-migrate']?.image).toBe('marketplace/jobs:ci1');
    // Without it, each migrate task runs its service's image.
    for (const service of SERVICES) {
      expect(stackOf().services[`${service.name}-migrate`]?.image).toBe(`marketplace/${service.name}:ci1`);
    }
  });
});

describe('unchangedImages', () => {
  const running: Release = { ...release, images: { default: 'v1', chat: 'v0' } };
  // Images by id: only accounts and chat were rebuilt with other contents in v2.
  const ids: Record<string, string> = {};
  for (const part of RELEASE_PARTS) {
    ids[`marketplace/${part}:v1`] = `sha256:${part}`;
    ids[`marketplace/${part}:v2`] = `sha256:${part}`;
  }
  ids['marketplace/accounts:v2'] = 'sha256:accounts-new';
  ids['marketplace/chat:v0'] = 'sha256:chat';
  ids['marketplace/chat:v2'] = 'sha256:chat';
  delete ids['marketplace/prometheus:v2'];

  it('keeps the running tag of every part whose new image is the same image, so only what changed restarts', () => {
    const kept = unchangedImages(running, 'v2', (image) => ids[image]);
    expect(kept.postgres).toBe('v1');
    expect(kept.nats).toBe('v1');
    expect(kept.chat).toBe('v0');
    // Rebuilt with other contents, or not built at all: the new tag (the release's default).
    expect(kept.accounts).toBeUndefined();
    expect(kept.prometheus).toBeUndefined();
    const next = { ...running, images: { ...kept, default: 'v2' } };
    expect(imageOf(next, 'postgres')).toBe('marketplace/postgres:v1');
    expect(imageOf(next, 'accounts')).toBe('marketplace/accounts:v2');
  });

  it('keeps nothing when no image is known (a first deploy, images of another machine)', () => {
    expect(unchangedImages(running, 'v2', () => undefined)).toEqual({});
  });
});
