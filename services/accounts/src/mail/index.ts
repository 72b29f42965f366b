import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { AccountsDatabase } from '../db-types';
import type { MailSettings } from '../config';
import { ContactDelivery } from './contact-delivery';
import { createMailer, type Mailer, type OutgoingMail } from './mailer';
import { NoticeMails } from './notice-mails';

export type { MailSettings } from '../config';
export type { Mailer, OutgoingMail } from './mailer';

/**
 * The service's mail: contact-form delivery with retries, notices caused by other services' events
 * (stored, then sent with retries), and best-effort notices and account links.
 */
export class MailService {
  readonly mailer: Mailer;
  readonly contact: ContactDelivery;
  readonly notices: NoticeMails;
  /** Where people can write to (named in notices). */
  readonly supportEmail: string;
  readonly #logger: FastifyBaseLogger;
  readonly #pending = new Set<Promise<unknown>>();

  constructor(
    settings: MailSettings,
    db: Kysely<AccountsDatabase>,
    logger: FastifyBaseLogger,
    /** PUBLIC_URL without a trailing slash (links in notices). */
    publicUrl?: string,
  ) {
    this.mailer = createMailer(settings);
    this.supportEmail = settings.supportEmail;
    this.#logger = logger;
    this.contact = new ContactDelivery({
      db,
      mailer: this.mailer,
      supportEmail: settings.supportEmail,
      logger,
      retryIntervalMs: settings.retryIntervalMs,
    });
    this.notices = new NoticeMails({
      db,
      mailer: this.mailer,
      logger,
      retryIntervalMs: settings.retryIntervalMs,
      publicUrl,
    });
  }

  /**
   * Sends a notice after the request answered, so its timing reveals nothing; `mail` may be composed
   * then (e.g. after a look-up). Best effort: a notice that cannot be sent is logged, not retried.
   */
  notifyInBackground(mail: OutgoingMail | (() => Promise<OutgoingMail | undefined>)): void {
    const work = (async () => {
      const composed = typeof mail === 'function' ? await mail() : mail;
      if (composed) await this.mailer.send(composed);
    })().catch((err) => this.#logger.warn({ err }, 'notice mail could not be sent'));
    this.#pending.add(work);
    void work.finally(() => this.#pending.delete(work));
  }

  start(): void {
    this.contact.start();
    this.notices.start();
  }

  async stop(): Promise<void> {
    await this.contact.stop();
    await this.notices.stop();
    await Promise.allSettled([...this.#pending]);
    this.mailer.close();
  }
}
