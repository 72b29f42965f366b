import { Type, type Static, type TInteger, type TOptional } from 'typebox';

/** Lists that can grow are paginated; the defaults keep legacy calls (which send no paging) working. */
/** The highest page number a list accepts; larger ones (1e300, 99999999999) are a 400, not a 500. */
export const MAX_PAGE = 100_000;

/**
 * The `page` and `limit` of a paged list, declared once for every list: spread them into the list's
 * query schema (`Type.Object({ ...pageQuery({ defaultLimit: 12, maxLimit: 50 }), q: ... })`).
 * (`page=Infinity` and `limit=1e309` pass the validator's bounds, which it checks on finite numbers only:
 * the service kit's input guard refuses a non-finite number in any query string or body, before validation.)
 */
export function pageQuery(options: { defaultLimit: number; maxLimit: number }): {
  page: TOptional<TInteger>;
  limit: TOptional<TInteger>;
} {
  return {
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE, default: 1 })),
    limit: Type.Optional(
      Type.Integer({ minimum: 1, maximum: options.maxLimit, default: options.defaultLimit }),
    ),
  };
}

export const PageQuerySchema = Type.Object(pageQuery({ defaultLimit: 20, maxLimit: 100 }));
export type PageQuery = Static<typeof PageQuerySchema>;

export function pageWindow(query: PageQuery): { page: number; limit: number; offset: number } {
  const page = query.page ?? 1;
  const limit = query.limit ?? 20;
  return { page, limit, offset: (page - 1) * limit };
}
