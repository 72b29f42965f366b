import { lazy, Suspense } from 'react';
import { Navigate, useLocation, useSearchParams } from '@marketplace/ui/router';
import { JOB_MESSAGES } from '@marketplace/contracts';
import { jobPostCopy } from '@marketplace/page-head';
import { useSession, type AccountType } from '@marketplace/ui';
import { EnsureQueryClient } from '@marketplace/ui/query';
import { FormSkeleton, PostJobNotice } from './PostJobNotice';
import './post-job.css';

// The form and everything under it (react-hook-form, the calendar) is its own lazy chunk.
const JobPostBody = lazy(async () => ({
  default: (await import(/* webpackChunkName: "lazy-job-post" */ './JobPostBody')).JobPostBody,
}));

const STEPS = [
  { title: 'Describe the job', text: 'A heading, a few lines and a photo help companies quote well.' },
  { title: 'Receive offers', text: 'Vetted companies in your state see the job and get in touch.' },
  { title: 'Choose and review', text: 'Pick the offer you like; review the company once the work is done.' },
] as const;

/** Where a signed-in account that cannot post is sent on. */
const ELSEWHERE: Record<Exclude<AccountType, 'user'>, { to: string; label: string }> = {
  company: { to: '/jobs', label: 'Find jobs to apply to' },
  admin: { to: '/alljobs', label: 'Go to the job list' },
};

/**
 * /jobpost (spec "Post Job"): posters only. A visitor goes to /login and comes back here (query kept);
 * a company or an admin is told why not. `?edit=<jobId>` edits one of the poster's jobs.
 */
export function JobPostPage() {
  const { status, user } = useSession();
  const [params] = useSearchParams();
  const location = useLocation();
  const editId = params.get('edit')?.trim() || null;

  if (status === 'signed-out')
    return <Navigate to={`/login?next=${encodeURIComponent(location.pathname + location.search)}`} replace />;

  // page-head's words, which the edge draws as the first paint.
  const copy = jobPostCopy(editId !== null);
  return (
    <section className="post-job" data-remote="jobs">
      <div className="ui-container post-job__layout">
        <header className="post-job__head">
          <p className="ui-eyebrow">{copy.eyebrow}</p>
          <h1 className="post-job__title">{copy.heading}</h1>
          <p className="post-job__lead">{copy.lead}</p>
        </header>

        <div className="post-job__card">
          {!user ? (
            <FormSkeleton />
          ) : user.type !== 'user' ? (
            <PostJobNotice text={JOB_MESSAGES.onlyPostersPostJobs} link={ELSEWHERE[user.type]} />
          ) : (
            <EnsureQueryClient>
              <Suspense fallback={<FormSkeleton />}>
                <JobPostBody user={user} editId={editId} />
              </Suspense>
            </EnsureQueryClient>
          )}
        </div>

        {(!user || user.type === 'user') && (
          <aside className="post-job__aside" aria-labelledby="post-job-how">
            <h2 className="post-job__aside-title" id="post-job-how">
              How it works
            </h2>
            <ol className="post-job__steps">
              {STEPS.map((step) => (
                <li key={step.title}>
                  <strong>{step.title}</strong>
                  <span>{step.text}</span>
                </li>
              ))}
            </ol>
            <ul className="ui-checklist post-job__trust">
              <li>Posting a job is free</li>
              <li>Your contact details stay hidden until a company unlocks the job</li>
              <li>Offers are not binding: you choose</li>
            </ul>
          </aside>
        )}
      </div>
    </section>
  );
}
