// The chat remote's pages run inside the shell's signed-in layout, which provides the shared query
// client; a page rendered elsewhere (a test, another host) gets the same shared client, never a second cache.
import { useContext, type ReactNode } from 'react';
import { QueryClientContext } from '@tanstack/react-query';
import { ApiError } from '@marketplace/ui';
import { QueryProvider } from '@marketplace/ui/query';

/** Renders `children` with the page's query client, or with the shared one when the page has none. */
export function EnsureQueryClient({ children }: { children: ReactNode }) {
  const client = useContext(QueryClientContext);
  return client ? children : <QueryProvider>{children}</QueryProvider>;
}

/** Retry once on a network failure or a server error; a 4xx answer will not change by asking again. */
export function retryUnlessClientError(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}
