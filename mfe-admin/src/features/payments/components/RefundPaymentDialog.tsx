import { useRef, useState } from 'react';
import { formatKobo, PAYMENT_MESSAGES, type RefundPaymentBody } from '@marketplace/contracts';
import { errorText } from '@marketplace/ui';
import { ChoiceFieldset, FormDialog, TextAreaField } from '@marketplace/ui/form';
import { useAdminDecision } from '../../../shared/use-admin-decision';
import { ADMIN_PAYMENTS_KEY, refundPayment, type AdminPaymentRow } from '../api/payments';
import { companyNameOf, formatDay, jobTitleOf, PROVIDER_LABELS } from '../utils/payment-text';
import {
  ADMIN_REFUND_REASONS,
  REFUND_CHOICE_REQUIRED,
  REFUND_NOTE_REQUIRED,
  REFUND_NOTE_TOO_LONG,
  REFUND_REASON_MAX,
  refundMessage,
  type AdminRefundChoice,
} from '../utils/refund-reasons';

function noteError(note: string): string | undefined {
  const trimmed = note.trim();
  if (!trimmed) return REFUND_NOTE_REQUIRED;
  if (trimmed.length > REFUND_REASON_MAX) return REFUND_NOTE_TOO_LONG;
  return undefined;
}

function serverError(error: unknown): string {
  return errorText(error, {
    status: { 403: 'Only administrators can refund payments.' },
    server: true,
    answered: (status) => `The payment could not be refunded (status ${status}).`,
    fallback: 'The payment could not be refunded.',
  });
}

/**
 * Asks why a paid unlock is refunded, shows what the company will read, then refunds it
 * (POST /api/payments/{id}/refund). The list refreshes on success and when the payment changed meanwhile.
 */
/** The id of a payment's status cell on the list: where focus goes after its refund (its button is gone). */
export const paymentStatusId = (paymentId: string) => `admin-pay-status-${paymentId}`;

export function RefundPaymentDialog({ payment, onClose }: { payment: AdminPaymentRow; onClose: () => void }) {
  const [choice, setChoice] = useState<AdminRefundChoice | null>(null);
  const [note, setNote] = useState('');
  const [choiceError, setChoiceError] = useState<string | undefined>();
  const [noteProblem, setNoteProblem] = useState<string | undefined>();
  const firstReason = useRef<HTMLInputElement>(null);
  const noteField = useRef<HTMLTextAreaElement>(null);
  const refunded = useRef(false);
  const amount = formatKobo(payment.amount, payment.currency);

  const mutation = useAdminDecision({
    send: (body: RefundPaymentBody) => refundPayment(payment._id, body),
    refresh: ADMIN_PAYMENTS_KEY,
    successFallback: PAYMENT_MESSAGES.refunded,
    done: () => {
      refunded.current = true;
      onClose();
    },
  });

  const submit = () => {
    // A missing reason or note: the message stands by the field and focus goes to it (at 375 px the
    // message at the end of the list was out of view, and focus stayed on the button).
    if (!choice) {
      setChoiceError(REFUND_CHOICE_REQUIRED);
      firstReason.current?.focus();
      return;
    }
    if (choice === 'admin') {
      const problem = noteError(note);
      setNoteProblem(problem);
      if (problem) {
        noteField.current?.focus();
        return;
      }
    }
    mutation.mutate({ reason: refundMessage(choice, note) });
  };

  const preview = choice && choice !== 'admin' ? refundMessage(choice, '') : null;
  const paidOn = payment.paidAt ?? payment.createdAt;

  return (
    <FormDialog
      title="Refund this payment"
      onClose={onClose}
      // Refunded, the row's Refund button is gone: focus goes to the row's new status.
      returnFocus={() =>
        refunded.current ? document.getElementById(paymentStatusId(payment._id)) : undefined
      }
      submitLabel={`Refund ${amount}`}
      pendingLabel="Refunding…"
      tone="danger"
      pending={mutation.isPending}
      error={mutation.isError ? serverError(mutation.error) : undefined}
      onSubmit={submit}
    >
      <dl className="admin-pay-dialog__facts">
        <dt>Company</dt>
        <dd>{companyNameOf(payment)}</dd>
        <dt>Job</dt>
        <dd>{jobTitleOf(payment)}</dd>
        <dt>Amount</dt>
        <dd>
          {amount} <span className="admin-pay-dialog__muted">paid {formatDay(paidOn)}</span>
        </dd>
        <dt>Reference</dt>
        <dd>
          <code>{payment.reference}</code>
        </dd>
      </dl>
      <p className="admin-pay-dialog__lead">
        The money goes back through {PROVIDER_LABELS[payment.provider] ?? payment.provider}. The company loses
        the job’s contact details and chat, and sees the reason on its dashboard. This cannot be undone.
      </p>
      <ChoiceFieldset legend="Reason" error={choiceError} className="admin-pay-dialog__reasons">
        {ADMIN_REFUND_REASONS.map((reason, index) => (
          <label key={reason.value} className="choice">
            <input
              ref={index === 0 ? firstReason : undefined}
              type="radio"
              name="reason"
              value={reason.value}
              checked={choice === reason.value}
              onChange={() => {
                setChoice(reason.value);
                setChoiceError(undefined);
              }}
            />
            <span>
              <span className="admin-pay-dialog__reason">{reason.label}</span>
              <span className="admin-pay-dialog__detail">{reason.detail}</span>
            </span>
          </label>
        ))}
      </ChoiceFieldset>
      {choice === 'admin' && (
        <TextAreaField
          ref={noteField}
          label="Reason for the company"
          name="note"
          rows={3}
          maxLength={REFUND_REASON_MAX}
          value={note}
          error={noteProblem}
          hint={`The company reads this on its dashboard. At most ${REFUND_REASON_MAX} characters.`}
          onChange={(event) => {
            setNote(event.target.value);
            if (noteProblem) setNoteProblem(noteError(event.target.value));
          }}
        />
      )}
      {preview && (
        <p className="admin-pay-dialog__preview">
          <span>The company will read:</span> “{preview}”
        </p>
      )}
    </FormDialog>
  );
}
