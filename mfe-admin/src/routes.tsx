// Exposed as `admin/routes`: the pages the shell routes to (see @marketplace/ui REMOTE_PAGES).
import { PlaceholderPage, type RemotePages, type RemoteRoutesModule } from '@marketplace/ui';
import { AllUsersPage } from './pages/AllUsersPage';
import './admin.css';

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
  // The query client is the shell's (one shared @marketplace/ui/query client, cleared on sign-out).
  allUsers: AllUsersPage,
  allJobs: AllJobsPage,
};

const routesModule: RemoteRoutesModule<'admin'> = { pages };
export default routesModule;
