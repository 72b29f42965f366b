import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { JOB_LIMITS, JOB_MESSAGES, type HideJobBody } from '@marketplace/contracts';
import { errorText, notify } from '@marketplace/ui';
import { FormDialog, TextAreaField } from '@marketplace/ui/form';
import { hideJob, type AdminJobRow } from '../api/jobs';

export const HIDE_REASON_REQUIRED = 'Please say why the job is hidden: its poster will read it.';
export const HIDE_REASON_TOO_LONG = `The reason is too long (at most ${JOB_LIMITS.hideReasonMax} characters).`;

function reasonError(reason: string): string | undefined {
  const trimmed = reason.trim();
  if (!trimmed) return HIDE_REASON_REQUIRED;
  if (trimmed.length > JOB_LIMITS.hideReasonMax) return HIDE_REASON_TOO_LONG;
  return undefined;
}

function serverError(error: unknown): string {
  return errorText(error, {
    server: true,
    answered: (status) => `The job could not be hidden (status ${status}).`,
    fallback: 'The job could not be hidden.',
  });
}

/** Asks the reason a job breaks the rules, then hides it (PUT .../hide with HideJobBody). */
export function HideJobDialog({
  job,
  jobName,
  onClose,
}: {
  job: AdminJobRow;
  jobName: string;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (body: HideJobBody) => hideJob(job._id, body),
    onSuccess: async () => {
      notify('success', JOB_MESSAGES.jobHidden);
      await queryClient.invalidateQueries({ queryKey: ['admin', 'jobs'] });
      onClose();
    },
  });

  const submit = () => {
    const message = reasonError(reason);
    setError(message);
    if (message) return;
    mutation.mutate({ reason: reason.trim() });
  };

  return (
    <FormDialog
      title="Hide this job"
      onClose={onClose}
      submitLabel="Hide job"
      pendingLabel="Hiding…"
      tone="danger"
      pending={mutation.isPending}
      error={mutation.isError ? serverError(mutation.error) : undefined}
      onSubmit={submit}
    >
      <p className="admin-jobs-dialog__lead">
        <strong>{jobName}</strong> will leave every listing and search. Its poster sees the reason below; you
        can list the job again later.
      </p>
      <TextAreaField
        label="Reason"
        name="reason"
        rows={4}
        maxLength={JOB_LIMITS.hideReasonMax}
        value={reason}
        error={error}
        hint={`Shown to the poster. At most ${JOB_LIMITS.hideReasonMax} characters.`}
        onChange={(event) => {
          setReason(event.target.value);
          if (error) setError(reasonError(event.target.value));
        }}
      />
    </FormDialog>
  );
}
