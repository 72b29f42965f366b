import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { QueryProvider } from '@marketplace/ui/query';
import { Link, useLocation } from '@marketplace/ui/router';
import { ApiError, loadSession, useSession } from '@marketplace/ui';
import { MESSAGES } from '@marketplace/contracts';
import { AUTH_PAGES, authCataloguePage } from '@marketplace/page-head';
import { usePageHead } from '@marketplace/ui/head';
import { AuthLayout, Spinner } from '@marketplace/ui/form';
import { landingPath } from '../../../session/session';
import { isInvalidLink, linkToken, verifyEmail } from '../api/identity';
import { ResendVerificationButton } from './ResendVerificationButton';
import './identity.css';

export const VERIFY_INCOMPLETE_LINK =
  'This link is not complete. Open the whole link from the mail, or ask for a new one.';

/** What a member whose link is dead can do: ask for a new one (signed in), or sign in first. */
function NewLinkOffer() {
  const { status, user } = useSession();
  if (status === 'signed-in' && user && user.emailVerified === false) {
    return <ResendVerificationButton className="identity-result__action" size="lg" />;
  }
  if (status === 'signed-in') return null;
  return (
    <p className="identity-result__hint">
      <Link to="/login?next=%2Fdashboard">{MESSAGES.signIn}</Link> and choose &lsquo;Resend verification
      e-mail&rsquo; to get a new link.
    </p>
  );
}

/**
 * /verify-email#token=...: opens the link from the sign-up mail and says how it went. The only shell page
 * outside the signed-in layout that reads through the shared query client, so it provides it itself
 * (the other pages do not download TanStack Query).
 */
export default function VerifyEmailPage() {
  return (
    <QueryProvider>
      <VerifyEmail />
    </QueryProvider>
  );
}

function VerifyEmail() {
  usePageHead(authCataloguePage('verifyEmail').head);
  const { hash } = useLocation();
  const token = linkToken(hash);
  const { status, user } = useSession();
  const verification = useQuery({
    queryKey: ['verify-email', token],
    queryFn: () => verifyEmail(token as string),
    enabled: Boolean(token),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
  });

  // A member signed in on this device sees the verified state at once (and the notice goes away).
  const verified = verification.isSuccess;
  const signedIn = status === 'signed-in';
  useEffect(() => {
    if (verified && signedIn) void loadSession({ force: true });
  }, [verified, signedIn]);

  let content;
  if (!token) {
    content = (
      <div className="identity-result identity-result--problem" role="alert">
        <p className="identity-result__text">{VERIFY_INCOMPLETE_LINK}</p>
        <NewLinkOffer />
      </div>
    );
  } else if (verification.isPending) {
    content = (
      <p className="identity-result identity-result--pending" role="status">
        <Spinner /> Verifying your e-mail address…
      </p>
    );
  } else if (verification.isSuccess) {
    content = (
      <div className="identity-result" role="status">
        <p className="identity-result__text">{verification.data.resultMessage.en}</p>
        {status === 'signed-in' && user ? (
          <Link
            className="ui-btn ui-btn--primary ui-btn--lg identity-result__action"
            to={landingPath(user.type)}
          >
            Continue
          </Link>
        ) : (
          <Link className="ui-btn ui-btn--primary ui-btn--lg identity-result__action" to="/login">
            {MESSAGES.signIn}
          </Link>
        )}
      </div>
    );
  } else {
    const error = verification.error;
    const message =
      error instanceof ApiError ? error.message : 'We could not check the link. Please try again.';
    content = (
      <div className="identity-result identity-result--problem" role="alert">
        <p className="identity-result__text">{message}</p>
        {isInvalidLink(error) ? (
          <NewLinkOffer />
        ) : (
          <button
            type="button"
            className="ui-btn ui-btn--secondary ui-btn--lg identity-result__action"
            onClick={() => void verification.refetch()}
          >
            Try again
          </button>
        )}
      </div>
    );
  }

  return (
    <AuthLayout
      title={AUTH_PAGES.verifyEmail.heading}
      asideTitle={AUTH_PAGES.verifyEmail.aside.title}
      asidePoints={AUTH_PAGES.verifyEmail.aside.points}
    >
      {content}
    </AuthLayout>
  );
}
