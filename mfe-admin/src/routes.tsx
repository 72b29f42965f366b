// Exposed as `admin/routes`: the pages the shell routes to (see @marketplace/ui REMOTE_PAGES).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  getSession,
  PlaceholderPage,
  subscribeSession,
  type RemotePages,
  type RemoteRoutesModule,
} from '@marketplace/ui';
import { AllUsersPage } from './pages/AllUsersPage';
import './admin.css';

/**
 * The admin remote's query cache. @tanstack/react-query is bundled into this remote (not shared with the
 * shell): nothing else reads this cache, and the shell's first load stays free of it.
 */
export const adminQueryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false },
  },
});

// Another account must never see this one's lists: forget them when the session ends.
subscribeSession(() => {
  if (getSession().status === 'signed-out') adminQueryClient.clear();
});

function AllUsersRoute() {
  return (
    <QueryClientProvider client={adminQueryClient}>
      <AllUsersPage />
    </QueryClientProvider>
  );
}

function AllJobsPage() {
  return (
    <PlaceholderPage
      remote="admin"
      eyebrow="Admin"
      title="All jobs"
      lead="Every job on the marketplace, who posted it and where it stands."
      points={['Job name and posted date', 'Posted by and status']}
    />
  );
}

export const pages: RemotePages<'admin'> = {
  allUsers: AllUsersRoute,
  allJobs: AllJobsPage,
};

const routesModule: RemoteRoutesModule<'admin'> = { pages };
export default routesModule;
