import { sql } from 'kysely';
import type { UntypedDb } from '@marketplace/service-kit';

/**
 * Sessions: opaque refresh tokens (stored as SHA-256 hashes, rotated on every use, grouped in a family
 * per login so a reused token can revoke them all) and links from social-login identities to accounts.
 */
export const sessionsMigration = {
  async up(db: UntypedDb) {
    await db.schema
      .createTable('refresh_tokens')
      .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
      .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
      // One family per login; every rotation adds a row to it.
      .addColumn('family_id', 'uuid', (c) => c.notNull())
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      // Idle expiry of this token (never later than the family's absolute expiry).
      .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
      // Absolute expiry of the family, fixed at login.
      .addColumn('family_expires_at', 'timestamptz', (c) => c.notNull())
      .addColumn('used_at', 'timestamptz')
      .addColumn('revoked_at', 'timestamptz')
      .addColumn('user_agent', 'text')
      .execute();
    await db.schema
      .createIndex('refresh_tokens_family_idx')
      .on('refresh_tokens')
      .column('family_id')
      .execute();
    await db.schema.createIndex('refresh_tokens_user_idx').on('refresh_tokens').column('user_id').execute();

    await db.schema
      .createTable('social_identities')
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('provider_user_id', 'text', (c) => c.notNull())
      .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addPrimaryKeyConstraint('social_identities_pk', ['provider', 'provider_user_id'])
      .execute();
    await db.schema
      .createIndex('social_identities_user_idx')
      .on('social_identities')
      .column('user_id')
      .execute();
  },
};
