// Exposed as `admin/routes`: the pages the shell routes to (see @marketplace/ui REMOTE_PAGES).
import { PlaceholderPage, type RemotePages, type RemoteRoutesModule } from '@marketplace/ui';

function AllUsersPage() {
  return (
    <PlaceholderPage
      remote="admin"
      eyebrow="Admin"
      title="All users"
      lead="Every customer and company account, with jobs posted and applied."
      points={['Email, phone number and account type', 'Jobs posted and jobs applied per account']}
    />
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
  allUsers: AllUsersPage,
  allJobs: AllJobsPage,
};

const routesModule: RemoteRoutesModule<'admin'> = { pages };
export default routesModule;
