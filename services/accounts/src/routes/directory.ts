import {
  canonicalCategoryName,
  canonicalSubcategoryName,
  CompanyListResponseSchema,
  CompanyResponseSchema,
  PageQuerySchema,
  pageWindow,
  type Company,
} from '@marketplace/contracts';
import { notFound, type FastifyPluginAsyncTypebox } from '@marketplace/service-kit';
import type { Kysely } from 'kysely';
import { Type } from 'typebox';
import type { AccountsDatabase } from '../db-types';
import { UsersRepository, type UserRow } from '../repositories/users-repository';

export interface DirectoryRoutesOptions {
  db: Kysely<AccountsDatabase>;
}

/** Public fields of a company (spec "Company (as listed)"); the spec's card shows email and phone. */
export function toCompany(row: UserRow): Company {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    phoneNumber: row.phone_number,
    address: row.address,
    pincode: row.pincode,
    subcategory: row.subcategories,
    description: row.description,
    photoUrl: row.photo_url,
    type: 'company',
    rating: ratingSummary(row.rating_sum, row.rating_count),
  };
}

/** Average to one decimal (the profile shows 4.5 of 5); 0 when nobody has rated the company yet. */
export function ratingSummary(sum: number, count: number) {
  return { average: count > 0 ? Math.round((sum / count) * 10) / 10 : 0, count };
}

type DirectoryFilter = { categories: string } | { subcategories: string };

/**
 * A landing-page key as a catalogue name, in any casing, with underscores for spaces (the pages use
 * 'plumber', 'waste management', 'paving_stone'). The pages also send trades to the category endpoint
 * (/category/plumber) and categories to the sub-category one, so the other kind is tried second.
 */
export function directoryFilter(
  raw: string,
  prefer: 'category' | 'subcategory',
): DirectoryFilter | undefined {
  const name = raw.replace(/_/g, ' ').replace(/\s+/g, ' ').trim();
  const category = canonicalCategoryName(name);
  const subcategory = canonicalSubcategoryName(name);
  if (prefer === 'category') {
    if (category) return { categories: category };
    if (subcategory) return { subcategories: subcategory };
  } else {
    if (subcategory) return { subcategories: subcategory };
    if (category) return { categories: category };
  }
  return undefined;
}

/**
 * The company directory of the catalogue pages (legacy paths under /api/jobs/, owned by accounts per the
 * edge route table) and one company by id. Only live companies and only their public fields.
 */
export const directoryRoutes: FastifyPluginAsyncTypebox<DirectoryRoutesOptions> = async (app, options) => {
  const users = new UsersRepository(options.db);

  const list = async (
    raw: string,
    prefer: 'category' | 'subcategory',
    query: { page?: number; limit?: number },
  ) => {
    const window = pageWindow(query);
    const filter = directoryFilter(raw, prefer);
    // An unknown name is an empty list, not an error: the pages show 'No Data Found'.
    const { rows, total } = filter ? await users.listCompanies(filter, window) : { rows: [], total: 0 };
    return { company: rows.map(toCompany), page: window.page, limit: window.limit, total };
  };

  app.get(
    '/api/jobs/getcompaniesbycategory/:category',
    {
      schema: {
        params: Type.Object({ category: Type.String({ maxLength: 100 }) }),
        querystring: PageQuerySchema,
        response: { 200: CompanyListResponseSchema },
      },
    },
    async (request) => list(request.params.category, 'category', request.query),
  );

  app.get(
    '/api/jobs/getcompaniesbysubCategory/:subcategory',
    {
      schema: {
        params: Type.Object({ subcategory: Type.String({ maxLength: 100 }) }),
        querystring: PageQuerySchema,
        response: { 200: CompanyListResponseSchema },
      },
    },
    async (request) => list(request.params.subcategory, 'subcategory', request.query),
  );

  app.get(
    '/api/accounts/companies/:id',
    {
      schema: {
        params: Type.Object({ id: Type.String({ maxLength: 64 }) }),
        response: { 200: CompanyResponseSchema },
      },
    },
    async (request) => {
      const row = await users.findCompany(request.params.id);
      if (!row) throw notFound('Company not found');
      return { statusCode: 200, company: toCompany(row) };
    },
  );
};
