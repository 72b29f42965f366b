import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { notify } from '@marketplace/ui';
import { LIMITS, MESSAGES, UI_TIMINGS } from '@marketplace/contracts';
import { AuthLayout } from './forms/AuthLayout';
import { PasswordField, SubmitButton, TextField } from './forms/Field';
import { postRegistration } from './forms/account-api';
import { nameError, registrationEmailError, signUpPasswordError } from './forms/validation';

/** Spec section 3: the poster sign-up sends a fixed registration number as cacnumber. */
export const POSTER_CAC_NUMBER = 'RC0000000';

interface SignupForm {
  name: string;
  email: string;
  password: string;
  confirmPassword: string;
}

/** Spec section 8: sign-up errors. */
export function signUpErrorMessage(status: number, message: string | undefined): string {
  if (status === 401) return MESSAGES.invalidUserNameOrPassword;
  if (status >= 500) return message ?? `Something went wrong on our side (${status})`;
  return message ?? MESSAGES.userWithEmailAlreadyExist;
}

export default function SignupPage() {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const redirect = useRef<ReturnType<typeof setTimeout>>(undefined);
  const { register, handleSubmit, watch, formState } = useForm<SignupForm>({
    mode: 'onTouched',
    defaultValues: { name: '', email: '', password: '', confirmPassword: '' },
  });
  const [name, email, password, confirmPassword] = watch(['name', 'email', 'password', 'confirmPassword']);
  const passwordError = signUpPasswordError(password, confirmPassword);
  const canSubmit =
    name.trim().length > LIMITS.signUpNameLongerThan &&
    email !== '' &&
    password !== '' &&
    confirmPassword !== '' &&
    !passwordError;

  useEffect(() => () => clearTimeout(redirect.current), []);

  const onSubmit = async (values: SignupForm) => {
    if (signUpPasswordError(values.password, values.confirmPassword)) return;
    setBusy(true);
    const name = values.name.trim();
    try {
      const { response, body } = await postRegistration(
        { name, email: values.email, password: values.password },
        { cacnumber: POSTER_CAC_NUMBER },
      );
      if (response.ok) {
        notify('success', body.message ?? 'Account created', UI_TIMINGS.signUpSuccessToastMs);
        setDone(true);
        redirect.current = setTimeout(() => navigate('/login'), UI_TIMINGS.redirectAfterSuccessMs);
        return;
      }
      notify('error', signUpErrorMessage(response.status, body.message));
    } catch {
      // No network response: the API client has shown the toast.
    }
    setBusy(false);
  };

  return (
    <AuthLayout
      title={MESSAGES.signUpHeading}
      lead="Create a free account to post jobs and compare offers."
      asideTitle="Posting a job is free"
      asidePoints={[
        'Describe the job once, receive offers from vetted companies',
        'Offers are non-binding: you pick the best one',
        'Pay securely only when you are satisfied',
      ]}
    >
      <form className="form-stack" onSubmit={handleSubmit(onSubmit)} noValidate>
        <TextField
          label="Name"
          autoComplete="name"
          error={formState.errors.name?.message}
          {...register('name', { validate: (value) => nameError(value) ?? true })}
        />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          error={formState.errors.email?.message}
          {...register('email', { validate: (value) => registrationEmailError(value) ?? true })}
        />
        <PasswordField
          label="Password"
          autoComplete="new-password"
          error={passwordError === MESSAGES.passwordTooShort ? passwordError : undefined}
          {...register('password')}
        />
        <PasswordField
          label="Confirm Password"
          autoComplete="new-password"
          error={passwordError === MESSAGES.passwordsDoNotMatch ? passwordError : undefined}
          {...register('confirmPassword')}
        />
        <SubmitButton
          busy={busy || done}
          disabled={!canSubmit}
          busyLabel={done ? 'Account created' : 'Signing up…'}
        >
          {MESSAGES.signUpButton}
        </SubmitButton>
      </form>
      <p className="auth-card__foot">
        Already have an account? <Link to="/login">{MESSAGES.signIn}</Link>
      </p>
      <p className="auth-card__foot">
        A company? <Link to="/register">{MESSAGES.registerCompany}</Link>
      </p>
    </AuthLayout>
  );
}
