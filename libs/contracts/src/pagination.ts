import { Type, type Static } from 'typebox';

/** Lists that can grow are paginated; the defaults keep legacy calls (which send no paging) working. */
/** The highest page number a list accepts; larger ones (1e300, 99999999999) are a 400, not a 500. */
export const MAX_PAGE = 100_000;

export const PageQuerySchema = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE, default: 1 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
});
export type PageQuery = Static<typeof PageQuerySchema>;

export function pageWindow(query: PageQuery): { page: number; limit: number; offset: number } {
  const page = query.page ?? 1;
  const limit = query.limit ?? 20;
  return { page, limit, offset: (page - 1) * limit };
}
