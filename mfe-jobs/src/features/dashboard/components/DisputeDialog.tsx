import { useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  DISPUTE_MESSAGES,
  DISPUTE_NOTE_MAX,
  DISPUTE_REASONS,
  DISPUTE_REASON_LABELS,
  DISPUTE_WINDOW_DAYS,
  formatKobo,
  type DisputeReason,
  type UnlockPayment,
} from '@marketplace/contracts';
import { errorText, notify } from '@marketplace/ui';
import { ChoiceFieldset, FormDialog, TextAreaField, type FieldChecks } from '@marketplace/ui/form';
import { fieldRulesResolver } from '@marketplace/ui/form-rules';
import { formatPostedDate } from '../../../shared/dates';
import { openDispute } from '../api/my-payments';

interface DisputeForm {
  reason: DisputeReason | '';
  note: string;
}

export const DISPUTE_REASON_REQUIRED = 'Please choose what was wrong with the lead.';
const NOTE_TOO_LONG = `Please keep the note under ${DISPUTE_NOTE_MAX} characters.`;

/** The same rules the API applies (a fixed reason, a short note), with the same words. */
export const DISPUTE_CHECKS: FieldChecks<DisputeForm> = {
  reason: {
    required: DISPUTE_REASON_REQUIRED,
    check: (value) =>
      DISPUTE_REASONS.includes(value as DisputeReason) ? undefined : DISPUTE_REASON_REQUIRED,
  },
  note: {
    required: DISPUTE_MESSAGES.noteRequired,
    check: (value) => (String(value).trim().length > DISPUTE_NOTE_MAX ? NOTE_TOO_LONG : undefined),
  },
};
const resolver = fieldRulesResolver(DISPUTE_CHECKS);

/** The id of a payment's status cell: where focus goes once its dispute is sent (the button is gone). */
export const paymentStatusCellId = (paymentId: string) => `dash-pay-status-${paymentId}`;

/**
 * Disputes one paid unlock: one of the fixed reasons and a short note, once per unlock, within
 * DISPUTE_WINDOW_DAYS of the payment. An administrator refunds it or rejects it with a reason.
 */
export function DisputeDialog({
  payment,
  queryKey,
  onClose,
}: {
  payment: UnlockPayment;
  queryKey: readonly unknown[];
  onClose: () => void;
}) {
  const sent = useRef(false);
  const queryClient = useQueryClient();
  const { register, handleSubmit, formState } = useForm<DisputeForm>({
    mode: 'onTouched',
    resolver,
    defaultValues: { reason: '', note: '' },
  });
  const { errors } = formState;
  const mutation = useMutation({
    mutationFn: (form: DisputeForm) =>
      openDispute(payment._id, { reason: form.reason as DisputeReason, note: form.note.trim() }),
    onSuccess: async (result) => {
      notify('success', result.message || DISPUTE_MESSAGES.opened);
      sent.current = true;
      await queryClient.invalidateQueries({ queryKey });
      onClose();
    },
    // Refused (decided meanwhile, too late, already disputed): the list shows where things stand.
    onError: () => void queryClient.invalidateQueries({ queryKey }),
  });
  const title = payment.jobTitle?.trim() || 'A job that is no longer listed';

  return (
    <FormDialog
      title="Dispute this lead"
      onClose={onClose}
      returnFocus={() =>
        sent.current ? document.getElementById(paymentStatusCellId(payment._id)) : undefined
      }
      submitLabel="Send dispute"
      pendingLabel="Sending…"
      pending={mutation.isPending}
      error={
        mutation.isError
          ? errorText(mutation.error, { server: true, fallback: 'The dispute could not be sent.' })
          : undefined
      }
      onSubmit={handleSubmit((form) => mutation.mutate(form))}
    >
      <p className="dash-dispute__lead">
        <strong>{title}</strong>, {formatKobo(payment.amount, payment.currency)} paid{' '}
        {formatPostedDate(payment.paidAt ?? payment.createdAt)}. You can dispute an unlock once, within{' '}
        {DISPUTE_WINDOW_DAYS} days of paying. An administrator looks at the chat and the job, then refunds you
        or tells you why not.
      </p>
      <ChoiceFieldset legend="What was wrong?" error={errors.reason?.message}>
        {DISPUTE_REASONS.map((reason) => (
          <label key={reason} className="choice">
            <input type="radio" value={reason} {...register('reason')} />
            <span>{DISPUTE_REASON_LABELS[reason]}</span>
          </label>
        ))}
      </ChoiceFieldset>
      <TextAreaField
        label="What happened"
        rows={3}
        maxLength={DISPUTE_NOTE_MAX}
        hint={`A few words for the administrator, e.g. when you called. At most ${DISPUTE_NOTE_MAX} characters.`}
        error={errors.note?.message}
        {...register('note')}
      />
    </FormDialog>
  );
}
