import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from '@marketplace/ui/router';
import { Button, notify } from '@marketplace/ui';
import {
  AuthLayout,
  FormError,
  PasswordField,
  SelectField,
  SubmitButton,
  TextField,
  applyServerErrors,
} from '@marketplace/ui/form';
import { MESSAGES, NIGERIAN_STATES, REGISTRATION_CONSTANTS, UI_TIMINGS } from '@marketplace/contracts';
import { AUTH_PAGES, authCataloguePage } from '@marketplace/page-head';
import { usePageHead } from '@marketplace/ui/head';
import { postRegistration } from '../../../lib/account-api';
import { registerRules, type RegisterForm } from '../rules';
import { CategoryModal, type CategoryChoice } from './CategoryModal';

const NO_CHOICE: CategoryChoice = { categories: [], subcategories: [] };

export default function RegisterPage() {
  const { leadLink } = AUTH_PAGES.register;
  usePageHead(authCataloguePage('register').head);
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [modalOpen, setModalOpen] = useState(false);
  const [choice, setChoice] = useState<CategoryChoice>(NO_CHOICE);
  const redirect = useRef<ReturnType<typeof setTimeout>>(undefined);
  const [formError, setFormError] = useState<string | undefined>();
  const categoryBox = useRef<HTMLInputElement>(null);
  const doneMessage = useRef<HTMLParagraphElement>(null);
  const [doneText, setDoneText] = useState<string | undefined>();
  const categoryErrorId = useId();
  const { register, handleSubmit, setError, setValue, formState } = useForm<RegisterForm>({
    mode: 'onTouched',
    resolver: registerRules.resolver,
    defaultValues: {
      name: '',
      email: '',
      phoneNumber: '',
      cacnumber: '',
      address: '',
      state: '',
      pincode: '',
      password: '',
      category: [],
    },
  });
  const chosen = choice.categories.length > 0;
  const categoryError = formState.errors.category?.message;

  /** The dialog's choice is also the form's `category` value, so it is checked with the other fields. */
  const choose = (next: CategoryChoice) => {
    setChoice(next);
    setValue('category', next.categories, { shouldValidate: formState.isSubmitted });
  };

  useEffect(() => () => clearTimeout(redirect.current), []);
  // The button is busy (disabled) after a registration: focus goes to the message, not the page body.
  useEffect(() => {
    if (doneText) doneMessage.current?.focus();
  }, [doneText]);

  const onSubmit = async (values: RegisterForm) => {
    setFormError(undefined);
    setBusy(true);
    const name = values.name.trim();
    try {
      const { response, body } = await postRegistration(
        { name, email: values.email, password: values.password },
        {
          type: REGISTRATION_CONSTANTS.companyType,
          cacnumber: values.cacnumber.trim(),
          phoneNumber: values.phoneNumber.trim(),
          address: values.address.trim(),
          pincode: values.pincode.trim(),
          state: values.state,
          category: values.category,
          subcategory: choice.subcategories,
        },
      );
      if (response.ok && (body.statusCode ?? 200) === 200) {
        const message = body.message ?? 'Company registered';
        notify('success', message, UI_TIMINGS.signUpSuccessToastMs);
        setDone(true);
        setDoneText(`${message}. Taking you to the sign-in page…`);
        redirect.current = setTimeout(() => navigate('/login'), UI_TIMINGS.redirectAfterSuccessMs);
        return;
      }
      const fallback = `Registration failed (${response.status})`;
      setFormError(
        response.status === 400
          ? applyServerErrors(body, setError, await registerRules.checks(), fallback)
          : (body.message ?? fallback),
      );
    } catch {
      // No network response: the API client has shown the toast.
    }
    setBusy(false);
  };

  return (
    <AuthLayout
      wide
      title={AUTH_PAGES.register.heading}
      lead={
        <>
          {AUTH_PAGES.register.lead} {leadLink && <Link to={leadLink.path}>{leadLink.name}</Link>}
        </>
      }
      asideTitle={AUTH_PAGES.register.aside.title}
      asidePoints={AUTH_PAGES.register.aside.points}
    >
      <form
        className="form-stack"
        onSubmit={handleSubmit(onSubmit, (errors) => {
          // Every field but the category list is focused by the form; that one is a checkbox it does not own.
          if (Object.keys(errors).length === 1 && errors.category) categoryBox.current?.focus();
        })}
        onFocus={registerRules.preload}
        noValidate
      >
        <FormError message={formError} />
        <div className="form-grid">
          <TextField
            label="Company Name"
            autoComplete="organization"
            error={formState.errors.name?.message}
            {...register('name')}
          />
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            inputMode="email"
            error={formState.errors.email?.message}
            {...register('email')}
          />
          <TextField
            label="Contact Number"
            type="tel"
            autoComplete="tel"
            error={formState.errors.phoneNumber?.message}
            {...register('phoneNumber')}
          />
          <TextField
            label="CAC Number"
            autoComplete="off"
            error={formState.errors.cacnumber?.message}
            {...register('cacnumber')}
          />
          <TextField
            label="Address"
            autoComplete="street-address"
            fieldClassName="form-grid__full"
            error={formState.errors.address?.message}
            {...register('address')}
          />
          <SelectField label="State" error={formState.errors.state?.message} {...register('state')}>
            <option value="">Select a state</option>
            {NIGERIAN_STATES.map((state) => (
              <option key={state} value={state}>
                {state}
              </option>
            ))}
          </SelectField>
          <TextField
            label="Postal code"
            inputMode="numeric"
            autoComplete="postal-code"
            error={formState.errors.pincode?.message}
            {...register('pincode')}
          />
          <PasswordField
            label="Password"
            autoComplete="new-password"
            fieldClassName="form-grid__full"
            error={formState.errors.password?.message}
            {...register('password')}
          />
        </div>
        <div className={categoryError ? 'form-categories has-error' : 'form-categories'}>
          <label className="choice">
            <input
              ref={categoryBox}
              type="checkbox"
              checked={chosen}
              aria-invalid={categoryError ? true : undefined}
              aria-describedby={categoryError ? categoryErrorId : undefined}
              onChange={(event) => {
                if (event.target.checked) setModalOpen(true);
                else choose(NO_CHOICE);
              }}
            />
            <span>{MESSAGES.chooseCategoryAndSubCategory}</span>
          </label>
          <p className="form-field__error" id={categoryErrorId} aria-live="polite">
            {categoryError}
          </p>
          {chosen && (
            <div className="form-categories__summary">
              <p>
                <strong>Categories:</strong> {choice.categories.join(', ')}
              </p>
              <p>
                <strong>Services:</strong>{' '}
                {choice.subcategories.length > 0 ? choice.subcategories.join(', ') : 'none chosen'}
              </p>
              <Button variant="secondary" size="sm" onClick={() => setModalOpen(true)}>
                Change
              </Button>
            </div>
          )}
        </div>
        <SubmitButton busy={busy || done} busyLabel={done ? 'Registered' : 'Posting…'}>
          {MESSAGES.post}
        </SubmitButton>
        {doneText && (
          <p className="form-done" tabIndex={-1} ref={doneMessage}>
            {doneText}
          </p>
        )}
      </form>
      {modalOpen && (
        <CategoryModal
          initial={choice}
          onSave={(next) => {
            choose(next);
            setModalOpen(false);
          }}
          onClose={() => {
            // Closing during the first choice means "no choice"; after 'Change' the saved choice stays.
            if (!chosen) choose(NO_CHOICE);
            setModalOpen(false);
          }}
        />
      )}
    </AuthLayout>
  );
}
