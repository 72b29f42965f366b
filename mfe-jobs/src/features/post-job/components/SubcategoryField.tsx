import { useId, type Ref } from 'react';
import { MESSAGES, subcategoriesOf } from '@marketplace/contracts';
import { Spinner } from '@marketplace/ui/form';

interface SubcategoryFieldProps {
  category: string;
  value: readonly string[];
  onChange: (next: string[]) => void;
  /** Spec: the list loads for about 1.5 s after a category is picked. */
  loading: boolean;
  error?: string | undefined;
  disabled?: boolean;
  /** The control react-hook-form focuses when the field is invalid (the first checkbox). */
  firstRef?: Ref<HTMLInputElement>;
}

/** Spec "Post Job": the SubCategory multi-select, offering only the chosen category's sub-categories. */
export function SubcategoryField({
  category,
  value,
  onChange,
  loading,
  error,
  disabled,
  firstRef,
}: SubcategoryFieldProps) {
  const errorId = useId();
  const hintId = useId();
  const options = category ? subcategoriesOf([category]) : [];
  const chosen = new Set(value);

  const toggle = (name: string, on: boolean) =>
    // Kept in catalogue order, whatever order they were ticked in.
    onChange(options.filter((option) => (option === name ? on : chosen.has(option))));

  return (
    <fieldset
      className={['form-field', 'subcategory-field', 'form-grid__full', error && 'has-error']
        .filter(Boolean)
        .join(' ')}
      aria-describedby={error ? errorId : hintId}
      aria-busy={loading || undefined}
    >
      <legend className="form-field__label">
        SubCategory <span className="post-job__optional">(choose any that fit)</span>
      </legend>
      {!category ? (
        <p className="subcategory-field__empty" id={hintId}>
          Choose a category first: its sub-categories appear here.
        </p>
      ) : loading ? (
        <p className="choice-loading subcategory-field__loading" role="status" id={hintId}>
          <Spinner /> {MESSAGES.loading}
        </p>
      ) : (
        <>
          <p className="form-field__hint" id={hintId}>
            {value.length > 0 ? `${value.length} chosen` : `Sub-categories of ${category}`}
          </p>
          <div className="choice-list choice-list--grid subcategory-field__list">
            {options.map((name, index) => (
              <label key={name} className="choice">
                <input
                  type="checkbox"
                  name="subcategory"
                  value={name}
                  checked={chosen.has(name)}
                  disabled={disabled}
                  ref={index === 0 ? firstRef : undefined}
                  onChange={(event) => toggle(name, event.target.checked)}
                />
                <span>{name}</span>
              </label>
            ))}
          </div>
        </>
      )}
      <p className="form-field__error" id={errorId} aria-live="polite">
        {error}
      </p>
    </fieldset>
  );
}
