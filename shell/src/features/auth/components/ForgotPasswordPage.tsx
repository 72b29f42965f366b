import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation } from '@marketplace/ui/router';
import { ApiError, NetworkError } from '@marketplace/ui';
import { MESSAGES } from '@marketplace/contracts';
import { AUTH_PAGES, authCataloguePage } from '@marketplace/page-head';
import { usePageHead } from '@marketplace/ui/head';
import { AuthLayout, FormError, SubmitButton, TextField, applyServerErrors } from '@marketplace/ui/form';
import { requestPasswordReset } from '../api/identity';
import { forgotPasswordRules, type ForgotForm } from '../rules';
import './identity.css';

/** The address typed on /login comes along (navigation state), so nobody types it twice. */
function emailFrom(state: unknown): string {
  const email = (state as { email?: unknown } | null)?.email;
  return typeof email === 'string' ? email : '';
}

/** /forgot-password: asks for a reset link by e-mail. The answer is the same whether or not the address has an account. */
export default function ForgotPasswordPage() {
  usePageHead(authCataloguePage('forgotPassword').head);
  const location = useLocation();
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | undefined>();
  const { register, handleSubmit, setError, formState, getValues } = useForm<ForgotForm>({
    mode: 'onChange',
    resolver: forgotPasswordRules.resolver,
    defaultValues: { email: emailFrom(location.state) },
  });

  const onSubmit = async (values: ForgotForm) => {
    setFormError(undefined);
    setBusy(true);
    try {
      const body = await requestPasswordReset(values.email);
      setSent(body.resultMessage.en);
    } catch (error) {
      if (error instanceof ApiError) {
        setFormError(
          error.status === 400
            ? applyServerErrors(error, setError, await forgotPasswordRules.checks(), error.message)
            : error.message,
        );
      } else if (!(error instanceof NetworkError)) {
        setFormError('Something went wrong. Please try again.');
      }
      // NetworkError: the API client has shown the toast.
    }
    setBusy(false);
  };

  return (
    <AuthLayout
      title={AUTH_PAGES.forgotPassword.heading}
      lead={sent ? undefined : AUTH_PAGES.forgotPassword.lead}
      asideTitle={AUTH_PAGES.forgotPassword.aside.title}
      asidePoints={AUTH_PAGES.forgotPassword.aside.points}
    >
      {sent ? (
        <div className="identity-result" role="status">
          <p className="identity-result__text">{sent}</p>
          <p className="identity-result__hint">
            Sent to <strong>{getValues('email').trim()}</strong>. No mail after a few minutes? Check your spam
            folder, or{' '}
            <button type="button" className="form-link" onClick={() => setSent(undefined)}>
              try again
            </button>
            .
          </p>
          <Link className="ui-btn ui-btn--primary ui-btn--lg identity-result__action" to="/login">
            Back to {MESSAGES.signIn}
          </Link>
        </div>
      ) : (
        <form
          className="form-stack"
          onSubmit={handleSubmit(onSubmit)}
          onFocus={forgotPasswordRules.preload}
          noValidate
        >
          <FormError message={formError} />
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            inputMode="email"
            error={formState.errors.email?.message}
            {...register('email')}
          />
          <SubmitButton busy={busy} busyLabel="Sending…">
            Send reset link
          </SubmitButton>
        </form>
      )}
      <p className="auth-card__foot">
        Remembered it? <Link to="/login">{MESSAGES.signIn}</Link>
      </p>
    </AuthLayout>
  );
}
