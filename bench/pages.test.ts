import { isPagePath, PAGE_PATHS } from '@marketplace/contracts';
import { ROUTE_TABLE, type RouteSpec } from '@marketplace/shell/src/app/routes/route-specs';
import {
  budgetMisses,
  lighthouseRuns,
  matchesFilter,
  medianRun,
  NOT_LANDING_PAGES,
  planVisits,
  rolesFor,
  type DemoFacts,
} from './pages';

const facts: DemoFacts = { category: 'Craftsman', subcategory: 'Plumber', companyId: 'c0ffee' };

describe('the pages the bench measures', () => {
  const { visits, skipped } = planVisits(ROUTE_TABLE, facts);

  it('covers every route of the route table (and of PAGE_PATHS): measured, or skipped with a reason', () => {
    const measured = new Set(visits.map((visit) => visit.route));
    const skippedRoutes = new Set(skipped.map((skip) => skip.route));
    for (const path of [...ROUTE_TABLE.map((spec) => spec.path), ...PAGE_PATHS]) {
      expect([path, measured.has(path) || skippedRoutes.has(path)]).toEqual([path, true]);
      expect([path, measured.has(path) && skippedRoutes.has(path)]).toEqual([path, false]);
    }
    for (const skip of skipped) expect(skip.reason.length).toBeGreaterThan(20);
    // A reason for a route that is gone would hide nothing but is stale.
    for (const path of Object.keys(NOT_LANDING_PAGES)) expect(PAGE_PATHS).toContain(path);
  });

  it('opens real addresses: parameters filled from the demo data, each a page of the shell', () => {
    for (const visit of visits) {
      expect(visit.url).not.toContain(':');
      expect([visit.url, isPagePath(new URL(visit.url, 'http://x').pathname)]).toEqual([visit.url, true]);
    }
    const urlOf = (route: string) => visits.find((visit) => visit.route === route)?.url;
    expect(urlOf('/category/:type')).toBe('/category/Craftsman');
    expect(urlOf('/sub-category/:type')).toBe('/sub-category/Plumber');
    expect(urlOf('/jobapply/:type')).toBe('/jobapply/Craftsman');
    expect(urlOf('/company-profile/:id')).toBe('/company-profile/c0ffee');
  });

  it('measures each page in every role that reaches it', () => {
    const rolesOf = (route: string) =>
      visits
        .filter((visit) => visit.route === route)
        .map((visit) => visit.role)
        .sort();
    expect(rolesOf('/')).toEqual(['visitor']);
    expect(rolesOf('/login')).toEqual(['visitor']);
    expect(rolesOf('/jobpost')).toEqual(['admin', 'company', 'user']);
    expect(rolesOf('/dashboard')).toEqual(['admin', 'company', 'user']);
    expect(rolesOf('/allusers')).toEqual(['admin']);
    expect(rolesOf('/alljobs')).toEqual(['admin']);
    expect(rolesOf('/chat')).toEqual(['admin', 'company', 'user']);
    expect(rolesFor({ layout: 'app', roles: ['company'] })).toEqual(['company']);
    expect(rolesFor({ layout: 'public', signedIn: true })).toEqual(['user', 'company', 'admin']);
  });

  it('stops on a new route it cannot build an address for, and measures a new plain one', () => {
    const route = (path: string): RouteSpec => ({ path, layout: 'public', page: { shell: 'login' } });
    expect(() => planVisits([...ROUTE_TABLE, route('/reviews/:companyId')], facts)).toThrow(
      /no address for the route \/reviews\/:companyId/,
    );
    const plain = planVisits([...ROUTE_TABLE, route('/faq')], facts);
    expect(plain.visits).toContainEqual({ route: '/faq', role: 'visitor', url: '/faq' });
  });

  it('BENCH_ROUTES keeps a subset by route, address or role, and refuses a filter matching nothing', () => {
    const visit = { route: '/chat', role: 'company' as const, url: '/chat' };
    expect(matchesFilter(visit, undefined)).toBe(true);
    expect(matchesFilter(visit, '/chat')).toBe(true);
    expect(matchesFilter(visit, '/dashboard, /chat@company')).toBe(true);
    expect(matchesFilter(visit, '/chat@user')).toBe(false);
    expect(matchesFilter(visit, '@company')).toBe(true);
    expect(matchesFilter({ route: '/newchat', role: 'user', url: '/newchat' }, '/chat')).toBe(false);
    expect(planVisits(ROUTE_TABLE, facts, '/').visits).toEqual([{ route: '/', role: 'visitor', url: '/' }]);
    expect(planVisits(ROUTE_TABLE, facts, '/company-profile').visits.map((v) => v.url)).toEqual([
      '/company-profile/c0ffee',
    ]);
    expect(planVisits(ROUTE_TABLE, facts, '/reset-password').visits).toHaveLength(1);
    expect(planVisits(ROUTE_TABLE, facts, 'Plumber').visits).toEqual([
      { route: '/sub-category/:type', role: 'visitor', url: '/sub-category/Plumber' },
    ]);
    expect(planVisits(ROUTE_TABLE, facts, '@admin').visits.every((v) => v.role === 'admin')).toBe(true);
    expect(() => planVisits(ROUTE_TABLE, facts, '/nowhere')).toThrow(/matches no page/);
  });
});

describe('budgets', () => {
  it('passes figures within every budget, at the limits included', () => {
    expect(budgetMisses({ performance: 95, lcpSeconds: 1.8, tbtMs: 150, cls: 0.02 })).toEqual([]);
  });

  it('names each budget missed', () => {
    expect(budgetMisses({ performance: 94, lcpSeconds: 2.5, tbtMs: 151, cls: 0.021 })).toEqual([
      'performance 94 < 95',
      'LCP 2.50 s > 1.8',
      'CLS 0.021 > 0.02',
      'TBT 151 ms > 150',
    ]);
  });

  it('counts a figure Lighthouse could not measure as a miss', () => {
    expect(budgetMisses({ performance: 0, lcpSeconds: Number.NaN, tbtMs: Number.NaN, cls: 0 })).toHaveLength(
      3,
    );
  });
});

describe('the runs of a page', () => {
  it('reports the middle run by performance score, slower TBT first among equal scores', () => {
    const run = (performance: number, tbtMs: number) => ({ performance, tbtMs });
    expect(medianRun([run(99, 60), run(95, 266), run(100, 41)])).toEqual(run(99, 60));
    expect(medianRun([run(98, 120), run(98, 90), run(98, 150)])).toEqual(run(98, 120));
    // An even count takes the lower of the two middle runs: a page does not pass on its luckier half.
    expect(medianRun([run(100, 10), run(90, 400)])).toEqual(run(90, 400));
    expect(medianRun([run(97, 130)])).toEqual(run(97, 130));
    expect(() => medianRun([])).toThrow('no runs');
  });

  it('loads a page three times unless told otherwise, and refuses a count that is not one', () => {
    expect(lighthouseRuns(undefined)).toBe(3);
    expect(lighthouseRuns('')).toBe(3);
    expect(lighthouseRuns('5')).toBe(5);
    for (const bad of ['0', '-1', '2.5', 'three', '100']) {
      expect(() => lighthouseRuns(bad)).toThrow('BENCH_LIGHTHOUSE_RUNS');
    }
  });
});
