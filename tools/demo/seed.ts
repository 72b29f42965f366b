// The embedded topology's demo set (set.ts, companies.ts): a few customers and companies, open and
// completed jobs across categories and states, a conversation and reviews, so a first `npm start` shows a
// living marketplace. A tool, not part of any service: it writes like any other producer would. The
// accounts go in through the accounts service's public import writers (its `accounts.user.registered`
// events, through its outbox: the few one may sign in as with the demo password, the few hundred around
// them with no password, and photos from tools/demo/photos/). The jobs, the conversation and the reviews
// go through the services' own HTTP routes, and the unlocks a review needs are announced as the payments
// service announces them (the typed `payments.unlock.paid`, through the payments outbox), so the data
// obeys every rule the services enforce. Seeded once per data folder; every demo account and listing
// says it is a demo. `npm run demo:remove` (tools/demo-remove.ts) erases the set and marks the folder.
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  accountExists,
  eraseAccountsUnder,
  importCompanies,
  importCustomers,
} from '@marketplace/accounts-service';
import {
  canonicalStateName,
  EVENT_TYPES,
  lagosToday,
  type PaymentsUnlockPaidV1,
} from '@marketplace/contracts';
import type { EmbeddedHost, StartTask } from '@marketplace/edge';
import { publishEvent, schemaDb, type Database } from '@marketplace/service-kit';
import type { FastifyBaseLogger, FastifyInstance, LightMyRequestResponse } from 'fastify';
import { Type } from 'typebox';
import { DEMO_BULK_COMPANY_COUNT, generateDemoCompanies } from './companies';
import { seedDemoOffers } from './offers';
import { seedDemoReviews } from './reviews';
import { COMPANIES, CUSTOMERS, JOBS } from './set';
import { seedDemoVerification } from './verification';

/** Shown in the README: anyone trying the site locally can sign in as these. */
export const DEMO_PASSWORD = 'demo-password';
export const DEMO_EMAIL_DOMAIN = 'demo.naija-marketplace.test';
const DEMO_NOTE = 'This is a demo listing.';
/** The correlation id of the events the seeding causes. */
const DEMO_CORRELATION = 'demo-data';
/** In DATA_DIR once `npm run demo:remove` ran: the set is never seeded into that folder again. */
export const DEMO_REMOVED_MARKER = 'demo-data-removed';
/** In DATA_DIR while the set is being seeded: found at a start, the last seeding did not finish. */
export const DEMO_SEEDING_MARKER = 'demo-data-seeding';
/** The company photos that ship with the tool (regenerate: `npx tsx tools/demo/make-photos.ts`). */
export const DEMO_PHOTOS_DIR = fileURLToPath(new URL('./photos/', import.meta.url));
export const DEMO_PHOTOS = [
  'wrench',
  'bulb',
  'roller',
  'house',
  'tiles',
  'solar',
  'broom',
  'hammer',
  'truck',
  'key',
] as const;

/**
 * `npm start`'s switch: DEMO_DATA=on (its default) seeds the set into a data folder that lacks it, `off`
 * never. The distributed topology and the stack never seed (they run no start task).
 */
export const DemoConfigSchema = Type.Object({
  DEMO_DATA: Type.Union([Type.Literal('on'), Type.Literal('off')], { default: 'on' }),
});

/** Where the set is removed from: the embedded topology's database and data folder (the photo store). */
export type DemoDataHost = Pick<EmbeddedHost, 'db' | 'dataDir'>;

const email = (key: string) => `${key}@${DEMO_EMAIL_DOMAIN}`;

function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

async function call(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  body?: unknown,
  token?: string,
): Promise<LightMyRequestResponse> {
  const response = await app.inject({
    method,
    url,
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (response.statusCode >= 300) {
    throw new Error(`demo data: ${method} ${url} answered ${response.statusCode}: ${response.body}`);
  }
  return response;
}

async function signIn(app: FastifyInstance, key: string): Promise<{ id: string; token: string }> {
  const body = (
    await call(app, 'POST', '/api/user/login', { email: email(key), password: DEMO_PASSWORD })
  ).json() as { accessToken: string; user: { _id: string } };
  return { id: body.user._id, token: body.accessToken };
}

async function waitFor(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`demo data: timed out waiting for ${what}`);
}

/**
 * Every demo account through the accounts service's writer of `accounts.user.registered` (as
 * registration writes them, without using up the local address's registration limit): the customers
 * and companies one may sign in as, then the bulk companies, who cannot.
 */
async function seedDemoAccounts(host: DemoDataHost, bulkCompanyCount: number): Promise<void> {
  await importCustomers(
    host.db,
    CUSTOMERS.map((customer) => ({
      email: email(customer.key),
      name: customer.name,
      password: DEMO_PASSWORD,
    })),
    DEMO_CORRELATION,
  );
  const photos = DEMO_PHOTOS.map((name) => readFileSync(join(DEMO_PHOTOS_DIR, `${name}.webp`)));
  await importCompanies(
    host.db,
    host.dataDir,
    [
      ...COMPANIES.map(({ key, ...company }) => ({ ...company, email: email(key), password: DEMO_PASSWORD })),
      ...generateDemoCompanies(bulkCompanyCount, photos.length).map(({ key, photo, ...company }) => ({
        ...company,
        email: email(key),
        ...(photo === undefined ? {} : { photo: photos[photo]! }),
      })),
    ],
    DEMO_CORRELATION,
  );
}

/**
 * A paid unlock, announced as the payments service announces one: the contract's typed
 * `payments.unlock.paid`, written to the payments outbox (whose relay publishes it after the commit).
 * Jobs records the application and chat opens the conversation when they hear of it.
 */
async function announceUnlockPaid(db: Database, paid: PaymentsUnlockPaidV1): Promise<void> {
  await schemaDb(db, 'payments')
    .transaction()
    .execute((trx) =>
      publishEvent(trx, EVENT_TYPES.paymentsUnlockPaid, paid, { correlationId: DEMO_CORRELATION }),
    );
}

/**
 * Seeds the demo set unless this data folder already has it or had it removed. Returns whether it
 * seeded. The folder has it when its first demo customer's account exists (read from the accounts
 * schema: signing in to find out would count against that account's sign-in limit). A seeding that did
 * not finish (the first start stopped within its seconds, or a step failed) leaves its marker: the next
 * start erases the part it made and seeds the set again, so a folder never keeps half a set.
 */
export async function seedDemoData(
  host: EmbeddedHost,
  // The whole bulk unless told: a test of how seeding recovers needs a few, not hundreds, of each write.
  { bulkCompanyCount = DEMO_BULK_COMPANY_COUNT }: { bulkCompanyCount?: number } = {},
): Promise<boolean> {
  if (existsSync(join(host.dataDir, DEMO_REMOVED_MARKER))) return false;
  const seedingMarker = join(host.dataDir, DEMO_SEEDING_MARKER);
  if (existsSync(seedingMarker)) {
    await eraseAccountsUnder(host.db, host.dataDir, DEMO_EMAIL_DOMAIN, DEMO_CORRELATION);
  } else if (await accountExists(host.db, email(CUSTOMERS[0]!.key))) {
    return false;
  }
  writeFileSync(seedingMarker, `Seeding the demo data set since ${new Date().toISOString()}.\n`);
  await seedDemoSet(host, bulkCompanyCount);
  rmSync(seedingMarker, { force: true });
  return true;
}

async function seedDemoSet(host: EmbeddedHost, bulkCompanyCount: number): Promise<void> {
  const { app } = host;
  await seedDemoAccounts(host, bulkCompanyCount);
  const customers = new Map<string, { id: string; token: string }>();
  for (const customer of CUSTOMERS) customers.set(customer.key, await signIn(app, customer.key));
  const companies = new Map<string, { id: string; token: string }>();
  for (const company of COMPANIES) {
    companies.set(company.key, await signIn(app, company.key));
  }
  await seedDemoVerification(host, companies); // Demo: one verified company (verification.ts).
  // Job alerts: each demo company hears about new jobs in its sub-categories and its own state (a daily
  // digest), so the demo's jobs below reach its bell.
  for (const company of COMPANIES) {
    await call(
      app,
      'PUT',
      '/api/jobs/alerts/preferences',
      {
        categories: [],
        subcategories: company.subcategory,
        states: [canonicalStateName(company.state) ?? company.state],
        email: 'daily',
      },
      companies.get(company.key)!.token,
    );
  }

  // Jobs reach the jobs service's members read model through accounts' events: wait until it knows them.
  const today = lagosToday();
  for (const job of JOBS) {
    const poster = customers.get(job.poster)!;
    const customer = CUSTOMERS.find((c) => c.key === job.poster)!;
    const post = () =>
      app.inject({
        method: 'POST',
        url: '/api/jobs/postjob',
        headers: { authorization: `Bearer ${poster.token}` },
        payload: {
          name: customer.name,
          email: email(job.poster),
          phoneNumber: '0809 876 5432',
          state: job.state,
          address: job.address,
          pincode: job.pincode,
          jobStartDate: addDays(today, job.startInDays),
          category: job.category,
          subcategory: job.subcategory,
          jobHeading: job.heading,
          description: `${job.description} ${DEMO_NOTE}`,
        },
      });
    // Answered 5xx until the jobs service has heard of the poster's account (the accounts outbox).
    let posted = await post();
    await waitFor(async () => {
      if (posted.statusCode < 500) return true;
      posted = await post();
      return posted.statusCode < 500;
    }, `the jobs service to know ${customer.name}`);
    if (posted.statusCode !== 201) {
      throw new Error(`demo data: posting "${job.heading}" answered ${posted.statusCode}: ${posted.body}`);
    }
    const jobId = (posted.json() as { job: { _id: string } }).job._id;

    const unlockers = job.completed?.companies ?? job.unlockedBy ?? [];
    for (const key of unlockers) {
      const company = companies.get(key)!;
      await announceUnlockPaid(host.db, {
        paymentId: randomUUID(),
        reference: `demo-${randomUUID()}`,
        jobId,
        companyId: company.id,
        posterId: poster.id,
        amount: 200,
        currency: 'NGN',
        paidAt: new Date().toISOString(),
      });
    }
    if (unlockers.length > 0) {
      await waitFor(async () => {
        const res = await app.inject({
          method: 'GET',
          url: `/api/jobs/applications/${jobId}`,
          headers: { authorization: `Bearer ${poster.token}` },
        });
        return (
          res.statusCode === 200 &&
          (res.json() as { applicants: unknown[] }).applicants.length === unlockers.length
        );
      }, `the unlocks of "${job.heading}"`);
    }
    if (job.conversation && unlockers.length > 0) {
      // The conversation opens when chat hears of the paid unlock (an event), like any other.
      const company = companies.get(unlockers[0]!)!;
      let chatId = '';
      await waitFor(async () => {
        const res = await app.inject({
          method: 'POST',
          url: '/api/jobs/createchat',
          payload: { jobId, applicantId: company.id, posterId: poster.id },
          headers: { authorization: `Bearer ${company.token}` },
        });
        if (res.statusCode !== 200 && res.statusCode !== 201) return false;
        chatId = (res.json() as { _id: string })._id;
        return true;
      }, `the conversation of "${job.heading}"`);
      for (const [from, text] of job.conversation) {
        await call(
          app,
          'POST',
          '/api/jobs/chat',
          { chatId, message: text, clientId: randomUUID() },
          from === 'poster' ? poster.token : company.token,
        );
      }
    }
    if (job.completed) {
      await call(app, 'PUT', `/api/jobs/complete/${jobId}`, { status: 'completed' }, poster.token);
      await call(
        app,
        'POST',
        '/api/jobs/postreviews',
        {
          companyId: companies.get(job.completed.companies[0]!)!.id,
          jobId,
          rating: job.completed.rating,
          review: job.completed.review,
        },
        poster.token,
      );
    }
  }
  // Demo: a job with two offers, one of them accepted (tools/demo/offers.ts).
  await seedDemoOffers(host, customers, companies);
  await seedDemoReviews(host, { customers, companies, email, demoNote: DEMO_NOTE }); // demo: a verified review and its reply
}

/**
 * The start task `npm start` (when DEMO_DATA is on) and the page benchmarks hand the embedded edge, whose
 * /ready waits for it: seeds the set into a folder that lacks it, and never fails the start (loadDemoData).
 */
export function demoDataStartTask(): StartTask {
  return {
    name: 'seeding the demo data',
    run: (host) => loadDemoData(() => seedDemoData(host), host.app.log),
  };
}

/**
 * Runs the seeding at start. The demo set is a convenience: one that cannot be loaded is reported and
 * the marketplace runs without it, rather than not at all.
 */
export async function loadDemoData(
  seed: () => Promise<boolean>,
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>,
): Promise<void> {
  try {
    if (await seed()) log.warn('seeded the demo data set (DEMO_DATA=on)');
  } catch (err) {
    log.error({ err }, 'the demo data set could not be loaded (DEMO_DATA=on); running without it');
  }
}

/**
 * `npm run demo:remove`: erases every demo account through the accounts service's erasure (its
 * `accounts.user.deleted` events reach jobs and chat, which take the demo jobs out of the listings and
 * anonymise the conversations, when the marketplace next runs) and marks the folder so the set is not
 * seeded again. Returns how many accounts it erased.
 */
export async function removeDemoData(host: DemoDataHost): Promise<number> {
  const removed = await eraseAccountsUnder(host.db, host.dataDir, DEMO_EMAIL_DOMAIN, 'demo-remove');
  writeFileSync(
    join(host.dataDir, DEMO_REMOVED_MARKER),
    `The demo data set was removed from this folder on ${new Date().toISOString()} (${removed} accounts).\n`,
  );
  return removed;
}
