import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ReadCache, setupService, type CachedJson, type ServiceDeps } from '@marketplace/service-kit';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { AccountLinks } from './account-links';
import {
  resolveAccountsSettings,
  resolveMailSettings,
  type AccountsSettings,
  type ResolvedAccountsSettings,
} from './config';
/** Public writers for accounts that arrive by an import (tools/demo/ seeds the demo set with them). */
export {
  accountExists,
  eraseAccountsUnder,
  importCompanies,
  importCustomers,
  type ImportedCompany,
  type ImportedCustomer,
} from './account-import';
export { approveImportedVerification } from './verification-decisions';
import { JOB_ALERTS_CONSUMER, JobAlertDigests, jobAlertMailHandlers } from './consumers/job-alerts';
import { CHAT_REMINDERS_CONSUMER, chatReminderHandlers } from './consumers/chat-reminders';
import { PAYMENT_NOTICES_CONSUMER, paymentNoticeHandlers } from './consumers/payment-notices';
import { JOB_TOTALS_CONSUMER, jobTotalsHandlers } from './consumers/job-totals';
import { REPLY_TIMES_CONSUMER, replyTimeHandlers } from './consumers/reply-times';
import type { AccountsDatabase } from './db-types';
import { MailService } from './mail';
import { accountsMigrations } from './migrations';
import { accountsRateLimitRules } from './rate-limits';
import { companyRegistryFor } from './registry/company-registry';
import { certificateStore } from './repositories/certificate-store';
import { PhotoStore } from './repositories/photo-store';
import { ReplyTimesRepository } from './repositories/reply-times-repository';
import { adminUserRoutes } from './routes/admin-users';
import { contactRoutes } from './routes/contact';
import { directoryRoutes } from './routes/directory';
import { identityRoutes } from './routes/identity';
import { privacyRoutes } from './routes/privacy';
import { profileRoutes } from './routes/profile';
import { sessionRoutes } from './routes/sessions';
import { userRoutes } from './routes/users';
import { verificationRoutes } from './routes/verification';

/** What the accounts package offers its hosts (the standalone main and the edge). */
export {
  AccountsConfigSchema,
  accountsSettingsFromConfig,
  loadAccountsSettings,
  type AccountsConfig,
  type AccountsSettings,
  type FacebookSettings,
  type MailSettings,
  type RateLimitRule,
  type RateLimits,
} from './config';

/** The service's own PostgreSQL schema. */
const SCHEMA = 'accounts';

/** `accounts`: admin, Facebook, cookies, session lifetimes, rate limits and mail (see config.ts). */
export type AccountsServiceOptions = ServiceDeps & { accounts?: AccountsSettings };

/**
 * The accounts service as a Fastify plugin: mounted alone by main.ts or with the others by the edge.
 * Files live under UPLOADS_DIR (default `<DATA_DIR>/uploads`): `profile/` (photos) and `certificates/` (CAC
 * certificates); and under DATA_DIR: `mail-outbox/` (mail without SMTP).
 */
export default async function accountsService(app: FastifyInstance, options: AccountsServiceOptions) {
  if (!options.auth.privateKey) throw new Error('accounts needs the private signing key');
  const settings = options.accounts ?? {};
  const resolved = resolveAccountsSettings(settings);
  const service = await setupService<AccountsDatabase>(app, {
    name: 'accounts',
    schema: SCHEMA,
    migrations: accountsMigrations,
    deps: options,
    rateLimits: accountsRateLimitRules(resolved.rateLimits),
  });
  const { db } = service;

  // The edge and the standalone main always hand DATA_DIR over; a host that does not (a test mounting
  // the plugin bare) gets a folder under the OS temp directory rather than files in its working copy.
  const dataDir = options.dataDir ?? join(tmpdir(), 'marketplace-accounts');
  const mail = new MailService(resolveMailSettings(settings.mail, dataDir), db, app.log, resolved.publicUrl);
  app.addHook('onReady', async () => mail.start());
  app.addHook('onClose', async () => mail.stop());
  // Shared by every replica in production (a volume mounted at UPLOADS_DIR): any replica serves a photo
  // or certificate another one stored.
  const uploadsDir = options.uploadsDir ?? join(dataDir, 'uploads');
  const photos = new PhotoStore(join(uploadsDir, 'profile'));
  const links = new AccountLinks({ db, mail, publicUrl: resolved.publicUrl, now: resolved.now });

  service.consume({ durable: JOB_TOTALS_CONSUMER, filterSubject: 'jobs.>', handlers: jobTotalsHandlers });
  service.consume({
    durable: JOB_ALERTS_CONSUMER,
    filterSubject: 'jobs.alert.*',
    handlers: jobAlertMailHandlers(mail.notices, {
      mailsPerDay: resolved.jobAlertMailsPerDay,
      now: resolved.now,
    }),
  });
  // The daily job alert digest (07:00 Lagos): every replica sweeps every 5 minutes; one mail per
  // company and day whichever gets there first.
  const digests = new JobAlertDigests({
    db,
    notices: mail.notices,
    logger: app.log,
    now: resolved.now,
    intervalMs: settings.jobAlertDigestSweepMs ?? 5 * 60_000,
  });
  app.addHook('onReady', async () => digests.start());
  app.addHook('onClose', async () => digests.stop());
  service.consume({
    durable: CHAT_REMINDERS_CONSUMER,
    filterSubject: 'chat.reminder.*',
    handlers: chatReminderHandlers(mail.notices),
  });
  service.consume({
    durable: REPLY_TIMES_CONSUMER,
    filterSubject: 'chat.message.sent',
    handlers: replyTimeHandlers(resolved.now),
  });
  sweepReplyTimes(app, db, resolved);
  service.consume({
    durable: PAYMENT_NOTICES_CONSUMER,
    filterSubject: 'payments.>',
    handlers: paymentNoticeHandlers(mail.notices),
  });

  const { publicKey, privateKey } = options.auth;
  await app.register(sessionRoutes, { db, publicKey, privateKey, settings });
  await app.register(userRoutes, { db, publicKey, links });
  await app.register(identityRoutes, { db, links, settings });
  await app.register(profileRoutes, { db, photos });
  await app.register(contactRoutes, { db, mail });
  // The directory's answers, kept as sent. Every commit that writes `users` clears them, whoever wrote
  // (registration, Facebook sign-up, profile edits, erasure, the rating and job-totals consumers, an
  // import in this process such as the demo seeding): a public company field lives nowhere else, so no writer can be missed.
  // A hard TTL (staleLimit 0) bounds what other instances' writes leave unseen here; the weight cap
  // bounds memory (about 16 MB of JSON text).
  const directory = new ReadCache<CachedJson>({
    ttlMs: resolved.directoryCacheMs,
    staleLimit: 0,
    maxEntries: 2000,
    maxWeight: 16 * 1024 * 1024,
    weigh: (answer) => answer.json.length,
    now: () => resolved.now().getTime(),
  });
  const stopClearing = options.db.onTablesWritten(SCHEMA, ['users'], () => directory.clear());
  app.addHook('onClose', async () => stopClearing());
  await app.register(directoryRoutes, { db, cache: directory });
  await app.register(adminUserRoutes, { db });
  const certificates = certificateStore(uploadsDir);
  await app.register(verificationRoutes, {
    db,
    certificates,
    registry: companyRegistryFor(settings.companyRegistry),
    notices: mail.notices,
    now: resolved.now,
  });
  await app.register(privacyRoutes, { db, photos, certificates });
}

/**
 * Time moves reply times without any message (a poster unanswered for three days, a sample leaving the
 * window): every instance recomputes all companies now and then. The statement writes only rows whose
 * figure changed, so instances sweeping at once cost a read each.
 */
function sweepReplyTimes(
  app: FastifyInstance,
  db: Kysely<AccountsDatabase>,
  settings: Pick<ResolvedAccountsSettings, 'replyTimeSweepMs' | 'now'>,
): void {
  if (settings.replyTimeSweepMs <= 0) return;
  let timer: NodeJS.Timeout | undefined;
  let round: Promise<unknown> | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      if (round) return;
      const samples = new ReplyTimesRepository(db);
      const now = settings.now();
      round = samples
        .refresh(now)
        .then(() => samples.forgetBefore(now))
        .catch((err: unknown) => app.log.error({ err }, 'reply-time sweep failed'))
        .finally(() => (round = undefined));
    }, settings.replyTimeSweepMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await round;
  });
}
