import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ServiceDeps, ServiceSetup } from '@marketplace/service-kit';
import type { FastifyInstance } from 'fastify';
import { applyJobsEvent, JOB_TOTALS_CONSUMER } from './consumers/job-totals';
import type { AccountsDatabase } from './db-types';
import { MailService, mailSettingsFromEnv, type MailSettings } from './mail';
import { PhotoStore } from './repositories/photo-store';
import { adminUserRoutes } from './routes/admin-users';
import { contactRoutes } from './routes/contact';
import { directoryRoutes } from './routes/directory';
import { privacyRoutes } from './routes/privacy';
import { profileRoutes } from './routes/profile';

export interface AccountDataOptions {
  /** Overrides of the mail settings read from the environment (SMTP_URL, SUPPORT_EMAIL, MAIL_FROM). */
  mail?: Partial<MailSettings>;
}

/**
 * Profiles and photos, the company directory, the admin list, the contact form with its mail delivery,
 * the privacy routes and the job totals kept from jobs events. Files live under DATA_DIR:
 * `uploads/profile/` (photos) and `mail-outbox/` (mail when no SMTP server is configured).
 */
export async function registerAccountData(
  app: FastifyInstance,
  service: ServiceSetup<AccountsDatabase>,
  options: ServiceDeps & AccountDataOptions,
  schema: string,
): Promise<{ mail: MailService }> {
  // The edge and the standalone main always hand DATA_DIR over; a host that does not (a test mounting
  // the plugin bare) gets a folder under the OS temp directory rather than files in its working copy.
  const dataDir = options.dataDir ?? process.env.DATA_DIR ?? join(tmpdir(), 'marketplace-accounts');
  const settings: MailSettings = {
    ...mailSettingsFromEnv(process.env, join(dataDir, 'mail-outbox')),
    ...options.mail,
  };
  const mail = new MailService(settings, service.db, app.log);
  app.addHook('onReady', async () => mail.start());
  app.addHook('onClose', async () => mail.stop());
  const photos = new PhotoStore(join(dataDir, 'uploads', 'profile'));

  service.consume({ durable: JOB_TOTALS_CONSUMER, filterSubject: 'jobs.>', handle: applyJobsEvent });

  const { db, eventsWritten } = service;
  await app.register(profileRoutes, { db, photos, eventsWritten });
  await app.register(contactRoutes, { db, mail });
  await app.register(directoryRoutes, { db });
  await app.register(adminUserRoutes, { db });
  await app.register(privacyRoutes, { db, schema, photos, eventsWritten });
  return { mail };
}
