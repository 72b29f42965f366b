import type { FastifyBaseLogger } from 'fastify';
import { MailOutbox } from '@marketplace/service-kit';
import type { Kysely, Selectable } from 'kysely';
import type { AccountsDatabase, ContactMessagesTable } from '../db-types';
import type { Mailer } from './mailer';
import { contactMail } from './templates';

export type ContactMessageRow = Selectable<ContactMessagesTable>;

const MINUTE = 60_000;

export interface ContactDeliveryOptions {
  db: Kysely<AccountsDatabase>;
  mailer: Mailer;
  supportEmail: string;
  logger: FastifyBaseLogger;
  retryIntervalMs: number;
}

/**
 * Delivers stored contact messages to support, through the kit's mail outbox: a message is stored (and
 * claimed for a few minutes) before anything is sent; a delivery that fails is recorded on the row and
 * retried with back-off (1, 2, 4 ... minutes, at most 6 hours apart) by the sweep, which runs at start
 * and then periodically.
 */
export class ContactDelivery {
  readonly #outbox: MailOutbox<ContactMessageRow>;

  constructor({ db, mailer, supportEmail, logger, retryIntervalMs }: ContactDeliveryOptions) {
    this.#outbox = new MailOutbox<ContactMessageRow>({
      db,
      table: 'contact_messages',
      name: 'accounts.contact-messages',
      label: 'contact delivery',
      idField: 'contactMessageId',
      logger,
      retryIntervalMs,
      retry: { baseMs: MINUTE, maxMs: 360 * MINUTE },
      async send(row) {
        await mailer.send(
          contactMail(
            {
              id: row.id,
              name: row.name,
              email: row.email,
              phoneNumber: row.phone_number,
              houseAddress: row.house_address,
              subject: row.subject,
              message: row.message,
              createdAt: row.created_at,
            },
            supportEmail,
          ),
        );
        return { transport: mailer.transport };
      },
    });
  }

  /** Sends one already claimed row in the background (after the request answered). */
  deliverInBackground(row: ContactMessageRow): void {
    this.#outbox.deliverInBackground(row);
  }

  /** Delivers every due, undelivered message; returns how many were sent. */
  sweep(): Promise<number> {
    return this.#outbox.sweep();
  }

  start(): void {
    this.#outbox.start();
  }

  stop(): Promise<void> {
    return this.#outbox.stop();
  }
}
