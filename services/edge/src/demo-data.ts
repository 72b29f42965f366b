// The embedded topology's demo set: a few customers and companies, open and completed jobs across
// categories and states, and reviews, so a first `npm start` shows a living marketplace. The accounts go
// in through the accounts service's own writer (its registered events, as registration writes them; the
// few one may sign in as with the demo password, the few hundred around them (demo-companies.ts) with one
// hash of a secret nobody knows, and photos from services/edge/assets/demo/). Everything else goes
// through the services' own HTTP routes (app.inject), and the unlocks a review needs arrive as the
// payments service announces them (`payments.unlock.paid` on the bus), so the data obeys every rule the
// services enforce. Seeded once per data folder; every demo account and listing says it is a demo.
// `npm run demo:remove` erases the set and marks the folder.
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  accountExists,
  insertDemoCompanies,
  insertDemoCustomers,
  removeDemoAccounts,
} from '@marketplace/accounts-service';
import { EVENT_TYPES, lagosToday } from '@marketplace/contracts';
import { newEvent, type Database, type EventBus } from '@marketplace/service-kit';
import type { FastifyBaseLogger, FastifyInstance, LightMyRequestResponse } from 'fastify';
import { generateDemoCompanies } from './demo-companies';

/** Shown in the README: anyone trying the site locally can sign in as these. */
export const DEMO_PASSWORD = 'demo-password';
export const DEMO_EMAIL_DOMAIN = 'demo.naija-marketplace.test';
const DEMO_NOTE = 'This is a demo listing.';
/** In DATA_DIR once `npm run demo:remove` ran: the set is never seeded into that folder again. */
export const DEMO_REMOVED_MARKER = 'demo-data-removed';
/** In DATA_DIR while the set is being seeded: found at a start, the last seeding did not finish. */
export const DEMO_SEEDING_MARKER = 'demo-data-seeding';
/** The company photos that ship with the project (regenerate: `npx tsx tools/demo-photos.ts`). */
export const DEMO_PHOTOS_DIR = fileURLToPath(new URL('../assets/demo/', import.meta.url));
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

/** Where the bulk goes: the embedded topology's database and data folder (the accounts photo store). */
export interface DemoDataHost {
  db: Database;
  dataDir: string;
}

interface DemoCustomer {
  key: string;
  name: string;
}
interface DemoCompany {
  key: string;
  name: string;
  cac: string;
  phone: string;
  state: string;
  address: string;
  pincode: string;
  category: string[];
  subcategory: string[];
  description: string;
}
interface DemoJob {
  poster: string;
  heading: string;
  description: string;
  category: string;
  subcategory: string[];
  state: string;
  address: string;
  pincode: string;
  startInDays: number;
  /** Completed jobs: the companies that unlocked it and the poster's review of the first. */
  completed?: { companies: string[]; rating: number; review: string };
  /** Open jobs some companies have already unlocked. */
  unlockedBy?: string[];
  /** What the poster and the first company that unlocked it have written in their chat, oldest first. */
  conversation?: Array<[from: 'poster' | 'company', text: string]>;
}

const CUSTOMERS: DemoCustomer[] = [
  { key: 'amaka', name: 'Amaka Demo' },
  { key: 'tunde', name: 'Tunde Demo' },
  { key: 'halima', name: 'Halima Demo' },
];

const COMPANIES: DemoCompany[] = [
  {
    key: 'ikeja-plumbing',
    cac: 'RC700101',
    phone: '0803 555 0101',
    name: 'Ikeja Plumbing Works Demo',
    state: 'Lagos',
    address: '14 Obafemi Awolowo Way, Ikeja',
    pincode: '100271',
    category: ['Craftsman'],
    subcategory: ['Plumber', 'Tiler'],
    description: 'Leak repairs, bathroom fittings and tiling across Lagos mainland. A demo company.',
  },
  {
    key: 'abuja-sparks',
    cac: 'RC700102',
    phone: '0805 555 0102',
    name: 'Abuja Sparks Electrical Demo',
    state: 'Federal Capital Territory',
    address: '7 Aminu Kano Crescent, Wuse 2',
    pincode: '900288',
    category: ['Craftsman', 'Services'],
    subcategory: ['Electrician', 'Solar panel', 'Electric car charger'],
    description: 'Wiring, inverters and solar installations in the FCT. A demo company.',
  },
  {
    key: 'garden-city-clean',
    cac: 'BN7001030',
    phone: '0807 555 0103',
    name: 'Garden City Cleaners Demo',
    state: 'Rivers',
    address: '21 Aba Road, Port Harcourt',
    pincode: '500272',
    category: ['Services', 'House and Garden'],
    subcategory: ['Cleaning', 'Pest control', 'Gardening'],
    description: 'Homes, offices and compounds kept clean and pest-free. A demo company.',
  },
];

const JOBS: DemoJob[] = [
  {
    poster: 'amaka',
    heading: 'Fix a leaking kitchen sink',
    description: 'The pipe under the kitchen sink drips all day and the cabinet floor is wet.',
    category: 'Craftsman',
    subcategory: ['Plumber'],
    state: 'Lagos',
    address: '5 Adeniyi Jones Avenue, Ikeja',
    pincode: '100281',
    startInDays: 2,
    unlockedBy: ['ikeja-plumbing'],
    conversation: [
      ['company', 'Good afternoon Ma. I can come tomorrow morning to look at the sink. Is 9am okay?'],
      ['poster', 'Yes, 9am is fine. The trap under the sink is cracked, please bring a new one.'],
      ['company', 'No problem, I will bring it. See you tomorrow at 9.'],
    ],
  },
  {
    poster: 'amaka',
    heading: 'Retile a small bathroom floor',
    description: 'About 6 square metres of cracked floor tiles to replace; tiles already bought.',
    category: 'Craftsman',
    subcategory: ['Tiler'],
    state: 'Lagos',
    address: '5 Adeniyi Jones Avenue, Ikeja',
    pincode: '100281',
    startInDays: 10,
  },
  {
    poster: 'tunde',
    heading: 'Install a 5 kVA solar inverter',
    description: 'Supply and install panels, batteries and a 5 kVA inverter for a 3-bedroom flat.',
    category: 'Services',
    subcategory: ['Solar panel'],
    state: 'Federal Capital Territory',
    address: '12 Gana Street, Maitama',
    pincode: '900271',
    startInDays: 14,
  },
  {
    poster: 'tunde',
    heading: 'Rewire a duplex after a fire',
    description: 'Replace burnt wiring in two rooms and check the distribution board.',
    category: 'Craftsman',
    subcategory: ['Electrician'],
    state: 'Federal Capital Territory',
    address: '12 Gana Street, Maitama',
    pincode: '900271',
    startInDays: 0,
    completed: {
      companies: ['abuja-sparks'],
      rating: 5,
      review: 'Came the same day, explained everything and left the house tidy.',
    },
  },
  {
    poster: 'halima',
    heading: 'Deep clean a 4-bedroom house before moving in',
    description: 'Full clean of floors, kitchen, bathrooms and windows; the house is empty.',
    category: 'Services',
    subcategory: ['Cleaning'],
    state: 'Rivers',
    address: '3 Stadium Road, Port Harcourt',
    pincode: '500102',
    startInDays: 0,
    completed: {
      companies: ['garden-city-clean'],
      rating: 4,
      review: 'Thorough work on the kitchen and bathrooms; arrived an hour late.',
    },
  },
  {
    poster: 'halima',
    heading: 'Fumigate a compound against termites',
    description: 'Termites in the boys quarters and the fence; need treatment and advice.',
    category: 'Services',
    subcategory: ['Pest control'],
    state: 'Rivers',
    address: '3 Stadium Road, Port Harcourt',
    pincode: '500102',
    startInDays: 5,
  },
  {
    poster: 'amaka',
    heading: 'Paint the living room and corridor',
    description: 'Two coats of emulsion, walls and ceiling, about 60 square metres in total.',
    category: 'Craftsman',
    subcategory: ['Painter'],
    state: 'Oyo',
    address: '9 Ring Road, Ibadan',
    pincode: '200221',
    startInDays: 21,
  },
  {
    poster: 'tunde',
    heading: 'Design and build a garden fence',
    description: 'A 40 metre block fence with a sliding gate at the front of the compound.',
    category: 'House and Garden',
    subcategory: ['Fence and gate'],
    state: 'Kaduna',
    address: '18 Ali Akilu Road, Kaduna',
    pincode: '800283',
    startInDays: 30,
  },
];

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
async function seedDemoAccounts(host: DemoDataHost): Promise<void> {
  await insertDemoCustomers(
    host.db,
    CUSTOMERS.map((customer) => ({
      email: email(customer.key),
      name: customer.name,
      password: DEMO_PASSWORD,
    })),
  );
  const photos = DEMO_PHOTOS.map((name) => readFileSync(join(DEMO_PHOTOS_DIR, `${name}.webp`)));
  await insertDemoCompanies(host.db, host.dataDir, [
    ...COMPANIES.map(({ key, ...company }) => ({ ...company, email: email(key), password: DEMO_PASSWORD })),
    ...generateDemoCompanies(undefined, photos.length).map(({ key, photo, ...company }) => ({
      ...company,
      email: email(key),
      ...(photo === undefined ? {} : { photo: photos[photo]! }),
    })),
  ]);
}

/**
 * Seeds the demo set unless this data folder already has it or had it removed. Returns whether it
 * seeded. The folder has it when its first demo customer's account exists (read from the accounts
 * schema: signing in to find out would count against that account's sign-in limit). A seeding that did
 * not finish (the first start stopped within its seconds, or a step failed) leaves its marker: the next
 * start erases the part it made and seeds the set again, so a folder never keeps half a set.
 */
export async function seedDemoData(
  app: FastifyInstance,
  bus: EventBus,
  host: DemoDataHost,
): Promise<boolean> {
  if (existsSync(join(host.dataDir, DEMO_REMOVED_MARKER))) return false;
  const seedingMarker = join(host.dataDir, DEMO_SEEDING_MARKER);
  if (existsSync(seedingMarker)) {
    await removeDemoAccounts(host.db, host.dataDir, DEMO_EMAIL_DOMAIN);
  } else if (await accountExists(host.db, email(CUSTOMERS[0]!.key))) {
    return false;
  }
  writeFileSync(seedingMarker, `Seeding the demo data set since ${new Date().toISOString()}.\n`);
  await seedDemoSet(app, bus, host);
  rmSync(seedingMarker, { force: true });
  return true;
}

async function seedDemoSet(app: FastifyInstance, bus: EventBus, host: DemoDataHost): Promise<void> {
  await seedDemoAccounts(host);
  const customers = new Map<string, { id: string; token: string }>();
  for (const customer of CUSTOMERS) customers.set(customer.key, await signIn(app, customer.key));
  const companies = new Map<string, { id: string; token: string }>();
  for (const company of COMPANIES) {
    companies.set(company.key, await signIn(app, company.key));
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
    let posted = await post();
    for (let i = 0; i < 100 && posted.statusCode >= 500; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      posted = await post();
    }
    if (posted.statusCode !== 201) {
      throw new Error(`demo data: posting "${job.heading}" answered ${posted.statusCode}: ${posted.body}`);
    }
    const jobId = (posted.json() as { job: { _id: string } }).job._id;

    const unlockers = job.completed?.companies ?? job.unlockedBy ?? [];
    for (const key of unlockers) {
      const company = companies.get(key)!;
      const reference = `demo-${randomUUID()}`;
      await bus.publish(
        newEvent(
          EVENT_TYPES.paymentsUnlockPaid,
          {
            paymentId: randomUUID(),
            reference,
            jobId,
            companyId: company.id,
            posterId: poster.id,
            amount: 200,
            currency: 'NGN',
            paidAt: new Date().toISOString(),
          },
          { correlationId: 'demo-data' },
        ),
      );
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
  const removed = await removeDemoAccounts(host.db, host.dataDir, DEMO_EMAIL_DOMAIN);
  writeFileSync(
    join(host.dataDir, DEMO_REMOVED_MARKER),
    `The demo data set was removed from this folder on ${new Date().toISOString()} (${removed} accounts).\n`,
  );
  return removed;
}
