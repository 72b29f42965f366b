import { hash } from '@node-rs/argon2';
import { SESSION_COOKIES } from '@marketplace/contracts';
import { schemaDb, type ServiceDeps } from '@marketplace/service-kit';
import { createTestService, type TestService } from '@marketplace/service-kit/testing';
import type { FastifyInstance, LightMyRequestResponse as Response } from 'fastify';
import accountsService from '../app';
import type { AccountsDatabase, UsersTable } from '../db-types';
import { UsersRepository, type UserRow } from '../repositories/users-repository';
import type { AccountsSettings } from './config';

/** Test helpers for the session suites (not used by the service itself). */

/** The accounts service with session settings, ready for `app.inject`. */
export function createAccountsTestService(
  settings: AccountsSettings,
  extra?: (app: FastifyInstance) => Promise<void>,
): Promise<TestService> {
  return createTestService([
    async (app: FastifyInstance, deps: ServiceDeps) => {
      await accountsService(app, { ...deps, accounts: settings });
      if (extra) await extra(app);
    },
  ]);
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
