// Exposed as `jobs/routes`: the pages the shell routes to (see @marketplace/ui REMOTE_PAGES).
import type { RemotePages, RemoteRoutesModule } from '@marketplace/ui';
import {
  DashboardPage,
  JobApplyPage,
  JobPostPage,
  PaymentCallbackPage,
} from '../features/jobs/components/JobsPages';

export const pages: RemotePages<'jobs'> = {
  jobPost: JobPostPage,
  jobApply: JobApplyPage,
  dashboard: DashboardPage,
  paymentCallback: PaymentCallbackPage,
};

const routesModule: RemoteRoutesModule<'jobs'> = { pages };
export default routesModule;
