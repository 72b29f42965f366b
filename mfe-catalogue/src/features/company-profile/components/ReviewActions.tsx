import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  REVIEW_MODERATION_LIMITS,
  REVIEW_MODERATION_MESSAGES,
  REVIEW_REPORT_REASON_LABELS,
  REVIEW_REPORT_REASONS,
  type MyReviewReportsResponse,
  type ReviewReportReason,
} from '@marketplace/contracts';
import { ApiError, Button, buttonClass, errorText, notify } from '@marketplace/ui';
import { ChoiceFieldset, FormDialog, FormError, TextAreaField } from '@marketplace/ui/form';
import { fetchMyReviewReports, myReviewReportsKey, replyToReview, reportReview } from '../api/review-actions';

function replyError(text: string): string | undefined {
  const trimmed = text.trim();
  if (!trimmed) return REVIEW_MODERATION_MESSAGES.replyRequired;
  if (trimmed.length > REVIEW_MODERATION_LIMITS.replyMax) return REVIEW_MODERATION_MESSAGES.replyTooLong;
  return undefined;
}

/** The reviewed company's one public reply: a button that opens a short form under the review. */
export function ReplyForm({ reviewId, reviewsKey }: { reviewId: string; reviewsKey: readonly unknown[] }) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const field = useRef<HTMLTextAreaElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  // The form opens where the button was: the keyboard goes straight to the text, and back to the
  // button when the form is cancelled.
  useEffect(() => {
    if (open) field.current?.focus();
    else if (wasOpen.current) button.current?.focus();
    wasOpen.current = open;
  }, [open]);
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (reply: string) => replyToReview(reviewId, { text: reply }),
    onSuccess: async (answer) => {
      notify('success', answer.message || REVIEW_MODERATION_MESSAGES.replyPosted);
      await queryClient.invalidateQueries({ queryKey: reviewsKey });
      setOpen(false);
    },
  });

  if (!open) {
    return (
      <div className="profile-review__actions">
        <button
          ref={button}
          type="button"
          className={buttonClass('secondary', 'sm')}
          onClick={() => setOpen(true)}
        >
          Reply
        </button>
      </div>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const message = replyError(text);
    setError(message);
    if (message || mutation.isPending) return;
    mutation.mutate(text.trim());
  };

  return (
    <form className="profile-review__reply-form form-stack" onSubmit={submit} noValidate>
      <FormError
        message={
          mutation.isError
            ? errorText(mutation.error, { server: true, fallback: 'The reply could not be published.' })
            : undefined
        }
      />
      <TextAreaField
        label="Your public reply"
        name="reply"
        rows={3}
        ref={field}
        maxLength={REVIEW_MODERATION_LIMITS.replyMax}
        value={text}
        error={error}
        hint={`Shown under the review to everyone. One reply, at most ${REVIEW_MODERATION_LIMITS.replyMax} characters.`}
        onChange={(event) => {
          setText(event.target.value);
          if (error) setError(replyError(event.target.value));
        }}
      />
      <div className="profile-review__actions">
        <Button variant="secondary" size="sm" onClick={() => setOpen(false)}>
          Cancel
        </Button>
        <button
          type="submit"
          className={buttonClass('primary', 'sm')}
          aria-busy={mutation.isPending || undefined}
        >
          {mutation.isPending ? 'Publishing…' : 'Publish reply'}
        </button>
      </div>
    </form>
  );
}

/**
 * "Report" under a review: a small dialog with the fixed reasons and an optional note. A review the
 * member reported before (this visit or another) shows that instead: the server keeps one report each.
 */
export function ReportButton({
  reviewId,
  reviewer,
  companyId,
}: {
  reviewId: string;
  reviewer: string;
  companyId: string;
}) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [reportedNow, setReportedNow] = useState(false);
  // One request per profile: every review's button reads the same answer.
  const mine = useQuery({
    queryKey: myReviewReportsKey(companyId),
    queryFn: ({ signal }) => fetchMyReviewReports(companyId, signal),
    staleTime: 60_000,
  });
  if (reportedNow) return <p className="profile-review__reported">Reported. Thank you.</p>;
  if (mine.data?.reviewIds.includes(reviewId))
    return <p className="profile-review__reported">You reported this review.</p>;
  return (
    <div className="profile-review__actions">
      <button type="button" className="profile-review__report" onClick={() => setOpen(true)}>
        Report
      </button>
      {open && (
        <ReportDialog
          reviewId={reviewId}
          reviewer={reviewer}
          onClose={() => setOpen(false)}
          onReported={(already) => {
            setOpen(false);
            queryClient.setQueryData<MyReviewReportsResponse>(myReviewReportsKey(companyId), (known) => ({
              reviewIds: [...(known?.reviewIds ?? []), reviewId],
            }));
            if (!already) setReportedNow(true);
          }}
        />
      )}
    </div>
  );
}

function ReportDialog({
  reviewId,
  reviewer,
  onClose,
  onReported,
}: {
  reviewId: string;
  reviewer: string;
  onClose: () => void;
  /** `already`: the server had this member's report of it (reported in another tab or device). */
  onReported: (already: boolean) => void;
}) {
  const firstReason = useRef<HTMLInputElement>(null);
  const [reason, setReason] = useState<ReviewReportReason | ''>('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();
  const mutation = useMutation({
    mutationFn: () => reportReview(reviewId, { reason: reason as ReviewReportReason, note: note.trim() }),
    onSuccess: (answer) => {
      notify('success', answer.message || REVIEW_MODERATION_MESSAGES.reported);
      onReported(false);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) {
        notify('info', error.serverMessage ?? REVIEW_MODERATION_MESSAGES.alreadyReported);
        onReported(true);
      }
    },
  });

  const submit = () => {
    const message = !reason
      ? REVIEW_MODERATION_MESSAGES.reportReasonRequired
      : note.trim().length > REVIEW_MODERATION_LIMITS.reportNoteMax
        ? REVIEW_MODERATION_MESSAGES.reportNoteTooLong
        : undefined;
    setError(message);
    if (message) {
      // The message stands by the reasons; focus goes there so a keyboard user hears it.
      if (!reason) firstReason.current?.focus();
      return;
    }
    mutation.mutate();
  };

  return (
    <FormDialog
      title="Report this review"
      onClose={onClose}
      submitLabel="Send report"
      pendingLabel="Sending…"
      pending={mutation.isPending}
      error={
        mutation.isError && !(mutation.error instanceof ApiError && mutation.error.status === 409)
          ? errorText(mutation.error, { server: true, fallback: 'The report could not be sent.' })
          : undefined
      }
      onSubmit={submit}
    >
      <p className="profile-report__lead">
        An administrator reads every report and hides reviews that break the rules. {reviewer} is not told who
        reported it.
      </p>
      <ChoiceFieldset legend="Why are you reporting it?" error={error}>
        {REVIEW_REPORT_REASONS.map((value, index) => (
          <label key={value} className="choice">
            <input
              ref={index === 0 ? firstReason : undefined}
              type="radio"
              name="reason"
              value={value}
              checked={reason === value}
              onChange={() => {
                setReason(value);
                setError(undefined);
              }}
            />
            <span>{REVIEW_REPORT_REASON_LABELS[value]}</span>
          </label>
        ))}
      </ChoiceFieldset>
      <TextAreaField
        label="Note (optional)"
        name="note"
        rows={3}
        maxLength={REVIEW_MODERATION_LIMITS.reportNoteMax}
        value={note}
        hint={`What should the administrator know? At most ${REVIEW_MODERATION_LIMITS.reportNoteMax} characters.`}
        onChange={(event) => setNote(event.target.value)}
      />
    </FormDialog>
  );
}
