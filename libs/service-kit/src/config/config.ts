import { readFileSync } from 'node:fs';
import { Type, type Static, type TObject } from 'typebox';
import { Value } from 'typebox/value';

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid configuration: ${problems.join('; ')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Reads a typed configuration from environment variables. Values are converted (PORT=8080 becomes a
 * number), defaults applied, unknown variables ignored. Any bad value throws one ConfigError naming
 * every offending variable, so a service fails fast with a single clear message.
 *
 * Any variable X may instead be read from a file named by X_FILE (Docker/Kubernetes secrets): the
 * file's content with its trailing newline removed. Setting both X and X_FILE is an error, and so is an
 * unreadable file. Values that came from a file, or whose names say they are secret, are never echoed
 * in the error.
 */
export function loadConfig<T extends TObject>(schema: T, env: NodeJS.ProcessEnv = process.env): Static<T> {
  const input: Record<string, unknown> = {};
  const problems: string[] = [];
  // Read from a file: never echoed. Already reported (both set, unreadable file): not checked again.
  const hidden = new Set<string>();
  const reported = new Set<string>();
  for (const key of Object.keys(schema.properties)) {
    const raw = env[key];
    const fileKey = `${key}_FILE`;
    const file = fileKey in schema.properties ? undefined : env[fileKey];
    if (file !== undefined && file !== '') {
      hidden.add(key);
      try {
        if (raw !== undefined && raw !== '')
          throw new ConfigError([`${key} and ${fileKey} are both set (use one)`]);
        const value = readSettingFile(fileKey, file);
        if (value !== '') input[key] = value;
      } catch (err) {
        if (!(err instanceof ConfigError)) throw err;
        problems.push(...err.problems);
        reported.add(key);
      }
      continue;
    }
    if (raw !== undefined && raw !== '') input[key] = raw;
  }
  const withDefaults = Value.Default(schema, input) as Record<string, unknown>;
  const converted = Value.Convert(schema, withDefaults) as Record<string, unknown>;
  // Check variable by variable so one message names every bad or missing value.
  const required = new Set(schema.required ?? []);
  for (const [key, propertySchema] of Object.entries(schema.properties)) {
    if (reported.has(key)) continue;
    const value = converted[key];
    if (value === undefined) {
      if (required.has(key)) problems.push(`${key} is required`);
      continue;
    }
    const [error] = Value.Errors(propertySchema, value);
    if (error) problems.push(`${key} ${error.message} (got ${shownValue(key, input[key], hidden)})`);
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return converted as Static<T>;
}

/**
 * The content of a file a setting names (a secret, a key), trailing newline removed. An unreadable file
 * is a ConfigError that names the setting. Also for settings that are themselves paths (JWT_PUBLIC_KEY_FILE).
 */
export function readSettingFile(setting: string, path: string): string {
  try {
    return readFileSync(path, 'utf8').replace(/\r?\n$/, '');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const reasons: Record<string, string> = {
      ENOENT: 'no such file',
      EACCES: 'permission denied',
      EISDIR: 'it is a folder',
    };
    const reason = (code && reasons[code]) ?? code ?? String(err);
    throw new ConfigError([`${setting} names a file that cannot be read: ${path} (${reason})`]);
  }
}

const SECRET_NAME = /PASSWORD|SECRET|TOKEN|PRIVATE|_KEY$/;

/** A rejected value as the error shows it: secrets hidden, a URL's password masked. */
function shownValue(key: string, value: unknown, hidden: ReadonlySet<string>): string {
  if (hidden.has(key) || SECRET_NAME.test(key)) return '(hidden)';
  if (typeof value === 'string' && /^[a-z][a-z0-9+.-]*:\/\//i.test(value)) {
    return JSON.stringify(value.replace(/^([a-z][a-z0-9+.-]*:\/\/[^:/@]*:)[^@/]*@/i, '$1***@'));
  }
  return JSON.stringify(value);
}

/** Settings every service process understands. */
export const BaseConfigSchema = Type.Object({
  HOST: Type.String({ default: '127.0.0.1' }),
  LOG_LEVEL: Type.Union(
    ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].map((level) => Type.Literal(level)),
    { default: 'info' },
  ),
  DATABASE_URL: Type.Optional(Type.String({ pattern: '^postgres(ql)?://' })),
  /** One server or a comma-separated list of a cluster's servers. */
  NATS_URL: Type.Optional(Type.String({ pattern: '^(nats|tls)://[^,\\s]+(,(nats|tls)://[^,\\s]+)*$' })),
  DATA_DIR: Type.String({ default: '.data' }),
  /**
   * Where the services that take uploads (accounts, jobs) keep the files; default `<DATA_DIR>/uploads`.
   * The production shapes mount one shared volume per service here (infra/topology.ts, UPLOADS_DIR), so
   * every replica reads what another stored and the files outlive the containers.
   */
  UPLOADS_DIR: Type.Optional(Type.String({ minLength: 1 })),
  /**
   * Proxies whose X-Forwarded-For gives the client address (rate limits, logs): a number of hops or a
   * comma list of addresses / CIDR ranges (or proxy-addr's names: loopback, linklocal, uniquelocal).
   * Unset: none, the socket address is the client.
   */
  TRUST_PROXY: Type.Optional(Type.String({ pattern: '^[0-9A-Za-z.:/, ]*$' })),
  /**
   * Keeps two stacks apart on one NATS server (e.g. `staging`): streams, subjects, durable consumers and
   * live subjects all carry it. Every process of one stack must use the same value.
   */
  BUS_NAMESPACE: Type.Optional(Type.String({ pattern: '^[a-z][a-z0-9]{0,19}$' })),
  /** Copies of each event stream on the NATS cluster (3 on a three-node cluster; 1 on one server). */
  BUS_STREAM_REPLICAS: Type.Integer({ minimum: 1, maximum: 5, default: 1 }),
  /** Events are kept this long (the NATS streams' max age; the local bus log is pruned to it). */
  BUS_RETENTION_DAYS: Type.Integer({ minimum: 1, maximum: 3650, default: 30 }),
  /**
   * Optional: /metrics then answers only `Authorization: Bearer <token>` (Prometheus'
   * `authorization.credentials_file`). Unset: /metrics is open to whoever reaches the port, which in
   * production is only the cluster network (the ingress never routes /metrics).
   */
  METRICS_TOKEN: Type.Optional(Type.String({ minLength: 16 })),
});

export const PortSchema = (defaultPort: number) =>
  Type.Integer({ minimum: 0, maximum: 65535, default: defaultPort });
