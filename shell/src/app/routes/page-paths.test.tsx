import { isPagePath, PAGE_PATHS } from '@marketplace/contracts';
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
