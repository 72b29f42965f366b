import { StrictMode, useCallback, useEffect } from 'react';
import { RouterProvider, type createBrowserRouter } from '@marketplace/ui/router';
import { loadSession, RemoteModulesContext, Toasts, type RemoteModuleLoader } from '@marketplace/ui';
import { RemoteLoaderContext, type RemoteLoader } from './federation/remote-loader';

export type AppRouter = ReturnType<typeof createBrowserRouter>;

interface AppProps {
  router: AppRouter;
  /** How remote pages are loaded: Module Federation in the browser, fakes in tests. */
  loader: RemoteLoader;
}

export function App({ router, loader }: AppProps) {
  // Ask the server who is signed in as soon as the app starts (route guards wait for the same answer).
  useEffect(() => void loadSession(), []);
  // Remotes render each other's widgets (the jobs section on a category page) through the same loader.
  const loadModule = useCallback<RemoteModuleLoader>((remote) => loader.load(remote), [loader]);
  return (
    <StrictMode>
      <RemoteLoaderContext.Provider value={loader}>
        <RemoteModulesContext.Provider value={loadModule}>
          <RouterProvider router={router} />
          <Toasts />
        </RemoteModulesContext.Provider>
      </RemoteLoaderContext.Provider>
    </StrictMode>
  );
}
