import { apiJson } from '@marketplace/ui';
import { COMPANY_API, type CompanyListResponse } from '@marketplace/contracts';
import type { LandingKind } from '../landing-copy';

/** Companies per request: four rows of three on a wide screen. */
export const COMPANIES_PAGE_SIZE = 12;

export function companiesKey(kind: LandingKind, name: string) {
  return ['catalogue', 'companies', kind, name] as const;
}

/** One page of the companies doing a category or sub-category (the directory answers its total). */
export async function fetchCompanies(
  kind: LandingKind,
  name: string,
  page: number,
  signal?: AbortSignal,
): Promise<CompanyListResponse> {
  const path = kind === 'category' ? COMPANY_API.byCategory(name) : COMPANY_API.bySubcategory(name);
  const params = new URLSearchParams({ page: String(page), limit: String(COMPANIES_PAGE_SIZE) });
  const body = await apiJson<Partial<CompanyListResponse>>(`${path}?${params}`, {
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
