import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { E2E_ADMIN } from './accounts';
import { unwatchMailOutbox, watchMailOutbox } from './leak-watch';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface EmbeddedSite {
  url: string;
  dataDir: string;
  process: ChildProcess;
  output: () => string;
  stop(): Promise<void>;
}

/**
 * Runs `npm start`'s entry (tools/start.ts) as a user would, on its own port and data folder. With
 * `webRoot` (a copy of the built apps, see webRootCopy) it runs the edge's own entry on that copy instead,
 * without `npm start`'s build step, so web builds made meanwhile on this machine cannot change the site
 * under the journey (e2e/run.ts builds before any journey runs).
 */
export async function startEmbedded(
  options: { env?: NodeJS.ProcessEnv; dataDir?: string; port?: number; webRoot?: string } = {},
): Promise<EmbeddedSite> {
  const port = options.port ?? (await freePort());
  const ownsDataDir = !options.dataDir;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'e2e-data-'));
  const env = options.env ?? {};
  let output = '';
  const entry = options.webRoot ? 'services/edge/src/main.ts' : 'tools/start.ts';
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    env: {
      ...process.env,
      ...(options.webRoot ? { WEB_ROOT: options.webRoot, LOG_LEVEL: 'warn' } : {}),
      DATABASE_URL: '',
      NATS_URL: '',
      PORT: String(port),
      DATA_DIR: dataDir,
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      // Journeys make their own data; the demo set (on by default for npm start) would only add noise.
      DEMO_DATA: 'off',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  // A site that never came up is not left running (it would outlive the test process, port and all).
  const giveUp = (why: string) => {
    child.kill('SIGTERM');
    if (ownsDataDir) rmSync(dataDir, { recursive: true, force: true });
    return new Error(`${why}:\n${output}`);
  };
  for (;;) {
    if (child.exitCode !== null) throw giveUp(`npm start exited (${child.exitCode})`);
    if (Date.now() > deadline) throw giveUp('npm start was not ready in time');
    try {
      if ((await fetch(`${url}/ready`)).ok) break;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  // Its mail is read for contact leaks like every answer (support/leak-watch.ts).
  const mailOutbox = join(dataDir, 'mail-outbox');
  watchMailOutbox(mailOutbox);
  return {
    url,
    dataDir,
    process: child,
    output: () => output,
    async stop() {
      if (child.exitCode === null) {
        await new Promise<void>((done) => {
          child.once('exit', () => done());
          child.kill('SIGTERM');
        });
      }
      unwatchMailOutbox(mailOutbox);
      if (ownsDataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const WEB_APPS = ['shell', 'mfe-catalogue', 'mfe-jobs', 'mfe-chat', 'mfe-admin'];

/**
 * A copy of the built web apps as they are now (each build complete: its stamp is written last), so a
 * journey keeps its site while other builds run on this machine.
 */
export async function webRootCopy(): Promise<{ dir: string; cleanup(): void }> {
  const dir = mkdtempSync(join(tmpdir(), 'e2e-web-'));
  const complete = () => WEB_APPS.every((app) => existsSync(join(dir, app, 'dist', '.built-at')));
  for (let attempt = 0; attempt < 60; attempt += 1) {
    try {
      for (const app of WEB_APPS) {
        rmSync(join(dir, app), { recursive: true, force: true });
        cpSync(join(process.cwd(), app, 'dist'), join(dir, app, 'dist'), { recursive: true });
      }
    } catch {
      // a build is writing the folder: try again
    }
    if (complete()) return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
    await new Promise((r) => setTimeout(r, 5000));
  }
  rmSync(dir, { recursive: true, force: true });
  throw new Error('the web apps are not built (a build stamp is missing): run `npm run build:web`');
}

/** A copy of the built web apps with one remote's build removed, to prove the site survives it. */
export function webRootWithout(remote: string): { dir: string; cleanup(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'e2e-web-'));
  for (const app of ['shell', 'mfe-catalogue', 'mfe-jobs', 'mfe-chat', 'mfe-admin']) {
    if (app === `mfe-${remote}`) continue;
    cpSync(join(process.cwd(), app, 'dist'), join(dir, app, 'dist'), { recursive: true });
  }
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}
