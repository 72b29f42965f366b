import { render } from '@testing-library/react';
import { createMemoryRouter } from 'react-router-dom';
import { App } from '../App';
import type { RemoteLoader } from '../federation/remote-loader';
import { createRoutes, type CreateRoutesOptions } from '../routes/route-table';

export interface RenderAppOptions extends CreateRoutesOptions {
  loader: RemoteLoader;
}

/** Renders the real App and route table at `path`, in memory, with the given remote loader. */
export function renderApp(path: string, { loader, ...routeOptions }: RenderAppOptions) {
  const router = createMemoryRouter(createRoutes(routeOptions), { initialEntries: [path] });
  const utils = render(<App router={router} loader={loader} />);
  return { ...utils, router };
}
