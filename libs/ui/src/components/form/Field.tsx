import {
  useId,
  useState,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { buttonClass } from '../../Button';

interface FieldFrameProps {
  id: string;
  label: string;
  error?: string | undefined;
  invalid?: boolean | undefined;
  hint?: ReactNode;
  children: ReactNode;
  className?: string | undefined;
}

/**
 * Label, control, hint and error of one field. The error paragraph is always there (a live region, so a
 * new message is announced) and tied to the control with aria-describedby; the control has aria-invalid.
 */
function FieldFrame({ id, label, error, invalid, hint, children, className }: FieldFrameProps) {
  return (
    <div className={['form-field', (error || invalid) && 'has-error', className].filter(Boolean).join(' ')}>
      <label className="form-field__label" htmlFor={id}>
        {label}
      </label>
      {children}
      {hint && !error && (
        <p className="form-field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      <p className="form-field__error" id={`${id}-error`} aria-live="polite">
        {error}
      </p>
    </div>
  );
}

function describedBy(id: string, error?: string, hint?: ReactNode): string | undefined {
  if (error) return `${id}-error`;
  return hint ? `${id}-hint` : undefined;
}

/** aria-invalid: a message, or `invalid` (marked without a message of its own, e.g. a failed sign-in). */
function ariaInvalid(error?: string, invalid?: boolean): true | undefined {
  return error || invalid ? true : undefined;
}

interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string | undefined;
  /** Marked invalid without a message of its own (the form-level summary explains). */
  invalid?: boolean;
  hint?: ReactNode;
  ref?: Ref<HTMLInputElement>;
  fieldClassName?: string;
}

export function TextField({ label, error, invalid, hint, id, fieldClassName, ...input }: TextFieldProps) {
  const generated = useId();
  const fieldId = id ?? generated;
  return (
    <FieldFrame
      id={fieldId}
      label={label}
      error={error}
      invalid={invalid}
      hint={hint}
      className={fieldClassName}
    >
      <input
        id={fieldId}
        className="form-input"
        aria-invalid={ariaInvalid(error, invalid)}
        aria-describedby={describedBy(fieldId, error, hint)}
        {...input}
      />
    </FieldFrame>
  );
}

/** Password input with a show/hide button. */
export function PasswordField({ label, error, invalid, hint, id, fieldClassName, ...input }: TextFieldProps) {
  const generated = useId();
  const fieldId = id ?? generated;
  const [visible, setVisible] = useState(false);
  return (
    <FieldFrame
      id={fieldId}
      label={label}
      error={error}
      invalid={invalid}
      hint={hint}
      className={fieldClassName}
    >
      <div className="form-input-group">
        <input
          id={fieldId}
          className="form-input"
          type={visible ? 'text' : 'password'}
          aria-invalid={ariaInvalid(error, invalid)}
          aria-describedby={describedBy(fieldId, error, hint)}
          {...input}
        />
        <button
          type="button"
          className="form-input-group__btn"
          onClick={() => setVisible((v) => !v)}
          aria-label={visible ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
          aria-pressed={visible}
        >
          {visible ? 'Hide' : 'Show'}
        </button>
      </div>
    </FieldFrame>
  );
}

interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  error?: string | undefined;
  invalid?: boolean;
  hint?: ReactNode;
  ref?: Ref<HTMLSelectElement>;
  fieldClassName?: string;
}

export function SelectField({
  label,
  error,
  invalid,
  hint,
  id,
  children,
  fieldClassName,
  ...select
}: SelectFieldProps) {
  const generated = useId();
  const fieldId = id ?? generated;
  return (
    <FieldFrame
      id={fieldId}
      label={label}
      error={error}
      invalid={invalid}
      hint={hint}
      className={fieldClassName}
    >
      <select
        id={fieldId}
        className="form-input form-select"
        aria-invalid={ariaInvalid(error, invalid)}
        aria-describedby={describedBy(fieldId, error, hint)}
        {...select}
      >
        {children}
      </select>
    </FieldFrame>
  );
}

interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  error?: string | undefined;
  invalid?: boolean;
  hint?: ReactNode;
  ref?: Ref<HTMLTextAreaElement>;
  fieldClassName?: string;
}

export function TextAreaField({
  label,
  error,
  invalid,
  hint,
  id,
  fieldClassName,
  ...textarea
}: TextAreaFieldProps) {
  const generated = useId();
  const fieldId = id ?? generated;
  return (
    <FieldFrame
      id={fieldId}
      label={label}
      error={error}
      invalid={invalid}
      hint={hint}
      className={fieldClassName}
    >
      <textarea
        id={fieldId}
        className="form-input form-textarea"
        aria-invalid={ariaInvalid(error, invalid)}
        aria-describedby={describedBy(fieldId, error, hint)}
        {...textarea}
      />
    </FieldFrame>
  );
}

export function Spinner() {
  return <span className="form-spinner" aria-hidden="true" />;
}

interface SubmitButtonProps {
  busy?: boolean;
  disabled?: boolean;
  children: ReactNode;
  busyLabel?: string;
}

/** Full-width primary submit button with the wait indicator (spec: "shows a wait indicator while loading"). */
export function SubmitButton({ busy = false, disabled = false, children, busyLabel }: SubmitButtonProps) {
  return (
    <button
      type="submit"
      className={buttonClass('primary', 'lg', 'form-submit')}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
    >
      {busy && <Spinner />}
      {busy && busyLabel ? busyLabel : children}
    </button>
  );
}
