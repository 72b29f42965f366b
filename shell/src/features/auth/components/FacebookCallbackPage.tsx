import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from '@marketplace/ui/router';
import { loadSession } from '@marketplace/ui';
import { MESSAGES } from '@marketplace/contracts';
import '@marketplace/ui/form';
import { landingPath } from '../../../session/session';

/**
 * Return from social login. The server finished the OAuth flow and set the session cookies
 * (?status=ok) or gave up (?status=error). Tokens never travel in the address any more.
 */
export default function FacebookCallbackPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const status = params.get('status');
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return; // StrictMode runs effects twice in development
    started.current = true;
    const fail = (message: string) => {
      window.alert(message);
      navigate('/login', { replace: true });
    };
    if (status !== 'ok') {
      fail(MESSAGES.facebookLoginFailedOrCancelled);
      return;
    }
    loadSession({ force: true }).then(
      (session) => {
        if (session.status === 'signed-in' && session.user)
          navigate(landingPath(session.user.type), { replace: true });
        else fail(MESSAGES.facebookLoginFailedOrCancelled);
      },
      () => fail(MESSAGES.facebookLoginError),
    );
  }, [status, navigate]);

  return (
    <section className="status-screen" aria-busy="true">
      <span className="form-spinner form-spinner--lg" aria-hidden="true" />
      <h1 className="status-screen__title">Signing you in</h1>
      <p className="status-screen__text" role="status">
        {MESSAGES.loggingYouInViaFacebook}
      </p>
    </section>
  );
}
