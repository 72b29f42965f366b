import { ConfigError, createLocalBus, loadConfig } from '@marketplace/service-kit';
import type { TestService } from '@marketplace/service-kit/testing';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import accountsService from './app';
import { ensureFirstAdmin } from './sessions/accounts';
import {
  accountsSettingsFromConfig,
  AccountsConfigSchema,
  loadAccountsSettings,
  resolveAccountsSettings,
} from './config';
import { accountsDb, createAccount, createAccountsTestService, nextIp } from './testing';

const ADMIN = { email: 'Root@Example.com', password: 'a-long-admin-passphrase' };

const silentLog = { info: jest.fn(), error: jest.fn() } as unknown as FastifyBaseLogger;

describe('first admin from configuration', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await createAccountsTestService({ admin: ADMIN });
  });
  afterAll(async () => {
    await service.close();
  });

  const admins = () =>
    accountsDb(service).selectFrom('users').selectAll().where('type', '=', 'admin').execute();

  it('creates the admin at start-up, who can sign in', async () => {
    expect(await admins()).toHaveLength(1);
    const response = await service.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: 'root@example.com', password: ADMIN.password },
      remoteAddress: nextIp(),
    });
    expect(response.statusCode).toBe(200);
    // The operator chose the address: it counts as verified.
    expect(response.json().user).toMatchObject({ email: ADMIN.email, type: 'admin', emailVerified: true });
  });

  it('keeps the existing admin when the service starts again on the same database', async () => {
    const before = await admins();
    // A second process on the same database (with its own bus).
    const bus = await createLocalBus({ db: service.db, pollIntervalMs: 50 });
    const again = Fastify({ logger: false });
    await again.register(accountsService, {
      db: service.db,
      bus,
      auth: { publicKey: service.keys.publicKey, privateKey: service.keys.privateKey },
      accounts: { admin: ADMIN },
    });
    await again.ready();
    await again.close();
    await bus.close();
    expect(await admins()).toEqual(before);
  });

  it('keeps the existing admin on every later start (idempotent), password untouched', async () => {
    const before = await admins();
    const db = accountsDb(service);
    expect(await ensureFirstAdmin(db, ADMIN, silentLog)).toBe('kept');
    expect(await ensureFirstAdmin(db, { ...ADMIN, password: 'another-long-password' }, silentLog)).toBe(
      'kept',
    );
    expect(await admins()).toEqual(before);
  });

  it('never promotes an account someone else registered with that email', async () => {
    await createAccount(service, { email: 'boss@example.com', password: 'secret-boss-1' });
    const db = accountsDb(service);
    const outcome = await ensureFirstAdmin(
      db,
      { email: 'BOSS@example.com', password: ADMIN.password },
      silentLog,
    );
    expect(outcome).toBe('not-admin');
    const row = await accountsDb(service)
      .selectFrom('users')
      .select('type')
      .where('email_normalized', '=', 'boss@example.com')
      .executeTakeFirstOrThrow();
    expect(row.type).toBe('user');
  });
});

describe('accounts configuration', () => {
  it('has no admin, no Facebook and safe defaults without variables', () => {
    const settings = loadAccountsSettings({});
    expect(settings.admin).toBeUndefined();
    expect(settings.facebook).toBeUndefined();
    expect(settings).toMatchObject({
      cookieSecure: 'auto',
      refreshTtlSeconds: 30 * 24 * 3600,
      refreshIdleSeconds: 7 * 24 * 3600,
      refreshGraceSeconds: 30,
      rateLimits: {
        loginPerAccountAndIp: { max: 10, windowMs: 15 * 60 * 1000 },
        loginPerAccount: { max: 50, windowMs: 15 * 60 * 1000 },
        loginPerIp: { max: 30, windowMs: 15 * 60 * 1000 },
        passwordResetPerIp: { max: 10, windowMs: 15 * 60 * 1000 },
        passwordResetPerEmail: { max: 5, windowMs: 15 * 60 * 1000 },
        identityLinkPerIp: { max: 30, windowMs: 15 * 60 * 1000 },
        verificationResendPerAccount: { max: 3, windowMs: 15 * 60 * 1000 },
      },
    });
  });

  it('reads the admin, Facebook, cookies, lifetimes and limits', () => {
    const settings = loadAccountsSettings({
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      FACEBOOK_APP_ID: 'id',
      FACEBOOK_APP_SECRET: 'secret',
      PUBLIC_URL: 'https://market.example',
      COOKIE_SECURE: 'true',
      REFRESH_TTL_DAYS: '2',
      REFRESH_IDLE_DAYS: '0.5',
      RATE_LIMIT_WINDOW_MINUTES: '1',
      RATE_LIMIT_LOGIN_PER_ACCOUNT: '4',
      RATE_LIMIT_LOGIN_PER_ACCOUNT_IP: '2',
      REFRESH_GRACE_SECONDS: '5',
      RATE_LIMIT_RESET_PER_IP: '6',
      RATE_LIMIT_RESET_PER_EMAIL: '2',
      RATE_LIMIT_LINK_PER_IP: '9',
      RATE_LIMIT_VERIFY_RESEND_PER_ACCOUNT: '1',
    });
    expect(settings).toMatchObject({
      admin: ADMIN,
      facebook: { appId: 'id', appSecret: 'secret', graphVersion: 'v21.0' },
      publicUrl: 'https://market.example',
      cookieSecure: true,
      refreshTtlSeconds: 2 * 24 * 3600,
      refreshIdleSeconds: 12 * 3600,
      refreshGraceSeconds: 5,
      rateLimits: {
        loginPerAccount: { max: 4, windowMs: 60_000 },
        loginPerAccountAndIp: { max: 2, windowMs: 60_000 },
        passwordResetPerIp: { max: 6, windowMs: 60_000 },
        passwordResetPerEmail: { max: 2, windowMs: 60_000 },
        identityLinkPerIp: { max: 9, windowMs: 60_000 },
        verificationResendPerAccount: { max: 1, windowMs: 60_000 },
      },
    });
  });

  it('offers Facebook only when both the app id and the secret are set', () => {
    expect(loadAccountsSettings({ FACEBOOK_APP_ID: 'id' }).facebook).toBeUndefined();
  });

  it.each([
    [{ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: 'short-pass' }, 'ADMIN_PASSWORD'],
    [{ ADMIN_EMAIL: ADMIN.email }, 'ADMIN_PASSWORD is required'],
    [{ ADMIN_PASSWORD: ADMIN.password }, 'ADMIN_EMAIL is required'],
    [{ ADMIN_EMAIL: 'not-an-email', ADMIN_PASSWORD: ADMIN.password }, 'ADMIN_EMAIL'],
    [{ RATE_LIMIT_LOGIN_PER_IP: '0' }, 'RATE_LIMIT_LOGIN_PER_IP'],
    [{ RATE_LIMIT_RESET_PER_EMAIL: 'many' }, 'RATE_LIMIT_RESET_PER_EMAIL'],
  ])('refuses %j', (env, problem) => {
    expect(() => loadAccountsSettings(env)).toThrow(ConfigError);
    expect(() => loadAccountsSettings(env)).toThrow(problem);
  });

  it('refuses a short admin password passed in code as well', () => {
    expect(() => resolveAccountsSettings({ admin: { email: 'a@b.co', password: 'short' } })).toThrow(
      'ADMIN_PASSWORD must be at least 12 characters',
    );
  });

  it('can be embedded in a host configuration schema', () => {
    expect(Object.keys(AccountsConfigSchema.properties)).toContain('REFRESH_TTL_DAYS');
    expect(() =>
      accountsSettingsFromConfig({ ...loadAccountsSettingsConfig(), ADMIN_EMAIL: ADMIN.email }),
    ).toThrow(ConfigError);
  });
});

function loadAccountsSettingsConfig() {
  return loadConfig(AccountsConfigSchema, {});
}
