import type { Migration } from 'kysely/migration';
import type { UntypedDb } from '@marketplace/service-kit';

/**
 * The hire (issue 29): the company whose offer the poster accepted, the offer and when. Set together
 * with the job's move to in-progress, cleared together when the poster undoes the hire. A review of the
 * hired company is a "verified hire".
 */
export const hireMigration: Migration = {
  async up(db: UntypedDb) {
    await db.schema
      .alterTable('jobs')
      .addColumn('hired_company_id', 'uuid')
      .addColumn('hired_offer_id', 'uuid')
      .addColumn('hired_at', 'timestamptz')
      .execute();
  },
};
