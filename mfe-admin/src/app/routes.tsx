// Exposed as `admin/routes`: the pages the shell routes to (see @marketplace/ui REMOTE_PAGES).
import type { RemotePages, RemoteRoutesModule } from '@marketplace/ui';
import { AllDisputesPage } from '../features/disputes/components/AllDisputesPage';
import { AllJobsPage } from '../features/jobs/components/AllJobsPage';
import { AllPaymentsPage } from '../features/payments/components/AllPaymentsPage';
import { AllReviewsPage } from '../features/reviews/components/AllReviewsPage';
import { AllUsersPage } from '../features/users/components/AllUsersPage';
import { AllVerificationsPage } from '../features/verifications/components/AllVerificationsPage';
import '../features/users/components/admin.css';

export const pages: RemotePages<'admin'> = {
  // The query client is the shell's (one shared @marketplace/ui/query client, cleared on sign-out).
  allUsers: AllUsersPage,
  allJobs: AllJobsPage,
  allPayments: AllPaymentsPage,
  allDisputes: AllDisputesPage,
  allVerifications: AllVerificationsPage,
  allReviews: AllReviewsPage,
};

const routesModule: RemoteRoutesModule<'admin'> = { pages };
export default routesModule;
