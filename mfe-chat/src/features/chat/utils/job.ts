// What the details pane shows of a job (spec: heading, category, start date as its first 10 characters,
// image or a placeholder).
import { JOB_API, type JobDetail } from '@marketplace/contracts';

/** The job's heading; the legacy `title` only when there is none. */
export function jobHeading(job: Pick<JobDetail, 'jobHeading' | 'title'>): string {
  return job.jobHeading?.trim() || job.title?.trim() || 'Untitled job';
}

/** Address of the job's first image (a bare file name becomes the jobs API's image path), or null. */
export function jobImageUrl(job: Pick<JobDetail, 'images'> | undefined): string | null {
  const url = job?.images?.[0]?.url?.trim();
  if (!url) return null;
  if (/^(https?:)?\/\//i.test(url) || url.startsWith('/') || /^(data|blob):/i.test(url)) return url;
  return JOB_API.image(url);
}
