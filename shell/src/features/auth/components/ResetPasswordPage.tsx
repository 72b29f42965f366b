import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from '@marketplace/ui/router';
import { ApiError, NetworkError, endSession, notify } from '@marketplace/ui';
import { LIMITS, MESSAGES, UI_TIMINGS } from '@marketplace/contracts';
import { AUTH_PAGES, authCataloguePage } from '@marketplace/page-head';
import { usePageHead } from '@marketplace/ui/head';
import { AuthLayout, FormError, PasswordField, SubmitButton, applyServerErrors } from '@marketplace/ui/form';
import { isInvalidLink, linkToken, resetPassword } from '../api/identity';
import { resetPasswordRules, type ResetForm } from '../rules';
import './identity.css';

export const INCOMPLETE_LINK =
  'This link is not complete. Open the whole link from the mail, or ask for a new one.';

/** A dead or incomplete link: what is wrong, and the way to a new one. */
function DeadLink({ message }: { message: string }) {
  return (
    <div className="identity-result identity-result--problem" role="alert">
      <p className="identity-result__text">{message}</p>
      <Link className="ui-btn ui-btn--primary ui-btn--lg identity-result__action" to="/forgot-password">
        Ask for a new link
      </Link>
    </div>
  );
}

/** /reset-password#token=...: choose a new password with the link from the mail. */
export default function ResetPasswordPage() {
  usePageHead(authCataloguePage('resetPassword').head);
  const navigate = useNavigate();
  const { hash } = useLocation();
  const token = linkToken(hash);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | undefined>();
  const [deadLink, setDeadLink] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | undefined>();
  const redirect = useRef<ReturnType<typeof setTimeout>>(undefined);
  const { register, handleSubmit, setError, formState } = useForm<ResetForm>({
    mode: 'onChange',
    resolver: resetPasswordRules.resolver,
    defaultValues: { password: '', confirmPassword: '' },
  });

  useEffect(() => () => clearTimeout(redirect.current), []);

  const onSubmit = async (values: ResetForm) => {
    if (!token) return;
    setFormError(undefined);
    setBusy(true);
    try {
      const body = await resetPassword(token, values.password);
      // Every session of the account ended on the server, this one too.
      endSession();
      notify('success', body.resultMessage.en, UI_TIMINGS.signUpSuccessToastMs);
      setDone(body.resultMessage.en);
      redirect.current = setTimeout(() => navigate('/login'), UI_TIMINGS.redirectAfterSuccessMs);
      return;
    } catch (error) {
      if (isInvalidLink(error)) setDeadLink(error.message);
      else if (error instanceof ApiError) {
        setFormError(
          error.status === 400
            ? applyServerErrors(error, setError, await resetPasswordRules.checks(), error.message)
            : error.message,
        );
      } else if (!(error instanceof NetworkError)) {
        setFormError('Something went wrong. Please try again.');
      }
    }
    setBusy(false);
  };

  let content;
  if (!token) content = <DeadLink message={INCOMPLETE_LINK} />;
  else if (deadLink) content = <DeadLink message={deadLink} />;
  else if (done) {
    content = (
      <div className="identity-result" role="status">
        <p className="identity-result__text">{done}</p>
        <Link className="ui-btn ui-btn--primary ui-btn--lg identity-result__action" to="/login">
          {MESSAGES.signIn}
        </Link>
      </div>
    );
  } else {
    content = (
      <form
        className="form-stack"
        onSubmit={handleSubmit(onSubmit)}
        onFocus={resetPasswordRules.preload}
        noValidate
      >
        <FormError message={formError} />
        <PasswordField
          label="New password"
          autoComplete="new-password"
          hint={`At least ${LIMITS.passwordMinLength} characters.`}
          error={formState.errors.password?.message}
          {...register('password', {
            deps: formState.dirtyFields.confirmPassword ? ['confirmPassword'] : [],
          })}
        />
        <PasswordField
          label="Confirm new password"
          autoComplete="new-password"
          error={formState.errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
        <SubmitButton busy={busy} busyLabel="Saving…">
          Save new password
        </SubmitButton>
      </form>
    );
  }

  return (
    <AuthLayout
      title={AUTH_PAGES.resetPassword.heading}
      lead={token && !deadLink && !done ? AUTH_PAGES.resetPassword.lead : undefined}
      asideTitle={AUTH_PAGES.resetPassword.aside.title}
      asidePoints={AUTH_PAGES.resetPassword.aside.points}
    >
      {content}
      {token && !deadLink && !done && (
        <p className="auth-card__foot">
          Remembered it? <Link to="/login">{MESSAGES.signIn}</Link>
        </p>
      )}
    </AuthLayout>
  );
}
