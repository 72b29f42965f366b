import { apiJson } from '@marketplace/ui';
import { COMPANY_API, type CompanyListResponse, type LandingKind } from '@marketplace/contracts';

/** Companies per request: four rows of three on a wide screen. */
export const COMPANIES_PAGE_SIZE = 12;

/** `state`: one of NIGERIAN_STATES, or '' for every state (each state is a list of its own). */
export function companiesKey(kind: LandingKind, name: string, state = '') {
  return ['catalogue', 'companies', kind, name, state] as const;
}

/**
 * One page of the companies doing a category or sub-category, in one state or all ('') (the directory
 * answers its total of that set, best rated and most recently active first).
 */
export async function fetchCompanies(
  kind: LandingKind,
  name: string,
  page: number,
  state = '',
  signal?: AbortSignal,
): Promise<CompanyListResponse> {
  const query = { page, limit: COMPANIES_PAGE_SIZE, state };
  const path =
    kind === 'category' ? COMPANY_API.byCategory(name, query) : COMPANY_API.bySubcategory(name, query);
  const body = await apiJson<Partial<CompanyListResponse>>(path, {
    signal,
    networkToast: false,
  });
  return {
    company: Array.isArray(body.company) ? body.company : [],
    page: typeof body.page === 'number' ? body.page : page,
    limit: typeof body.limit === 'number' ? body.limit : COMPANIES_PAGE_SIZE,
    total: typeof body.total === 'number' ? body.total : 0,
  };
}
