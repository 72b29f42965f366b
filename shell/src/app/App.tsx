import { StrictMode, useEffect } from 'react';
import { RouterProvider, type createBrowserRouter } from 'react-router-dom';
import { loadSession, Toasts } from '@marketplace/ui';
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
  return (
    <StrictMode>
      <RemoteLoaderContext.Provider value={loader}>
        <RouterProvider router={router} />
        <Toasts />
      </RemoteLoaderContext.Provider>
    </StrictMode>
  );
}
