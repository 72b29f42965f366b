import {
  canonicalCategoryName,
  canonicalStateName,
  canonicalSubcategoryName,
  CompanyIndexQuerySchema,
  CompanyIndexResponseSchema,
  CompanyListQuerySchema,
  CompanyListResponseSchema,
  CompanyResponseSchema,
  pageWindow,
  type Company,
  type CompanyListQuery,
} from '@marketplace/contracts';
import {
  badRequest,
  cachedJson,
  isUuid,
  notFound,
  NotModifiedResponseSchema,
  sendCachedJson,
  type CachedJson,
  type FastifyPluginAsyncTypebox,
  type ReadCache,
} from '@marketplace/service-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { Type } from 'typebox';
import type { AccountsDatabase } from '../db-types';
import { UsersRepository, type UserRow } from '../repositories/users-repository';

export interface DirectoryRoutesOptions {
  db: Kysely<AccountsDatabase>;
  /** The answers as sent, by normalized query; cleared by the service on every write of `users`. */
  cache: ReadCache<CachedJson>;
}

/**
 * `no-cache`, not `max-age`: a company that edits its profile, and a visitor after it, must see the
 * change on the next read, which a max-age would let a browser or a shared cache skip for its length.
 * Every read still asks, but an unchanged answer costs a 304 from memory (no query, no body); `public`
 * lets shared caches keep it too (the same bytes for everyone: no viewer-dependent field).
 */
export const DIRECTORY_CACHE_CONTROL = 'public, no-cache';

/**
 * Public fields of a company (spec "Company (as listed)"); the spec's card shows email and phone, and
 * the state is directory data like the address (the lists filter by it).
 */
export function toCompany(row: UserRow): Company {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    phoneNumber: row.phone_number,
    address: row.address,
    state: row.state,
    pincode: row.pincode,
    subcategory: row.subcategories,
    description: row.description,
    photoUrl: row.photo_url,
    type: 'company',
    rating: ratingSummary(row.rating_sum, row.rating_count),
    replyMinutes: row.reply_minutes,
    verifiedAt: row.verified_at?.toISOString() ?? null,
  };
}

/**
 * Average to one decimal (the profile shows 4.5 of 5); 0 when nobody has rated the company yet. The
 * directory orders by the same figure in SQL (RATING_TENTHS_SQL, integer arithmetic; checked equal for
 * every sum of up to 5,000 ratings), so the order and the figures shown agree.
 */
export function ratingSummary(sum: number, count: number) {
  return { average: count > 0 ? Math.round((sum / count) * 10) / 10 : 0, count };
}

export const DIRECTORY_MESSAGES = Object.freeze({
  unknownState: (name: string) =>
    `Unknown state '${name}'. Choose one of the 36 states or the Federal Capital Territory (FCT).`,
});

/**
 * The `state` of a list query as NIGERIAN_STATES spells it; undefined when none was given (empty means
 * every state, as the web's 'All states' sends nothing). Any other value is a 400 naming it.
 */
export function directoryState(raw: string | undefined): string | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  const state = canonicalStateName(raw);
  if (!state) throw badRequest(DIRECTORY_MESSAGES.unknownState(printable(raw)));
  return state;
}

/** A value as an error message may quote it: control characters escaped (JSON), 60 characters at most. */
function printable(value: string): string {
  const shown = JSON.stringify(value.trim()).slice(1, -1);
  return shown.length > 60 ? `${shown.slice(0, 57)}...` : shown;
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
  const { cache } = options;

  /**
   * The answer serialized by the route's response schema (only public fields leave), from the cache
   * under `key`, a key built from the normalized query only (canonical names, numbers with defaults
   * applied), so two requests share an entry exactly when they must get the same bytes. Without a key
   * (an answer that costs no query, or one not worth keeping) it is made for this request only.
   */
  async function answer(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string | undefined,
    load: () => Promise<unknown>,
  ) {
    const make = async () => cachedJson(String(reply.serialize(await load())));
    const body = key === undefined ? await make() : await cache.through(key, make);
    return sendCachedJson(request, reply, body, DIRECTORY_CACHE_CONTROL);
  }

  const list = (
    request: FastifyRequest,
    reply: FastifyReply,
    raw: string,
    prefer: 'category' | 'subcategory',
    query: CompanyListQuery,
  ) => {
    const window = pageWindow(query);
    // Checked first: an unknown state is the caller's mistake whatever the trade (a 400, nothing kept).
    const state = directoryState(query.state);
    const filter = directoryFilter(raw, prefer);
    // An unknown name is an empty list, not an error: the pages show 'No Data Found'. It costs no query
    // and is not kept (any string is an unknown name: they would only push real pages out).
    if (!filter) {
      return answer(request, reply, undefined, async () => ({
        company: [],
        page: window.page,
        limit: window.limit,
        total: 0,
      }));
    }
    // The state (canonical, null for every state) is part of the key: each state is its own answer.
    const key = `list|${JSON.stringify([filter, state ?? null, window.page, window.limit])}`;
    return answer(request, reply, key, async () => {
      const { rows, total } = await users.listCompanies(filter, state, window);
      return { company: rows.map(toCompany), page: window.page, limit: window.limit, total };
    });
  };

  app.get(
    '/api/jobs/getcompaniesbycategory/:category',
    {
      schema: {
        params: Type.Object({ category: Type.String({ maxLength: 100 }) }),
        querystring: CompanyListQuerySchema,
        response: { 200: CompanyListResponseSchema, 304: NotModifiedResponseSchema },
      },
    },
    async (request, reply) => list(request, reply, request.params.category, 'category', request.query),
  );

  app.get(
    '/api/jobs/getcompaniesbysubCategory/:subcategory',
    {
      schema: {
        params: Type.Object({ subcategory: Type.String({ maxLength: 100 }) }),
        querystring: CompanyListQuerySchema,
        response: { 200: CompanyListResponseSchema, 304: NotModifiedResponseSchema },
      },
    },
    async (request, reply) => list(request, reply, request.params.subcategory, 'subcategory', request.query),
  );

  // Every live company's id and last change, by id, a page at a time: public (the ids are in the
  // category lists already), for the edge's sitemap.
  app.get(
    '/api/accounts/companies',
    {
      schema: {
        querystring: CompanyIndexQuerySchema,
        response: { 200: CompanyIndexResponseSchema, 304: NotModifiedResponseSchema },
      },
    },
    async (request, reply) => {
      const window = pageWindow({ page: request.query.page, limit: request.query.limit ?? 100 });
      return answer(request, reply, `index|${window.page}|${window.limit}`, async () => {
        const { rows, total } = await users.companyIndex(window);
        return {
          companies: rows.map((row) => ({ _id: row.id, updatedAt: row.updated_at.toISOString() })),
          page: window.page,
          limit: window.limit,
          total,
        };
      });
    },
  );

  app.get(
    '/api/accounts/companies/:id',
    {
      schema: {
        params: Type.Object({ id: Type.String({ maxLength: 64 }) }),
        response: { 200: CompanyResponseSchema, 304: NotModifiedResponseSchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      // Only a well-formed id gets an entry (ids compare in any case); a 404 is never kept.
      const key = isUuid(id) ? `company|${id.toLowerCase()}` : undefined;
      return answer(request, reply, key, async () => {
        const row = await users.findCompany(id);
        if (!row) throw notFound('Company not found');
        return { statusCode: 200, company: toCompany(row) };
      });
    },
  );
};
