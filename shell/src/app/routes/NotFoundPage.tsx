import { ButtonLink } from '@marketplace/ui';

/** Final catch-all. Decision: unknown paths show this for everyone, signed in or not. */
export function NotFoundPage() {
  return (
    <section className="status-screen">
      <p className="status-screen__code" aria-hidden="true">
        404
      </p>
      <h1 className="status-screen__title">Page Not Found</h1>
      <p className="status-screen__text">The page you are looking for does not exist or has moved.</p>
      <div className="status-screen__actions">
        <ButtonLink to="/" size="lg">
          Go to home
        </ButtonLink>
        <ButtonLink to="/other-services" variant="secondary" size="lg">
          Browse services
        </ButtonLink>
      </div>
    </section>
  );
}
