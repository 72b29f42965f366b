// The /jobpost page's form part, a lazy chunk of its own: the form blocks, react-hook-form and the
// calendar load when a poster opens the page, never with the cards other pages show.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from '@marketplace/ui/router';
import { JOB_MESSAGES } from '@marketplace/contracts';
import { ApiError, errorText, type SessionUser, retryUnlessClientError } from '@marketplace/ui';
import { fetchJobToEdit, jobToEditKey } from '../api/save-job';
import { editJobForm, newJobForm } from '../utils/job-form';
import { JobForm } from './JobForm';
import { FormSkeleton, PostJobNotice } from './PostJobNotice';

export const EDIT_LOAD_FAILED = 'Your job could not be loaded.';

function NewJob({ user }: { user: SessionUser }) {
  const [params] = useSearchParams();
  // Read once: the form owns the values from then on.
  const [initial] = useState(() => newJobForm(user, params));
  return <JobForm target={{ kind: 'create' }} initial={initial} />;
}

function loadError(error: unknown): string {
  return errorText(error, {
    status: { 404: JOB_MESSAGES.jobNotFound, 403: JOB_MESSAGES.notYourJob },
    server: true,
    fallback: EDIT_LOAD_FAILED,
  });
}

function EditJob({ user, jobId }: { user: SessionUser; jobId: string }) {
  const query = useQuery({
    queryKey: jobToEditKey(jobId, user._id),
    queryFn: ({ signal }) => fetchJobToEdit(jobId, signal),
    retry: retryUnlessClientError,
  });
  if (query.isPending) return <FormSkeleton label="Loading your job" />;
  if (query.isError) {
    const retry =
      !(query.error instanceof ApiError) || query.error.status >= 500
        ? () => void query.refetch()
        : undefined;
    return (
      <PostJobNotice
        tone="error"
        text={loadError(query.error)}
        onRetry={retry}
        link={{ to: '/dashboard', label: 'Back to your dashboard' }}
      />
    );
  }
  const job = query.data;
  if (job.postedBy._id !== user._id)
    return (
      <PostJobNotice
        tone="error"
        text={JOB_MESSAGES.notYourJob}
        link={{ to: '/dashboard', label: 'Back to your dashboard' }}
      />
    );
  if (job.status !== 'open')
    return (
      <PostJobNotice
        text={JOB_MESSAGES.onlyOpenJobsEditable}
        link={{ to: '/dashboard', label: 'Back to your dashboard' }}
      />
    );
  return (
    <>
      {job.hidden && (
        <p className="post-job__hidden" role="note">
          {JOB_MESSAGES.hiddenNotice(job.hidden.reason)}
        </p>
      )}
      <JobForm
        key={`${job._id}:${job.updatedAt}`}
        target={{ kind: 'edit', jobId: job._id }}
        initial={editJobForm(job)}
        savedImages={job.images}
      />
    </>
  );
}

/** The form for a new job, or (?edit=<jobId>) the poster's saved job. */
export function JobPostBody({ user, editId }: { user: SessionUser; editId: string | null }) {
  return editId ? <EditJob user={user} jobId={editId} /> : <NewJob user={user} />;
}
