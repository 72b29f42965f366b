/**
 * `npx tsx infra/k8s/render.ts --tag <release> --host <host> --remote jobs=<v>,<older> ... [--stage <s>] [--out <dir>]`
 *
 * Writes the manifests of manifests.ts as YAML: to stdout (all stages, or `--stage`), or with `--out`
 * one file per stage (`1-namespace.yaml` ... `5-app.yaml`) in the order they are applied. Rendered at
 * deploy time from the release's versions, never committed (README.md, "Deploying").
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { stringify } from 'yaml';
import { REMOTE_NAMES, type RemoteName } from '../topology';
import { EXAMPLE_OPTIONS, STAGES, manifestStages, type ManifestOptions, type Stage } from './manifests';

export function toYaml(objects: readonly object[]): string {
  // Plain JSON first: YAML of exactly what the API server would receive, no class instances or undefined.
  return objects
    .map((object) => stringify(JSON.parse(JSON.stringify(object)), { lineWidth: 0 }))
    .join('---\n');
}

/** The options from the command line; `--example` fills what is missing with EXAMPLE_OPTIONS. */
export function optionsFrom(args: string[]): { options: ManifestOptions; stage?: Stage; out?: string } {
  const { values } = parseArgs({
    args,
    options: {
      tag: { type: 'string' },
      host: { type: 'string' },
      'tls-secret': { type: 'string' },
      registry: { type: 'string' },
      remote: { type: 'string', multiple: true },
      stage: { type: 'string' },
      out: { type: 'string' },
      example: { type: 'boolean' },
      router: { type: 'string' },
      'uploads-storage-class': { type: 'string' },
    },
    strict: true,
  });
  const base = values.example ? EXAMPLE_OPTIONS : undefined;
  const missing = (flag: string) => new Error(`--${flag} is required (or --example for the example release)`);
  const remoteVersions = { ...(base?.remoteVersions ?? {}) } as Record<RemoteName, readonly string[]>;
  for (const entry of values.remote ?? []) {
    const match = /^([a-z]+)=(.+)$/.exec(entry);
    const app = match?.[1] as RemoteName | undefined;
    if (!match || !app || !(REMOTE_NAMES as readonly string[]).includes(app)) {
      throw new Error(
        `--remote ${entry}: expected <remote>=<version>[,<older version>...], remote one of ${REMOTE_NAMES.join(', ')}`,
      );
    }
    remoteVersions[app] = (match[2] ?? '').split(',');
  }
  for (const app of REMOTE_NAMES) if (!remoteVersions[app]) throw missing(`remote ${app}=<version>`);
  const stage = values.stage as Stage | undefined;
  if (stage !== undefined && !STAGES.includes(stage)) {
    throw new Error(`--stage ${stage}: expected one of ${STAGES.join(', ')}`);
  }
  const router = values.router ?? 'ingress';
  if (router !== 'ingress' && router !== 'gateway') {
    throw new Error(
      `--router ${router}: expected ingress (ingress-nginx) or gateway (Gateway API HTTPRoutes)`,
    );
  }
  const tag = values.tag ?? base?.tag;
  const host = values.host ?? base?.host;
  if (!tag) throw missing('tag');
  if (!host) throw missing('host');
  return {
    options: {
      tag,
      host,
      tlsSecret: values['tls-secret'] ?? EXAMPLE_OPTIONS.tlsSecret,
      registry: values.registry ?? '',
      remoteVersions,
      router,
      ...(values['uploads-storage-class'] ? { uploadsStorageClass: values['uploads-storage-class'] } : {}),
    },
    ...(stage ? { stage } : {}),
    ...(values.out ? { out: values.out } : {}),
  };
}

function main(): void {
  const { options, stage, out } = optionsFrom(process.argv.slice(2));
  const stages = manifestStages(options);
  if (out) {
    mkdirSync(out, { recursive: true });
    STAGES.forEach((name, index) =>
      writeFileSync(join(out, `${index + 1}-${name}.yaml`), toYaml(stages[name])),
    );
    return;
  }
  process.stdout.write(toYaml(stage ? stages[stage] : STAGES.flatMap((name) => stages[name])));
}

if (process.argv[1]?.endsWith('render.ts')) {
  try {
    main();
  } catch (err) {
    console.error(`render: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  }
}
