import { isPagePath, PAGE_PATHS, PAGE_SOURCES, pageSourceOf } from '@marketplace/contracts';
import { APP_PAGES, CHAT_PAGE_COPY, JOB_POST_PATH } from '@marketplace/page-head';
import { ROUTE_TABLE } from './route-specs';

// The edge answers a page address the shell has no route for with a 404 (contracts' PAGE_PATHS): the two
// lists must agree, or a new page would be a 404 from the edge and a removed one a 200.
describe('the page paths the edge knows', () => {
  it('are the paths of the route table, no more, no fewer', () => {
    expect([...PAGE_PATHS].sort()).toEqual(ROUTE_TABLE.map((spec) => spec.path).sort());
  });

  it('match every route of the table with a value in its segments', () => {
    for (const spec of ROUTE_TABLE) {
      const sample = spec.path.replace(/:[a-z]+/gi, 'Sample%20Value');
      expect([sample, isPagePath(sample)]).toEqual([sample, true]);
    }
  });
});

// The edge hints each page's files from contracts' PAGE_SOURCES (services/edge page-hints.ts): a route that
// differs there would be sent hints for another remote's files, or none.
describe('what draws each page, as the edge knows it', () => {
  it('is the route table: the layout and the remote of each route, and a shell chunk per shell page', () => {
    const expected = Object.fromEntries(
      ROUTE_TABLE.map((spec) => [
        spec.path,
        'remote' in spec.page
          ? { layout: spec.layout, remote: spec.page.remote }
          : { layout: spec.layout, shellChunk: `lazy-${kebab(spec.page.shell)}` },
      ]),
    );
    expect(PAGE_SOURCES).toEqual(expected);
  });

  it('finds the source of an address with values in its segments', () => {
    expect(pageSourceOf('/company-profile/abc')).toEqual({ layout: 'public', remote: 'catalogue' });
    expect(pageSourceOf('/Dashboard/')).toEqual({ layout: 'app', remote: 'jobs' });
    expect(pageSourceOf('/no-such-page')).toBeUndefined();
  });
});

const kebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

// The edge draws a signed-in page's head for the roles page-head names (APP_PAGES): they must be the roles
// the route admits, or it would draw a page its reader is refused (or leave out one they may open).
describe('the signed-in pages the edge draws', () => {
  it('are routes of the signed-in layout, with the roles the route table gives them', () => {
    for (const page of Object.values(APP_PAGES)) {
      const spec = ROUTE_TABLE.find((route) => route.path === page.path);
      expect([page.path, spec?.layout, spec?.roles]).toEqual([page.path, 'app', page.roles]);
    }
    const dashboard = ROUTE_TABLE.find((route) => route.path === '/dashboard');
    expect([dashboard?.layout, dashboard?.roles]).toEqual(['app', undefined]);
  });

  it('include the job form and the chat, pages for every signed-in member', () => {
    const jobPost = ROUTE_TABLE.find((route) => route.path === JOB_POST_PATH);
    expect([jobPost?.signedIn, jobPost?.roles]).toEqual([true, undefined]);
    const chat = ROUTE_TABLE.find((route) => route.path === CHAT_PAGE_COPY.path);
    expect([chat?.layout, chat?.roles]).toEqual(['app', undefined]);
  });
});
