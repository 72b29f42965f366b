import { sql } from 'kysely';
import type { UntypedDb } from '@marketplace/service-kit';

/**
 * Password reset and e-mail verification:
 * - users.email_verified_at: set when the owner opened a verification link mailed to the address (or
 *   proved it otherwise: a completed password reset, an address Facebook vouches for, the configured
 *   admin). Accounts from before this migration start unverified.
 * - account_tokens: the links mailed for both, stored as SHA-256 hashes only, single-use (`used_at`),
 *   with an expiry, and tied to the address they were sent to.
 */
export const accountTokensMigration = {
  async up(db: UntypedDb) {
    await db.schema.alterTable('users').addColumn('email_verified_at', 'timestamptz').execute();

    await db.schema
      .createTable('account_tokens')
      .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
      .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('purpose', 'text', (c) =>
        c.notNull().check(sql`purpose in ('password-reset', 'email-verification')`),
      )
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      // The address the link was mailed to: a link proves control of that address only.
      .addColumn('email_normalized', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
      .addColumn('used_at', 'timestamptz')
      .execute();
    await db.schema
      .createIndex('account_tokens_user_idx')
      .on('account_tokens')
      .columns(['user_id', 'purpose'])
      .execute();
  },
};
