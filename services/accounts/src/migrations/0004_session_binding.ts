import type { UntypedDb } from '@marketplace/service-kit';

/**
 * The session's CSRF value, bound: each refresh-token row carries the SHA-256 (base64url) of the
 * family's CSRF value (the mp_csrf cookie), so refresh and logout can refuse a planted cookie without
 * an access token. Null on sessions started before this migration (bound at their next refresh).
 */
export const sessionBindingMigration = {
  async up(db: UntypedDb) {
    await db.schema.alterTable('refresh_tokens').addColumn('csrf_hash', 'text').execute();
  },
};
