import { useRef, useState } from 'react';
import {
  REVIEW_MODERATION_LIMITS,
  REVIEW_MODERATION_MESSAGES,
  type ReportedReview,
} from '@marketplace/contracts';
import { errorText } from '@marketplace/ui';
import { FormDialog, TextAreaField } from '@marketplace/ui/form';
import { useAdminDecision } from '../../../shared/use-admin-decision';
import { moderateReview, REPORTED_REVIEWS_KEY } from '../api/reviews';

function reasonError(reason: string): string | undefined {
  const trimmed = reason.trim();
  if (!trimmed) return REVIEW_MODERATION_MESSAGES.hideReasonRequired;
  if (trimmed.length > REVIEW_MODERATION_LIMITS.hideReasonMax)
    return REVIEW_MODERATION_MESSAGES.hideReasonTooLong;
  return undefined;
}

export function moderationError(error: unknown): string {
  return errorText(error, {
    status: { 403: 'Only administrators can moderate reviews.' },
    server: true,
    answered: (status) => `The review could not be moderated (status ${status}).`,
    fallback: 'The review could not be moderated.',
  });
}

/** Asks why a reported review breaks the rules, then hides it (out of the profile and the rating). */
export function HideReviewDialog({ review, onClose }: { review: ReportedReview; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const field = useRef<HTMLTextAreaElement>(null);
  const mutation = useAdminDecision({
    send: (text: string) => moderateReview(review._id, { action: 'hide', reason: text }),
    refresh: REPORTED_REVIEWS_KEY,
    done: onClose,
  });

  const submit = () => {
    const problem = reasonError(reason);
    setError(problem);
    if (problem) {
      field.current?.focus();
      return;
    }
    mutation.mutate(reason.trim());
  };

  return (
    <FormDialog
      title="Hide this review"
      onClose={onClose}
      submitLabel="Hide review"
      pendingLabel="Hiding…"
      tone="danger"
      pending={mutation.isPending}
      error={mutation.isError ? moderationError(mutation.error) : undefined}
      onSubmit={submit}
    >
      <p className="admin-review-dialog__lead">
        The review of <strong>{review.company.name || 'the company'}</strong> by {review.reviewer.name} leaves
        the company’s profile, and its {review.rating}-star rating leaves the company’s average. You can show
        it again later.
      </p>
      <TextAreaField
        ref={field}
        label="Reason"
        name="reason"
        rows={4}
        maxLength={REVIEW_MODERATION_LIMITS.hideReasonMax}
        value={reason}
        error={error}
        hint={`Kept with the review for other administrators. At most ${REVIEW_MODERATION_LIMITS.hideReasonMax} characters.`}
        onChange={(event) => {
          setReason(event.target.value);
          if (error) setError(reasonError(event.target.value));
        }}
      />
    </FormDialog>
  );
}
