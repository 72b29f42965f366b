// A company's transfers, payments and job alerts under its jobs: a lazy chunk of their own, so the
// dashboard's first frames evaluate only the table's code (issue 27: the page's long tasks).
import { JobAlertsSection } from './JobAlertsSection';
import { PaymentsSection } from './PaymentsSection';
import { PendingTransfers } from './PendingTransfers';

export function CompanyMoney({ userId }: { userId: string }) {
  return (
    <>
      <PendingTransfers userId={userId} />
      <PaymentsSection userId={userId} />
      <JobAlertsSection userId={userId} />
    </>
  );
}
