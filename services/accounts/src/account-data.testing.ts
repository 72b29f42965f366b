import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EventEnvelope } from '@marketplace/contracts';
import { schemaDb, type ServiceDeps } from '@marketplace/service-kit';
import { createTestService, type TestService } from '@marketplace/service-kit/testing';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import accountsService from './app';
import type { AccountsDatabase } from './db-types';
import type { MailSettings } from './mail';

/** Test helpers for the account-data suites (registration, profile, contact, directory, admin, privacy). */

export interface AccountsHarness {
  service: TestService;
  dataDir: string;
  db: ReturnType<typeof schemaDb<AccountsDatabase>>;
  /** Every accounts.* event published since start. */
  events: EventEnvelope[];
  register(body: Record<string, unknown>): Promise<LightMyRequestResponse>;
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

export async function createAccountsHarness(
  options: { mail?: Partial<MailSettings> } = {},
): Promise<AccountsHarness> {
  const dataDir = await mkdtemp(join(tmpdir(), 'accounts-test-'));
  const service = await createTestService([
    async (app: FastifyInstance, deps: ServiceDeps) =>
      accountsService(app, {
        ...deps,
        dataDir,
        mail: { retryIntervalMs: 60_000, ...options.mail },
        // Many sign-ups from one test "IP".
        accounts: { rateLimits: { registrationPerIp: { max: 10_000, windowMs: 60_000 } } },
      }),
  ]);
  const events: EventEnvelope[] = [];
  await service.bus.subscribe({
    durable: `accounts-data-observer-${++observerSeq}`,
    filterSubject: 'accounts.>',
    handle: async (event) => void events.push(event),
  });
  const register = (body: Record<string, unknown>) =>
    service.app.inject({ method: 'POST', url: '/api/user', payload: body });
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
