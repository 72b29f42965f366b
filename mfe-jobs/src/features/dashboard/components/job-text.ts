// Small texts the dashboard shows about a job.
import { JOB_STATUS_LABELS, type JobStatus, type JobSummary } from '@marketplace/contracts';
import { ApiError, NETWORK_ERROR_MESSAGE, NetworkError } from '@marketplace/ui';

/** The job's name in lists: its heading (the legacy title when there is none). */
export function jobName(job: JobSummary): string {
  return job.jobHeading.trim() || job.title.trim() || 'Untitled job';
}

export function statusLabel(status: JobStatus): string {
  return JOB_STATUS_LABELS[status] ?? status;
}

/** Why something could not be loaded: the network, the server's own words, or `fallback`. */
export function loadErrorText(error: unknown, fallback: string): string {
  if (error instanceof NetworkError) return NETWORK_ERROR_MESSAGE;
  if (error instanceof ApiError && error.serverMessage) return error.serverMessage;
  return fallback;
}
