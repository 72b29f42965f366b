import { useId, type FormEvent, type ReactNode } from 'react';
import { Modal } from '../modal/Modal';
import { FormError } from './FormError';

interface FormDialogProps {
  title: string;
  onClose: () => void;
  /** Where focus goes when the dialog closes (e.g. a row's new status once its button is gone). */
  returnFocus?: () => HTMLElement | null | undefined;
  /** The submit button's words, and its words while the request is on its way. */
  submitLabel: string;
  pendingLabel: string;
  /** 'danger' for what cannot be undone (a refund, hiding something). */
  tone?: 'primary' | 'danger';
  pending: boolean;
  /** The server's refusal, shown (and focused) at the top of the form. */
  error?: string | undefined;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}

/**
 * A dialog that asks for a decision and sends it: the form, Cancel and the submit button in the footer
 * (tied to the form by id, so Enter in a field submits), the server's error on top. The dialogs of
 * refunds, disputes, hiding and reports differ only in their fields.
 */
export function FormDialog({
  title,
  onClose,
  returnFocus,
  submitLabel,
  pendingLabel,
  tone = 'primary',
  pending,
  error,
  onSubmit,
  children,
}: FormDialogProps) {
  const formId = useId();
  return (
    <Modal
      title={title}
      onClose={onClose}
      {...(returnFocus ? { returnFocus } : {})}
      footer={
        <>
          <button type="button" className="ui-btn ui-btn--secondary" onClick={onClose}>
            Cancel
          </button>
          <button
            type="submit"
            form={formId}
            className={tone === 'danger' ? 'ui-btn ui-btn--danger-solid' : 'ui-btn ui-btn--primary'}
            aria-busy={pending || undefined}
          >
            {pending ? pendingLabel : submitLabel}
          </button>
        </>
      }
    >
      <form
        id={formId}
        className="form-stack"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!pending) onSubmit(event);
        }}
      >
        <FormError message={error} />
        {children}
      </form>
    </Modal>
  );
}

/**
 * A group of choices (radios) with its legend and its error, which is announced and tied to the group.
 * The inputs come as children, so a form library's `register` or plain state both fit.
 */
export function ChoiceFieldset({
  legend,
  error,
  className,
  children,
}: {
  legend: string;
  error: string | undefined;
  className?: string;
  children: ReactNode;
}) {
  const errorId = `${useId()}-error`;
  return (
    <fieldset
      className={className ? `choice-list ${className}` : 'choice-list'}
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className="choice-group__title">{legend}</legend>
      <p className="form-field__error" id={errorId} aria-live="polite">
        {error}
      </p>
      {children}
    </fieldset>
  );
}
