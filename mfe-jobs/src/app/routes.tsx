// Exposed as `jobs/routes`: the pages the shell routes to (see @marketplace/ui REMOTE_PAGES), and the
// widgets other remotes render on their pages (see RemoteWidgetProps). The federation runtime hands out
// this module's namespace, so `pages` and `widgets` are named exports (the default export is the same).
import type { RemotePages, RemoteRoutesModule, RemoteWidgets } from '@marketplace/ui';
import { DashboardPage } from '../features/dashboard/components/DashboardPage';
import { JobApplyPage } from '../features/job-listings/components/JobApplyPage';
import { JobSearchPage } from '../features/job-listings/components/JobSearchPage';
import { JobsSection } from '../features/job-listings/components/JobsSection';
import { JobPostPage } from '../features/post-job/components/JobPostPage';
import { PaymentCallbackPage } from '../features/payments/components/PaymentCallbackPage';

export const pages: RemotePages<'jobs'> = {
  jobPost: JobPostPage,
  jobApply: JobApplyPage,
  jobSearch: JobSearchPage,
  dashboard: DashboardPage,
  paymentCallback: PaymentCallbackPage,
};

export const widgets: RemoteWidgets<'jobs'> = { jobsSection: JobsSection };

const routesModule: RemoteRoutesModule<'jobs'> = { pages, widgets };
export default routesModule;
