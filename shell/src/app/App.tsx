import { StrictMode, useCallback, useEffect, type ComponentType, type ReactNode } from 'react';
import type { RouteObject } from '@marketplace/ui/router';
import { loadSession, RemoteModulesContext, Toasts, type RemoteModuleLoader } from '@marketplace/ui';
import { RemoteLoaderContext, type RemoteLoader } from './federation/remote-loader';
import { loadAppLayout, SHELL_PAGES, ShellRoutes } from './routes/route-table';
import { preloadPagesOnIntent } from './routes/preload-on-intent';
import { ShellRouter } from './routes/ShellRouter';

interface AppProps {
  routes: RouteObject[];
  /** How remote pages are loaded: Module Federation in the browser, fakes in tests. */
  loader: RemoteLoader;
  /** Where the address lives: the browser's history (ShellRouter, the default) or, in tests, in memory. */
  Router?: ComponentType<{ children: ReactNode }>;
}

export function App({ routes, loader, Router = ShellRouter }: AppProps) {
  // Ask the server who is signed in as soon as the app starts (route guards wait for the same answer).
  useEffect(() => void loadSession(), []);
  // A page's chunk downloads as soon as the reader points at or focuses a link to it.
  useEffect(() => preloadPagesOnIntent({ pages: SHELL_PAGES, appLayout: loadAppLayout }), []);
  // Remotes render each other's widgets (the jobs section on a category page) through the same loader.
  const loadModule = useCallback<RemoteModuleLoader>((remote) => loader.load(remote), [loader]);
  return (
    <StrictMode>
      <RemoteLoaderContext.Provider value={loader}>
        <RemoteModulesContext.Provider value={loadModule}>
          <Router>
            <ShellRoutes routes={routes} />
          </Router>
          <Toasts />
        </RemoteModulesContext.Provider>
      </RemoteLoaderContext.Provider>
    </StrictMode>
  );
}
