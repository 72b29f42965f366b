import {
  sql,
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type SqlBool,
  type Updateable,
} from 'kysely';
import type { JobRow, JobsDatabase, JobStatusValue, JobsTable } from '../db-types';

/** A job as read back: every column but the search vector, the start date as YYYY-MM-DD. */
export type StoredJob = Omit<JobRow, 'search'> & { poster_name: string | null };

/** What the listings filter on; every value already in the catalogue's (or the states') spelling. */
export interface ListingFilter {
  category?: string;
  subcategory?: string;
  state?: string;
  /** Free words (websearch syntax: "quoted phrases", -excluded, or). */
  words?: string;
  startFrom?: string;
  startTo?: string;
}

export interface AdminFilter {
  words?: string;
  status?: JobStatusValue | 'hidden';
  category?: string;
  state?: string;
}

export interface PageWindow {
  limit: number;
  offset: number;
}

export interface NewJob {
  postedBy: string;
  name: string;
  email: string;
  phoneNumber: string;
  title: string;
  jobHeading: string;
  description: string;
  category: string;
  subcategory: string[];
  state: string;
  address: string | null;
  pincode: string | null;
  jobStartDate: string;
  images: string[];
}

export type JobChanges = Partial<Omit<NewJob, 'postedBy'>>;

type Eb = ExpressionBuilder<JobsDatabase, 'jobs'>;

/**
 * Listed = open, not hidden, not deleted. The partial indexes of migration 0003 carry exactly these
 * three conditions, so every listing query states them the same way.
 */
const listed = (eb: Eb): Expression<SqlBool> =>
  eb.and([
    eb('jobs.status', '=', 'open'),
    eb('jobs.hidden_at', 'is', null),
    eb('jobs.deleted_at', 'is', null),
  ]);

const matchesWords = (words: string) => sql<SqlBool>`jobs.search @@ websearch_to_tsquery('simple', ${words})`;

export class JobsRepository {
  constructor(private readonly db: Kysely<JobsDatabase>) {}

  /** Every column of a job (not the search vector), with the poster's account name when known. */
  private selectJobs(db: Kysely<JobsDatabase> = this.db) {
    return db
      .selectFrom('jobs')
      .leftJoin('members', 'members.id', 'jobs.posted_by')
      .select([
        'jobs.id',
        'jobs.posted_by',
        'jobs.name',
        'jobs.email',
        'jobs.phone_number',
        'jobs.title',
        'jobs.job_heading',
        'jobs.description',
        'jobs.category',
        'jobs.subcategory',
        'jobs.state',
        'jobs.address',
        'jobs.pincode',
        sql<string>`to_char(jobs.job_start_date, 'YYYY-MM-DD')`.as('job_start_date'),
        'jobs.status',
        'jobs.images',
        'jobs.unlock_count',
        'jobs.created_at',
        'jobs.updated_at',
        'jobs.deleted_at',
        'jobs.hidden_reason',
        'jobs.hidden_at',
        'jobs.hired_company_id',
        'jobs.hired_offer_id',
        'jobs.hired_at',
        'members.name as poster_name',
      ]);
  }

  /** Open, visible jobs newest first; one row more than the page tells whether there is a next page. */
  listListed(filter: ListingFilter, page: PageWindow): Promise<StoredJob[]> {
    return this.listedQuery(filter, page).execute();
  }

  /** The query of `listListed` (the bench prints its plan). */
  listedQuery(filter: ListingFilter, page: PageWindow) {
    let query = this.selectJobs().where(listed);
    if (filter.category) query = query.where('jobs.category', '=', filter.category);
    if (filter.state) query = query.where('jobs.state', '=', filter.state);
    if (filter.subcategory) {
      query = query.where(sql<SqlBool>`jobs.subcategory @> array[${filter.subcategory}]::text[]`);
    }
    if (filter.words) query = query.where(matchesWords(filter.words));
    if (filter.startFrom) query = query.where('jobs.job_start_date', '>=', filter.startFrom);
    if (filter.startTo) query = query.where('jobs.job_start_date', '<=', filter.startTo);
    return query
      .orderBy('jobs.created_at', 'desc')
      .orderBy('jobs.id', 'desc')
      .limit(page.limit + 1)
      .offset(page.offset);
  }

  /** The admin's list: every job that is not deleted, hidden and completed ones included. */
  async listForAdmin(filter: AdminFilter, page: PageWindow): Promise<StoredJob[]> {
    let query = this.selectJobs().where('jobs.deleted_at', 'is', null);
    if (filter.status === 'hidden') query = query.where('jobs.hidden_at', 'is not', null);
    else if (filter.status) {
      query = query.where('jobs.status', '=', filter.status).where('jobs.hidden_at', 'is', null);
    }
    if (filter.category) query = query.where('jobs.category', '=', filter.category);
    if (filter.state) query = query.where('jobs.state', '=', filter.state);
    if (filter.words) query = query.where(matchesWords(filter.words));
    return query
      .orderBy('jobs.created_at', 'desc')
      .orderBy('jobs.id', 'desc')
      .limit(page.limit + 1)
      .offset(page.offset)
      .execute();
  }

  /** A poster's own jobs (hidden ones included, deleted ones not), newest first. */
  listPostedBy(posterId: string): Promise<StoredJob[]> {
    return this.selectJobs()
      .where('jobs.posted_by', '=', posterId)
      .where('jobs.deleted_at', 'is', null)
      .orderBy('jobs.created_at', 'desc')
      .orderBy('jobs.id', 'desc')
      .execute();
  }

  /** The names the members of `ids` go by (companies' public names), by id; unknown ids are left out. */
  async memberNames(ids: string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db.selectFrom('members').select(['id', 'name']).where('id', 'in', ids).execute();
    return new Map(rows.flatMap((row) => (row.name ? [[row.id, row.name] as const] : [])));
  }

  /** The jobs a company has a paid unlock of (not deleted, not hidden), newest first. */
  listUnlockedBy(companyId: string): Promise<StoredJob[]> {
    return this.selectJobs()
      .innerJoin('unlocks', 'unlocks.job_id', 'jobs.id')
      .where('unlocks.company_id', '=', companyId)
      .where('unlocks.status', '=', 'paid')
      .where('jobs.deleted_at', 'is', null)
      .where('jobs.hidden_at', 'is', null)
      .orderBy('jobs.created_at', 'desc')
      .orderBy('jobs.id', 'desc')
      .execute();
  }

  /** One job, deleted or not (callers decide who may see what). Pass a transaction to read inside it. */
  find(id: string, db: Kysely<JobsDatabase> = this.db): Promise<StoredJob | undefined> {
    return this.selectJobs(db).where('jobs.id', '=', id).executeTakeFirst();
  }

  /** The row locked until the transaction ends, so two changes of one job take turns. */
  async lock(trx: Kysely<JobsDatabase>, id: string): Promise<StoredJob | undefined> {
    await trx.selectFrom('jobs').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
    return this.find(id, trx);
  }

  async insert(trx: Kysely<JobsDatabase>, job: NewJob): Promise<string> {
    const row = await trx
      .insertInto('jobs')
      .values({
        posted_by: job.postedBy,
        name: job.name,
        email: job.email,
        phone_number: job.phoneNumber,
        title: job.title,
        job_heading: job.jobHeading,
        description: job.description,
        category: job.category,
        subcategory: job.subcategory,
        state: job.state,
        address: job.address,
        pincode: job.pincode,
        job_start_date: job.jobStartDate,
        images: job.images,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async update(trx: Kysely<JobsDatabase>, id: string, changes: JobChanges): Promise<void> {
    const set: Updateable<JobsTable> = {};
    if (changes.name !== undefined) set.name = changes.name;
    if (changes.email !== undefined) set.email = changes.email;
    if (changes.phoneNumber !== undefined) set.phone_number = changes.phoneNumber;
    if (changes.title !== undefined) set.title = changes.title;
    if (changes.jobHeading !== undefined) set.job_heading = changes.jobHeading;
    if (changes.description !== undefined) set.description = changes.description;
    if (changes.category !== undefined) set.category = changes.category;
    if (changes.subcategory !== undefined) set.subcategory = changes.subcategory;
    if (changes.state !== undefined) set.state = changes.state;
    if (changes.address !== undefined) set.address = changes.address;
    if (changes.pincode !== undefined) set.pincode = changes.pincode;
    if (changes.jobStartDate !== undefined) set.job_start_date = changes.jobStartDate;
    if (changes.images !== undefined) set.images = changes.images;
    await trx
      .updateTable('jobs')
      .set({ ...set, updated_at: new Date() })
      .where('id', '=', id)
      .execute();
  }

  async setStatus(trx: Kysely<JobsDatabase>, id: string, status: JobStatusValue): Promise<void> {
    await trx.updateTable('jobs').set({ status, updated_at: new Date() }).where('id', '=', id).execute();
  }

  /** The poster hired a company through its offer: the job moves to in-progress with the hire. */
  async hire(
    trx: Kysely<JobsDatabase>,
    id: string,
    hire: { companyId: string; offerId: string; at: Date },
  ): Promise<void> {
    await trx
      .updateTable('jobs')
      .set({
        status: 'in-progress',
        hired_company_id: hire.companyId,
        hired_offer_id: hire.offerId,
        hired_at: hire.at,
        updated_at: new Date(),
      })
      .where('id', '=', id)
      .execute();
  }

  /** The poster undid the hire before work started: the job is open again, without a hire. */
  async clearHire(trx: Kysely<JobsDatabase>, id: string): Promise<void> {
    await trx
      .updateTable('jobs')
      .set({
        status: 'open',
        hired_company_id: null,
        hired_offer_id: null,
        hired_at: null,
        updated_at: new Date(),
      })
      .where('id', '=', id)
      .execute();
  }

  async softDelete(trx: Kysely<JobsDatabase>, id: string): Promise<void> {
    const now = new Date();
    await trx.updateTable('jobs').set({ deleted_at: now, updated_at: now }).where('id', '=', id).execute();
  }

  async setHidden(trx: Kysely<JobsDatabase>, id: string, reason: string | null): Promise<void> {
    const now = new Date();
    await trx
      .updateTable('jobs')
      .set({ hidden_reason: reason, hidden_at: reason === null ? null : now, updated_at: now })
      .where('id', '=', id)
      .execute();
  }

  async adjustUnlockCount(trx: Kysely<JobsDatabase>, id: string, by: 1 | -1): Promise<void> {
    await trx
      .updateTable('jobs')
      .set((eb) => ({ unlock_count: sql<number>`greatest(${eb.ref('unlock_count')} + ${by}, 0)` }))
      .where('id', '=', id)
      .execute();
  }

  /**
   * An erased account's jobs (accounts.user.deleted): the open ones leave every listing, and the
   * poster's name and contact details are wiped from all of them. Returns the jobs newly deleted.
   */
  async eraseJobsOf(trx: Kysely<JobsDatabase>, posterId: string): Promise<string[]> {
    const now = new Date();
    const deleted = await trx
      .updateTable('jobs')
      .set({ deleted_at: now })
      .where('posted_by', '=', posterId)
      .where('deleted_at', 'is', null)
      .where('status', '!=', 'completed')
      .returning('id')
      .execute();
    await trx
      .updateTable('jobs')
      .set({ name: '', email: null, phone_number: null, address: null, updated_at: now })
      .where('posted_by', '=', posterId)
      .execute();
    return deleted.map((row) => row.id);
  }

  /** Whether the member has a job anyone may see (not deleted, not hidden by an admin). */
  async hasJobOnShow(memberId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('jobs')
      .select('id')
      .where('posted_by', '=', memberId)
      .where('deleted_at', 'is', null)
      .where('hidden_at', 'is', null)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  async countPostedBy(memberId: string): Promise<number> {
    const row = await this.db
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('posted_by', '=', memberId)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }
}
