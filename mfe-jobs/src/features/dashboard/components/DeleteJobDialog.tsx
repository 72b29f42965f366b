import { useMutation, useQueryClient } from '@tanstack/react-query';
import { JOB_MESSAGES, type JobSummary } from '@marketplace/contracts';
import { Button, errorText, notify } from '@marketplace/ui';
import { jobDisplayName } from '@marketplace/ui/job';
import { FormError, Modal, Spinner } from '@marketplace/ui/form';
import { MY_JOBS_KEY } from '../../../shared/my-jobs';
import { deleteJob } from '../api/my-jobs';

export const DELETE_FAILED = 'The job could not be deleted.';
export const CANNOT_DELETE_TITLE = 'This job cannot be deleted';

/**
 * Asks before deleting a job. A job companies paid to unlock cannot be deleted (the server refuses with
 * 409): the dialog says so at once and offers no Delete. On success the list reloads (spec section 4).
 */
export function DeleteJobDialog({ job, onClose }: { job: JobSummary; onClose: () => void }) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: () => deleteJob(job._id),
    onSuccess: async () => {
      notify('success', JOB_MESSAGES.jobDeleted);
      onClose();
      await queryClient.invalidateQueries({ queryKey: MY_JOBS_KEY });
    },
  });

  if (job.unlockCount > 0) {
    return (
      <Modal
        title={CANNOT_DELETE_TITLE}
        onClose={onClose}
        footer={
          <Button variant="secondary" onClick={onClose}>
            Keep the job
          </Button>
        }
      >
        <p className="dash-modal__lead">
          <strong>{jobDisplayName(job)}</strong>:{' '}
          {job.unlockCount === 1 ? '1 company has' : `${job.unlockCount} companies have`} unlocked this job.
        </p>
        <p className="dash-modal__note">{JOB_MESSAGES.deleteAfterUnlock}</p>
      </Modal>
    );
  }

  return (
    <Modal
      title="Delete this job?"
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Keep the job
          </Button>
          <button
            type="button"
            className="ui-btn ui-btn--danger-solid"
            onClick={() => !mutation.isPending && mutation.mutate()}
            aria-busy={mutation.isPending || undefined}
          >
            {mutation.isPending && <Spinner />}
            Delete job
          </button>
        </>
      }
    >
      <FormError
        message={
          mutation.isError ? errorText(mutation.error, { server: true, fallback: DELETE_FAILED }) : undefined
        }
      />
      <p className="dash-modal__lead">
        <strong>{jobDisplayName(job)}</strong> will leave every listing and your dashboard. This cannot be
        undone.
      </p>
    </Modal>
  );
}
