// How the front end names and pictures a job, the same in every remote: the job cards and dashboard
// (mfe-jobs), the chat's details pane (mfe-chat) and the admin's job list (mfe-admin).
import { useState, type ReactNode } from 'react';
import { JOB_API } from '@marketplace/contracts';

/** The parts of a job its name is made from (a summary, a job's details or an admin row). */
export interface NamedJob {
  jobHeading?: string | null;
  title?: string | null;
}

/** The job's name: its heading; the legacy `title` (a fixed placeholder on old posts) only when there is none. */
export function jobDisplayName(job: NamedJob): string {
  return job.jobHeading?.trim() || job.title?.trim() || 'Untitled job';
}

/**
 * Address of the job's first image. The server sends `images[].url` as a path of its own
 * (/api/jobs/images/{name}); a bare file name is turned into that path. Null when the job has none.
 */
export function jobImageUrl(
  job: { images?: ReadonlyArray<{ url?: string | null }> } | undefined,
): string | null {
  const url = job?.images?.[0]?.url?.trim();
  if (!url) return null;
  if (/^(https?:)?\/\//i.test(url) || url.startsWith('/') || /^(data|blob):/i.test(url)) return url;
  return JOB_API.image(url);
}

export interface JobImageProps {
  job: Parameters<typeof jobImageUrl>[0];
  /** The frame's class; `${className}--fallback` is added when the illustration stands in. */
  className: string;
  /** What stands in for a job without an image, or one whose image does not load. */
  fallback: ReactNode;
}

/** A job's first image (decorative: the job's name is written beside it), or `fallback` in its place. */
export function JobImage({ job, className, fallback }: JobImageProps) {
  const url = jobImageUrl(job);
  const [broken, setBroken] = useState<string | null>(null);
  if (!url || broken === url) {
    return <div className={`${className} ${className}--fallback`}>{fallback}</div>;
  }
  return (
    <div className={className}>
      <img
        src={url}
        alt=""
        width={320}
        height={180}
        loading="lazy"
        decoding="async"
        onError={() => setBroken(url)}
      />
    </div>
  );
}
