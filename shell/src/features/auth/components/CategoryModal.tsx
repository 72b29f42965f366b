import { useEffect, useRef, useState } from 'react';
import { CATEGORY_NAMES, MESSAGES, UI_TIMINGS, subcategoriesOf } from '@marketplace/contracts';
import { Button } from '@marketplace/ui';
import { Modal, Spinner } from '@marketplace/ui/form';

export interface CategoryChoice {
  categories: string[];
  subcategories: string[];
}

interface CategoryModalProps {
  initial: CategoryChoice;
  onSave: (choice: CategoryChoice) => void;
  /** Closing without saving: the caller clears the selections (spec). */
  onClose: () => void;
}

function toggle(list: readonly string[], value: string): string[] {
  return list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
}

/**
 * Spec "Company registration": step 1 'Choose Category' (multi-select; the next button is disabled while
 * none is chosen), step 2 'Choose Sub-Category' (sub-categories of the chosen categories, 'Loading' for
 * about 1.5 s, 'Previous' and 'Save Changes').
 */
export function CategoryModal({ initial, onSave, onClose }: CategoryModalProps) {
  const [step, setStep] = useState<1 | 2>(1);
  const [categories, setCategories] = useState<string[]>(initial.categories);
  const [subcategories, setSubcategories] = useState<string[]>(initial.subcategories);
  const [loading, setLoading] = useState(false);
  const stepText = useRef<HTMLParagraphElement>(null);
  const shownStep = useRef(step);

  useEffect(() => {
    if (!loading) return;
    const timer = setTimeout(() => setLoading(false), UI_TIMINGS.subcategoryLoadingMs);
    return () => clearTimeout(timer);
  }, [loading]);

  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    // The footer's buttons are replaced with the step, which would drop keyboard focus out of the
    // dialog: put it on the new step's 'Step n of 2' so Tab continues into that step's choices.
    stepText.current?.focus();
  }, [step]);

  const goToStep2 = () => {
    // Sub-categories of categories that were unticked on the way back are dropped.
    const allowed = new Set<string>(subcategoriesOf(categories));
    setSubcategories((current) => current.filter((s) => allowed.has(s)));
    // Set with the step, not by an effect after it: step 2's first paint must already be 'Loading',
    // or its choices flash for a frame and a keyboard user can land in them as they vanish.
    setLoading(true);
    setStep(2);
  };

  const backToStep1 = () => {
    setLoading(false);
    setStep(1);
  };

  const footer =
    step === 1 ? (
      <Button onClick={goToStep2} disabled={categories.length === 0}>
        {MESSAGES.chooseCategory}
      </Button>
    ) : (
      <>
        <Button variant="secondary" onClick={backToStep1}>
          {MESSAGES.previous}
        </Button>
        <Button onClick={() => onSave({ categories, subcategories })} disabled={loading}>
          {MESSAGES.saveChanges}
        </Button>
      </>
    );

  return (
    <Modal
      title={step === 1 ? MESSAGES.chooseCategory : MESSAGES.chooseSubCategory}
      onClose={onClose}
      footer={footer}
    >
      <p className="form-modal__step" ref={stepText} tabIndex={-1}>
        Step {step} of 2
      </p>
      {step === 1 ? (
        <fieldset className="choice-list">
          <legend className="ui-visually-hidden">Categories</legend>
          {CATEGORY_NAMES.map((name) => (
            <label key={name} className="choice">
              <input
                type="checkbox"
                checked={categories.includes(name)}
                onChange={() => setCategories((list) => toggle(list, name))}
              />
              <span>{name}</span>
            </label>
          ))}
        </fieldset>
      ) : loading ? (
        <p className="choice-loading" role="status">
          <Spinner /> {MESSAGES.loading}
        </p>
      ) : (
        CATEGORY_NAMES.filter((category) => categories.includes(category)).map((category) => (
          <fieldset key={category} className="choice-list choice-list--grid choice-group">
            <legend className="choice-group__title">{category}</legend>
            {subcategoriesOf([category]).map((name) => (
              <label key={name} className="choice">
                <input
                  type="checkbox"
                  checked={subcategories.includes(name)}
                  onChange={() => setSubcategories((list) => toggle(list, name))}
                />
                <span>{name}</span>
              </label>
            ))}
          </fieldset>
        ))
      )}
    </Modal>
  );
}
