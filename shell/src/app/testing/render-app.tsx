import { act, render, type RenderResult } from '@testing-library/react';
import { useLayoutEffect, type ComponentType, type ReactNode } from 'react';
import { useLocation, useNavigate, type Location, type NavigateFunction } from 'react-router-dom';
import { createMemoryHistory } from '@marketplace/ui/router';
import { App } from '../App';
import { ShellRouter } from '../routes/ShellRouter';
import type { RemoteLoader } from '../federation/remote-loader';
import { createRoutes, type CreateRoutesOptions } from '../routes/route-table';

export interface RenderAppOptions extends CreateRoutesOptions {
  loader: RemoteLoader;
}

/** The address of an app rendered in memory, and a way to move it, as a test sees them. */
export interface TestRouter {
  readonly location: Location;
  navigate: NavigateFunction;
}

/** The shell's own router, its history in memory at `path`, telling the test where it is. */
export function memoryRouterAt(path: string): {
  router: TestRouter;
  Router: (props: { children: ReactNode }) => ReactNode;
} {
  const current: { location?: Location; navigate?: NavigateFunction } = {};
  const router: TestRouter = {
    get location() {
      if (!current.location) throw new Error('the app has not rendered its router yet');
      return current.location;
    },
    navigate: ((...args: Parameters<NavigateFunction>) => {
      if (!current.navigate) throw new Error('the app has not rendered its router yet');
      return (current.navigate as (...a: typeof args) => unknown)(...args);
    }) as NavigateFunction,
  };
  function Probe() {
    const location = useLocation();
    const navigate = useNavigate();
    useLayoutEffect(() => {
      current.location = location;
      current.navigate = navigate;
    });
    return null;
  }
  const history = createMemoryHistory({ initialEntries: [path], v5Compat: true });
  const Router = ({ children }: { children: ReactNode }) => (
    <ShellRouter history={history}>
      <Probe />
      {children}
    </ShellRouter>
  );
  return { router, Router };
}

/**
 * Renders the real App and route table at `path`, in memory, with the given remote loader. Awaited: the
 * route guards suspend on the session's answer (`use`), and React resumes a render that suspended that
 * way inside act only when the act is awaited.
 */
export async function renderApp(
  path: string,
  { loader, ...routeOptions }: RenderAppOptions,
): Promise<RenderResult & { router: TestRouter }> {
  const { router, Router } = memoryRouterAt(path);
  let utils!: RenderResult;
  await act(async () => {
    utils = render(<App routes={createRoutes(routeOptions)} loader={loader} Router={Router} />);
  });
  return { ...utils, router };
}

/**
 * The sign-in page's chunk, held back until the test lets it arrive (a slow connection): give `login` to
 * renderApp's `shellPages`, then `await act(async () => arrive())`.
 */
export function heldLoginPage(): { login: () => Promise<{ default: ComponentType }>; arrive: () => void } {
  let arrive!: () => void;
  const held = new Promise<void>((resolve) => (arrive = resolve));
  return {
    login: async () => {
      await held;
      return import('../../features/auth/components/LoginPage');
    },
    arrive,
  };
}
