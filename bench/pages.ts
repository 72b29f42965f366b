// Which pages `npm run bench` measures with Lighthouse, read from the shell's route table so that a route
// added later is measured without anyone adding it here: every route in every role that reaches it, with
// a concrete address for its `:params` from the demo marketplace. A route the bench cannot build an
// address for stops the bench (planVisits throws); only pages nobody can land on are skipped, each with
// its reason below. Also the budgets of issue 27 and the check of a page's figures against them.
import type { RouteSpec } from '@marketplace/shell/src/app/routes/route-specs';

/** Who opens the page: a visitor (no session) or a signed-in account of that type. */
export type Role = 'visitor' | 'user' | 'company' | 'admin';

const SIGNED_IN_ROLES: readonly Role[] = ['user', 'company', 'admin'];

/** Real values from the demo marketplace for the routes' `:params`. */
export interface DemoFacts {
  /** A category with demo companies and jobs (e.g. Craftsman). */
  category: string;
  /** A sub-category (trade) with demo companies (e.g. Plumber). */
  subcategory: string;
  /** A demo company's id (one with a photo: the heaviest profile a visitor meets). */
  companyId: string;
}

export interface Visit {
  /** The route table's path (`/category/:type`). */
  route: string;
  role: Role;
  /** The address opened, relative to the site (`/category/Craftsman`). */
  url: string;
}

export interface Skipped {
  route: string;
  reason: string;
}

/**
 * Routes that cannot be a landing page, so a Lighthouse run of them would measure nothing a person meets
 * on a fresh load. Anything else in the route table is measured.
 */
export const NOT_LANDING_PAGES: Readonly<Record<string, string>> = Object.freeze({
  '/facebook/callback':
    "Facebook's return address after a social sign-in: only reached with Facebook's one-time code and the state cookie of a sign-in begun here",
  '/payment/callback':
    "the payment provider's return address: only reached after a checkout with that payment's reference (the sandbox checkout is driven by e2e/payments.e2e.ts)",
  '/company-profile':
    "the spec's profile address, which gets its company from in-app navigation state (a fresh load has none); a profile's landing address is /company-profile/:id, measured",
});

/**
 * Addresses of routes whose path alone is not what a person opens: `:params` from the demo data, and the
 * mailed links, whose token travels in the fragment (never sent to the server; a made-up one gives the
 * page's real first load: reset shows its form, verify asks the server and shows its answer).
 */
const ADDRESSES: Readonly<Record<string, (facts: DemoFacts) => string>> = Object.freeze({
  '/jobapply/:type': (facts) => `/jobapply/${encodeURIComponent(facts.category)}`,
  '/category/:type': (facts) => `/category/${encodeURIComponent(facts.category)}`,
  '/sub-category/:type': (facts) => `/sub-category/${encodeURIComponent(facts.subcategory)}`,
  '/company-profile/:id': (facts) => `/company-profile/${encodeURIComponent(facts.companyId)}`,
  '/reset-password': () => '/reset-password#token=bench-made-up-token',
  '/verify-email': () => '/verify-email#token=bench-made-up-token',
});

/**
 * The roles that reach a route: a page that needs a session (the signed-in layout, or a public page marked
 * signedIn) in each account type it allows; any other page as a visitor (a guest-only page is for visitors
 * only, and public pages look the same to a member apart from the header's links).
 */
export function rolesFor(spec: Pick<RouteSpec, 'layout' | 'signedIn' | 'roles'>): readonly Role[] {
  if (spec.layout === 'app' || spec.signedIn) return spec.roles ?? SIGNED_IN_ROLES;
  return ['visitor'];
}

function addressOf(path: string, facts: DemoFacts): string {
  const build = ADDRESSES[path];
  if (build) return build(facts);
  if (path.includes(':')) {
    throw new Error(
      `bench: no address for the route ${path} (its parameters): add one to ADDRESSES in bench/pages.ts, ` +
        'or to NOT_LANDING_PAGES with the reason nobody can land on it',
    );
  }
  return path;
}

/**
 * BENCH_ROUTES: comma-separated terms; a visit is kept when one term matches it. A term starting with `/`
 * is a route or address, or their first segments (`/` is the home page only, `/category` the category
 * pages, `/chat` not `/newchat`); any other term is a part of one (`Plumber`, `profile`). Either may be
 * followed by `@role` (`/chat@company`), or `@admin` alone keeps every page of that role.
 */
export function matchesFilter(visit: Visit, filter: string | undefined): boolean {
  if (!filter?.trim()) return true;
  return filter
    .split(',')
    .map((term) => term.trim())
    .filter((term) => term !== '')
    .some((term) => {
      const [where = '', role] = term.split('@');
      if (role && role !== visit.role) return false;
      if (where === '') return true;
      if (!where.startsWith('/')) return visit.route.includes(where) || visit.url.includes(where);
      const path = where.replace(/\/+$/, '') || '/';
      return [visit.route, visit.url.replace(/[?#].*/, '')].some(
        (candidate) => candidate === path || (path !== '/' && candidate.startsWith(`${path}/`)),
      );
    });
}

/**
 * Every route of `routes` as the visits to measure (one per role that reaches it) and the routes skipped
 * with their reason. Throws for a route it cannot build an address for, and when `filter` leaves nothing.
 */
export function planVisits(
  routes: readonly RouteSpec[],
  facts: DemoFacts,
  filter?: string,
): { visits: Visit[]; skipped: Skipped[] } {
  const visits: Visit[] = [];
  const skipped: Skipped[] = [];
  for (const spec of routes) {
    const reason = NOT_LANDING_PAGES[spec.path];
    if (reason) {
      skipped.push({ route: spec.path, reason });
      continue;
    }
    const url = addressOf(spec.path, facts);
    for (const role of rolesFor(spec)) visits.push({ route: spec.path, role, url });
  }
  const kept = visits.filter((visit) => matchesFilter(visit, filter));
  if (kept.length === 0) throw new Error(`bench: BENCH_ROUTES=${filter} matches no page`);
  return { visits: kept, skipped };
}

/** Issue 27's budgets for every page, Lighthouse mobile. */
export const BUDGETS = Object.freeze({ performance: 95, lcpSeconds: 1.8, cls: 0.02, tbtMs: 150 });

export interface PageFigures {
  performance: number;
  lcpSeconds: number;
  tbtMs: number;
  cls: number;
}

/** The budgets a page's figures miss, as short phrases ('LCP 2.50 s > 1.8'); empty when it meets all. */
export function budgetMisses(figures: PageFigures): string[] {
  const misses: string[] = [];
  // A figure Lighthouse could not measure (NaN) is a miss, not a pass.
  const over = (value: number, limit: number) => !(value <= limit);
  if (!(figures.performance >= BUDGETS.performance))
    misses.push(`performance ${figures.performance} < ${BUDGETS.performance}`);
  if (over(figures.lcpSeconds, BUDGETS.lcpSeconds))
    misses.push(`LCP ${figures.lcpSeconds.toFixed(2)} s > ${BUDGETS.lcpSeconds}`);
  if (over(figures.cls, BUDGETS.cls)) misses.push(`CLS ${figures.cls.toFixed(3)} > ${BUDGETS.cls}`);
  if (over(figures.tbtMs, BUDGETS.tbtMs))
    misses.push(`TBT ${Math.round(figures.tbtMs)} ms > ${BUDGETS.tbtMs}`);
  return misses;
}

/**
 * How many times the bench loads each page (BENCH_LIGHTHOUSE_RUNS, default 3): one run's TBT on a 2-core
 * machine swings by a factor of three or more from one load to the next, so a single run cannot say
 * whether a page meets the budget.
 */
export function lighthouseRuns(value = process.env.BENCH_LIGHTHOUSE_RUNS): number {
  if (value === undefined || value === '') return 3;
  const runs = Number(value);
  if (!Number.isInteger(runs) || runs < 1 || runs > 15) {
    throw new Error(`BENCH_LIGHTHOUSE_RUNS must be a whole number from 1 to 15, not '${value}'`);
  }
  return runs;
}

/**
 * The median of a page's runs, as Lighthouse's documentation advises reporting: the run in the middle by
 * performance score (ties ordered by TBT), so its figures are one real load, not a mix of several.
 */
export function medianRun<T extends { performance: number; tbtMs: number }>(runs: readonly T[]): T {
  if (runs.length === 0) throw new Error('medianRun: no runs');
  const ordered = [...runs].sort((a, b) => a.performance - b.performance || b.tbtMs - a.tbtMs);
  return ordered[Math.floor((ordered.length - 1) / 2)]!;
}
