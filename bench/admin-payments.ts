/**
 * The admins' payments list at 100,000 payments (`npm run bench:admin-payments`, issue 28's figure): the
 * payments schema migrated for real in a scratch database on the PostgreSQL server, 100,000 unlock
 * payments (5 % pending, 2,000 companies, 20,000 jobs, a year of dates) with their jobs and companies in
 * the read models, then the list's query as GET /api/payments runs it (PaymentsRepository.listForAdmin:
 * the jobs and members joins, newest first, one row past the page) timed one call after another:
 * the first page of 50 pending payments, the first page of 50 of all, and a deep page (page 1,000 of all).
 * Each is timed with the admin list's order index (migration 0012_admin_list_order) and again without it,
 * and the plan of the default view is printed. Nothing here asserts timings.
 *
 * BENCH_PAYMENTS (default 100000), BENCH_RUNS (default 300) per query. DATABASE_URL is the PostgreSQL
 * server (default postgres://postgres@127.0.0.1:5432/postgres): the bench creates a database of its own
 * and drops it.
 */
import { openDatabase, migrateSchema, schemaDb } from '@marketplace/service-kit';
import { PaymentsRepository, paymentsMigrations, type PaymentsDatabase } from '@marketplace/payments-service';
import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
  type CompiledQuery,
} from 'kysely';
import { timeCalls, type Timings } from './support/latency';
import { createScratchDatabase } from './support/scratch';

const PAYMENTS = Number(process.env.BENCH_PAYMENTS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 300);
const SERVER_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const JOBS = Math.max(1, Math.floor(PAYMENTS / 5));
const PAGE = 50;
const DEEP_PAGE = 1000;

/** 100,000 payments in three statements (generate_series), as the service's own columns hold them. */
async function seed(db: Kysely<PaymentsDatabase>) {
  await sql`
    insert into payments.members (id, name, type, photo_url)
    select md5('company' || c)::uuid, 'Company ' || c, 'company', null
    from generate_series(0, 1999) as c
  `.execute(db);
  await sql`
    insert into payments.jobs (id, posted_by, title, category, status)
    select md5('job' || j)::uuid, md5('poster' || (j % 5000))::uuid, 'Job number ' || j, 'Plumber', 'open'
    from generate_series(0, ${JOBS - 1}) as j
  `.execute(db);
  // (job, company) is unique over all rows, so the one-paid and one-pending indexes hold: job = g mod JOBS,
  // company = g div JOBS + 5 * (g mod 400), and 400 divides JOBS.
  await sql`
    insert into payments.unlock_payments
      (reference, job_id, company_id, poster_id, amount_kobo, currency, provider, status, created_at,
       updated_at, paid_at, failed_at, failure_reason, refunded_at, refund_reason, refund_state)
    select
      'MP-' || md5('ref' || g),
      md5('job' || (g % ${JOBS}))::uuid,
      md5('company' || ((g / ${JOBS}) + 5 * (g % 400)) % 2000)::uuid,
      md5('poster' || ((g % ${JOBS}) % 5000))::uuid,
      100000, 'NGN',
      case when g % 2 = 0 then 'paystack' else 'sandbox' end,
      s.status,
      t.at, t.at,
      case when s.status in ('paid', 'refunded') then t.at + interval '2 minutes' end,
      case when s.status = 'failed' then t.at + interval '30 minutes' end,
      case when s.status = 'failed' then 'abandoned' end,
      case when s.status = 'refunded' then t.at + interval '3 days' end,
      case when s.status = 'refunded' then 'no-reply' end,
      case when s.status = 'refunded' then 'processed' end
    from generate_series(0, ${PAYMENTS - 1}) as g
    cross join lateral (
      select case
        when g % 20 = 0 then 'pending'
        when g % 20 in (1, 2, 3) then 'failed'
        when g % 20 in (4, 5) then 'refunded'
        else 'paid'
      end as status
    ) as s
    -- A year of payments, newest last; a few share a second (the id breaks ties).
    cross join lateral (select now() - ((${PAYMENTS} - g) * interval '315 seconds') as at) as t
  `.execute(db);
  await sql`analyze payments.unlock_payments`.execute(db);
  await sql`analyze payments.jobs`.execute(db);
  await sql`analyze payments.members`.execute(db);
}

interface Row {
  query: string;
  index: string;
  'p50 ms': string;
  'p99 ms': string;
  'max ms': string;
  runs: number;
}

const ms = (value: number) => value.toFixed(2);

async function timeViews(repository: PaymentsRepository, index: string): Promise<Row[]> {
  const views: Array<[string, () => Promise<unknown>]> = [
    [
      'first page of 50 pending',
      () => repository.listForAdmin({ status: 'pending' }, { limit: PAGE, offset: 0 }),
    ],
    ['first page of 50, all', () => repository.listForAdmin({}, { limit: PAGE, offset: 0 })],
    [
      `page ${DEEP_PAGE} of 50, all`,
      () => repository.listForAdmin({}, { limit: PAGE, offset: (DEEP_PAGE - 1) * PAGE }),
    ],
  ];
  const rows: Row[] = [];
  for (const [query, call] of views) {
    const rowsOfPage = ((await call()) as unknown[]).length;
    if (rowsOfPage !== PAGE + 1) throw new Error(`${query}: ${rowsOfPage} rows, expected ${PAGE + 1}`);
    const timings: Timings = await timeCalls(call, RUNS, 20);
    rows.push({
      query,
      index,
      'p50 ms': ms(timings.p50),
      'p99 ms': ms(timings.p99),
      'max ms': ms(timings.max),
      runs: timings.runs,
    });
  }
  return rows;
}

/** EXPLAIN of the list's query as listForAdmin runs it (logged by Kysely, its parameters written in). */
async function plan(db: Kysely<PaymentsDatabase>, status: 'pending' | null): Promise<string> {
  let compiled: CompiledQuery | undefined;
  const capture = new Kysely<PaymentsDatabase>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (inner) => new PostgresIntrospector(inner),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
    log: (event) => {
      if (event.level === 'query') compiled = event.query;
    },
  }).withSchema('payments');
  await new PaymentsRepository(capture).listForAdmin(status ? { status } : {}, { limit: PAGE, offset: 0 });
  if (!compiled) throw new Error('no query captured');
  const { sql: text, parameters } = compiled;
  const inlined = text.replace(/\$(\d+)/g, (_, n: string) => {
    const value = parameters[Number(n) - 1];
    return typeof value === 'string' ? `'${value.replace(/'/g, "''")}'` : String(value);
  });
  const { rows } = await sql<{ 'QUERY PLAN': string }>`explain ${sql.raw(inlined)}`.execute(db);
  return rows.map((row) => `    ${row['QUERY PLAN']}`).join('\n');
}

async function main() {
  const scratch = await createScratchDatabase(SERVER_URL, 'bench_admin_payments');
  const database = await openDatabase({ url: scratch.url, poolSize: 2 });
  try {
    await migrateSchema(database, 'payments', paymentsMigrations);
    const db = schemaDb<PaymentsDatabase>(database, 'payments');
    const seeded = Date.now();
    await seed(db);
    const count = await db
      .selectFrom('unlock_payments')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    console.log(
      `seeded ${Number(count.n).toLocaleString('en')} payments (${JOBS.toLocaleString('en')} jobs, 2,000 companies) in ${((Date.now() - seeded) / 1000).toFixed(1)} s`,
    );
    const repository = new PaymentsRepository(db);
    const rows = await timeViews(repository, '0012_admin_list_order');
    console.log('\nplan of the first page of all, with the index:');
    console.log(await plan(db, null));
    console.log('plan of the first page of pending, with the index:');
    console.log(await plan(db, 'pending'));
    // The same queries without the admin list's order indexes (as before migration 0012).
    await sql`drop index payments.unlock_payments_admin_order_idx`.execute(db);
    await sql`drop index payments.unlock_payments_admin_status_order_idx`.execute(db);
    await sql`create index unlock_payments_status_created_idx on payments.unlock_payments (status, created_at)`.execute(
      db,
    );
    rows.push(...(await timeViews(repository, 'none (before 0012)')));
    console.log('\nplan of the first page of all, without it:');
    console.log(await plan(db, null));
    console.log(
      `\nadmin payments list at ${PAYMENTS.toLocaleString('en')} payments, PostgreSQL, ${RUNS} calls each:`,
    );
    console.table(rows);
  } finally {
    await database.close();
    await scratch.drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
