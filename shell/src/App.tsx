import { StrictMode } from 'react';
import { RouterProvider, type createBrowserRouter } from 'react-router-dom';
import { RemoteLoaderContext, type RemoteLoader } from './federation/remote-loader';

export type AppRouter = ReturnType<typeof createBrowserRouter>;

interface AppProps {
  router: AppRouter;
  /** How remote pages are loaded: Module Federation in the browser, fakes in tests. */
  loader: RemoteLoader;
}

export function App({ router, loader }: AppProps) {
  return (
    <StrictMode>
      <RemoteLoaderContext.Provider value={loader}>
        <RouterProvider router={router} />
      </RemoteLoaderContext.Provider>
    </StrictMode>
  );
}
