import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EVENT_TYPES, lagosToday, type EventEnvelope } from '@marketplace/contracts';
import { newEvent, observability, schemaDb, type ServiceDeps } from '@marketplace/service-kit';
import { createTestService, eventually, type TestService } from '@marketplace/service-kit/testing';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import jobsService, { type JobsRateLimits } from './app';
import type { JobsDatabase } from './db-types';

// The jobs service's test harness (not used by the service itself): the service on a test database
// with the kit's test bus, members signed in by token, jobs posted through the API, and unlocks paid
// the way the payments service announces them (payments.unlock.paid on the bus).

export type AccountType = 'user' | 'company' | 'admin';

export interface Member {
  id: string;
  name: string;
  type: AccountType;
  headers: { authorization: string };
}

export interface JobsHarness {
  service: TestService;
  app: FastifyInstance;
  db: Kysely<JobsDatabase>;
  dataDir: string;
  /** Every jobs.* event published since start, in order. */
  events: EventEnvelope[];
  /** A member known to the jobs service's read model (accounts.user.registered), with a bearer token. */
  member(type: AccountType, name?: string): Promise<Member>;
  /** Posts a job as `poster` (JSON); returns its id. */
  postJob(poster: Member, overrides?: Record<string, unknown>): Promise<string>;
  /** Announces a paid unlock as payments does, and waits until the jobs service applied it. */
  payUnlock(jobId: string, company: Member, options?: { paymentId?: string }): Promise<string>;
  /** Publishes a payments.unlock.* (or any) event on the bus. */
  publish(type: string, payload: Record<string, unknown>): Promise<void>;
  /**
   * The payloads of the events of one type whose fields equal those of `match`, after waiting until
   * there are at least `count` of them.
   */
  eventsOf(
    type: string,
    match?: Record<string, unknown>,
    count?: number,
  ): Promise<Array<Record<string, unknown>>>;
  /** Waits until an event of `type` with exactly this payload was published. */
  expectEvent(type: string, payload: Record<string, unknown>): Promise<void>;
  imageFiles(): Promise<string[]>;
  close(): Promise<void>;
}

/** A complete, valid job form (JSON). */
export function jobPayload(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Ada Obi',
    email: 'ada@example.com',
    phoneNumber: '0803 123 4567',
    state: 'Lagos',
    address: '12 Allen Avenue, Ikeja',
    pincode: '100001',
    jobStartDate: daysFromToday(3),
    category: 'Craftsman',
    subcategory: ['Plumber'],
    jobHeading: 'Fix a leaking kitchen sink',
    title: 'Job title',
    description: 'The pipe under the kitchen sink drips all day.',
    ...overrides,
  };
}

export function daysFromToday(days: number): string {
  const date = new Date(`${lagosToday()}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** A multipart form: text fields (arrays as repeated parts) and image files under `images`. */
export function jobForm(
  fields: Record<string, unknown>,
  files: Array<{ bytes: Buffer; name?: string; type?: string; field?: string }> = [],
): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (Array.isArray(value)) for (const item of value) data.append(key, String(item));
    else if (value !== undefined) data.append(key, String(value));
  }
  for (const file of files) {
    data.append(
      file.field ?? 'images',
      new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'image/png' }),
      file.name ?? 'photo.png',
    );
  }
  return data;
}

export const png = (width: number, height: number, colour = '#c81e1e') =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();

let observers = 0;

/** Limits high enough for any suite; the rate-limit suite passes its own. */
const TEST_RATE_LIMITS: JobsRateLimits = {
  postJobPerAccount: { max: 10_000, windowMs: 60 * 60 * 1000 },
  reviewPerAccount: { max: 10_000, windowMs: 60 * 60 * 1000 },
};

/** `metrics`: mounted behind the kit's observability (request ids, /metrics), as standalone.ts does. */
export async function createJobsHarness(
  options: {
    now?: () => Date;
    rateLimits?: Partial<JobsRateLimits>;
    metrics?: boolean;
    /** UPLOADS_DIR (the production shapes' shared volume); default `<dataDir>/uploads`. */
    uploadsDir?: string;
  } = {},
): Promise<JobsHarness> {
  const dataDir = await mkdtemp(join(tmpdir(), 'jobs-test-'));
  const uploadsDir = options.uploadsDir ?? join(dataDir, 'uploads');
  const service = await createTestService([
    ...(options.metrics ? [observability('jobs')] : []),
    (app: FastifyInstance, deps: ServiceDeps) =>
      jobsService(app, {
        ...deps,
        dataDir,
        ...(options.uploadsDir ? { uploadsDir: options.uploadsDir } : {}),
        rateLimits: { ...TEST_RATE_LIMITS, ...options.rateLimits },
        ...(options.now ? { now: options.now } : {}),
      }),
  ]);
  const db = schemaDb<JobsDatabase>(service.db, 'jobs');
  const events: EventEnvelope[] = [];
  await service.bus.subscribe({
    durable: `jobs-test-observer-${++observers}`,
    filterSubject: 'jobs.>',
    handle: async (event) => void events.push(event),
  });

  const publish = async (type: string, payload: Record<string, unknown>) => {
    await service.bus.publish(newEvent(type, payload, { correlationId: 'test' }));
  };

  const harness: JobsHarness = {
    service,
    app: service.app,
    db,
    dataDir,
    events,
    publish,
    async member(type, name = type === 'company' ? 'Ace Plumbing' : type === 'admin' ? 'Admin' : 'Ada Obi') {
      const id = randomUUID();
      await publish(EVENT_TYPES.accountsUserRegistered, { userId: id, name, type });
      await eventually(async () => {
        const row = await db.selectFrom('members').select('id').where('id', '=', id).executeTakeFirst();
        if (!row) throw new Error(`member ${id} not in the read model yet`);
      });
      const token = await service.tokenFor({ sub: id, type, name });
      return { id, name, type, headers: { authorization: `Bearer ${token}` } };
    },
    async postJob(poster, overrides = {}) {
      const response = await service.app.inject({
        method: 'POST',
        url: '/api/jobs/postjob',
        headers: poster.headers,
        payload: jobPayload(overrides),
      });
      if (response.statusCode !== 201) throw new Error(`posting failed: ${response.body}`);
      return response.json().job._id as string;
    },
    async payUnlock(jobId, company, { paymentId = randomUUID() } = {}) {
      const job = await db
        .selectFrom('jobs')
        .select('posted_by')
        .where('id', '=', jobId)
        .executeTakeFirstOrThrow();
      await publish(EVENT_TYPES.paymentsUnlockPaid, {
        paymentId,
        reference: `ref-${paymentId}`,
        jobId,
        companyId: company.id,
        posterId: job.posted_by,
        amount: 200,
        currency: 'NGN',
        paidAt: new Date().toISOString(),
      });
      await eventually(async () => {
        const unlock = await db
          .selectFrom('unlocks')
          .select(['status', 'payment_id'])
          .where('job_id', '=', jobId)
          .where('company_id', '=', company.id)
          .executeTakeFirst();
        if (unlock?.status !== 'paid') throw new Error('unlock not paid yet');
      });
      return paymentId;
    },
    async eventsOf(type, match = {}, count = 1) {
      return eventually(async () => {
        const found = events
          .filter((event) => event.type === type)
          .map((event) => event.payload as Record<string, unknown>)
          .filter((payload) => Object.entries(match).every(([key, value]) => payload[key] === value));
        if (found.length < count) throw new Error(`${found.length} of ${count} ${type} events so far`);
        return found;
      });
    },
    async expectEvent(type, payload) {
      await eventually(async () => {
        const found = events.filter((event) => event.type === type).map((event) => event.payload);
        expect(found).toContainEqual(payload);
      });
    },
    imageFiles: () => readdir(join(uploadsDir, 'jobs')).catch(() => [] as string[]),
    async close() {
      await service.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  return harness;
}

export type { LightMyRequestResponse };
