import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hash } from '@node-rs/argon2';
import { SESSION_COOKIES, type EventEnvelope } from '@marketplace/contracts';
import { schemaDb, type ServiceDeps } from '@marketplace/service-kit';
import { createTestService, parseEml, type TestService } from '@marketplace/service-kit/testing';
import type { FastifyInstance, LightMyRequestResponse, LightMyRequestResponse as Response } from 'fastify';
import accountsService from './app';
import type { AccountsSettings } from './config';
import type { AccountsDatabase, UsersTable } from './db-types';
import { UsersRepository, type UserRow } from './repositories/users-repository';

// The accounts service's test harness (not used by the service itself): the service on a test
// database with the kit's test bus, plus helpers for accounts, cookies and client addresses.

/** The accounts service with settings, ready for `app.inject`. */
export function createAccountsTestService(
  settings: AccountsSettings,
  extra?: (app: FastifyInstance) => Promise<void>,
  dataDir?: string,
): Promise<TestService> {
  return createTestService([
    async (app: FastifyInstance, deps: ServiceDeps) => {
      await accountsService(app, { ...deps, ...(dataDir ? { dataDir } : {}), accounts: settings });
      if (extra) await extra(app);
    },
  ]);
}

export interface AccountsHarness {
  service: TestService;
  dataDir: string;
  db: ReturnType<typeof schemaDb<AccountsDatabase>>;
  /** Every accounts.* event published since start. */
  events: EventEnvelope[];
  register(body: Record<string, unknown>, remoteAddress?: string): Promise<LightMyRequestResponse>;
  /** Registers and returns the account id and a bearer header for it. */
  signUp(
    body: Record<string, unknown>,
  ): Promise<{ id: string; headers: { authorization: string }; user: Record<string, unknown> }>;
  bearer(sub: string, type: 'user' | 'company' | 'admin'): Promise<{ authorization: string }>;
  /** The mail files written to <dataDir>/mail-outbox (file transport). */
  outboxMails(): Promise<string[]>;
  close(): Promise<void>;
}

let observerSeq = 0;

/** The service with a data folder of its own and an observer of every accounts.* event. */
export async function createAccountsHarness(settings: AccountsSettings = {}): Promise<AccountsHarness> {
  const dataDir = await mkdtemp(join(tmpdir(), 'accounts-test-'));
  const service = await createAccountsTestService(
    {
      ...settings,
      mail: { retryIntervalMs: 60_000, ...settings.mail },
    },
    undefined,
    dataDir,
  );
  const events: EventEnvelope[] = [];
  await service.bus.subscribe({
    durable: `accounts-data-observer-${++observerSeq}`,
    filterSubject: 'accounts.>',
    handle: async (event) => void events.push(event),
  });
  // Each sign-up from its own local address, as different people would: the real per-address limit
  // applies (a suite that tests it passes the address).
  const register = (body: Record<string, unknown>, remoteAddress = nextLocalAddress()) =>
    service.app.inject({ method: 'POST', url: '/api/user', payload: body, remoteAddress });
  const bearer = async (sub: string, type: 'user' | 'company' | 'admin') => ({
    authorization: `Bearer ${await service.tokenFor({ sub, type })}`,
  });
  return {
    service,
    dataDir,
    db: schemaDb<AccountsDatabase>(service.db, 'accounts'),
    events,
    register,
    async signUp(body) {
      const response = await register(body);
      if (response.statusCode !== 200) throw new Error(`sign-up failed: ${response.body}`);
      const user = response.json().user;
      return { id: user._id, user, headers: await bearer(user._id, user.type) };
    },
    bearer,
    async outboxMails() {
      const dir = join(dataDir, 'mail-outbox');
      const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.eml')).sort();
      return Promise.all(names.map((name) => readFile(join(dir, name), 'utf8')));
    },
    async close() {
      await service.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A company registration payload as the web form sends it. */
export function companyPayload(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    email: 'info@ace-plumbing.ng',
    name: 'Ace Plumbing',
    password: 'secret12',
    language: 'en',
    platform: 'Android',
    timezone: 0,
    type: 'company',
    cacnumber: 'RC 123456',
    deviceId: 'Ace123',
    phoneNumber: '0803 123 4567',
    address: '12 Allen Avenue, Ikeja',
    state: 'Lagos',
    pincode: '100001',
    category: ['Craftsman'],
    subcategory: ['Plumber'],
    ...overrides,
  };
}

/** The poster sign-up payload (with the fixed CAC number the web client sends). */
export function posterPayload(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    email: 'ada@example.com',
    name: 'Ada Obi',
    password: 'secret1',
    language: 'en',
    platform: 'Android',
    timezone: 0,
    deviceId: 'Ada123',
    cacnumber: 'RC0000000',
    ...overrides,
  };
}

export function accountsDb(service: TestService) {
  return schemaDb<AccountsDatabase>(service.db, 'accounts');
}

/** An account straight in the table (registration is another suite's business). */
export async function createAccount(
  service: TestService,
  input: { email: string; password: string; name?: string; type?: UsersTable['type'] },
): Promise<UserRow> {
  const db = accountsDb(service);
  const row = await db.transaction().execute(async (trx) =>
    new UsersRepository(db).insert(trx, {
      email: input.email,
      name: input.name ?? 'Test Person',
      passwordHash: await hash(input.password),
      type: input.type ?? 'user',
    }),
  );
  if (!row) throw new Error(`could not create ${input.email}`);
  return row;
}

export type CookieJar = Record<string, string>;

/** The cookies a response sets, as name -> cookie (with attributes). */
export function setCookies(response: Response) {
  return Object.fromEntries(response.cookies.map((cookie) => [cookie.name, cookie]));
}

/** Session cookie values from a response, ready to send back with `cookies:`. */
export function sessionJar(response: Response): CookieJar {
  const jar: CookieJar = {};
  for (const cookie of response.cookies) {
    if (Object.values(SESSION_COOKIES).includes(cookie.name as never) && cookie.value) {
      jar[cookie.name] = cookie.value;
    }
  }
  return jar;
}

let ipCounter = 0;
/** A fresh client address per test, so per-IP limits of one test do not leak into another. */
export function nextIp(): string {
  ipCounter += 1;
  return `10.0.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
}

let localCounter = 0;
/** A fresh 127.x.y.z address (every one is local on Linux, so real sockets can use them too). */
export function nextLocalAddress(): string {
  localCounter += 1;
  return `127.${Math.floor(localCounter / 62500) % 250}.${Math.floor(localCounter / 250) % 250}.${(localCounter % 250) + 1}`;
}

/** The text body of an .eml file from the outbox, with quoted-printable soft breaks and escapes undone. */
export function mailText(eml: string): string {
  return parseEml(eml).text;
}

/** The header of an .eml file (e.g. 'To', 'Subject'), unfolded. */
export function mailHeader(eml: string, name: string): string | undefined {
  return parseEml(eml).header(name);
}

/** The link to `page` in a mail (e.g. '/reset-password') and the token in its fragment. */
export function mailLink(eml: string, page: string): { url: string; token: string } {
  const text = mailText(eml);
  const match = new RegExp(`(https?://\\S+${page}#token=([A-Za-z0-9_-]+))`).exec(text);
  if (!match) throw new Error(`no ${page} link in:\n${text}`);
  return { url: match[1] as string, token: match[2] as string };
}

/** The fields of a company in the public directory (contracts' Company), sorted. */
export const COMPANY_PUBLIC_FIELDS = [
  '_id',
  'address',
  'description',
  'email',
  'name',
  'phoneNumber',
  'photoUrl',
  'pincode',
  'rating',
  'replyMinutes',
  'state',
  'subcategory',
  'type',
  'verifiedAt',
];

/**
 * A private field's name as a JSON key. Keys, not any text: a random id may well contain 'cac'.
 * `verifiedAt` (the company's public badge date) is the one public "verified" key.
 */
export const PRIVATE_FIELD_KEY =
  /"(?:password\w*|\w*hash\w*|cac\w*|\w*token\w*|deleted\w*|(?!verifiedAt")\w*verified\w*|total_\w*|rating_sum)"\s*:/i;
