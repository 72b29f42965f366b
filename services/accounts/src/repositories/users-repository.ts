import { isUuid } from '@marketplace/service-kit';
import {
  sql,
  type Kysely,
  type OrderByInterface,
  type Selectable,
  type Transaction,
  type Updateable,
} from 'kysely';
import type { AccountsDatabase, UsersTable } from '../db-types';

export type UserRow = Selectable<UsersTable>;

export interface NewUser {
  email: string;
  name: string;
  passwordHash: string;
  type: UsersTable['type'];
  phoneNumber?: string | null;
  cacnumber?: string | null;
  cacClass?: UsersTable['cac_class'];
  address?: string | null;
  state?: string | null;
  pincode?: string | null;
  categories?: string[];
  subcategories?: string[];
  /** Set when the address is already proven (an address Facebook vouches for, the configured admin). */
  emailVerifiedAt?: Date | null;
}

export interface PageWindow {
  limit: number;
  offset: number;
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** `value` as a LIKE pattern that matches it literally anywhere. */
export function containsPattern(value: string): string {
  return `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The local part of a Nigerian number as stored after +234, for searching by any written form. */
function phoneSearchDigits(search: string): string | undefined {
  if (!/^[+\d\s\-().]+$/.test(search)) return undefined;
  let digits = search.replace(/\D/g, '');
  if (digits.startsWith('234')) digits = digits.slice(3);
  if (digits.startsWith('0')) digits = digits.slice(1);
  return digits.length >= 3 ? digits : undefined;
}

/**
 * A company's average rating in tenths, rounded half up, as the directory shows it (ratingSummary:
 * 4.25 shows as 4.3 and ranks as 43); null while nobody has rated it. Integer arithmetic only, so the
 * database and the answer agree to the last digit.
 */
export const RATING_TENTHS_SQL = sql`(20 * rating_sum + rating_count) / nullif(2 * rating_count, 0)`;

/**
 * The directory's order: rated companies first, by the average as shown (higher first), then by the
 * number of reviews (more first); then the companies nobody has rated yet. Among equals, the most
 * recently active first: `updated_at`, the last change a company made to its account (registration,
 * profile edit, new password; the only activity column accounts has: applications and reviews are
 * counted here without touching it, and sign-ins live in refresh_tokens). Last the id, so the order is
 * total and a page never repeats or skips a company of another while nothing changes.
 * Migration 0008_directory_order indexes these expressions exactly as written here.
 */
function inDirectoryOrder<Q extends OrderByInterface<AccountsDatabase, 'users', object>>(query: Q): Q {
  return query
    .orderBy(RATING_TENTHS_SQL, (ob) => ob.desc().nullsLast())
    .orderBy('rating_count', 'desc')
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'asc') as Q;
}

export class UsersRepository {
  constructor(private readonly db: Kysely<AccountsDatabase>) {}

  /** Returns undefined when the email is already taken (case-insensitively). */
  async insert(trx: Transaction<AccountsDatabase>, user: NewUser): Promise<UserRow | undefined> {
    return trx
      .insertInto('users')
      .values({
        email: user.email.trim(),
        email_normalized: normaliseEmail(user.email),
        name: user.name.trim(),
        password_hash: user.passwordHash,
        type: user.type,
        phone_number: user.phoneNumber ?? null,
        cacnumber: user.cacnumber ?? null,
        cac_class: user.cacClass ?? null,
        address: user.address ?? null,
        state: user.state ?? null,
        pincode: user.pincode ?? null,
        categories: user.categories ?? [],
        subcategories: user.subcategories ?? [],
        description: null,
        photo_url: null,
        email_verified_at: user.emailVerifiedAt ?? null,
      })
      .onConflict((oc) => oc.column('email_normalized').doNothing())
      .returningAll()
      .executeTakeFirst();
  }

  /** A live (not deleted) account by email, in any casing. */
  findByEmail(email: string): Promise<UserRow | undefined> {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where('email_normalized', '=', normaliseEmail(email))
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  }

  /** A live (not deleted) account by id. */
  findById(id: string, db: Kysely<AccountsDatabase> = this.db): Promise<UserRow | undefined> {
    if (!isUuid(id)) return Promise.resolve(undefined);
    return db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  }

  /** Applies the changes to a live account and returns the new row (undefined if it is gone). */
  update(
    trx: Kysely<AccountsDatabase>,
    id: string,
    changes: Updateable<UsersTable>,
  ): Promise<UserRow | undefined> {
    return trx
      .updateTable('users')
      .set({ ...changes, updated_at: new Date() })
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .returningAll()
      .executeTakeFirst();
  }

  /**
   * Admin list: newest first, ties broken by id, so pages never overlap. `search` matches anywhere in
   * email, name or phone number, case-insensitively; a number typed in local form (0803...) also finds
   * the stored +234 form.
   */
  async listForAdmin(
    search: string | undefined,
    page: PageWindow,
  ): Promise<{ rows: UserRow[]; total: number }> {
    const needle = search?.trim().toLowerCase();
    let query = this.db.selectFrom('users').where('deleted_at', 'is', null);
    if (needle) {
      const pattern = containsPattern(needle);
      const digits = phoneSearchDigits(needle);
      query = query.where((eb) =>
        eb.or([
          eb('email_normalized', 'like', pattern),
          eb(eb.fn('lower', ['name']), 'like', pattern),
          eb('phone_number', 'like', pattern),
          ...(digits ? [eb('phone_number', 'like', containsPattern(digits))] : []),
        ]),
      );
    }
    const [rows, count] = await Promise.all([
      query
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(page.limit)
        .offset(page.offset)
        .execute(),
      query.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.count) };
  }

  /**
   * Live companies offering a catalogue category or sub-category (canonical name), optionally in one
   * state (canonical name), in directory order (inDirectoryOrder); `total` counts the filtered set.
   */
  async listCompanies(
    by: { categories: string } | { subcategories: string },
    state: string | undefined,
    page: PageWindow,
  ): Promise<{ rows: UserRow[]; total: number }> {
    const [column, name] =
      'categories' in by
        ? (['categories', by.categories] as const)
        : (['subcategories', by.subcategories] as const);
    let query = this.db
      .selectFrom('users')
      .where('type', '=', 'company')
      .where('deleted_at', 'is', null)
      .where(sql<boolean>`${sql.ref(column)} @> array[${name}]::text[]`);
    if (state !== undefined) query = query.where('state', '=', state);
    const [rows, count] = await Promise.all([
      inDirectoryOrder(query.selectAll()).limit(page.limit).offset(page.offset).execute(),
      query.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.count) };
  }

  /**
   * Live companies by id, a page at a time: only the id and the last change (the sitemap). The primary
   * key orders them, so a company that joins does not shift the pages before its id.
   */
  async companyIndex(page: PageWindow): Promise<{ rows: { id: string; updated_at: Date }[]; total: number }> {
    const query = this.db.selectFrom('users').where('type', '=', 'company').where('deleted_at', 'is', null);
    const [rows, count] = await Promise.all([
      query.select(['id', 'updated_at']).orderBy('id').limit(page.limit).offset(page.offset).execute(),
      query.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.count) };
  }

  async findCompany(id: string): Promise<UserRow | undefined> {
    const row = await this.findById(id);
    return row?.type === 'company' ? row : undefined;
  }

  /**
   * Erases an account's personal data (NDPA): the row stays so ids held elsewhere still resolve, but
   * it carries nothing about the person any more and cannot sign in.
   */
  anonymise(trx: Kysely<AccountsDatabase>, id: string, unusablePasswordHash: string) {
    return trx
      .updateTable('users')
      .set({
        name: 'Deleted user',
        email: `deleted-${id}@deleted.invalid`,
        email_normalized: `deleted-${id}@deleted.invalid`,
        password_hash: unusablePasswordHash,
        phone_number: null,
        cacnumber: null,
        cac_class: null,
        address: null,
        state: null,
        pincode: null,
        description: null,
        photo_url: null,
        categories: [],
        subcategories: [],
        email_verified_at: null,
        deleted_at: new Date(),
        updated_at: new Date(),
      })
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .returningAll()
      .executeTakeFirst();
  }

  /**
   * Marks the address verified, only while the account still has the address the proof was for.
   * Returns false when the account is gone or its address changed (an already verified one counts).
   */
  async markEmailVerified(
    trx: Kysely<AccountsDatabase>,
    id: string,
    emailNormalized: string,
    now: Date,
  ): Promise<boolean> {
    const row = await trx
      .updateTable('users')
      .set((eb) => ({ email_verified_at: eb.fn.coalesce('email_verified_at', eb.val(now)) }))
      .where('id', '=', id)
      .where('email_normalized', '=', emailNormalized)
      .where('deleted_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    return Boolean(row);
  }

  /** A new password hash for a live account; returns the updated row. */
  setPasswordHash(trx: Kysely<AccountsDatabase>, id: string, passwordHash: string) {
    return this.update(trx, id, { password_hash: passwordHash });
  }

  /** Adds to the job totals kept from jobs events; never below zero. Unknown ids change nothing. */
  async adjustJobTotals(
    trx: Kysely<AccountsDatabase>,
    id: string,
    delta: { posted?: number; applied?: number },
  ): Promise<void> {
    if (!isUuid(id)) return;
    await trx
      .updateTable('users')
      .set((eb) => ({
        total_posted_jobs: sql<number>`greatest(${eb.ref('total_posted_jobs')} + ${delta.posted ?? 0}, 0)`,
        total_applied_jobs: sql<number>`greatest(${eb.ref('total_applied_jobs')} + ${delta.applied ?? 0}, 0)`,
      }))
      .where('id', '=', id)
      .execute();
  }

  /** Adds one review's rating to a company's summary (run once per event through the inbox). */
  async addRating(trx: Kysely<AccountsDatabase>, companyId: string, rating: number): Promise<void> {
    await this.adjustRating(trx, companyId, rating, 1);
  }

  /** Takes a hidden review's rating out of a company's summary (never below zero). */
  async removeRating(trx: Kysely<AccountsDatabase>, companyId: string, rating: number): Promise<void> {
    await this.adjustRating(trx, companyId, -rating, -1);
  }

  private async adjustRating(
    trx: Kysely<AccountsDatabase>,
    companyId: string,
    sum: number,
    count: number,
  ): Promise<void> {
    if (!isUuid(companyId)) return;
    await trx
      .updateTable('users')
      .set((eb) => ({
        rating_sum: sql<number>`greatest(${eb.ref('rating_sum')} + ${sum}, 0)`,
        rating_count: sql<number>`greatest(${eb.ref('rating_count')} + ${count}, 0)`,
      }))
      .where('id', '=', companyId)
      .where('type', '=', 'company')
      .execute();
  }
}
