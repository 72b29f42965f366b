// The job alert rules as one suite, run on the in-memory bus with the embedded database
// (job-alerts.test.ts) and on NATS JetStream with PostgreSQL (job-alerts.infra.test.ts).
import { randomUUID } from 'node:crypto';
import { EVENT_TYPES, type EventEnvelope } from '@marketplace/contracts';
import {
  authPlugin,
  generateSigningKeys,
  newEvent,
  schemaDb,
  setEnvelopeNotFoundHandler,
  type Database,
  type EventBus,
} from '@marketplace/service-kit';
import { eventually } from '@marketplace/service-kit/testing';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import jobsService from '../app';
import type { JobsDatabase } from '../db-types';
import { jobPayload } from '../testing';

export interface AlertRig {
  db: Database;
  /** The service's bus; `restart` gives it a new one (a restarted process). */
  bus: EventBus;
  newBus(name: string): Promise<EventBus>;
  close(): Promise<void>;
}

type Caller = { id: string; headers: { authorization: string } };

export function describeJobAlertRules(label: string, makeRig: () => Promise<AlertRig>): void {
  describe(`job alerts (${label})`, () => {
    let rig: AlertRig;
    let app: FastifyInstance;
    let signer: FastifyInstance;
    let jobsDb: Kysely<JobsDatabase>;
    const seen: EventEnvelope[] = [];
    const keys = generateSigningKeys();

    async function startApp(bus: EventBus, unlockCap = 5): Promise<FastifyInstance> {
      const server = Fastify({ logger: false });
      setEnvelopeNotFoundHandler(server);
      await server.register(jobsService, {
        db: rig.db,
        bus,
        auth: { publicKey: keys.publicKey },
        jobs: { unlockCap },
        listingCacheMs: 0,
      });
      await server.ready();
      return server;
    }

    beforeAll(async () => {
      rig = await makeRig();
      jobsDb = schemaDb<JobsDatabase>(rig.db, 'jobs');
      app = await startApp(rig.bus);
      signer = Fastify({ logger: false });
      await signer.register(authPlugin, { publicKey: keys.publicKey, privateKey: keys.privateKey });
      await signer.ready();
      await rig.bus.subscribe({
        durable: `alerts-observer-${randomUUID().slice(0, 8)}`,
        filterSubject: 'jobs.alert.*',
        handle: async (event) => void seen.push(event),
      });
    });
    afterAll(async () => {
      await app?.close();
      await signer?.close();
      await rig?.close();
    });

    async function member(type: 'user' | 'company' | 'admin'): Promise<Caller> {
      const id = randomUUID();
      await rig.bus.publish(
        newEvent(
          EVENT_TYPES.accountsUserRegistered,
          { userId: id, name: `${type} ${id.slice(0, 4)}`, type },
          {
            correlationId: 'test',
          },
        ),
      );
      const token = signer.jwt.sign({ sub: id, type, name: 'Test' });
      return { id, headers: { authorization: `Bearer ${token}` } };
    }

    async function subscribe(company: Caller, preferences: Record<string, unknown>) {
      const response = await app.inject({
        method: 'PUT',
        url: '/api/jobs/alerts/preferences',
        headers: company.headers,
        payload: { categories: [], subcategories: [], states: [], email: 'instant', ...preferences },
      });
      expect(response.statusCode).toBe(200);
    }

    async function post(poster: Caller, overrides: Record<string, unknown> = {}): Promise<string> {
      const response = await app.inject({
        method: 'POST',
        url: '/api/jobs/postjob',
        headers: poster.headers,
        payload: jobPayload(overrides),
      });
      if (response.statusCode !== 201) throw new Error(`posting failed: ${response.body}`);
      return response.json().job._id as string;
    }

    async function notifiedCompanies(jobId: string): Promise<string[]> {
      const rows = await jobsDb
        .selectFrom('notifications')
        .select('recipient_id')
        .where('job_id', '=', jobId)
        .orderBy('recipient_id')
        .execute();
      return rows.map((row) => row.recipient_id);
    }

    /** Posts a "witness" job every subscriber matches, so its alert shows the consumer got past `jobId`. */
    async function settled(poster: Caller, witness: Caller, jobId: string): Promise<string[]> {
      const marker = await post(poster, { category: 'Services', subcategory: ['Cleaning'], state: 'Kano' });
      await eventually(async () => {
        if (!(await notifiedCompanies(marker)).includes(witness.id)) throw new Error('fan-out not done yet');
      }, 15_000);
      return notifiedCompanies(jobId);
    }

    it('tells every matching company once, by category, sub-category and state, never the others', async () => {
      const poster = await member('user');
      const byCategory = await member('company');
      const bySubcategory = await member('company');
      const inOtherState = await member('company');
      const everyState = await member('company');
      const otherTrade = await member('company');
      const noChoice = await member('company');
      const witness = await member('company');
      await subscribe(byCategory, { categories: ['Craftsman'], states: ['Lagos'] });
      await subscribe(bySubcategory, { subcategories: ['Plumber'], states: ['Lagos', 'Ogun'] });
      await subscribe(inOtherState, { categories: ['Craftsman'], states: ['Abia'] });
      await subscribe(everyState, { subcategories: ['Plumber'] });
      await subscribe(otherTrade, { categories: ['Build New'] });
      await subscribe(noChoice, { states: ['Lagos'] });
      await subscribe(witness, { categories: ['Services'] });

      const jobId = await post(poster, { category: 'Craftsman', subcategory: ['Plumber'], state: 'Lagos' });
      const told = await settled(poster, witness, jobId);
      expect(told).toEqual([byCategory.id, bySubcategory.id, everyState.id].sort());
    });

    it('announces the companies that want e-mail, with a signature, and no contact details', async () => {
      const poster = await member('user');
      const instant = await member('company');
      const daily = await member('company');
      const silent = await member('company');
      await subscribe(instant, { categories: ['House and Garden'], email: 'instant' });
      await subscribe(daily, { categories: ['House and Garden'], email: 'daily' });
      await subscribe(silent, { categories: ['House and Garden'], email: 'none' });
      const jobId = await post(poster, {
        category: 'House and Garden',
        subcategory: ['Gardening'],
        state: 'Oyo',
      });
      const event = await eventually(async () => {
        const found = seen.find((e) => (e.payload as { jobId: string }).jobId === jobId);
        if (!found) throw new Error('no jobs.alert.matched yet');
        return found;
      }, 15_000);
      const payload = event.payload as { recipients: Array<{ companyId: string; email: string }> };
      expect(payload.recipients.map((r) => [r.companyId, r.email]).sort()).toEqual(
        [
          [instant.id, 'instant'],
          [daily.id, 'daily'],
        ].sort(),
      );
      const text = JSON.stringify(event.payload);
      for (const secret of ['ada@example.com', '0803 123 4567', '12 Allen Avenue']) {
        expect(text).not.toContain(secret);
      }
      expect(await notifiedCompanies(jobId)).toHaveLength(3);
    });

    it('tells no one about a job hidden, deleted, closed or full before the fan-out ran', async () => {
      const poster = await member('user');
      const company = await member('company');
      await subscribe(company, { categories: ['Interior Renovation'] });
      // A fan-out that runs after the job changed (redelivery, a backlog) reads the job as it is then.
      const jobId = await post(poster, { category: 'Interior Renovation', subcategory: ['Floor studding'] });
      await eventually(async () => {
        if ((await notifiedCompanies(jobId)).length === 0) throw new Error('not yet');
      }, 15_000);
      const cases: Array<[string, Record<string, unknown>]> = [
        ['hidden', { hidden_at: new Date(), hidden_reason: 'spam' }],
        ['deleted', { deleted_at: new Date() }],
        ['closed', { status: 'completed' }],
        ['full', { unlock_count: 5 }],
      ];
      for (const [why, change] of cases) {
        const other = await post(poster, {
          category: 'Interior Renovation',
          subcategory: ['Floor studding'],
        });
        // Let the posting's own fan-out finish first, so only the replay below can tell anyone.
        await eventually(async () => {
          if ((await notifiedCompanies(other)).length === 0) throw new Error('not yet');
        }, 15_000);
        await jobsDb.updateTable('jobs').set(change).where('id', '=', other).execute();
        await jobsDb.deleteFrom('notifications').where('job_id', '=', other).execute();
        // Replay the posting as a redelivery would, under a new event id so the inbox lets it through.
        await rig.bus.publish(
          newEvent(
            EVENT_TYPES.jobsJobPosted,
            { jobId: other, postedBy: poster.id, category: 'Interior Renovation' },
            { correlationId: why },
          ),
        );
        const witnessJob = await post(poster, {
          category: 'Interior Renovation',
          subcategory: ['Floor studding'],
        });
        await eventually(async () => {
          if ((await notifiedCompanies(witnessJob)).length === 0) throw new Error('not yet');
        }, 15_000);
        expect([why, await notifiedCompanies(other)]).toEqual([why, []]);
      }
    });

    it('never tells a company about its own job', async () => {
      const company = await member('company');
      const poster = await member('user');
      await subscribe(company, { categories: ['Craftsman'] });
      // Only customers post; a company's own job can only come from an event (an import, a changed type).
      const jobId = await post(poster, { category: 'Craftsman' });
      await jobsDb.updateTable('jobs').set({ posted_by: company.id }).where('id', '=', jobId).execute();
      await jobsDb.deleteFrom('notifications').where('job_id', '=', jobId).execute();
      await rig.bus.publish(
        newEvent(EVENT_TYPES.jobsJobPosted, { jobId, postedBy: company.id }, { correlationId: 'own' }),
      );
      const witness = await post(poster, { category: 'Craftsman' });
      await eventually(async () => {
        if (!(await notifiedCompanies(witness)).includes(company.id)) throw new Error('not yet');
      }, 15_000);
      // Other suites' companies also watch Craftsman: only the poster itself must be missing.
      expect(await notifiedCompanies(jobId)).not.toContain(company.id);
      expect(await notifiedCompanies(witness)).toContain(company.id);
    });

    it('a redelivered event and a restarted consumer give no second alert', async () => {
      const poster = await member('user');
      const company = await member('company');
      await subscribe(company, { categories: ['Build New'] });
      const jobId = await post(poster, { category: 'Build New', subcategory: ['Architect'] });
      await eventually(async () => {
        if ((await notifiedCompanies(jobId)).length === 0) throw new Error('not yet');
      }, 15_000);
      const matched = () => seen.filter((e) => (e.payload as { jobId: string }).jobId === jobId).length;
      await eventually(async () => {
        if (matched() === 0) throw new Error('no mail event yet');
      }, 15_000);
      const toldBefore = await notifiedCompanies(jobId);
      expect(toldBefore).toContain(company.id);
      const eventsBefore = matched();
      const rowsBefore = await jobsDb
        .selectFrom('notifications')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('job_id', '=', jobId)
        .executeTakeFirstOrThrow();
      // The same event again (same id: the inbox skips it) and a new event about the same job (the
      // unique key skips every company already told), on a restarted service with a new bus connection.
      const outboxRows = (await jobsDb
        .selectFrom('outbox' as never)
        .select('envelope' as never)
        .where('type' as never, '=', 'jobs.job.posted' as never)
        .execute()) as unknown as Array<{ envelope: EventEnvelope<{ jobId: string }> }>;
      const original = outboxRows.map((row) => row.envelope).find((e) => e.payload.jobId === jobId);
      expect(original).toBeDefined();
      await app.close();
      const bus = await rig.newBus('restarted');
      app = await startApp(bus);
      await bus.publish(original as EventEnvelope);
      await bus.publish(
        newEvent(EVENT_TYPES.jobsJobPosted, { jobId, postedBy: poster.id }, { correlationId: 'x' }),
      );
      const witness = await post(poster, { category: 'Build New', subcategory: ['Architect'] });
      await eventually(async () => {
        if ((await notifiedCompanies(witness)).length === 0) throw new Error('not yet');
      }, 15_000);
      expect(await notifiedCompanies(jobId)).toEqual(toldBefore);
      const rowsAfter = await jobsDb
        .selectFrom('notifications')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('job_id', '=', jobId)
        .executeTakeFirstOrThrow();
      expect(Number(rowsAfter.n)).toBe(Number(rowsBefore.n));
      expect(matched()).toBe(eventsBefore);
    });
  });
}
