import { useContext, useState } from 'react';
import { useLocation } from '@marketplace/ui/router';
import { Button, ButtonLink } from '@marketplace/ui';
import { RemoteRetryContext } from './remote-loader';

interface RemoteFallbackProps {
  remote: string;
  /** Retry handler; defaults to the nearest RemoteRetryContext, then to a page reload. */
  onRetry?: () => void;
}

/** Shown in place of a remote's page when that remote cannot be loaded. Never a blank page. */
export function RemoteFallback({ remote, onRetry }: RemoteFallbackProps) {
  const context = useContext(RemoteRetryContext);
  const { pathname } = useLocation();
  const [retrying, setRetrying] = useState(false);
  const retry = onRetry ?? context?.retry ?? (() => window.location.reload());

  return (
    <section
      className="remote-fallback"
      data-testid="remote-fallback"
      data-unavailable-remote={remote}
      role="alert"
    >
      <div className="ui-container">
        <div className="remote-fallback__card">
          <svg
            className="remote-fallback__icon"
            viewBox="0 0 48 48"
            width="48"
            height="48"
            aria-hidden="true"
          >
            <circle cx="24" cy="24" r="24" fill="currentColor" opacity="0.12" />
            <path d="M24 14v12" stroke="currentColor" strokeWidth="3.5" strokeLinecap="round" />
            <circle cx="24" cy="33" r="2.2" fill="currentColor" />
          </svg>
          <h1 className="remote-fallback__title">This section is unavailable</h1>
          <p className="remote-fallback__text">
            We could not load this part of the site just now. It may be a connection problem or an update in
            progress. The rest of the site keeps working.
          </p>
          <div className="remote-fallback__actions">
            <Button
              onClick={() => {
                setRetrying(true);
                retry();
              }}
              disabled={retrying}
            >
              {retrying ? 'Trying again…' : 'Try again'}
            </Button>
            {pathname !== '/' && (
              <ButtonLink to="/" variant="secondary">
                Go to home
              </ButtonLink>
            )}
          </div>
        </div>
      </div>
    </section>
  );
}
