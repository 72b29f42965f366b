/**
 * The distributed topology on one machine: each service its own process against PostgreSQL and
 * NATS, two chat instances, and the edge proxying by the route table. Used by
 * `npm run start:distributed` and by the browser tests.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { loadOrCreateSigningKeys } from '@marketplace/service-kit';

export interface DistributedOptions {
  databaseUrl: string;
  natsUrl: string;
  /** Edge port; the services use basePort+1.. */
  port: number;
  basePort: number;
  dataDir: string;
  /** Folder holding shell/dist and mfe-NAME/dist. */
  webRoot?: string;
  logLevel?: string;
  /** Print the processes' logs (the CLI does, tests do not). */
  inheritOutput?: boolean;
  /** Extra settings for every process (e.g. ADMIN_EMAIL / ADMIN_PASSWORD for accounts). */
  env?: NodeJS.ProcessEnv;
}

export interface Distributed {
  url: string;
  processes: Record<string, ChildProcess>;
  /**
   * Starts the process `name` again with its settings (after a fault test killed it; a running one is
   * stopped first) and resolves once it is ready.
   */
  restart(name: string): Promise<void>;
  stop(): Promise<void>;
}

/** Creates the database named in the URL if it does not exist yet. */
async function ensureDatabase(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const name = url.pathname.replace(/^\//, '');
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`unsupported database name '${name}'`);
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString(), connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
}

async function waitReady(url: string, child: ChildProcess, name: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/ready`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${name} was not ready after ${timeoutMs} ms`);
}

export async function startDistributed(options: DistributedOptions): Promise<Distributed> {
  await ensureDatabase(options.databaseUrl);
  const dataDir = resolve(options.dataDir);
  loadOrCreateSigningKeys(dataDir);
  const keyDir = join(dataDir, 'keys');
  const common = {
    ...process.env,
    ...options.env,
    DATABASE_URL: options.databaseUrl,
    NATS_URL: options.natsUrl,
    DATA_DIR: dataDir,
    LOG_LEVEL: options.logLevel ?? 'info',
    JWT_PUBLIC_KEY_FILE: join(keyDir, 'access-token.public.pem'),
  };
  const p = options.basePort;
  const services = [
    {
      name: 'accounts',
      entry: 'services/accounts/src/main.ts',
      port: p + 1,
      env: { JWT_PRIVATE_KEY_FILE: join(keyDir, 'access-token.private.pem') },
    },
    { name: 'jobs', entry: 'services/jobs/src/main.ts', port: p + 2, env: {} },
    { name: 'chat-1', entry: 'services/chat/src/main.ts', port: p + 3, env: { CHAT_INSTANCE_ID: 'chat-1' } },
    { name: 'chat-2', entry: 'services/chat/src/main.ts', port: p + 4, env: { CHAT_INSTANCE_ID: 'chat-2' } },
    { name: 'payments', entry: 'services/payments/src/main.ts', port: p + 5, env: {} },
  ];
  const processes: Record<string, ChildProcess> = {};
  const launches = new Map<string, { entry: string; env: NodeJS.ProcessEnv; url: string }>();
  const spawnNode = (name: string, entry: string, env: NodeJS.ProcessEnv, url: string) => {
    const child = spawn(process.execPath, ['--import', 'tsx', entry], {
      env,
      stdio: options.inheritOutput ? 'inherit' : 'ignore',
    });
    processes[name] = child;
    launches.set(name, { entry, env, url });
    return child;
  };
  const stopChild = (child: ChildProcess) =>
    new Promise<void>((done) => {
      if (child.exitCode !== null || child.signalCode !== null) return done();
      const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
      child.once('exit', () => (clearTimeout(force), done()));
      child.kill('SIGTERM');
    });
  const stop = async () => {
    await Promise.all(Object.values(processes).map(stopChild));
  };
  const restart = async (name: string) => {
    const launch = launches.get(name);
    const running = processes[name];
    if (!launch || !running) throw new Error(`no process named ${name}`);
    await stopChild(running);
    await waitReady(launch.url, spawnNode(name, launch.entry, launch.env, launch.url), name);
  };

  try {
    // Migrations of one schema take a lock; start services one after another for clear logs.
    for (const service of services) {
      const url = `http://127.0.0.1:${service.port}`;
      const child = spawnNode(
        service.name,
        service.entry,
        {
          ...common,
          ...service.env,
          PORT: String(service.port),
          // Only the edge (same machine) may tell a service the client's address.
          TRUST_PROXY: '127.0.0.1',
        },
        url,
      );
      await waitReady(url, child, service.name);
    }
    const edgeEnv = {
      ...common,
      PORT: String(options.port),
      WEB_ROOT: options.webRoot ?? process.cwd(),
      ACCOUNTS_URL: `http://127.0.0.1:${p + 1}`,
      JOBS_URL: `http://127.0.0.1:${p + 2}`,
      CHAT_URLS: `http://127.0.0.1:${p + 3},http://127.0.0.1:${p + 4}`,
      PAYMENTS_URL: `http://127.0.0.1:${p + 5}`,
    };
    // The public edge trusts no X-Forwarded-For from outside.
    delete (edgeEnv as NodeJS.ProcessEnv).TRUST_PROXY;
    delete (edgeEnv as NodeJS.ProcessEnv).DATABASE_URL;
    delete (edgeEnv as NodeJS.ProcessEnv).NATS_URL;
    const url = `http://127.0.0.1:${options.port}`;
    const edge = spawnNode('edge', 'services/edge/src/main.ts', edgeEnv, url);
    await waitReady(url, edge, 'edge');
    return { url, processes, restart, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
