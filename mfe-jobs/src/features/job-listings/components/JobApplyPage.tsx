import { Link, useParams } from '@marketplace/ui/router';
import { usePageHead } from '@marketplace/ui/head';
import { jobApplyCataloguePage, jobApplyCopy, resolveJobApplyType } from '@marketplace/page-head';
import { EnsureQueryClient } from '@marketplace/ui/query';
import { JobsByType } from './JobsByType';
import './job-listings.css';

/**
 * /jobapply/{type} (spec "Job apply screen"): the type's open jobs; the modal has the message box. Its
 * band's words are page-head's, which the edge draws as the first paint.
 */
export function JobApplyPage() {
  const { type = '' } = useParams();
  const jobType = resolveJobApplyType(type);
  const copy = jobApplyCopy(jobType);
  usePageHead(jobApplyCataloguePage(jobType).head);

  return (
    <EnsureQueryClient>
      <section className="jobs-page" data-remote="jobs">
        <header className="ui-page__band">
          <div className="ui-container jobs-page__head">
            <p className="ui-eyebrow">{copy.eyebrow}</p>
            <h1 className="ui-page__title">{copy.heading}</h1>
            <p className="ui-page__lead">{copy.lead}</p>
            <p className="jobs-page__links">
              {copy.links.map((link) => (
                <Link key={link.path} to={link.path}>
                  {link.name}
                </Link>
              ))}
            </p>
          </div>
        </header>
        <div className="ui-container jobs-page__body">
          <h2 className="ui-visually-hidden">Open jobs</h2>
          <JobsByType kind={jobType.kind} type={jobType.name} modalVariant="apply" />
        </div>
      </section>
    </EnsureQueryClient>
  );
}
