import { useEffect, useRef, useState } from 'react';
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
import { postRegistration } from '../../../lib/account-api';
import { registerRules, type RegisterForm } from '../rules';
import { CategoryModal, type CategoryChoice } from './CategoryModal';

const NO_CHOICE: CategoryChoice = { categories: [], subcategories: [] };

export default function RegisterPage() {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [modalOpen, setModalOpen] = useState(false);
  const [choice, setChoice] = useState<CategoryChoice>(NO_CHOICE);
  const redirect = useRef<ReturnType<typeof setTimeout>>(undefined);
  const [formError, setFormError] = useState<string | undefined>();
  const { register, handleSubmit, setError, formState } = useForm<RegisterForm>({
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
    },
  });
  const chosen = choice.categories.length > 0;

  useEffect(() => () => clearTimeout(redirect.current), []);

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
          category: choice.categories,
          subcategory: choice.subcategories,
        },
      );
      if (response.ok && (body.statusCode ?? 200) === 200) {
        notify('success', body.message ?? 'Company registered', UI_TIMINGS.signUpSuccessToastMs);
        setDone(true);
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
      title={MESSAGES.registerCompany}
      lead={
        <>
          Find jobs near you and chat with customers.{' '}
          <Link to="/login">{MESSAGES.alreadyRegisteredLoginHere}</Link>
        </>
      }
      asideTitle="Grow your business"
      asidePoints={[
        'Browse open jobs by category and service',
        'Unlock a job to see the contact details and chat',
        'Collect reviews from customers you worked for',
      ]}
    >
      <form
        className="form-stack"
        onSubmit={handleSubmit(onSubmit)}
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
          <SelectField label="State" {...register('state')}>
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
        <div className="form-categories">
          <label className="choice">
            <input
              type="checkbox"
              checked={chosen}
              onChange={(event) => {
                if (event.target.checked) setModalOpen(true);
                else setChoice(NO_CHOICE);
              }}
            />
            <span>{MESSAGES.chooseCategoryAndSubCategory}</span>
          </label>
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
      </form>
      {modalOpen && (
        <CategoryModal
          initial={choice}
          onSave={(next) => {
            setChoice(next);
            setModalOpen(false);
          }}
          onClose={() => {
            // Closing during the first choice means "no choice"; after 'Change' the saved choice stays.
            if (!chosen) setChoice(NO_CHOICE);
            setModalOpen(false);
          }}
        />
      )}
    </AuthLayout>
  );
}
