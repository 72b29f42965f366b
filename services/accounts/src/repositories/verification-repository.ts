import { isUuid } from '@marketplace/service-kit';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { AccountsDatabase, VerificationRequestsTable } from '../db-types';

export type VerificationRequestRow = Selectable<VerificationRequestsTable>;

/** A request with the columns of its company the admins' queue shows. */
export type QueuedVerificationRow = VerificationRequestRow & {
  company_name: string;
  company_email: string;
  company_cacnumber: string | null;
  company_verified_at: Date | null;
};

export interface NewVerificationRequest {
  companyId: string;
  cacNumber: string;
  certificateName: string;
  certificateType: string;
}

/** Verification requests (migration 0013_company_verification) and the company's verified date. */
export class VerificationRepository {
  constructor(private readonly db: Kysely<AccountsDatabase>) {}

  /** The company's latest request, or undefined. */
  latestOf(companyId: string): Promise<VerificationRequestRow | undefined> {
    return this.db
      .selectFrom('verification_requests')
      .selectAll()
      .where('company_id', '=', companyId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  /** Every request of a company, oldest first (its data export). */
  allOf(companyId: string): Promise<VerificationRequestRow[]> {
    return this.db
      .selectFrom('verification_requests')
      .selectAll()
      .where('company_id', '=', companyId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  async find(id: string): Promise<VerificationRequestRow | undefined> {
    if (!isUuid(id)) return undefined;
    return this.db.selectFrom('verification_requests').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Stores a request; undefined when the company has an open one already (the partial unique index). */
  async insert(
    trx: Kysely<AccountsDatabase>,
    request: NewVerificationRequest,
  ): Promise<VerificationRequestRow | undefined> {
    return trx
      .insertInto('verification_requests')
      .values({
        company_id: request.companyId,
        cac_number: request.cacNumber,
        certificate_name: request.certificateName,
        certificate_type: request.certificateType,
      })
      .onConflict((oc) => oc.column('company_id').where('status', '=', 'requested').doNothing())
      .returningAll()
      .executeTakeFirst();
  }

  #queue() {
    return this.db
      .selectFrom('verification_requests as v')
      .innerJoin('users as u', 'u.id', 'v.company_id')
      .where('u.deleted_at', 'is', null);
  }

  /** The admins' queue: open requests oldest first, then decided ones newest decision first. */
  async queue(page: {
    limit: number;
    offset: number;
  }): Promise<{ rows: QueuedVerificationRow[]; total: number }> {
    const [rows, count] = await Promise.all([
      this.#queue()
        .selectAll('v')
        .select([
          'u.name as company_name',
          'u.email as company_email',
          'u.cacnumber as company_cacnumber',
          'u.verified_at as company_verified_at',
        ])
        .orderBy(sql`case when v.status = 'requested' then 0 else 1 end`)
        .orderBy(sql`case when v.status = 'requested' then v.created_at end`, 'asc')
        .orderBy(sql`coalesce(v.decided_at, v.created_at)`, 'desc')
        .orderBy('v.id')
        .limit(page.limit)
        .offset(page.offset)
        .execute(),
      this.#queue()
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.count) };
  }

  async queued(id: string): Promise<QueuedVerificationRow | undefined> {
    if (!isUuid(id)) return undefined;
    return this.#queue()
      .selectAll('v')
      .select([
        'u.name as company_name',
        'u.email as company_email',
        'u.cacnumber as company_cacnumber',
        'u.verified_at as company_verified_at',
      ])
      .where('v.id', '=', id)
      .executeTakeFirst();
  }

  /**
   * Moves a request from `from` to `to` with the admin's reason; undefined when it is not in `from` any
   * more (another admin decided first).
   */
  decide(
    trx: Kysely<AccountsDatabase>,
    id: string,
    change: {
      from: 'requested' | 'approved';
      to: 'approved' | 'refused' | 'revoked';
      reason: string | null;
      adminId: string | null;
      at: Date;
    },
  ): Promise<VerificationRequestRow | undefined> {
    return trx
      .updateTable('verification_requests')
      .set({ status: change.to, reason: change.reason, decided_by: change.adminId, decided_at: change.at })
      .where('id', '=', id)
      .where('status', '=', change.from)
      .returningAll()
      .executeTakeFirst();
  }

  /** The company's verified date (null clears it); touches `updated_at` as any public change does. */
  async setVerifiedAt(trx: Kysely<AccountsDatabase>, companyId: string, at: Date | null): Promise<boolean> {
    const row = await trx
      .updateTable('users')
      .set({ verified_at: at, updated_at: new Date() })
      .where('id', '=', companyId)
      .where('type', '=', 'company')
      .where('deleted_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    return Boolean(row);
  }

  /** Every request of an account (its erasure); returns the certificate names to remove. */
  async deleteOf(trx: Kysely<AccountsDatabase>, companyId: string): Promise<string[]> {
    const rows = await trx
      .deleteFrom('verification_requests')
      .where('company_id', '=', companyId)
      .returning('certificate_name')
      .execute();
    return rows.map((row) => row.certificate_name);
  }
}
