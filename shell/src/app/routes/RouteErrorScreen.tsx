import type { FallbackProps } from 'react-error-boundary';
import { Logo } from '@marketplace/ui';

/** "What went wrong" line: the error's message. */
export function describeRouteError(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return 'Unknown error';
}

/** The routes' error screen (spec: titled "Unexpected Application Error", shows the message). */
export function RouteErrorScreen({ error }: Pick<FallbackProps, 'error'>) {
  return (
    <div className="bare-layout">
      <div className="bare-layout__top">
        <a href="/" aria-label="Home">
          <Logo />
        </a>
      </div>
      <main id="main" className="bare-layout__main">
        <section className="status-screen" role="alert">
          <h1 className="status-screen__title">Unexpected Application Error</h1>
          <p className="status-screen__detail">{describeRouteError(error)}</p>
          <p className="status-screen__text">
            Something went wrong on our side. Reloading the page usually helps.
          </p>
          <div className="status-screen__actions">
            <button
              type="button"
              className="ui-btn ui-btn--primary ui-btn--lg"
              onClick={() => window.location.reload()}
            >
              Reload page
            </button>
            {/* A plain link: the router may be the thing that failed. */}
            <a className="ui-btn ui-btn--secondary ui-btn--lg" href="/">
              Go to home
            </a>
          </div>
        </section>
      </main>
    </div>
  );
}
