import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { usePageHead } from '@marketplace/ui/head';
import { Link, useNavigate } from '@marketplace/ui/router';
import { notify } from '@marketplace/ui';
import {
  AuthLayout,
  FormError,
  PasswordField,
  SubmitButton,
  TextField,
  applyServerErrors,
} from '@marketplace/ui/form';
import { MESSAGES, UI_TIMINGS } from '@marketplace/contracts';
import { AUTH_PAGES, authCataloguePage } from '@marketplace/page-head';
import { postRegistration } from '../../../lib/account-api';
import { signUpRules, type SignupForm } from '../rules';

/** Spec section 3: the poster sign-up sends a fixed registration number as cacnumber. */
export const POSTER_CAC_NUMBER = 'RC0000000';

/** Spec section 8: sign-up errors. */
export function signUpErrorMessage(status: number, message: string | undefined): string {
  if (status === 401) return MESSAGES.invalidUserNameOrPassword;
  if (status >= 500) return message ?? `Something went wrong on our side (${status})`;
  return message ?? MESSAGES.userWithEmailAlreadyExist;
}

export default function SignupPage() {
  // The edge wrote this page's head into the first load; it goes with the page on a client navigation.
  usePageHead(authCataloguePage('signup').head);
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const redirect = useRef<ReturnType<typeof setTimeout>>(undefined);
  const [formError, setFormError] = useState<string | undefined>();
  const { register, handleSubmit, setError, formState } = useForm<SignupForm>({
    mode: 'onChange',
    resolver: signUpRules.resolver,
    defaultValues: { name: '', email: '', password: '', confirmPassword: '' },
  });

  useEffect(() => () => clearTimeout(redirect.current), []);

  const onSubmit = async (values: SignupForm) => {
    setFormError(undefined);
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
      // Errors for a field land on it (all at once, focus on the first); the rest in the summary.
      setFormError(
        response.status === 400
          ? applyServerErrors(body, setError, await signUpRules.checks(), signUpErrorMessage(400, undefined))
          : signUpErrorMessage(response.status, body.message),
      );
    } catch {
      // No network response: the API client has shown the toast.
    }
    setBusy(false);
  };

  return (
    <AuthLayout
      title={AUTH_PAGES.signup.heading}
      lead={AUTH_PAGES.signup.lead}
      asideTitle={AUTH_PAGES.signup.aside.title}
      asidePoints={AUTH_PAGES.signup.aside.points}
    >
      <form className="form-stack" onSubmit={handleSubmit(onSubmit)} onFocus={signUpRules.preload} noValidate>
        <FormError message={formError} />
        <TextField
          label="Name"
          autoComplete="name"
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
        <PasswordField
          label="Password"
          autoComplete="new-password"
          error={formState.errors.password?.message}
          {...register('password', {
            deps: formState.dirtyFields.confirmPassword ? ['confirmPassword'] : [],
          })}
        />
        <PasswordField
          label="Confirm Password"
          autoComplete="new-password"
          error={formState.errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
        <SubmitButton busy={busy || done} busyLabel={done ? 'Account created' : 'Signing up…'}>
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
