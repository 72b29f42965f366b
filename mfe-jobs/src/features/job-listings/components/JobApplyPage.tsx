import { Link, useParams } from '@marketplace/ui/router';
import { categoryPath, subcategoryPath } from '@marketplace/contracts';
import { EnsureQueryClient } from '@marketplace/ui/query';
import { resolveJobType } from '../utils/job-card';
import { JobsByType } from './JobsByType';
import './job-listings.css';

/** /jobapply/{type} (spec "Job apply screen"): the type's open jobs; the modal has the message box. */
export function JobApplyPage() {
  const { type = '' } = useParams();
  const { kind, name, known } = resolveJobType(type);
  const searchParams = new URLSearchParams(kind === 'category' ? { category: name } : { subcategory: name });

  return (
    <EnsureQueryClient>
      <section className="jobs-page" data-remote="jobs">
        <header className="ui-page__band">
          <div className="ui-container jobs-page__head">
            <p className="ui-eyebrow">Apply for jobs</p>
            <h1 className="ui-page__title">{name ? `${name} jobs` : 'Jobs'}</h1>
            <p className="ui-page__lead">
              Open {name || 'service'} jobs posted by customers across Nigeria, newest first. Apply to a job
              to unlock the poster&apos;s contact details and chat with them.
            </p>
            <p className="jobs-page__links">
              {known && (
                <Link to={kind === 'category' ? categoryPath(name) : subcategoryPath(name)}>
                  About {name} on the marketplace
                </Link>
              )}
              <Link to={known ? `/jobs?${searchParams}` : '/jobs'}>Search all open jobs</Link>
            </p>
          </div>
        </header>
        <div className="ui-container jobs-page__body">
          <h2 className="ui-visually-hidden">Open jobs</h2>
          <JobsByType kind={kind} type={name} modalVariant="apply" />
        </div>
      </section>
    </EnsureQueryClient>
  );
}
