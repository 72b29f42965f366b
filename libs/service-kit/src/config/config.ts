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
 */
export function loadConfig<T extends TObject>(schema: T, env: NodeJS.ProcessEnv = process.env): Static<T> {
  const input: Record<string, unknown> = {};
  for (const key of Object.keys(schema.properties)) {
    const raw = env[key];
    if (raw !== undefined && raw !== '') input[key] = raw;
  }
  const withDefaults = Value.Default(schema, input) as Record<string, unknown>;
  const converted = Value.Convert(schema, withDefaults) as Record<string, unknown>;
  // Check variable by variable so one message names every bad or missing value.
  const problems: string[] = [];
  const required = new Set(schema.required ?? []);
  for (const [key, propertySchema] of Object.entries(schema.properties)) {
    const value = converted[key];
    if (value === undefined) {
      if (required.has(key)) problems.push(`${key} is required`);
      continue;
    }
    const [error] = Value.Errors(propertySchema, value);
    if (error) problems.push(`${key} ${error.message} (got ${JSON.stringify(env[key])})`);
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return converted as Static<T>;
}

/** Settings every service process understands. */
export const BaseConfigSchema = Type.Object({
  HOST: Type.String({ default: '127.0.0.1' }),
  LOG_LEVEL: Type.Union(
    ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].map((level) => Type.Literal(level)),
    { default: 'info' },
  ),
  DATABASE_URL: Type.Optional(Type.String({ pattern: '^postgres(ql)?://' })),
  NATS_URL: Type.Optional(Type.String({ pattern: '^(nats|tls)://' })),
  DATA_DIR: Type.String({ default: '.data' }),
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
