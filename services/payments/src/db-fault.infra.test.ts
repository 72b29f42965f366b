import { randomBytes, randomUUID } from 'node:crypto';
import { API_PATHS } from '@marketplace/contracts';
import {
  DATABASE_UNAVAILABLE_MESSAGE,
  authPlugin,
  createLocalBus,
  generateSigningKeys,
  newEvent,
  openDatabase,
  schemaDb,
  type Database,
  type EventBus,
} from '@marketplace/service-kit';
import { CuttableLink, eventually } from '@marketplace/service-kit/testing';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import type { PaymentsDatabase } from './db-types';
import { startPaymentsReplica } from './testing';

/**
 * The money path when PostgreSQL fails under it (fault.infra.test.ts has the service and NATS dying):
 * the payments service reaches a real PostgreSQL (DATABASE_URL) through a link this test cuts, at the
 * worst moment: after the provider said the money was taken, inside the transaction that records the
 * unlock. And the settlement throwing there (a fault injected with a trigger). Each time: a clear answer,
 * nothing half-written, and the next attempt (the payer's retry, another replica, the reconciliation)
 * ends with exactly one paid payment and one unlock event.
 */
describe('fault: PostgreSQL lost or the settlement failing between the provider success and the unlock', () => {
  const keys = generateSigningKeys();
  let databaseName: string;
  let databaseUrl: URL;
  let direct: Database;
  let bus: EventBus;
  let link: CuttableLink;
  let signer: FastifyInstance;
  let clock = Date.now();

  beforeAll(async () => {
    const serverUrl = process.env.DATABASE_URL;
    if (!serverUrl) throw new Error('DATABASE_URL is required (npm run test:infra)');
    databaseName = `t_dbfault_${randomBytes(4).toString('hex')}`;
    await adminQuery(serverUrl, `create database ${databaseName}`);
    databaseUrl = new URL(serverUrl);
    databaseUrl.pathname = `/${databaseName}`;
    direct = await openDatabase({ url: databaseUrl.toString(), poolSize: 3 });
    bus = await createLocalBus({ db: direct, pollIntervalMs: 50 });
    link = await CuttableLink.start(databaseUrl.hostname, Number(databaseUrl.port || 5432));
    signer = Fastify({ logger: false });
    await signer.register(authPlugin, keys);
    await signer.ready();
  }, 60_000);

  // A test that failed half-way leaves the link up for the next one.
  afterEach(() => link?.restore());

  afterAll(async () => {
    await signer?.close();
    await bus?.close();
    await link?.close();
    await direct?.close();
    if (databaseName)
      await adminQuery(process.env.DATABASE_URL!, `drop database if exists ${databaseName} with (force)`);
  }, 60_000);

  /** A payments instance whose database goes through the link (a replica, as main.ts starts one). */
  async function startPayments() {
    const db = await openDatabase({ url: link.proxiedUrl(databaseUrl), poolSize: 3 });
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
        await db.close();
      },
    };
  }
  type Payments = Awaited<ReturnType<typeof startPayments>>;

  const payments = () => schemaDb<PaymentsDatabase>(direct, 'payments');

  async function jobAndCheckout(service: Payments) {
    const jobId = randomUUID();
    await bus.publish(
      newEvent('jobs.job.posted', { jobId, postedBy: randomUUID() }, { correlationId: 'db-fault' }),
    );
    await eventually(async () => {
      const row = await payments().selectFrom('jobs').select('id').where('id', '=', jobId).executeTakeFirst();
      if (!row) throw new Error('job not known yet');
    }, 15_000);
    const headers = {
      authorization: `Bearer ${signer.jwt.sign({ sub: randomUUID(), type: 'company', name: 'Co' })}`,
    };
    const started = await service.app.inject({
      method: 'POST',
      url: API_PATHS.initializePayment,
      headers,
      payload: { jobId },
    });
    expect(started.statusCode).toBe(200);
    return {
      jobId,
      headers,
      reference: started.json().reference as string,
      paymentId: started.json().payment._id as string,
    };
  }

  const verify = (service: Payments, headers: Record<string, string>, reference: string) =>
    service.app.inject({
      method: 'POST',
      url: API_PATHS.verifyPayment,
      headers,
      payload: { trxref: reference, reference },
    });

  /** The payment's rows and its unlock events in the outbox: what "one unlock, charged once" means here. */
  async function ledger(jobId: string) {
    const rows = await payments()
      .selectFrom('unlock_payments')
      .select(['reference', 'status'])
      .where('job_id', '=', jobId)
      .execute();
    const events = await sql<{ type: string }>`
      select type from payments.outbox where envelope->'payload'->>'jobId' = ${jobId} and type <> 'payments.unlock.initiated' and type like 'payments.unlock.%'
    `.execute(direct.raw);
    return { rows, events: events.rows.map((row) => row.type).sort() };
  }

  it('PostgreSQL lost inside the unlock transaction: a 503 that says nothing changed; another replica then unlocks once', async () => {
    const first = await startPayments();
    const { jobId, headers, reference } = await jobAndCheckout(first);
    await first.sandbox.act(reference, 'pay'); // the provider has the money

    // The link drops the moment the settlement writes the paid status: the lock is held, nothing committed.
    const tripped = link.cutWhen(/update "payments"\."unlock_payments"/);
    const lost = await verify(first, headers, reference);
    expect(await tripped).toBe(true);
    expect(lost.statusCode).toBe(503);
    expect(lost.headers['retry-after']).toBe('5');
    expect(lost.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: DATABASE_UNAVAILABLE_MESSAGE });
    expect(await ledger(jobId)).toEqual({ rows: [{ reference, status: 'pending' }], events: [] });

    // While it is down every call is a clear 503, not a 500.
    const down = await verify(first, headers, reference);
    expect(down.statusCode).toBe(503);
    await first.stop(); // that replica dies

    link.restore();
    const second = await startPayments();
    try {
      const again = await verify(second, headers, reference);
      expect(again.statusCode).toBe(200);
      expect(again.json().status).toBe('paid');
      // Any number of later confirmations (the payer's retry, the reconciliation) change nothing.
      expect((await verify(second, headers, reference)).json().status).toBe('paid');
      clock += 10 * 60_000;
      expect(await second.controls.reconcile()).toMatchObject({ paid: 0 });
      expect(await ledger(jobId)).toEqual({
        rows: [{ reference, status: 'paid' }],
        events: ['payments.unlock.paid'],
      });
    } finally {
      await second.stop();
    }
  }, 120_000);

  it('PostgreSQL unreachable when the payer comes back: 503; once it is back the reconciliation unlocks, once', async () => {
    const service = await startPayments();
    try {
      const { jobId, headers, reference } = await jobAndCheckout(service);
      await service.sandbox.act(reference, 'pay');
      link.cut();
      const refused = await verify(service, headers, reference);
      expect(refused.statusCode).toBe(503);
      expect(refused.json().message).toBe(DATABASE_UNAVAILABLE_MESSAGE);
      link.restore();
      expect(await ledger(jobId)).toEqual({ rows: [{ reference, status: 'pending' }], events: [] });

      clock += 10 * 60_000;
      expect(await service.controls.reconcile()).toMatchObject({ paid: 1 });
      expect((await verify(service, headers, reference)).json().status).toBe('paid');
      expect(await ledger(jobId)).toEqual({
        rows: [{ reference, status: 'paid' }],
        events: ['payments.unlock.paid'],
      });
    } finally {
      link.restore();
      await service.stop();
    }
  }, 120_000);

  it('the settlement throws after the provider success (writing the unlock event fails): nothing half-written; the retry unlocks once', async () => {
    const service = await startPayments();
    // An injected fault: while the flag table has a row, writing an unlock event to the outbox fails,
    // inside the transaction that marks the payment paid.
    await sql`create table if not exists payments.fault_flag (on_ boolean)`.execute(direct.raw);
    await sql`
      create or replace function payments.fail_unlock_event() returns trigger language plpgsql as $$
      begin
        if new.type = 'payments.unlock.paid' and exists (select 1 from payments.fault_flag) then
          raise exception 'injected fault: the unlock event cannot be written';
        end if;
        return new;
      end $$`.execute(direct.raw);
    await sql`drop trigger if exists fail_unlock_event on payments.outbox`.execute(direct.raw);
    await sql`
      create trigger fail_unlock_event before insert on payments.outbox
      for each row execute function payments.fail_unlock_event()`.execute(direct.raw);
    try {
      const { jobId, headers, reference } = await jobAndCheckout(service);
      await service.sandbox.act(reference, 'pay');
      await sql`insert into payments.fault_flag values (true)`.execute(direct.raw);
      const failed = await verify(service, headers, reference);
      expect(failed.statusCode).toBe(500);
      expect(failed.json().message).not.toMatch(/injected|outbox|unlock event/);
      // The paid status was rolled back with the event: never a paid payment the jobs side cannot learn of.
      expect(await ledger(jobId)).toEqual({ rows: [{ reference, status: 'pending' }], events: [] });

      // A webhook-less retry by the reconciliation while the fault holds: still nothing half-written.
      clock += 10 * 60_000;
      await service.controls.reconcile().catch(() => undefined);
      expect(await ledger(jobId)).toEqual({ rows: [{ reference, status: 'pending' }], events: [] });

      await sql`delete from payments.fault_flag`.execute(direct.raw);
      const retried = await verify(service, headers, reference);
      expect(retried.json().status).toBe('paid');
      expect(await service.controls.reconcile()).toMatchObject({ paid: 0 });
      expect(await ledger(jobId)).toEqual({
        rows: [{ reference, status: 'paid' }],
        events: ['payments.unlock.paid'],
      });
    } finally {
      await sql`drop trigger if exists fail_unlock_event on payments.outbox`.execute(direct.raw);
      await service.stop();
    }
  }, 120_000);
});

async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
