// One server of the listings bench, in its own process (the load generator runs in the parent):
//   server.ts hello          a bare Fastify 'hello' route, the yardstick
//   server.ts jobs           the jobs service on BENCH_DATABASE_URL (PostgreSQL) or, without it, on
//                            PGlite in BENCH_DATA_DIR, grown to BENCH_JOBS jobs first
// It prints one JSON line when listening: { url, token (a company's bearer token), plans }.
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  authPlugin,
  createLocalBus,
  generateSigningKeys,
  openDatabase,
  schemaDb,
  serverOptions,
  setEnvelopeNotFoundHandler,
} from '@marketplace/service-kit';
import Fastify from 'fastify';
import { CompiledQuery, sql, type Kysely } from 'kysely';
import jobsService from '../app';
import type { JobsDatabase } from '../db-types';
import { JobsRepository, type ListingFilter } from '../repositories/jobs-repository';
import { countJobs, growJobs } from './seed';

const log = (line: string) => process.stderr.write(`${line}\n`);

/** The queries the bench loads, as the routes run them, with their plans on the seeded data. */
export const BENCH_QUERIES: Array<{ name: string; filter: ListingFilter; limit: number }> = [
  { name: 'category page (Craftsman, 20)', filter: { category: 'Craftsman' }, limit: 20 },
  { name: 'search state=Lagos (12)', filter: { state: 'Lagos' }, limit: 12 },
  { name: 'search q=pipe state=Lagos (12)', filter: { words: 'pipe', state: 'Lagos' }, limit: 12 },
  { name: 'sub-category page (Plumber, 20)', filter: { subcategory: 'Plumber' }, limit: 20 },
];

async function plans(db: Kysely<JobsDatabase>): Promise<Record<string, string>> {
  const repository = new JobsRepository(db);
  const out: Record<string, string> = {};
  for (const query of BENCH_QUERIES) {
    const compiled = repository.listedQuery(query.filter, { limit: query.limit, offset: 0 }).compile();
    // Once to warm the cache, then the plan as it runs warm.
    await db.executeQuery(compiled);
    const result = await db.executeQuery<{ 'QUERY PLAN': string }>(
      CompiledQuery.raw(`explain (analyze, buffers, costs off) ${compiled.sql}`, [...compiled.parameters]),
    );
    out[query.name] = result.rows.map((row) => row['QUERY PLAN']).join('\n');
  }
  return out;
}

async function hello() {
  const app = Fastify(serverOptions({ name: 'hello', logLevel: 'warn' }));
  app.get('/hello', async () => ({ hello: 'world' }));
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  process.stdout.write(`${JSON.stringify({ url })}\n`);
}

async function jobs() {
  const target = Number(process.env.BENCH_JOBS ?? 10_000);
  const url = process.env.BENCH_DATABASE_URL;
  const db = await openDatabase(
    url
      ? { url, poolSize: 20 }
      : { dataDir: process.env.BENCH_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'bench-pglite-')) },
  );
  const bus = await createLocalBus({ db });
  const keys = generateSigningKeys();
  const app = Fastify(serverOptions({ name: 'jobs', logLevel: 'warn' }));
  setEnvelopeNotFoundHandler(app);
  await app.register(jobsService, {
    db,
    bus,
    auth: { publicKey: keys.publicKey },
    dataDir: mkdtempSync(join(tmpdir(), 'bench-jobs-')),
    listingCacheMs: Number(process.env.BENCH_CACHE_MS ?? 1000),
  });
  await app.ready();

  if ((await countJobs(db.raw)) < target) {
    log(`growing to ${target.toLocaleString('en')} jobs (${db.kind})`);
    log(`  took ${((await growJobs(db.raw, target, log)) / 1000).toFixed(1)} s`);
  }
  // A company that unlocked some of the newest jobs, for the signed-in variant.
  const jobsDb = schemaDb<JobsDatabase>(db, 'jobs');
  const company = randomUUID();
  await sql`
    insert into jobs.unlocks (job_id, company_id, status, payment_id, reference, paid_at)
    select id, ${company}::uuid, 'paid', gen_random_uuid()::text, 'bench', now()
    from jobs.jobs where category = 'Craftsman' order by created_at desc limit 5
  `.execute(db.raw);
  const signer = Fastify({ logger: false });
  await signer.register(authPlugin, { publicKey: keys.publicKey, privateKey: keys.privateKey });
  await signer.ready();
  const token = signer.jwt.sign({ sub: company, type: 'company', name: 'Bench Company' });
  const queryPlans = await plans(jobsDb);
  const listening = await app.listen({ port: 0, host: '127.0.0.1' });
  process.stdout.write(`${JSON.stringify({ url: listening, token, plans: queryPlans })}\n`);
  process.on('SIGTERM', () => {
    void (async () => {
      await app.close();
      await signer.close();
      await bus.close();
      await db.close();
      process.exit(0);
    })();
  });
}

if (process.argv[2] === 'hello') await hello();
else await jobs();
