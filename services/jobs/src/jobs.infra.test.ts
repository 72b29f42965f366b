// The jobs service as it runs in the distributed topology: real PostgreSQL and NATS JetStream. A poster
// posts a job over HTTP; jobs.job.posted reaches NATS; payments' payments.unlock.paid arrives over NATS
// and makes the company an applicant (jobs.application.created back on NATS), and the company then sees
// the poster's contact details.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EVENT_TYPES, SERVICES, type EventEnvelope } from '@marketplace/contracts';
import {
  authPlugin,
  createNatsBus,
  generateSigningKeys,
  natsNames,
  newEvent,
  setEnvelopeNotFoundHandler,
  type Database,
  type EventBus,
} from '@marketplace/service-kit';
import { createTestDatabase, eventually } from '@marketplace/service-kit/testing';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import Fastify, { type FastifyInstance } from 'fastify';
import jobsService from './app';
import { jobPayload } from './testing';

const servers = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const namespace = `tjobs${randomBytes(4).toString('hex')}`;

describe('jobs on PostgreSQL and NATS', () => {
  let db: Database;
  let bus: EventBus;
  let observer: EventBus;
  let app: FastifyInstance;
  let signer: FastifyInstance;
  let dataDir: string;
  const seen: EventEnvelope[] = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'jobs-infra-'));
    db = await createTestDatabase();
    expect(db.kind).toBe('postgres');
    bus = await createNatsBus({ servers, name: 'jobs-infra', namespace, retryDelayMs: 20 });
    // Another process's connection, as the accounts or payments service would have.
    observer = await createNatsBus({ servers, name: 'jobs-infra-observer', namespace, retryDelayMs: 20 });
    await observer.subscribe({
      durable: 'jobs-infra-observer',
      filterSubject: 'jobs.>',
      handle: async (event) => void seen.push(event),
    });
    const keys = generateSigningKeys();
    app = Fastify({ logger: false });
    setEnvelopeNotFoundHandler(app);
    await app.register(jobsService, { db, bus, auth: { publicKey: keys.publicKey }, dataDir });
    await app.ready();
    signer = Fastify({ logger: false });
    await signer.register(authPlugin, { publicKey: keys.publicKey, privateKey: keys.privateKey });
    await signer.ready();
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await signer?.close();
    await bus?.close();
    await observer?.close();
    await db?.close();
    await rm(dataDir, { recursive: true, force: true });
    const nc = await connect({ servers });
    try {
      const jsm = await jetstreamManager(nc);
      for (const service of SERVICES) {
        await jsm.streams.delete(natsNames(service, namespace).stream).catch(() => false);
      }
    } finally {
      await nc.close();
    }
  });

  const bearer = (sub: string, type: 'user' | 'company') => ({
    authorization: `Bearer ${signer.jwt.sign({ sub, type, name: 'Test' })}`,
  });

  it('posts, announces over NATS, and turns a paid unlock from NATS into an applicant with the contact', async () => {
    const poster = randomUUID();
    const company = randomUUID();
    await observer.publish(
      newEvent(
        EVENT_TYPES.accountsUserRegistered,
        { userId: company, name: 'Ace Plumbing', type: 'company' },
        {
          correlationId: 'infra',
        },
      ),
    );
    const posted = await app.inject({
      method: 'POST',
      url: '/api/jobs/postjob',
      headers: bearer(poster, 'user'),
      payload: jobPayload({ email: 'ada.infra@example.com' }),
    });
    expect(posted.statusCode).toBe(201);
    const jobId = posted.json().job._id as string;
    await eventually(async () => {
      const event = seen.find((e) => e.type === 'jobs.job.posted');
      expect(event?.payload).toMatchObject({ jobId, postedBy: poster, category: 'Craftsman' });
    }, 15_000);

    const view = () =>
      app.inject({ method: 'GET', url: `/api/jobs/viewjob/${jobId}`, headers: bearer(company, 'company') });
    expect((await view()).body).not.toContain('ada.infra@example.com');

    await observer.publish(
      newEvent(
        EVENT_TYPES.paymentsUnlockPaid,
        {
          paymentId: randomUUID(),
          reference: 'infra-ref',
          jobId,
          companyId: company,
          posterId: poster,
          amount: 200,
          currency: 'NGN',
          paidAt: new Date().toISOString(),
        },
        { correlationId: 'infra' },
      ),
    );
    await eventually(async () => {
      const event = seen.find((e) => e.type === 'jobs.application.created');
      expect(event?.payload).toEqual({ jobId, companyId: company, posterId: poster });
      expect(event?.correlationId).toBe('infra');
    }, 15_000);
    const unlocked = await view();
    expect(unlocked.json().job).toMatchObject({ contactLocked: false, email: 'ada.infra@example.com' });
    const applicants = await app.inject({
      method: 'GET',
      url: `/api/jobs/applications/${jobId}`,
      headers: bearer(poster, 'user'),
    });
    expect(applicants.json().applicants).toEqual([
      { _id: company, name: 'Ace Plumbing', email: null, phoneNumber: null, reviewed: false },
    ]);
  }, 60_000);
});
