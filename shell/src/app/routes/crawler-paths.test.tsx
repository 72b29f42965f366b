import { CRAWLER_DISALLOWED_PATHS } from '@marketplace/contracts';
import { STATIC_PAGES } from '@marketplace/page-head';
import { ROUTE_TABLE } from './route-specs';

// The edge's robots.txt lists contracts' CRAWLER_DISALLOWED_PATHS: every page that needs a session must
// be among them, and no catalogue page a search engine should find.
describe('paths kept from crawlers', () => {
  const disallowed = (path: string) => CRAWLER_DISALLOWED_PATHS.some((prefix) => path.startsWith(prefix));

  it('cover every signed-in page of the route table', () => {
    const signedIn = ROUTE_TABLE.filter((spec) => spec.layout === 'app' || spec.signedIn);
    expect(signedIn.length).toBeGreaterThan(0);
    for (const spec of signedIn) expect([spec.path, disallowed(spec.path)]).toEqual([spec.path, true]);
  });

  it('leave the catalogue open', () => {
    const open = [
      ...Object.values(STATIC_PAGES).map((page) => page.path),
      '/category/:type',
      '/sub-category/:type',
      '/company-profile/:id',
    ];
    for (const path of open) expect([path, disallowed(path)]).toEqual([path, false]);
  });
});
