import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API_PATHS, type EventEnvelope } from '@marketplace/contracts';
import {
  authPlugin,
  createNatsBus,
  generateSigningKeys,
  newEvent,
  schemaDb,
  type Database,
  type EventBus,
} from '@marketplace/service-kit';
import { createTestDatabase, eventually, freePort, silentBusLogger } from '@marketplace/service-kit/testing';
import Fastify, { type FastifyInstance } from 'fastify';
import type { PaymentsDatabase } from './db-types';
import { startPaymentsReplica } from './testing';

// NATS going away is the point: its reconnect warnings are expected.
const quiet = silentBusLogger;

/**
 * Exactly once across crashes: the payments service, or NATS, dies between the provider's success and
 * the unlock. After the restart the unlock happens once and its event is delivered once. Real
 * PostgreSQL (DATABASE_URL) and a private nats-server this test starts, SIGKILLs and restarts.
 */
describe('fault: payments or NATS killed between the provider success and the unlock', () => {
  let nats: PrivateNats;
  let db: Database;
  let observer: EventBus;
  const seen: EventEnvelope[] = [];
  const keys = generateSigningKeys();
  let signer: FastifyInstance;
  let clock = Date.now();

  beforeAll(async () => {
    nats = await PrivateNats.start();
    db = await createTestDatabase();
    signer = Fastify({ logger: false });
    await signer.register(authPlugin, keys);
    await signer.ready();
    observer = await createNatsBus({
      servers: nats.url,
      name: 'fault-observer',
      logger: quiet,
      retryDelayMs: 50,
      maxRetryDelayMs: 500,
    });
    await observer.subscribe({
      durable: 'fault-observer',
      filterSubject: 'payments.>',
      handle: async (event) => void seen.push(event),
    });
  }, 60_000);
  afterAll(async () => {
    await observer?.close();
    await signer?.close();
    await db?.close();
    await nats?.dispose();
  }, 60_000);

  async function startPayments(name: string) {
    const bus = await createNatsBus({
      servers: nats.url,
      name,
      retryDelayMs: 50,
      maxRetryDelayMs: 500,
      publishTimeoutMs: 1000,
      logger: quiet,
    });
    const replica = await startPaymentsReplica({
      db,
      bus,
      publicKey: keys.publicKey,
      now: () => new Date(clock),
    });
    return {
      ...replica,
      async stop() {
        await replica.stop();
        await bus.close();
      },
    };
  }

  const payments = () => schemaDb<PaymentsDatabase>(db, 'payments');
  const paidEventsOf = (paymentId: string) =>
    seen.filter(
      (e) =>
        e.type === 'payments.unlock.paid' && (e.payload as { paymentId: string }).paymentId === paymentId,
    );

  async function jobAndCheckout(app: FastifyInstance) {
    const jobId = randomUUID();
    await observer.publish(
      newEvent('jobs.job.posted', { jobId, postedBy: randomUUID() }, { correlationId: 'fault' }),
    );
    await eventually(async () => {
      const row = await payments().selectFrom('jobs').select('id').where('id', '=', jobId).executeTakeFirst();
      if (!row) throw new Error('job not known yet');
    }, 15_000);
    const companyId = randomUUID();
    const headers = {
      authorization: `Bearer ${signer.jwt.sign({ sub: companyId, type: 'company', name: 'Co' })}`,
    };
    const started = await app.inject({
      method: 'POST',
      url: API_PATHS.initializePayment,
      headers,
      payload: { jobId },
    });
    expect(started.statusCode).toBe(200);
    return {
      headers,
      reference: started.json().reference as string,
      paymentId: started.json().payment._id as string,
    };
  }

  it('the service dies after the provider took the money: after restart the reconciliation unlocks, once', async () => {
    const first = await startPayments('payments-1');
    const { headers, reference, paymentId } = await jobAndCheckout(first.app);
    await first.sandbox.act(reference, 'pay'); // the provider's success; no callback, no webhook
    await first.stop(); // the service is gone before anything settled it

    const second = await startPayments('payments-2');
    try {
      clock += 10 * 60_000;
      expect(await second.controls.reconcile()).toMatchObject({ paid: 1 });
      const verified = await second.app.inject({
        method: 'POST',
        url: API_PATHS.verifyPayment,
        headers,
        payload: { trxref: reference, reference },
      });
      expect(verified.json().status).toBe('paid');
      await eventually(async () => expect(paidEventsOf(paymentId)).toHaveLength(1), 15_000);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(paidEventsOf(paymentId)).toHaveLength(1);
    } finally {
      await second.stop();
    }
  }, 90_000);

  it('NATS dies (and then the service) between the unlock and its event: after restarts the event goes out once', async () => {
    const first = await startPayments('payments-3');
    const { headers, reference, paymentId } = await jobAndCheckout(first.app);
    await first.sandbox.act(reference, 'pay');
    await nats.kill();
    // The callback settles it while NATS is down: stored with its event in the outbox.
    for (let i = 0; i < 2; i++) {
      const verified = await first.app.inject({
        method: 'POST',
        url: API_PATHS.verifyPayment,
        headers,
        payload: { trxref: reference, reference },
      });
      expect(verified.json().status).toBe('paid');
    }
    const unpublished = await db.raw
      .withSchema('payments')
      .selectFrom('outbox')
      .select('id')
      .where('published_at', 'is', null)
      .execute();
    expect(unpublished.length).toBeGreaterThanOrEqual(1);
    await first.stop();

    await nats.start();
    const second = await startPayments('payments-4');
    try {
      await eventually(async () => expect(paidEventsOf(paymentId)).toHaveLength(1), 30_000);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(paidEventsOf(paymentId)).toHaveLength(1);
      const rows = await payments()
        .selectFrom('unlock_payments')
        .select('status')
        .where('reference', '=', reference)
        .execute();
      expect(rows).toEqual([{ status: 'paid' }]);
    } finally {
      await second.stop();
    }
  }, 120_000);
});

/** A nats-server of this test's own (never the shared one on 4222), SIGKILLed and restarted on its store. */
class PrivateNats {
  #child: ChildProcess | undefined;
  private constructor(
    readonly port: number,
    readonly storeDir: string,
  ) {}

  get url() {
    return `nats://127.0.0.1:${this.port}`;
  }

  static async start(): Promise<PrivateNats> {
    const nats = new PrivateNats(await freePort(), await mkdtemp(join(tmpdir(), 'payments-nats-')));
    await nats.start();
    return nats;
  }

  async start(): Promise<void> {
    const binary = process.env.NATS_SERVER_BIN ?? '/usr/sbin/nats-server';
    this.#child = spawn(binary, ['-a', '127.0.0.1', '-p', String(this.port), '-js', '-sd', this.storeDir], {
      stdio: 'ignore',
    });
    await eventually(async () => {
      const probe = await createNatsBus({
        servers: this.url,
        name: 'probe',
        connectTimeoutMs: 500,
        logger: quiet,
      });
      await probe.close();
    }, 15_000);
  }

  async kill(): Promise<void> {
    const child = this.#child;
    this.#child = undefined;
    if (!child || child.exitCode !== null) return;
    const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGKILL');
    await gone;
  }

  async dispose(): Promise<void> {
    await this.kill();
    await rm(this.storeDir, { recursive: true, force: true });
  }
}
