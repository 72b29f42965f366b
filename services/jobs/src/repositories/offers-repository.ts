import type { Offer, OfferStatus } from '@marketplace/contracts';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { JobsDatabase, OffersTable } from '../db-types';

export type OfferRow = Omit<Selectable<OffersTable>, 'start_date'> & { start_date: string };

/** An offer with its company's name (the jobs service's member read model). */
export type OfferWithCompany = OfferRow & { company_name: string | null };

export interface NewOffer {
  jobId: string;
  companyId: string;
  priceNaira: number | null;
  startDate: string;
  validUntil: Date;
  note: string;
}

/** A standing offer past its `valid_until` reads as expired (a stored status is never newer than that). */
export function offerStatusAt(row: Pick<OfferRow, 'status' | 'valid_until'>, now: Date): OfferStatus {
  return row.status === 'active' && row.valid_until.getTime() <= now.getTime() ? 'expired' : row.status;
}

export function toOffer(row: OfferWithCompany, now: Date): Offer {
  return {
    _id: row.id,
    jobId: row.job_id,
    company: { _id: row.company_id, name: row.company_name ?? 'Company' },
    priceNaira: row.price_naira,
    startDate: row.start_date,
    validUntil: row.valid_until.toISOString(),
    note: row.note,
    status: offerStatusAt(row, now),
    createdAt: row.created_at.toISOString(),
    decidedAt: row.decided_at ? row.decided_at.toISOString() : null,
  };
}

/**
 * Companies' offers for the jobs they unlocked. The database holds the two rules that matter when
 * requests race: one active offer per company and job, one accepted offer per job (migration 0007).
 */
export class OffersRepository {
  constructor(private readonly db: Kysely<JobsDatabase>) {}

  private selectOffers(db: Kysely<JobsDatabase> = this.db) {
    return db
      .selectFrom('offers')
      .leftJoin('members', 'members.id', 'offers.company_id')
      .select([
        'offers.id',
        'offers.job_id',
        'offers.company_id',
        'offers.price_naira',
        sql<string>`to_char(offers.start_date, 'YYYY-MM-DD')`.as('start_date'),
        'offers.valid_until',
        'offers.note',
        'offers.status',
        'offers.created_at',
        'offers.decided_at',
        'members.name as company_name',
      ]);
  }

  find(id: string, db: Kysely<JobsDatabase> = this.db): Promise<OfferWithCompany | undefined> {
    return this.selectOffers(db).where('offers.id', '=', id).executeTakeFirst();
  }

  /** The offer locked until the transaction ends (a withdrawal and an accept take turns). */
  async lock(trx: Kysely<JobsDatabase>, id: string): Promise<OfferWithCompany | undefined> {
    await trx.selectFrom('offers').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
    return this.find(id, trx);
  }

  /** A job's offers, newest first; only one company's when `companyId` is given. */
  listForJob(jobId: string, companyId?: string): Promise<OfferWithCompany[]> {
    let query = this.selectOffers().where('offers.job_id', '=', jobId);
    if (companyId) query = query.where('offers.company_id', '=', companyId);
    return query.orderBy('offers.created_at', 'desc').orderBy('offers.id').limit(500).execute();
  }

  /** How many offers of each job the poster can compare (see JobSummary.offerCount). */
  async countsFor(jobIds: string[], now: Date): Promise<Map<string, number>> {
    if (jobIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('offers')
      .select((eb) => ['job_id', eb.fn.countAll<string>().as('count')])
      .where('job_id', 'in', jobIds)
      .where((eb) =>
        eb.or([
          eb('status', 'in', ['accepted', 'declined']),
          eb.and([eb('status', '=', 'active'), eb('valid_until', '>', now)]),
        ]),
      )
      .groupBy('job_id')
      .execute();
    return new Map(rows.map((row) => [row.job_id, Number(row.count)]));
  }

  /**
   * Stores a company's new offer; its standing offer for the job (if any) becomes `replaced` first.
   * Returns the new offer's id and the replaced one's.
   */
  async insertReplacing(
    trx: Kysely<JobsDatabase>,
    offer: NewOffer,
    now: Date,
  ): Promise<{ id: string; replacedId: string | null }> {
    const replaced = await trx
      .updateTable('offers')
      .set({ status: 'replaced', decided_at: now })
      .where('job_id', '=', offer.jobId)
      .where('company_id', '=', offer.companyId)
      .where('status', '=', 'active')
      .returning('id')
      .executeTakeFirst();
    const row = await trx
      .insertInto('offers')
      .values({
        job_id: offer.jobId,
        company_id: offer.companyId,
        price_naira: offer.priceNaira,
        start_date: offer.startDate,
        valid_until: offer.validUntil,
        note: offer.note,
        status: 'active',
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id, replacedId: replaced?.id ?? null };
  }

  async setStatus(
    trx: Kysely<JobsDatabase>,
    id: string,
    status: OfferStatus,
    decidedAt: Date | null,
  ): Promise<void> {
    await trx.updateTable('offers').set({ status, decided_at: decidedAt }).where('id', '=', id).execute();
  }

  /**
   * The poster accepted `offerId`: it becomes accepted and every other offer of the job still standing
   * becomes declined, all with the same `decided_at` (the job's `hired_at`), which is how undoing the
   * hire finds the offers this accept declined. Returns the declined offers and their companies.
   */
  async accept(
    trx: Kysely<JobsDatabase>,
    jobId: string,
    offerId: string,
    now: Date,
  ): Promise<Array<{ id: string; company_id: string }>> {
    await this.setStatus(trx, offerId, 'accepted', now);
    return trx
      .updateTable('offers')
      .set({ status: 'declined', decided_at: now })
      .where('job_id', '=', jobId)
      .where('id', '!=', offerId)
      .where('status', '=', 'active')
      .where('valid_until', '>', now)
      .returning(['id', 'company_id'])
      .execute();
  }

  /**
   * The hire of `offerId` (accepted at `hiredAt`) is undone: that offer and the ones its accept declined
   * stand again if still within their time, otherwise they are expired. Returns the ones standing again.
   */
  async reopen(
    trx: Kysely<JobsDatabase>,
    jobId: string,
    offerId: string,
    hiredAt: Date,
    now: Date,
  ): Promise<string[]> {
    const affected = await trx
      .selectFrom('offers')
      .select(['id', 'valid_until'])
      .where('job_id', '=', jobId)
      .where((eb) =>
        eb.or([
          eb('id', '=', offerId),
          eb.and([eb('status', '=', 'declined'), eb('decided_at', '=', hiredAt)]),
        ]),
      )
      .execute();
    const standing = affected.filter((row) => row.valid_until.getTime() > now.getTime()).map((row) => row.id);
    const lapsed = affected.filter((row) => !standing.includes(row.id)).map((row) => row.id);
    if (standing.length > 0) {
      await trx
        .updateTable('offers')
        .set({ status: 'active', decided_at: null })
        .where('id', 'in', standing)
        .execute();
    }
    if (lapsed.length > 0) {
      await trx.updateTable('offers').set({ status: 'expired' }).where('id', 'in', lapsed).execute();
    }
    return standing.filter((id) => id !== offerId);
  }

  /** The in-app notices of a hire: the hired company's and each declined one's (once per job and kind). */
  async notifyHire(
    trx: Kysely<JobsDatabase>,
    jobId: string,
    hired: string,
    declined: string[],
    now: Date,
  ): Promise<void> {
    const rows = [
      { recipient_id: hired, kind: 'offer-accepted' as const, job_id: jobId, created_at: now },
      ...declined.map((companyId) => ({
        recipient_id: companyId,
        kind: 'offer-declined' as const,
        job_id: jobId,
        created_at: now,
      })),
    ];
    // A hire undone and made again tells a company anew: the notice comes back unread.
    await trx
      .insertInto('notifications')
      .values(rows)
      .onConflict((oc) =>
        oc.columns(['recipient_id', 'kind', 'job_id']).doUpdateSet({ created_at: now, read_at: null }),
      )
      .execute();
  }

  /** An undone hire's notices are no longer true: they leave the companies' lists. */
  async withdrawHireNotices(trx: Kysely<JobsDatabase>, jobId: string): Promise<void> {
    await trx
      .deleteFrom('notifications')
      .where('job_id', '=', jobId)
      .where('kind', 'in', ['offer-accepted', 'offer-declined'])
      .execute();
  }
}
