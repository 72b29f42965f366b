import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { usePageHead } from '@marketplace/ui/head';
import { Link, useNavigate, useSearchParams } from '@marketplace/ui/router';
import { apiFetch, setSessionUser } from '@marketplace/ui';
import { API_PATHS, MESSAGES, type LoginBody } from '@marketplace/contracts';
import { AUTH_PAGES, authCataloguePage } from '@marketplace/page-head';
import {
  AuthLayout,
  FormError,
  PasswordField,
  SubmitButton,
  TextField,
  applyServerErrors,
} from '@marketplace/ui/form';
import { FACEBOOK_LOGIN_URL, readBody, useFacebookLogin } from '../../../lib/account-api';
import { landingPath, safeNextPath } from '../../../session/session';
import { loginRules, type LoginForm } from '../rules';

export default function LoginPage() {
  // The edge wrote this page's head into the first load; it goes with the page on a client navigation.
  usePageHead(authCataloguePage('login').head);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const facebook = useFacebookLogin();
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string | undefined>();
  // Sign In stays enabled (and in the Tab order): a submit with problems says what they are.
  const { register, handleSubmit, setError, formState, getValues } = useForm<LoginForm>({
    mode: 'onChange',
    resolver: loginRules.resolver,
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = async (values: LoginForm) => {
    setFormError(undefined);
    setBusy(true);
    try {
      const json: LoginBody = { email: values.email, password: values.password };
      const response = await apiFetch(API_PATHS.login, {
        method: 'POST',
        json,
        refresh: false,
        networkToast: 'warning',
      });
      const body = await readBody(response);
      if (response.ok && body.user) {
        // The tokens in the body are ignored: the session lives in httpOnly cookies.
        setSessionUser(body.user);
        navigate(safeNextPath(params.get('next')) ?? landingPath(body.user.type));
        return;
      }
      const message = body.message ?? MESSAGES.invalidUserNameOrPassword;
      if (response.status === 401) {
        // Wrong e-mail or password: both fields are marked (which one is wrong is not said), focus on the first.
        setError('email', { type: 'server', message: '' }, { shouldFocus: true });
        setError('password', { type: 'server', message: '' });
        setFormError(message);
      } else {
        setFormError(applyServerErrors(body, setError, await loginRules.checks(), message));
      }
    } catch {
      // No network response: the API client has shown the warning toast.
    }
    setBusy(false);
  };

  return (
    <AuthLayout
      title={AUTH_PAGES.login.heading}
      lead={AUTH_PAGES.login.lead}
      asideTitle={AUTH_PAGES.login.aside.title}
      asidePoints={AUTH_PAGES.login.aside.points}
    >
      <form className="form-stack" onSubmit={handleSubmit(onSubmit)} onFocus={loginRules.preload} noValidate>
        <FormError message={formError} />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          error={formState.errors.email?.message}
          invalid={!!formState.errors.email}
          {...register('email')}
        />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          error={formState.errors.password?.message}
          invalid={!!formState.errors.password}
          {...register('password')}
        />
        <div className="form-row form-row--between">
          {/* The spec's lost-password link had no target; it opens the reset flow, with the typed e-mail. */}
          <Link
            className="form-link"
            to="/forgot-password"
            onClick={(event) => {
              // The address typed so far comes along, so nobody types it twice (a new tab gets none).
              if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
                return;
              event.preventDefault();
              navigate('/forgot-password', { state: { email: getValues('email') } });
            }}
          >
            Lost your password?
          </Link>
        </div>
        <SubmitButton busy={busy} busyLabel="Signing in…">
          {MESSAGES.signIn}
        </SubmitButton>
        {facebook && (
          <>
            <p className="form-divider">
              <span>or</span>
            </p>
            <a className="ui-btn ui-btn--secondary ui-btn--lg form-social" href={FACEBOOK_LOGIN_URL}>
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                <path
                  fill="#1877F2"
                  d="M24 12a12 12 0 1 0-13.9 11.9v-8.4H7.1V12h3V9.4c0-3 1.8-4.7 4.5-4.7 1.3 0 2.7.2 2.7.2v3h-1.5c-1.5 0-2 .9-2 1.9V12h3.4l-.5 3.5h-2.9v8.4A12 12 0 0 0 24 12z"
                />
              </svg>
              Continue with Facebook
            </a>
          </>
        )}
      </form>
      <p className="auth-card__foot">
        New here? <Link to="/signup">{MESSAGES.signUp}</Link> to post a job, or{' '}
        <Link to="/register">register your company</Link>.
      </p>
      <p className="auth-card__legal">
        By signing in you accept how we handle your data, described in our{' '}
        <Link to="/privacy-policy">Privacy Policy</Link>.
      </p>
    </AuthLayout>
  );
}
