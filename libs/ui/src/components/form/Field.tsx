import {
  useId,
  useState,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { buttonClass } from '@marketplace/ui';

interface FieldFrameProps {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  children: ReactNode;
  className?: string | undefined;
}

function FieldFrame({ id, label, error, hint, children, className }: FieldFrameProps) {
  return (
    <div className={['form-field', error && 'has-error', className].filter(Boolean).join(' ')}>
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

interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  ref?: Ref<HTMLInputElement>;
  fieldClassName?: string;
}

export function TextField({ label, error, hint, id, fieldClassName, ...input }: TextFieldProps) {
  const generated = useId();
  const fieldId = id ?? generated;
  return (
    <FieldFrame id={fieldId} label={label} error={error} hint={hint} className={fieldClassName}>
      <input
        id={fieldId}
        className="form-input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fieldId, error, hint)}
        {...input}
      />
    </FieldFrame>
  );
}

/** Password input with a show/hide button. */
export function PasswordField({ label, error, hint, id, fieldClassName, ...input }: TextFieldProps) {
  const generated = useId();
  const fieldId = id ?? generated;
  const [visible, setVisible] = useState(false);
  return (
    <FieldFrame id={fieldId} label={label} error={error} hint={hint} className={fieldClassName}>
      <div className="form-input-group">
        <input
          id={fieldId}
          className="form-input"
          type={visible ? 'text' : 'password'}
          aria-invalid={error ? true : undefined}
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
  ref?: Ref<HTMLSelectElement>;
  fieldClassName?: string;
}

export function SelectField({ label, error, id, children, fieldClassName, ...select }: SelectFieldProps) {
  const generated = useId();
  const fieldId = id ?? generated;
  return (
    <FieldFrame id={fieldId} label={label} error={error} className={fieldClassName}>
      <select
        id={fieldId}
        className="form-input form-select"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fieldId, error)}
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
  ref?: Ref<HTMLTextAreaElement>;
  fieldClassName?: string;
}

export function TextAreaField({ label, error, id, fieldClassName, ...textarea }: TextAreaFieldProps) {
  const generated = useId();
  const fieldId = id ?? generated;
  return (
    <FieldFrame id={fieldId} label={label} error={error} className={fieldClassName}>
      <textarea
        id={fieldId}
        className="form-input form-textarea"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fieldId, error)}
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
