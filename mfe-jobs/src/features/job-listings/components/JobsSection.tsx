import type { JobsSectionProps } from '@marketplace/ui';
import { EnsureQueryClient } from '@marketplace/ui/query';
import { JobsByType } from './JobsByType';
import './job-listings.css';

/**
 * The jobs section of the catalogue's category and sub-category pages, rendered there through the
 * federation runtime (`<RemoteWidget remote="jobs" name="jobsSection" />`). The page gives the heading.
 */
export function JobsSection({ kind, type }: JobsSectionProps) {
  return (
    <div className="jobs-section" data-remote="jobs">
      <EnsureQueryClient>
        <JobsByType kind={kind} type={type} />
      </EnsureQueryClient>
    </div>
  );
}
