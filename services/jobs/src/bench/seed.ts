// Bench data: jobs spread like a live site's (most completed, some in progress, a few hidden or
// deleted; every category, sub-category and state; two years of history; descriptions drawn from a
// small vocabulary so that word searches hit), generated inside the database in batches.
import { ALL_SUBCATEGORIES, categoryOfSubcategory, NIGERIAN_STATES } from '@marketplace/contracts';
import { sql, type Kysely } from 'kysely';

const VOCABULARY = (
  'pipe leak sink tap toilet shower bathroom kitchen roof gutter wall fence gate paint ceiling floor ' +
  'tile wire socket light fan inverter solar panel battery generator borehole pump tank water drain ' +
  'window door lock cabinet wardrobe shelf table chair bed mattress curtain blind garden lawn tree ' +
  'hedge compound yard pavement stone block cement sand gravel truck move office house flat duplex ' +
  'bungalow shop church school clean wash scrub polish repair fix install replace build design plan ' +
  'urgent weekend morning evening quickly carefully cheap quality experienced small large new old ' +
  'broken cracked blocked rusty noisy smelly dusty dirty wet dry hot cold brick plaster glass metal'
).split(' ');

const literalArray = (values: readonly string[]) =>
  sql.raw(`array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]::text[]`);

/** Jobs in the table now (deleted ones included). */
export async function countJobs(db: Kysely<unknown>): Promise<number> {
  const { rows } = await sql<{ n: string }>`select count(*) as n from jobs.jobs`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** Adds jobs until the table holds `target`; returns how long it took (ms). */
export async function growJobs(
  db: Kysely<unknown>,
  target: number,
  log: (line: string) => void,
): Promise<number> {
  const started = Date.now();
  const subs = ALL_SUBCATEGORIES;
  const cats = subs.map((s) => categoryOfSubcategory(s) as string);
  let have = await countJobs(db);
  const batch = 50_000;
  while (have < target) {
    const n = Math.min(batch, target - have);
    await sql`
      insert into jobs.jobs (posted_by, name, email, phone_number, title, job_heading, description,
        category, subcategory, state, address, pincode, job_start_date, status, created_at, updated_at,
        deleted_at, hidden_reason, hidden_at, unlock_count)
      select md5('poster' || (g % 5000))::uuid, 'Bench Poster', 'poster' || (g % 5000) || '@example.com',
        '+2348031234567', 'Job title', initcap(w1) || ' the ' || w2 || ' and ' || w3,
        w1 || ' ' || w2 || ' ' || w3 || ' ' || w4 || ' ' || w5 || ' ' || w6 || ' ' || w7 || ' ' || w8,
        (${literalArray(cats)})[i], array[(${literalArray(subs)})[i]],
        (${literalArray(NIGERIAN_STATES)})[1 + floor(random() * ${NIGERIAN_STATES.length})::int],
        '1 Bench Street', '100001', (created + (floor(random() * 60) || ' days')::interval)::date,
        case when r < 0.40 then 'open' when r < 0.50 then 'in-progress' else 'completed' end,
        created, created,
        case when r2 < 0.02 then created end,
        case when r2 >= 0.02 and r2 < 0.04 then 'Bench: hidden' end,
        case when r2 >= 0.02 and r2 < 0.04 then created end,
        floor(random() * 4)::int
      from (
        select g, 1 + floor(random() * ${subs.length})::int as i, random() as r, random() as r2,
          now() - random() * interval '730 days' as created,
          ${wordAt()} as w1, ${wordAt()} as w2, ${wordAt()} as w3, ${wordAt()} as w4,
          ${wordAt()} as w5, ${wordAt()} as w6, ${wordAt()} as w7, ${wordAt()} as w8
        from generate_series(${have + 1}::int, ${have + n}::int) as g
      ) as s
    `.execute(db);
    have += n;
    log(`  ${have.toLocaleString('en')} jobs`);
  }
  await sql`analyze jobs.jobs`.execute(db);
  return Date.now() - started;
}

function wordAt() {
  return sql`(${literalArray(VOCABULARY)})[1 + floor(random() * ${VOCABULARY.length})::int]`;
}
