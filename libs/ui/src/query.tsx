// The one TanStack Query client of the front end. A separate entry (@marketplace/ui/query), shared as a
// singleton like @tanstack/react-query itself, so the first view of the home page does not load it:
// the shell provides it from its lazy chunks (the signed-in layout and the account pages).
import { useContext, type ReactNode } from 'react';
import { QueryClient, QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { getSession, subscribeSession } from './session-store';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false },
  },
});

// Another account must never see this one's data: forget every cached query when the session ends.
subscribeSession(() => {
  if (getSession().status === 'signed-out') queryClient.clear();
});

/** Provides the shared client (the shell puts it around its lazy layouts and pages). */
export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

/**
 * Renders `children` with the page's query client, or with the shared one when the page has none: a
 * remote's page or widget may run inside the shell's signed-in layout (which provides it), a public page
 * of the shell (no provider) or another remote's page; each gets the one shared client, never a second cache.
 */
export function EnsureQueryClient({ children }: { children: ReactNode }) {
  const client = useContext(QueryClientContext);
  return client ? children : <QueryProvider>{children}</QueryProvider>;
}
