import { describeRemoteRoutes } from '@marketplace/ui/testing';
import { JobsSection } from '../features/job-listings/components/JobsSection';
import * as exposed from './routes';
import routesModule from './routes';

describeRemoteRoutes('jobs', routesModule);

describe('jobs remote: widgets for other remotes', () => {
  it('exposes the jobs section the catalogue renders, as a named export of the module the runtime loads', () => {
    // loadRemote('jobs/routes') resolves to the module namespace: `widgets` must be on it, not only on default.
    expect(exposed.widgets).toEqual({ jobsSection: JobsSection });
    expect(routesModule.widgets).toBe(exposed.widgets);
  });
});
