import { useRef, useState } from 'react';
import {
  DISPUTE_DECISION_MAX,
  DISPUTE_MESSAGES,
  DISPUTE_REASON_LABELS,
  REFUND_REASON_MESSAGES,
  formatKobo,
  type AdminDispute,
  type DecideDisputeBody,
} from '@marketplace/contracts';
import { errorText } from '@marketplace/ui';
import { FormDialog, TextAreaField } from '@marketplace/ui/form';
import { useAdminDecision } from '../../../shared/use-admin-decision';
import { decideDispute } from '../api/disputes';

export type Decision = DecideDisputeBody['decision'];

/** The id of a dispute's card heading: where focus goes once it is decided (its buttons are gone). */
export const disputeHeadingId = (disputeId: string) => `admin-dispute-${disputeId}`;

function serverError(error: unknown): string {
  return errorText(error, {
    status: { 403: 'Only administrators can decide disputes.' },
    server: true,
    answered: (status) => `The dispute could not be decided (status ${status}).`,
    fallback: 'The dispute could not be decided.',
  });
}

/**
 * Confirms a refund (the money goes back through the existing refunds: the company loses the contact
 * details and the chat turns read-only) or asks the reason of a rejection, which the company reads.
 */
export function DecideDisputeDialog({
  dispute,
  decision,
  onClose,
}: {
  dispute: AdminDispute;
  decision: Decision;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const reasonField = useRef<HTMLTextAreaElement>(null);
  const decided = useRef(false);
  const amount = formatKobo(dispute.amount, 'NGN');
  const company = dispute.company.name?.trim() || 'The company';

  const mutation = useAdminDecision({
    send: (body: DecideDisputeBody) => decideDispute(dispute._id, body),
    // The queue, and the payments list the refund changed.
    refresh: ['admin'],
    done: () => {
      decided.current = true;
      onClose();
    },
  });

  const submit = () => {
    if (decision === 'reject') {
      const trimmed = reason.trim();
      const problem = !trimmed ? DISPUTE_MESSAGES.rejectionReasonRequired : undefined;
      setReasonError(problem);
      if (problem) {
        reasonField.current?.focus();
        return;
      }
      mutation.mutate({ decision, reason: trimmed });
    } else {
      mutation.mutate({ decision });
    }
  };

  return (
    <FormDialog
      title={decision === 'refund' ? 'Refund this unlock' : 'Reject this dispute'}
      onClose={onClose}
      returnFocus={() =>
        decided.current ? document.getElementById(disputeHeadingId(dispute._id)) : undefined
      }
      submitLabel={decision === 'refund' ? `Refund ${amount}` : 'Reject the dispute'}
      pendingLabel="Saving…"
      tone={decision === 'refund' ? 'danger' : 'primary'}
      pending={mutation.isPending}
      error={mutation.isError ? serverError(mutation.error) : undefined}
      onSubmit={submit}
    >
      <dl className="admin-pay-dialog__facts">
        <dt>Company</dt>
        <dd>{company}</dd>
        <dt>Job</dt>
        <dd>{dispute.job.title?.trim() || 'Job no longer listed'}</dd>
        <dt>Reason</dt>
        <dd>{DISPUTE_REASON_LABELS[dispute.reason]}</dd>
      </dl>
      {decision === 'refund' ? (
        <>
          <p className="admin-pay-dialog__lead">
            {amount} goes back to {company}. The company loses the job’s contact details, the chat turns
            read-only and the job gets its place back. This cannot be undone.
          </p>
          <p className="admin-pay-dialog__preview">
            <span>The company will read:</span> “{REFUND_REASON_MESSAGES.dispute}”
          </p>
        </>
      ) : (
        <TextAreaField
          ref={reasonField}
          label="Reason for the company"
          name="reason"
          rows={3}
          maxLength={DISPUTE_DECISION_MAX}
          value={reason}
          error={reasonError}
          hint={`The company reads this on its dashboard; the unlock stays. At most ${DISPUTE_DECISION_MAX} characters.`}
          onChange={(event) => {
            setReason(event.target.value);
            if (reasonError && event.target.value.trim()) setReasonError(undefined);
          }}
        />
      )}
    </FormDialog>
  );
}
