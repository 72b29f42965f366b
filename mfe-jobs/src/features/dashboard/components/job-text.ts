// Small texts the dashboard shows about a job.
import { JOB_STATUS_LABELS, type JobStatus } from '@marketplace/contracts';

export function statusLabel(status: JobStatus): string {
  return JOB_STATUS_LABELS[status] ?? status;
}
