/**
 * Job alert fan-out (`npx tsx bench/job-alert-fanout.ts`): with BENCH_COMPANIES (default 5,000) companies
 * whose alerts match, a customer posts a job through the API, and the bench measures the time until the
 * last of those companies' in-app alerts is stored (all of them visible to a reader), BENCH_RUNS times
 * (default 5; the median and the range are printed). The path is the production one: the jobs service
 * on PostgreSQL, the job and its `jobs.job.posted` in one transaction, the outbox relay to NATS
 * JetStream, the durable `jobs-job-alerts` consumer, one insert-select of the notifications (plus the
 * `jobs.alert.matched` events for the companies that want e-mail), committed with the inbox row.
 *
 * DATABASE_URL is the PostgreSQL server (default postgres://postgres@127.0.0.1:5432/postgres): the bench
 * creates a database of its own and drops it. A private nats-server (NATS_SERVER_BIN) carries the events.
 * Nothing here asserts timings.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import jobsService from '@marketplace/jobs-service';
import {
  authPlugin,
  createNatsBus,
  generateSigningKeys,
  openDatabase,
  setEnvelopeNotFoundHandler,
} from '@marketplace/service-kit';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { median, spread } from './proxy';
import { createScratchDatabase, startPrivateNats } from './support/scratch';

const COMPANIES = Number(process.env.BENCH_COMPANIES ?? 5000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const SERVER_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'bench-alerts-'));
  const scratch = await createScratchDatabase(SERVER_URL, 'bench_alerts');
  const nats = await startPrivateNats(dir);
  const db = await openDatabase({ url: scratch.url });
  const bus = await createNatsBus({ servers: nats.url, name: 'bench-jobs' });
  const keys = generateSigningKeys();
  const app = Fastify({ logger: false });
  setEnvelopeNotFoundHandler(app);
  const signer = Fastify({ logger: false });
  try {
    await app.register(jobsService, { db, bus, auth: { publicKey: keys.publicKey }, dataDir: dir });
    await app.ready();
    await signer.register(authPlugin, { publicKey: keys.publicKey, privateKey: keys.privateKey });
    await signer.ready();

    // 5,000 companies whose alerts match a Craftsman job in Lagos: some by the category, some by a
    // sub-category, some everywhere, a third of each e-mail mode (as a real mix would be).
    await sql`
      insert into jobs.job_alert_preferences (company_id, categories, subcategories, states, email)
      select gen_random_uuid(),
             case when i % 2 = 0 then array['Craftsman'] else '{}'::text[] end,
             case when i % 2 = 1 then array['Plumber', 'Electrician'] else '{}'::text[] end,
             case when i % 3 = 0 then '{}'::text[] else array['Lagos', 'Ogun'] end,
             (array['instant', 'daily', 'none'])[1 + i % 3]
      from generate_series(1, ${COMPANIES}) as i
    `.execute(db.raw);
    // As many that do not match (other trades or other states), which the fan-out must pass over.
    await sql`
      insert into jobs.job_alert_preferences (company_id, categories, subcategories, states, email)
      select gen_random_uuid(),
             case when i % 2 = 0 then array['Build New'] else array['Craftsman'] end,
             '{}'::text[],
             case when i % 2 = 0 then '{}'::text[] else array['Kano'] end,
             'instant'
      from generate_series(1, ${COMPANIES}) as i
    `.execute(db.raw);
    await sql`analyze jobs.job_alert_preferences`.execute(db.raw);

    const poster = randomUUID();
    const token = signer.jwt.sign({ sub: poster, type: 'user', name: 'Ada Obi' });
    const startDate = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const times: number[] = [];
    const postTimes: number[] = [];
    for (let run = 0; run <= RUNS; run++) {
      const started = performance.now();
      const response = await app.inject({
        method: 'POST',
        url: '/api/jobs/postjob',
        headers: { authorization: `Bearer ${token}` },
        payload: {
          name: 'Ada Obi',
          email: 'ada@example.com',
          phoneNumber: '0803 123 4567',
          state: 'Lagos',
          address: '12 Allen Avenue, Ikeja',
          pincode: '100001',
          jobStartDate: startDate,
          category: 'Craftsman',
          subcategory: ['Plumber'],
          jobHeading: `Fix a leaking kitchen sink ${run}`,
          title: 'Job title',
          description: 'The pipe under the kitchen sink drips all day.',
        },
      });
      const posted = performance.now();
      if (response.statusCode !== 201) throw new Error(`posting failed: ${response.body}`);
      const jobId = (response.json() as { job: { _id: string } }).job._id;
      for (;;) {
        const { rows } = await sql<{ n: string }>`
          select count(*) as n from jobs.notifications where job_id = ${jobId}
        `.execute(db.raw);
        if (Number(rows[0]!.n) >= COMPANIES) break;
        if (performance.now() - started > 60_000) throw new Error('fan-out did not finish within 60 s');
        await sleep(2);
      }
      const done = performance.now();
      // Run 0 warms the connections, the consumer and the plans; it is not counted.
      if (run > 0) {
        times.push(done - started);
        postTimes.push(posted - started);
      }
      process.stdout.write(`run ${run}${run === 0 ? ' (warm-up)' : ''}: ${(done - started).toFixed(0)} ms\n`);
    }
    const [load1] = loadavg();
    console.log(
      `\nJob alert fan-out, ${COMPANIES.toLocaleString('en')} matching companies (and as many that do not match), ` +
        `PostgreSQL + NATS JetStream, ${RUNS} runs, load average ${load1!.toFixed(1)}`,
    );
    console.log(
      `  job posted -> last in-app alert stored: ${spread(times)} ms (median ${median(times).toFixed(0)})`,
    );
    console.log(`  of which the posting request itself:   ${spread(postTimes)} ms`);
  } finally {
    await app.close().catch(() => undefined);
    await signer.close().catch(() => undefined);
    await bus.close().catch(() => undefined);
    await db.close().catch(() => undefined);
    nats.process.kill();
    await scratch.drop().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
