import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API_PATHS, EVENT_TYPES, JOB_API } from '@marketplace/contracts';
import chatService from '@marketplace/chat-service';
import jobsService from '@marketplace/jobs-service';
import paymentsService, { type PaymentsControls } from '@marketplace/payments-service';
import {
  authPlugin,
  createNatsBus,
  generateSigningKeys,
  newEvent,
  schemaDb,
  setEnvelopeNotFoundHandler,
  type Database,
  type EventBus,
} from '@marketplace/service-kit';
import {
  NatsTestServer,
  createTestDatabase,
  eventually,
  silentBusLogger,
} from '@marketplace/service-kit/testing';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'kysely';

// NATS going away is the point: its reconnect warnings are expected.
const quiet = silentBusLogger;

/**
 * The money path across services while NATS is down (payments' fault.infra.test.ts has the event itself
 * going out once after restarts): the jobs, chat and payments services as the edge mounts them, on real
 * PostgreSQL and a private nats-server this test kills. A company pays while NATS is gone: payments
 * settles it and keeps the event in its outbox; the jobs service cannot know yet, so the contact details
 * stay locked; once NATS is back the jobs service learns of the unlock, once, the company sees them, and
 * the chat service opens the one conversation. And a payments replica that dies after the provider took
 * the money: another replica's reconciliation settles it, and every service holds it once.
 */
describe('faults in the money path, across the services', () => {
  const keys = generateSigningKeys();
  let nats: NatsTestServer;
  let db: Database;
  let bus: EventBus;
  let app: FastifyInstance;
  let signer: FastifyInstance;
  let controls: PaymentsControls;
  let dataDir: string;

  beforeAll(async () => {
    nats = await NatsTestServer.create();
    await nats.start();
    db = await createTestDatabase();
    dataDir = await mkdtemp(join(tmpdir(), 'money-path-'));
    bus = await createNatsBus({
      servers: nats.url,
      name: 'money-path',
      retryDelayMs: 50,
      maxRetryDelayMs: 500,
      publishTimeoutMs: 1000,
      logger: quiet,
    });
    app = Fastify({ logger: false });
    setEnvelopeNotFoundHandler(app);
    const deps = { db, bus, auth: { publicKey: keys.publicKey }, dataDir };
    await app.register(jobsService, deps);
    await app.register(chatService, { ...deps, chat: { reminderSweepMs: 0 } });
    await app.register(paymentsService, {
      ...deps,
      payments: { reconcileIntervalMs: 0 },
      onControls: (c) => (controls = c),
    });
    await app.ready();
    signer = Fastify({ logger: false });
    await signer.register(authPlugin, keys);
    await signer.ready();
  }, 90_000);

  afterAll(async () => {
    await app?.close();
    await signer?.close();
    await bus?.close();
    await db?.close();
    await nats?.dispose();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }, 60_000);

  async function member(type: 'user' | 'company') {
    const id = randomUUID();
    await bus.publish(
      newEvent(
        EVENT_TYPES.accountsUserRegistered,
        { userId: id, name: `A ${type}`, type },
        { correlationId: 'money-path' },
      ),
    );
    await eventually(async () => {
      const row = await schemaDb<{ members: { id: string } }>(db, 'jobs')
        .selectFrom('members')
        .select('id')
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row) throw new Error('member not known to jobs yet');
    }, 15_000);
    return {
      id,
      headers: { authorization: `Bearer ${signer.jwt.sign({ sub: id, type, name: `A ${type}` })}` },
    };
  }

  /** A job posted by `poster` through the jobs service, known to payments once this resolves. */
  async function postJob(poster: { headers: Record<string, string> }, email: string) {
    const posted = await app.inject({
      method: 'POST',
      url: API_PATHS.postJob,
      headers: poster.headers,
      payload: {
        name: 'Ada Obi',
        email,
        phoneNumber: '0803 555 0123',
        state: 'Lagos',
        address: '3 Marina Road, Lagos Island',
        jobStartDate: new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10),
        category: 'Craftsman',
        subcategory: ['Plumber'],
        jobHeading: 'Fix a leaking kitchen sink',
        description: 'The pipe under the kitchen sink drips all day.',
      },
    });
    expect(posted.statusCode).toBe(201);
    const jobId = posted.json().job._id as string;
    await eventually(async () => {
      const known = await sql`select 1 from payments.jobs where id = ${jobId}`.execute(db.raw);
      if (known.rows.length === 0) throw new Error('payments does not know the job yet');
    }, 15_000);
    return jobId;
  }

  /** What every service holds of the job's unlocks: once means one row on each side. */
  async function unlockRecords(jobId: string) {
    const rows = async (query: ReturnType<typeof sql>) => (await query.execute(db.raw)).rows;
    return {
      jobs: await rows(sql`select status from jobs.unlocks where job_id = ${jobId}`),
      payments: await rows(sql`select status from payments.unlock_payments where job_id = ${jobId}`),
      chats: await rows(sql`select applicant_id, payment_id from chat.chats where job_id = ${jobId}`),
    };
  }

  /** The company back from the provider's page: /payment/callback's call. */
  const verifyPayment = (
    to: FastifyInstance,
    company: { headers: Record<string, string> },
    reference: string,
  ) =>
    to.inject({
      method: 'POST',
      url: API_PATHS.verifyPayment,
      headers: company.headers,
      payload: { trxref: reference, reference },
    });

  const viewJob = (jobId: string, headers: Record<string, string>) =>
    app.inject({ method: 'GET', url: JOB_API.viewJob(jobId), headers });

  it('payments keeps the unlock event while NATS is down; jobs and chat learn of it once NATS is back, once', async () => {
    const poster = await member('user');
    const company = await member('company');
    const jobId = await postJob(poster, 'ada.money@example.com');

    const started = await app.inject({
      method: 'POST',
      url: API_PATHS.initializePayment,
      headers: company.headers,
      payload: { jobId },
    });
    expect(started.statusCode).toBe(200);
    const reference = started.json().reference as string;
    // The tester pays on the sandbox provider's page (no callback yet).
    const sandbox = controls.unlocks.provider as unknown as {
      act(reference: string, action: 'pay'): Promise<unknown>;
    };
    await sandbox.act(reference, 'pay');

    await nats.kill();
    expect((await verifyPayment(app, company, reference)).json().status).toBe('paid');
    // Paid and its event stored, not yet delivered: the jobs side cannot know, the contact stays locked.
    const waiting = await sql<{ n: number }>`
      select count(*)::int as n from payments.outbox
      where type = 'payments.unlock.paid' and published_at is null and envelope->'payload'->>'jobId' = ${jobId}
    `.execute(db.raw);
    expect(waiting.rows[0]?.n).toBe(1);
    const locked = await viewJob(jobId, company.headers);
    expect(locked.json().job).toMatchObject({ contactLocked: true, unlockCount: 0 });
    expect(locked.body).not.toContain('555 0123');

    await nats.start();
    await eventually(async () => {
      const open = await viewJob(jobId, company.headers);
      expect(open.json().job).toMatchObject({
        contactLocked: false,
        unlockCount: 1,
        email: 'ada.money@example.com',
      });
    }, 45_000);
    // Once: one paid unlock and one application on the jobs side, one paid payment on payments' side.
    const jobsSide = await sql<{ status: string }>`
      select status from jobs.unlocks where job_id = ${jobId}
    `.execute(db.raw);
    expect(jobsSide.rows).toEqual([{ status: 'paid' }]);
    const paymentsSide = await sql<{ status: string }>`
      select status from payments.unlock_payments where job_id = ${jobId}
    `.execute(db.raw);
    expect(paymentsSide.rows).toEqual([{ status: 'paid' }]);
    // And the chat service opened the one conversation the paid unlock gives.
    await eventually(async () => {
      const chats = await sql<{ applicant_id: string }>`
        select applicant_id from chat.chats where job_id = ${jobId}
      `.execute(db.raw);
      expect(chats.rows).toEqual([{ applicant_id: company.id }]);
    }, 30_000);
  }, 150_000);

  it('the payments replica that took the money dies before settling it: another one reconciles it; jobs and chat learn of it once', async () => {
    const poster = await member('user');
    const company = await member('company');
    const jobId = await postJob(poster, 'ada.replica@example.com');
    let clock = Date.now();

    // A payments replica of its own (its own NATS connection), as Swarm runs several.
    async function paymentsReplica(name: string) {
      const replicaBus = await createNatsBus({
        servers: nats.url,
        name,
        retryDelayMs: 50,
        maxRetryDelayMs: 500,
        publishTimeoutMs: 1000,
        logger: quiet,
      });
      const replica = Fastify({ logger: false });
      setEnvelopeNotFoundHandler(replica);
      let replicaControls: PaymentsControls | undefined;
      await replica.register(paymentsService, {
        db,
        bus: replicaBus,
        auth: { publicKey: keys.publicKey },
        dataDir,
        payments: { reconcileIntervalMs: 0, now: () => new Date(clock) },
        onControls: (c) => (replicaControls = c),
      });
      await replica.ready();
      return {
        app: replica,
        controls: replicaControls!,
        async stop() {
          await replica.close();
          await replicaBus.close();
        },
      };
    }

    const first = await paymentsReplica('payments-first');
    const started = await first.app.inject({
      method: 'POST',
      url: API_PATHS.initializePayment,
      headers: company.headers,
      payload: { jobId },
    });
    expect(started.statusCode).toBe(200);
    const reference = started.json().reference as string;
    const paymentId = started.json().payment._id as string;
    const provider = first.controls.unlocks.provider as unknown as {
      act(reference: string, action: 'pay'): Promise<unknown>;
    };
    await provider.act(reference, 'pay'); // the provider took the money; no callback, no webhook
    await first.stop(); // and the replica is gone before anything settled it

    const locked = await viewJob(jobId, company.headers);
    expect(locked.json().job).toMatchObject({ contactLocked: true, unlockCount: 0 });
    // Jobs may know of the checkout (pending), nothing more; no conversation.
    const before = await unlockRecords(jobId);
    expect(before.jobs).not.toContainEqual({ status: 'paid' });
    expect(before.chats).toEqual([]);

    const second = await paymentsReplica('payments-second');
    try {
      clock += 10 * 60_000;
      expect(await second.controls.reconcile()).toMatchObject({ paid: 1 });
      await eventually(async () => {
        const open = await viewJob(jobId, company.headers);
        expect(open.json().job).toMatchObject({ contactLocked: false, unlockCount: 1 });
        expect((await unlockRecords(jobId)).chats).toHaveLength(1);
      }, 45_000);
      // The company's callback arriving late, and a second reconciliation round, change nothing.
      expect((await verifyPayment(second.app, company, reference)).json().status).toBe('paid');
      expect(await second.controls.reconcile()).toMatchObject({ paid: 0 });
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(await unlockRecords(jobId)).toEqual({
        jobs: [{ status: 'paid' }],
        payments: [{ status: 'paid' }],
        chats: [{ applicant_id: company.id, payment_id: paymentId }],
      });
    } finally {
      await second.stop();
    }
  }, 150_000);
});
