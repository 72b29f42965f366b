import { Writable } from 'node:stream';
import { EVENT_TYPES } from '@marketplace/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { newEvent, publishEvent } from '../bus/index';
import { createLocalBus } from '../bus/local-bus';
import type { EventBus } from '../bus/types';
import { schemaDb, type Database } from '../db/database';
import { generateSigningKeys } from '../auth/keys';
import { setEnvelopeNotFoundHandler } from '../http/errors';
import { serverOptions } from '../http/server-options';
import { setupService } from '../service';
import { createTestDatabase, eventually } from '../testing/index';
import { sampleValue } from './exposition';
import { METRIC_NAMES, UNMATCHED_ROUTE } from './metrics';
import { registerObservability } from './plugin';

// A small service made with the kit (its schema, outbox relay, a consumer of its own event and a route
// that publishes it) in a server set up as standalone.ts sets up each service's, logging to a stream.

const SCHEMA = 'obs_probe';
const CONSUMER = 'obs-probe-deletions';

interface Probe {
  app: FastifyInstance;
  db: Database;
  bus: EventBus;
  /** Every log line the server wrote, parsed. */
  lines: Array<Record<string, unknown>>;
  scrape(headers?: Record<string, string>): Promise<string>;
  close(): Promise<void>;
}

async function startProbe(
  options: { bus?: (real: EventBus) => EventBus; collectTimeoutMs?: number; metricsToken?: string } = {},
): Promise<Probe> {
  const db = await createTestDatabase();
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) {
        lines.push(JSON.parse(line) as Record<string, unknown>);
      }
      done();
    },
  });
  const base = serverOptions({ name: 'probe', logLevel: 'info' });
  const app = Fastify({ ...base, logger: { ...(base.logger as object), stream } });
  const real = await createLocalBus({ db, pollIntervalMs: 50, logger: app.log });
  const bus = options.bus ? options.bus(real) : real;
  setEnvelopeNotFoundHandler(app);
  await registerObservability(app, {
    service: 'probe',
    bus,
    ...(options.collectTimeoutMs ? { collectTimeoutMs: options.collectTimeoutMs } : {}),
    ...(options.metricsToken ? { metricsToken: options.metricsToken } : {}),
  });
  app.get('/health', async () => ({ status: 'ok' }));
  const keys = generateSigningKeys();
  await app.register(
    async (service, deps: { db: Database; bus: EventBus }) => {
      const kit = await setupService<Record<string, never>>(service, {
        name: 'jobs',
        schema: SCHEMA,
        migrations: {},
        deps: { ...deps, auth: { publicKey: keys.publicKey } },
      });
      kit.consume({
        durable: CONSUMER,
        filterSubject: 'jobs.job.*',
        handlers: {
          [EVENT_TYPES.jobsJobDeleted]: async ({ jobId }, _trx, _event, log) => {
            log.info({ jobId }, 'probe consumer forgets the job');
          },
        },
      });
      service.delete<{ Params: { jobId: string } }>('/api/probe/jobs/:jobId', async (request, reply) => {
        await kit.db
          .transaction()
          .execute((trx) =>
            publishEvent(
              trx,
              EVENT_TYPES.jobsJobDeleted,
              { jobId: request.params.jobId, postedBy: 'poster-1' },
              { correlationId: request.id },
            ),
          );
        return reply.status(204).send();
      });
      service.get('/api/probe/broken', async () => {
        throw new Error('broken on purpose');
      });
    },
    { db, bus },
  );
  await app.ready();
  return {
    app,
    db,
    bus,
    lines,
    async scrape(headers = {}) {
      const response = await app.inject({ url: '/metrics', headers });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/plain; version=0.0.4');
      return response.body;
    },
    async close() {
      await app.close();
      await bus.close();
      await db.close();
    },
  };
}

const outbox = (db: Database) => schemaDb<{ outbox: { id: string; published_at: Date | null } }>(db, SCHEMA);

describe('observability of a kit service', () => {
  let probe: Probe;
  beforeAll(async () => {
    probe = await startProbe();
  }, 60_000);
  afterAll(async () => {
    await probe.close();
  });

  it('counts and times requests by method, route pattern and status; probes and scrapes are left out', async () => {
    const { app } = probe;
    for (const id of ['job-1', 'job-2']) {
      expect((await app.inject({ method: 'DELETE', url: `/api/probe/jobs/${id}` })).statusCode).toBe(204);
    }
    expect((await app.inject({ url: '/api/probe/broken' })).statusCode).toBe(500);
    expect((await app.inject({ url: '/api/probe/nothing-here/123' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/api/probe/nothing-else/456' })).statusCode).toBe(404);
    await app.inject({ url: '/health' });
    await probe.scrape();

    const text = await probe.scrape();
    const route = { method: 'DELETE', route: '/api/probe/jobs/:jobId', status_code: '204' };
    expect(sampleValue(text, METRIC_NAMES.httpRequests, route)).toBe(2);
    expect(sampleValue(text, `${METRIC_NAMES.httpRequestDuration}_count`, route)).toBe(2);
    expect(sampleValue(text, `${METRIC_NAMES.httpRequestDuration}_bucket`, { ...route, le: '+Inf' })).toBe(2);
    expect(
      sampleValue(text, METRIC_NAMES.httpRequests, { route: '/api/probe/broken', status_code: '500' }),
    ).toBe(1);
    // Unmatched addresses share one label value, however many there are.
    expect(sampleValue(text, METRIC_NAMES.httpRequests, { route: UNMATCHED_ROUTE, status_code: '404' })).toBe(
      2,
    );
    expect(text).not.toMatch(/route="\/api\/probe\/nothing/);
    for (const unmeasured of ['/health', '/metrics']) {
      expect(sampleValue(text, METRIC_NAMES.httpRequests, { route: unmeasured })).toBeUndefined();
    }
    // Every series, process metrics included, says which service it is.
    expect(sampleValue(text, 'process_cpu_user_seconds_total', { service: 'probe' })).toBeGreaterThan(0);
    expect(sampleValue(text, 'nodejs_heap_size_used_bytes', { service: 'probe' })).toBeGreaterThan(0);
  });

  it('echoes the request id it was given, or the one it made, on every answer', async () => {
    const given = await probe.app.inject({
      url: '/api/probe/nothing-here',
      headers: { 'x-request-id': 'ingress-1234abcd' },
    });
    expect(given.headers['x-request-id']).toBe('ingress-1234abcd');
    const made = await probe.app.inject({ url: '/health' });
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("carries the request id into the event it causes and into the consumer's log lines", async () => {
    const requestId = 'trace-req-0042abcd';
    const response = await probe.app.inject({
      method: 'DELETE',
      url: '/api/probe/jobs/job-traced',
      headers: { 'x-request-id': requestId },
    });
    expect(response.statusCode).toBe(204);

    const stored = await sql<{ envelope: { correlationId: string; payload: { jobId: string } } }>`
      select envelope from ${sql.id(SCHEMA, 'outbox')} where envelope->'payload'->>'jobId' = 'job-traced'`.execute(
      probe.db.raw,
    );
    expect(stored.rows.map((row) => row.envelope.correlationId)).toEqual([requestId]);

    const consumerLines = await eventually(async () => {
      const found = probe.lines.filter((line) => line.consumer === CONSUMER && line.reqId === requestId);
      if (found.length < 2) throw new Error('consumer has not logged yet');
      return found;
    });
    expect(consumerLines.map((line) => line.msg)).toEqual([
      'probe consumer forgets the job',
      'event handled',
    ]);
    expect(consumerLines[0]).toMatchObject({
      service: 'probe',
      eventType: EVENT_TYPES.jobsJobDeleted,
      jobId: 'job-traced',
    });
    // The request's own lines carry the same id: one search follows it from the route into the consumer.
    expect(probe.lines.some((line) => line.reqId === requestId && line.msg === 'request completed')).toBe(
      true,
    );
  });

  it('reports how far each durable consumer on the bus is behind', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const stuck = await probe.bus.subscribe({
      durable: 'obs-probe-stuck',
      filterSubject: 'payments.unlock.*',
      handle: () => gate,
    });
    try {
      for (let i = 0; i < 3; i++) {
        await probe.bus.publish(
          newEvent(EVENT_TYPES.paymentsUnlockFailed, { paymentId: `p${i}` }, { correlationId: `c${i}` }),
        );
      }
      const lagged = { durable: 'obs-probe-stuck', stream: 'PAYMENTS' };
      expect(sampleValue(await probe.scrape(), METRIC_NAMES.consumerPending, lagged)).toBe(3);
      release();
      await eventually(async () => {
        expect(sampleValue(await probe.scrape(), METRIC_NAMES.consumerPending, lagged)).toBe(0);
      });
      // The service's own consumer is there too, caught up.
      const text = await probe.scrape();
      expect(sampleValue(text, METRIC_NAMES.consumerPending, { durable: CONSUMER, stream: 'JOBS' })).toBe(0);
    } finally {
      release();
      await stuck.stop();
    }
  });
});

describe('observability when parts fail', () => {
  it('shows the age and number of outbox rows the relay could not publish', async () => {
    const probe = await startProbe({
      bus: (real) => ({ ...real, publish: () => Promise.reject(new Error('bus is down')) }),
    });
    try {
      const text0 = await probe.scrape();
      expect(sampleValue(text0, METRIC_NAMES.outboxUnpublished, { schema: SCHEMA })).toBe(0);
      expect(sampleValue(text0, METRIC_NAMES.outboxOldestAge, { schema: SCHEMA })).toBe(0);

      await (outbox(probe.db) as unknown as Kysely<Record<string, Record<string, unknown>>>)
        .insertInto('outbox')
        .values({
          id: '00000000-0000-4000-8000-000000000001',
          type: EVENT_TYPES.jobsJobDeleted,
          envelope: JSON.stringify({}),
          created_at: sql`now() - interval '90 seconds'`,
        })
        .execute();
      const text = await probe.scrape();
      expect(sampleValue(text, METRIC_NAMES.outboxUnpublished, { schema: SCHEMA })).toBe(1);
      const age = sampleValue(text, METRIC_NAMES.outboxOldestAge, { schema: SCHEMA }) ?? 0;
      expect(age).toBeGreaterThanOrEqual(90);
      expect(age).toBeLessThan(150);
    } finally {
      await probe.close();
    }
  }, 60_000);

  it('still answers 200 with every other metric when a collector fails or hangs, and counts it', async () => {
    const failing = await startProbe({
      bus: (real) => ({ ...real, consumerLag: () => Promise.reject(new Error('NATS is down')) }),
    });
    const hanging = await startProbe({
      bus: (real) => ({ ...real, consumerLag: () => new Promise(() => undefined) }),
      collectTimeoutMs: 200,
    });
    try {
      for (const probe of [failing, hanging]) {
        await probe.app.inject({ url: '/api/probe/broken' });
        const text = await probe.scrape();
        expect(sampleValue(text, METRIC_NAMES.httpRequests, { route: '/api/probe/broken' })).toBe(1);
        expect(sampleValue(text, METRIC_NAMES.outboxUnpublished, { schema: SCHEMA })).toBe(0);
        expect(sampleValue(text, METRIC_NAMES.consumerPending)).toBeUndefined();
        expect(
          sampleValue(text, METRIC_NAMES.collectorErrors, { collector: METRIC_NAMES.consumerPending }),
        ).toBe(1);
      }
    } finally {
      await failing.close();
      await hanging.close();
    }
  }, 60_000);

  it('asks for the bearer token when METRICS_TOKEN is set', async () => {
    const token = 'scrape-token-0123456789';
    const probe = await startProbe({ metricsToken: token });
    try {
      for (const authorization of [undefined, 'Bearer wrong-token-0123456789', token]) {
        const response = await probe.app.inject({
          url: '/metrics',
          headers: authorization ? { authorization } : {},
        });
        expect(response.statusCode).toBe(401);
      }
      expect(await probe.scrape({ authorization: `Bearer ${token}` })).toContain(METRIC_NAMES.httpRequests);
    } finally {
      await probe.close();
    }
  }, 60_000);
});
