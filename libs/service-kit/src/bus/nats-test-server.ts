import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { waitFor } from './bus-test-utils';

/**
 * A private nats-server for tests that kill and restart it; never the shared one on 4222.
 * `kill()` is SIGKILL (no clean shutdown), `start()` reuses the same port and store dir.
 */
export class NatsTestServer {
  readonly url: string;
  #child: ChildProcess | undefined;

  private constructor(
    readonly port: number,
    readonly storeDir: string,
    readonly binary: string,
  ) {
    this.url = `nats://127.0.0.1:${port}`;
  }

  static async create(
    binary = process.env.NATS_SERVER_BIN ?? '/usr/sbin/nats-server',
  ): Promise<NatsTestServer> {
    const storeDir = await mkdtemp(join(tmpdir(), 'nats-test-'));
    return new NatsTestServer(await freePort(), storeDir, binary);
  }

  get pid(): number | undefined {
    return this.#child?.pid;
  }

  /** Starts the server and waits (bounded) until JetStream answers. */
  async start(timeoutMs = 10_000): Promise<void> {
    if (this.#child) throw new Error('nats-server already running');
    const child = spawn(
      this.binary,
      ['-a', '127.0.0.1', '-p', String(this.port), '-js', '-sd', this.storeDir],
      {
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    let stderr = '';
    child.stderr?.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
    this.#child = child;
    const exited = new Promise<never>((_, reject) =>
      child.once('exit', (code) => reject(new Error(`nats-server exited early (code ${code}): ${stderr}`))),
    );
    exited.catch(() => undefined);
    await Promise.race([
      waitFor(() => this.#jetStreamReady(), 'nats-server with JetStream', timeoutMs),
      exited,
    ]);
  }

  /** SIGKILL, then waits until the process is gone. */
  async kill(): Promise<void> {
    const child = this.#child;
    if (!child) return;
    this.#child = undefined;
    if (child.exitCode !== null || child.signalCode !== null) return;
    const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGKILL');
    await gone;
  }

  /** Empties the JetStream store (only while stopped), as if the server came back on a new disk. */
  async wipeStore(): Promise<void> {
    if (this.#child) throw new Error('stop the server before wiping its store');
    await rm(this.storeDir, { recursive: true, force: true });
    await mkdir(this.storeDir, { recursive: true });
  }

  async dispose(): Promise<void> {
    await this.kill();
    await rm(this.storeDir, { recursive: true, force: true });
  }

  async #jetStreamReady(): Promise<boolean> {
    if (!(await portOpen(this.port))) return false;
    try {
      const nc = await connect({ servers: this.url, timeout: 1000, reconnect: false });
      try {
        await (await jetstreamManager(nc)).getAccountInfo();
        return true;
      } finally {
        await nc.close();
      }
    } catch {
      return false;
    }
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}
