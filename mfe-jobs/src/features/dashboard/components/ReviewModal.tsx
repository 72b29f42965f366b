import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  JOB_LIMITS,
  JOB_MESSAGES,
  MESSAGES,
  RatingRule,
  REVIEW_MODERATION_MESSAGES,
  ReviewTextRule,
  fieldError,
  type JobSummary,
  type ReviewBody,
} from '@marketplace/contracts';
import { ApiError, Button, errorText, notify, retryUnlessClientError } from '@marketplace/ui';
import { jobDisplayName } from '@marketplace/ui/job';
import { FormError, Modal, SelectField, Spinner, TextAreaField } from '@marketplace/ui/form';
import { applicantsKey, fetchApplicants, postReview } from '../api/my-jobs';
import { StarRating } from './StarRating';

export const REVIEW_HOW_TO = 'Choose a company, give 1 to 5 stars and describe how the job went.';
export const NO_ONE_TO_REVIEW = 'No company unlocked this job, so there is no one to review yet.';
export const EVERYONE_REVIEWED = 'You have reviewed every company that unlocked this job. Thank you!';
export const CHOOSE_A_COMPANY = 'Please choose the company you are reviewing.';
export const HIRED_REVIEWED = 'You have reviewed the company you hired for this job. Thank you!';
export const hiredLead = (company: string) =>
  `You hired ${company} for this job: your review shows on its profile as a verified hire.`;

/** The toast after a review: what happened, then the spec's words (spec section 4). */
export const reviewPostedText = (company: string) =>
  `Your review of ${company} is posted. ${MESSAGES.companyProfileUpdatedSuccessfully}`;

function postError(error: unknown): string {
  if (error instanceof ApiError && error.serverMessage) return error.serverMessage;
  if (error instanceof Error && error.message.startsWith('Unexpected status')) return error.message;
  return MESSAGES.somethingWentWrongWhilePostingReview;
}

/**
 * Spec "Review modal": the companies that unlocked the job, a description, 1 to 5 stars and 'Post
 * Review', disabled until a company is chosen, the description written and a rating given (and while
 * posting). Disabled for assistive technology only (aria-disabled): it stays in the Tab order, and
 * pressing it says at each field what is missing and focuses the first. On success (201) it closes with
 * the review's own confirmation and 'Company Profile Updated Successfully' (spec section 4).
 */
export function ReviewModal({
  job,
  onClose,
  returnFocus,
}: {
  job: JobSummary;
  onClose: () => void;
  /** Where focus goes when it closes (default: the control that opened it). */
  returnFocus?: () => HTMLElement | null | undefined;
}) {
  const formId = useId();
  const hintId = useId();
  const queryClient = useQueryClient();
  const applicants = useQuery({
    queryKey: applicantsKey(job._id),
    queryFn: ({ signal }) => fetchApplicants(job._id, signal),
    retry: retryUnlessClientError,
  });
  const [chosen, setChosen] = useState('');
  const [review, setReview] = useState('');
  const [rating, setRating] = useState(0);
  /** Set by a press of Post Review before the form was complete: the fields then say what is missing. */
  const [tried, setTried] = useState(0);
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (tried === 0) return;
    form.current
      ?.querySelector<HTMLElement>('.has-error select, .has-error input, .has-error textarea')
      ?.focus();
  }, [tried]);

  const mutation = useMutation({
    mutationFn: (body: ReviewBody) => postReview(body),
    onSuccess: (_data, body) => {
      const company = candidates.find((candidate) => candidate._id === body.companyId);
      notify('success', reviewPostedText(company?.name ?? 'the company'));
      setReview('');
      setRating(0);
      void queryClient.invalidateQueries({ queryKey: applicantsKey(job._id) });
      onClose();
    },
  });

  // A job with a hire is reviewed only about the hired company (the server refuses any other).
  const hiredId = job.hiredCompanyId ?? null;
  const reviewable = (applicants.data ?? []).filter((company) => !hiredId || company._id === hiredId);
  const candidates = reviewable.filter((company) => !company.reviewed);
  // One company to review: it is chosen already.
  const companyId = chosen || (candidates.length === 1 ? candidates[0]!._id : '');
  const text = review.trim();
  const textError = text || tried ? fieldError(ReviewTextRule, text) : undefined;
  const companyError = tried && !companyId ? CHOOSE_A_COMPANY : undefined;
  const ratingError = tried && fieldError(RatingRule, rating) ? JOB_MESSAGES.ratingOutOfRange : undefined;
  const ready =
    Boolean(companyId) &&
    Boolean(text) &&
    !textError &&
    !fieldError(RatingRule, rating) &&
    !mutation.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending) return;
    if (!ready) {
      setTried((count) => count + 1);
      return;
    }
    mutation.mutate({ companyId, jobId: job._id, rating, review: text });
  };

  let body;
  if (applicants.isPending) {
    body = (
      <p className="choice-loading" role="status">
        <Spinner /> Loading the companies…
      </p>
    );
  } else if (applicants.isError) {
    body = (
      <div className="dash-modal__empty" role="alert">
        <p>{errorText(applicants.error, { server: true, fallback: 'The companies could not be loaded.' })}</p>
        <Button variant="secondary" onClick={() => void applicants.refetch()}>
          Try again
        </Button>
      </div>
    );
  } else if (candidates.length === 0) {
    body = (
      <p className="dash-modal__empty">
        {reviewable.length === 0 ? NO_ONE_TO_REVIEW : hiredId ? HIRED_REVIEWED : EVERYONE_REVIEWED}
      </p>
    );
  } else {
    body = (
      <form
        id={formId}
        ref={form}
        className="form-stack"
        onSubmit={submit}
        noValidate
        aria-describedby={hintId}
      >
        <FormError message={mutation.isError ? postError(mutation.error) : undefined} />
        <p className="dash-modal__lead">
          How did <strong>{jobDisplayName(job)}</strong> go? Your review and rating show on the company’s
          profile.
        </p>
        {hiredId && (
          <p className="dash-modal__verified">
            <span className="dash-verified-badge">
              <span aria-hidden="true">✓</span> {REVIEW_MODERATION_MESSAGES.verifiedHire}
            </span>{' '}
            {hiredLead(candidates[0]!.name)}
          </p>
        )}
        <SelectField
          label="Company"
          value={companyId}
          error={companyError}
          onChange={(event) => setChosen(event.target.value)}
          disabled={mutation.isPending}
        >
          <option value="">Choose a company</option>
          {candidates.map((company) => (
            <option key={company._id} value={company._id}>
              {hiredId ? `${company.name} (${REVIEW_MODERATION_MESSAGES.verifiedHire})` : company.name}
            </option>
          ))}
        </SelectField>
        <StarRating value={rating} onChange={setRating} disabled={mutation.isPending} error={ratingError} />
        <TextAreaField
          label="Description"
          rows={4}
          maxLength={JOB_LIMITS.reviewMax}
          value={review}
          error={textError}
          placeholder="Was the work done well and on time? Would you hire them again?"
          onChange={(event) => setReview(event.target.value)}
          disabled={mutation.isPending}
        />
        <p className="form-field__hint" id={hintId}>
          {ready || mutation.isPending
            ? `${text.length} / ${JOB_LIMITS.reviewMax} characters`
            : REVIEW_HOW_TO}
        </p>
      </form>
    );
  }

  const canPost = !applicants.isPending && !applicants.isError && candidates.length > 0;
  return (
    <Modal
      title="Review a company"
      onClose={onClose}
      {...(returnFocus ? { returnFocus } : {})}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {canPost ? 'Later' : 'Done'}
          </Button>
          {canPost && (
            <button
              type="submit"
              form={formId}
              className="ui-btn ui-btn--primary"
              aria-disabled={!ready || undefined}
              aria-busy={mutation.isPending || undefined}
              aria-describedby={ready ? undefined : hintId}
            >
              {mutation.isPending && <Spinner />}
              {MESSAGES.postReview}
            </button>
          )}
        </>
      }
    >
      {body}
    </Modal>
  );
}
