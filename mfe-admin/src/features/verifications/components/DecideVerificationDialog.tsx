import { useRef, useState } from 'react';
import {
  VERIFICATION_MESSAGES,
  VERIFICATION_QUEUE_COPY,
  VERIFICATION_REASON_MAX,
  type AdminVerification,
  type VerificationDecisionBody,
} from '@marketplace/contracts';
import { errorText } from '@marketplace/ui';
import { FormDialog, TextAreaField } from '@marketplace/ui/form';
import { useAdminDecision } from '../../../shared/use-admin-decision';
import { decideVerification } from '../api/verifications';

export type VerificationDecision = VerificationDecisionBody['decision'];

/** The id of a request's card heading: where focus goes once it is decided (its buttons change). */
export const verificationHeadingId = (requestId: string) => `admin-verification-${requestId}`;

const TITLES: Readonly<Record<VerificationDecision, string>> = {
  approve: 'Approve this company',
  refuse: 'Refuse this request',
  revoke: 'Revoke the verification',
};
const CONFIRMS: Readonly<Record<VerificationDecision, string>> = {
  approve: 'Approve and verify',
  refuse: 'Refuse the request',
  revoke: 'Revoke the badge',
};

function serverError(error: unknown): string {
  return errorText(error, {
    status: { 403: 'Only administrators can decide verification requests.' },
    server: true,
    answered: (status) => `The request could not be decided (status ${status}).`,
    fallback: 'The request could not be decided.',
  });
}

/** Confirms an approval, or asks the reason of a refusal or a revocation (the company reads it). */
export function DecideVerificationDialog({
  verification,
  decision,
  onClose,
}: {
  verification: AdminVerification;
  decision: VerificationDecision;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const reasonField = useRef<HTMLTextAreaElement>(null);
  const decided = useRef(false);
  const company = verification.company.name.trim() || 'The company';

  const mutation = useAdminDecision({
    send: (body: VerificationDecisionBody) => decideVerification(verification._id, body),
    refresh: ['admin'],
    done: () => {
      decided.current = true;
      onClose();
    },
  });

  const submit = () => {
    if (decision === 'approve') {
      mutation.mutate({ decision });
      return;
    }
    const trimmed = reason.trim();
    setReasonError(trimmed ? undefined : VERIFICATION_MESSAGES.reasonRequired);
    if (!trimmed) {
      reasonField.current?.focus();
      return;
    }
    mutation.mutate({ decision, reason: trimmed });
  };

  return (
    <FormDialog
      title={TITLES[decision]}
      onClose={onClose}
      returnFocus={() =>
        decided.current ? document.getElementById(verificationHeadingId(verification._id)) : undefined
      }
      submitLabel={CONFIRMS[decision]}
      pendingLabel="Saving…"
      tone={decision === 'approve' ? 'primary' : 'danger'}
      pending={mutation.isPending}
      error={mutation.isError ? serverError(mutation.error) : undefined}
      onSubmit={submit}
    >
      <dl className="admin-pay-dialog__facts">
        <dt>Company</dt>
        <dd>{company}</dd>
        <dt>CAC number</dt>
        <dd>{verification.cacNumber}</dd>
        <dt>{VERIFICATION_QUEUE_COPY.registry}</dt>
        <dd>{verification.registry.message}</dd>
      </dl>
      {decision === 'approve' ? (
        <p className="admin-pay-dialog__lead">
          {company} gets the “Verified” badge with today’s date on its card and profile, and an e-mail.
        </p>
      ) : (
        <TextAreaField
          ref={reasonField}
          label={VERIFICATION_QUEUE_COPY.reasonLabel}
          name="reason"
          rows={3}
          maxLength={VERIFICATION_REASON_MAX}
          value={reason}
          error={reasonError}
          hint={`The company reads this by e-mail and on its profile page. At most ${VERIFICATION_REASON_MAX} characters.`}
          onChange={(event) => {
            setReason(event.target.value);
            if (reasonError && event.target.value.trim()) setReasonError(undefined);
          }}
        />
      )}
    </FormDialog>
  );
}
