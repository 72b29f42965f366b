import { MAIL_DELIVERY_LEASE } from '@marketplace/service-kit';
import { sql, type Kysely } from 'kysely';
import type { AccountsDatabase } from '../db-types';
import type { ContactMessageRow } from '../mail/contact-delivery';
import { normaliseEmail } from './users-repository';

export interface NewContactMessage {
  userId: string | null;
  name: string;
  email: string;
  phoneNumber: string | null;
  houseAddress: string | null;
  subject: string;
  message: string;
}

export class ContactMessagesRepository {
  constructor(private readonly db: Kysely<AccountsDatabase>) {}

  /** Stores a message already claimed for delivery by the caller (the lease keeps the sweep off it). */
  insertClaimed(message: NewContactMessage): Promise<ContactMessageRow> {
    return this.db
      .insertInto('contact_messages')
      .values({
        user_id: message.userId,
        name: message.name,
        email: message.email,
        email_normalized: normaliseEmail(message.email),
        phone_number: message.phoneNumber,
        house_address: message.houseAddress,
        subject: message.subject,
        message: message.message,
        next_attempt_at: MAIL_DELIVERY_LEASE,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /**
   * Messages the account itself sent (signed in). Messages that merely carry the account's address were
   * typed by whoever knew it, perhaps before the account existed: they are never handed over on that basis.
   */
  listFrom(userId: string, db: Kysely<AccountsDatabase> = this.db): Promise<ContactMessageRow[]> {
    return db
      .selectFrom('contact_messages')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  /** Erases the messages the account sent; others' messages that only match its address are kept. */
  async deleteFrom(trx: Kysely<AccountsDatabase>, userId: string): Promise<number> {
    const result = await trx.deleteFrom('contact_messages').where('user_id', '=', userId).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** For tests and operators: how many are still waiting for delivery. */
  async countUndelivered(): Promise<number> {
    const row = await this.db
      .selectFrom('contact_messages')
      .select(sql<string>`count(*)`.as('count'))
      .where('delivered_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }
}
