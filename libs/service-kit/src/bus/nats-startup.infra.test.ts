import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JetStreamApiError } from '@nats-io/jetstream';
import { freePort } from '../testing/free-port';
import { captureLogger } from './bus-test-utils';
import { BusUnavailableError, createNatsBus, jetStreamStarting } from './nats-bus';

const NATS_SERVER = process.env.NATS_SERVER_BIN ?? '/usr/sbin/nats-server';

/** Resolves once something listens on the port (ten seconds at most). */
async function listening(port: number): Promise<void> {
  const ends = Date.now() + 10_000;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = createConnection({ host: '127.0.0.1', port });
      socket.once('connect', () => (socket.destroy(), resolve(true)));
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > ends) throw new Error(`nothing listens on ${port}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Three clustered nodes, started one by one: JetStream has no leader (and answers nothing) until two of
 * them are up, as while a release restarts the cluster's nodes.
 */
async function clusterOfThree() {
  const dir = await mkdtemp(join(tmpdir(), 'nats-cluster-'));
  const nodes = await Promise.all(
    ['a', 'b', 'c'].map(async (name) => ({ name, port: await freePort(), routePort: await freePort() })),
  );
  const running: ChildProcess[] = [];
  return {
    url: (index: number) => `nats://127.0.0.1:${nodes[index]!.port}`,
    async start(index: number) {
      const node = nodes[index]!;
      const routes = nodes
        .filter((other) => other !== node)
        .map((other) => `nats://127.0.0.1:${other.routePort}`)
        .join(',');
      // A client port, JetStream in its own store, the cluster's routes.
      const child = spawn(
        NATS_SERVER,
        [
          ...['-a', '127.0.0.1', '-p', String(node.port), '-js', '-sd', join(dir, node.name)],
          ...['--server_name', node.name, '--cluster_name', 'startup'],
          ...['--cluster', `nats://127.0.0.1:${node.routePort}`, '--routes', routes],
        ],
        { stdio: 'ignore' },
      );
      running.push(child);
      await listening(node.port);
    },
    async stop() {
      await Promise.all(
        running.map(
          (child) =>
            new Promise<void>((resolve) => {
              if (child.exitCode !== null) return resolve();
              child.once('exit', () => resolve());
              child.kill('SIGKILL');
            }),
        ),
      );
      await rm(dir, { recursive: true, force: true });
    },
  };
}

describe('the NATS bus at start, while JetStream is not available yet', () => {
  it('tells what a moment fixes from what it does not', () => {
    const unavailable = new JetStreamApiError({
      code: 503,
      err_code: 10008,
      description: 'JetStream system temporarily unavailable',
    });
    expect(jetStreamStarting(unavailable)).toBe(true);
    expect(jetStreamStarting(Object.assign(new Error('timeout'), { name: 'TimeoutError' }))).toBe(true);
    expect(jetStreamStarting(Object.assign(new Error('no responders'), { name: 'NoRespondersError' }))).toBe(
      false,
    );
    expect(
      jetStreamStarting(
        new JetStreamApiError({ code: 400, err_code: 10058, description: 'stream name in use' }),
      ),
    ).toBe(false);
    expect(jetStreamStarting('503')).toBe(false);
  });

  it('waits for the cluster to elect its leader instead of exiting, and says so in its log', async () => {
    const cluster = await clusterOfThree();
    try {
      await cluster.start(0);
      const logger = captureLogger();
      const starting = createNatsBus({
        servers: cluster.url(0),
        name: 'startup-wait',
        logger,
        startupWaitMs: 60_000,
      });
      // A second node a few seconds later: two of three elect a leader.
      await new Promise((resolve) => setTimeout(resolve, 3000));
      await cluster.start(1);
      const bus = await starting;
      await bus.close();
      expect(logger.entries.some((entry) => entry.msg === 'JetStream is not available yet; waiting')).toBe(
        true,
      );
    } finally {
      await cluster.stop();
    }
  }, 90_000);

  it('gives up after startupWaitMs with an error that says JetStream never became available', async () => {
    const cluster = await clusterOfThree();
    try {
      await cluster.start(0);
      const attempt = createNatsBus({
        servers: cluster.url(0),
        name: 'startup-gives-up',
        logger: captureLogger(),
        startupWaitMs: 1000,
      });
      await expect(attempt).rejects.toThrow(BusUnavailableError);
      await expect(attempt).rejects.toThrow(/JetStream did not become available/);
    } finally {
      await cluster.stop();
    }
  }, 60_000);
});
