// The /jobs search lives in the address (?q=&category=&subcategory=&state=&startFrom=&startTo=&page=), so
// a search can be shared and bookmarked. Reading is forgiving (unknown values are dropped), writing
// leaves out what is empty.
import {
  canonicalCategoryName,
  canonicalSubcategoryName,
  categoryOfSubcategory,
  isCalendarDay,
  JOB_LIMITS,
  MAX_PAGE,
  NIGERIAN_STATES,
  type JobSearchQuery,
} from '@marketplace/contracts';
import { JOBS_PAGE_SIZE } from '../api/get-jobs';

export interface SearchFilters {
  q: string;
  category: string;
  subcategory: string;
  state: string;
  /** YYYY-MM-DD or '' */
  startFrom: string;
  /** YYYY-MM-DD or '' */
  startTo: string;
}

export const EMPTY_FILTERS: SearchFilters = Object.freeze({
  q: '',
  category: '',
  subcategory: '',
  state: '',
  startFrom: '',
  startTo: '',
});

const FILTER_KEYS = Object.keys(EMPTY_FILTERS) as Array<keyof SearchFilters>;

function canonicalState(value: string): string {
  const lower = value.trim().toLowerCase();
  if (!lower) return '';
  return NIGERIAN_STATES.find((state) => state.toLowerCase() === lower) ?? '';
}

function day(value: string | null): string {
  const v = (value ?? '').trim();
  return isCalendarDay(v) ? v : '';
}

/** Filters as the address has them, cleaned: known category, sub-category and state only, real days. */
export function readFilters(params: URLSearchParams): SearchFilters {
  const category = canonicalCategoryName(params.get('category') ?? '') ?? '';
  let subcategory = canonicalSubcategoryName(params.get('subcategory') ?? '') ?? '';
  if (subcategory && category && categoryOfSubcategory(subcategory) !== category) subcategory = '';
  let startFrom = day(params.get('startFrom'));
  let startTo = day(params.get('startTo'));
  if (startFrom && startTo && startFrom > startTo) [startFrom, startTo] = [startTo, startFrom];
  return {
    q: (params.get('q') ?? '').trim().slice(0, JOB_LIMITS.searchWordsMax),
    category,
    subcategory,
    state: canonicalState(params.get('state') ?? ''),
    startFrom,
    startTo,
  };
}

export function readPage(params: URLSearchParams): number {
  const page = Number.parseInt(params.get('page') ?? '', 10);
  return Number.isFinite(page) && page >= 1 ? Math.min(page, MAX_PAGE) : 1;
}

/** The address's query for these filters (page left out on the first page). */
export function writeFilters(filters: SearchFilters, page = 1): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = filters[key].trim();
    if (value) params.set(key, value);
  }
  if (page > 1) params.set('page', String(page));
  return params;
}

/** GET /api/jobs/search's query for these filters and page. */
export function toSearchQuery(filters: SearchFilters, page: number): JobSearchQuery {
  const query: JobSearchQuery = { page, limit: JOBS_PAGE_SIZE };
  for (const key of FILTER_KEYS) {
    const value = filters[key].trim();
    if (value) query[key] = value;
  }
  return query;
}

export function hasFilters(filters: SearchFilters): boolean {
  return FILTER_KEYS.some((key) => filters[key].trim() !== '');
}

/** The end of the date range before its start: the form says so instead of searching. */
export function dateRangeError(filters: Pick<SearchFilters, 'startFrom' | 'startTo'>): string | undefined {
  if (filters.startFrom && filters.startTo && filters.startFrom > filters.startTo)
    return 'The latest start date must be on or after the earliest one.';
  return undefined;
}
