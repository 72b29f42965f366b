import { useMutation, useQueryClient } from '@tanstack/react-query';
import { JOB_MESSAGES, type JobSummary } from '@marketplace/contracts';
import { Button, errorText, notify } from '@marketplace/ui';
import { jobDisplayName } from '@marketplace/ui/job';
import { FormError, Modal, Spinner } from '@marketplace/ui/form';
import { MY_JOBS_KEY } from '../../../shared/my-jobs';
import { deleteJob } from '../api/my-jobs';

export const DELETE_FAILED = 'The job could not be deleted.';

/**
 * Asks before deleting a job. The server refuses (409) when companies paid to unlock it: its message
 * says so here. On success the list reloads (spec section 4).
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
      {job.unlockCount > 0 && (
        <p className="dash-modal__note">
          {job.unlockCount === 1 ? '1 company has' : `${job.unlockCount} companies have`} unlocked this job.
        </p>
      )}
    </Modal>
  );
}
