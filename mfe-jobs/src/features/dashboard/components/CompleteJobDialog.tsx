import type { JobSummary } from '@marketplace/contracts';
import { Button } from '@marketplace/ui';
import { jobDisplayName } from '@marketplace/ui/job';
import { Modal } from '@marketplace/ui/form';

/**
 * Completing a job cannot be undone (the jobs service never reopens one), and a select changes on an
 * arrow key in some browsers: so the choice is confirmed before the call.
 */
export function CompleteJobDialog({
  job,
  onConfirm,
  onClose,
}: {
  job: JobSummary;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Modal
      title="Mark this job as completed?"
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Not yet
          </Button>
          <Button variant="primary" onClick={onConfirm}>
            Mark as completed
          </Button>
        </>
      }
    >
      <p className="dash-modal__lead">
        <strong>{jobDisplayName(job)}</strong> leaves the listings and cannot be reopened. Next, you can
        review the company that did the work.
      </p>
    </Modal>
  );
}
